// The command line suggests, never guesses: an abbreviation is refused with the option it
// probably meant, a mistyped subcommand names the nearest one, a group's --help lists its
// subcommands; one vocabulary for match and tournament lengths, engine options in both spellings
// and a default run name that is marked as such.
#include <catch2/catch.hpp>
#include <iostream>
#include <sstream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/run_config.hpp"
#include "common/error.hpp"
#include "common/suggest.hpp"
#include "tournament/engine_option.hpp"
#include "tournament/engine_specs.hpp"

using namespace oaq;

namespace {

struct Capture {
    Capture() : old(std::cout.rdbuf(out.rdbuf())) {}
    ~Capture() { std::cout.rdbuf(old); }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    std::ostringstream out;
    std::streambuf* old;
};

std::string error_of(int (*command)(int, char**), std::vector<std::string> args) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    Capture capture;
    try {
        command(static_cast<int>(argv.size()), argv.data());
    } catch (const OaqError& e) {
        return e.what();
    }
    return "";
}

std::string output_of(int (*command)(int, char**), std::vector<std::string> args) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    Capture capture;
    REQUIRE(command(static_cast<int>(argv.size()), argv.data()) == 0);
    return capture.out.str();
}

std::vector<std::string> two_engines(std::vector<std::string> head,
                                     const std::vector<std::string>& tail) {
    for (const char* a :
         {"--engine", "name=a", "cmd=/bin/true", "--engine", "name=b", "cmd=/bin/true"})
        head.emplace_back(a);
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
}

}  // namespace

TEST_CASE("edit distance counts an adjacent swap as one step", "[app][cli]") {
    CHECK(edit_distance("tournamnet", "tournament") == 1);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("kitten", "sitting") == 3);
    CHECK(edit_distance("same", "same") == 0);
}

TEST_CASE("nearest suggests a close word or the only one a prefix begins, else nothing",
          "[app][cli]") {
    const std::vector<std::string> commands{"match", "tournament", "check-engine", "ratings"};
    CHECK(nearest("tournamnet", commands) == "tournament");
    CHECK(nearest("rating", commands) == "ratings");
    CHECK(nearest("check", commands) == "check-engine");  // the only one it begins
    CHECK_FALSE(nearest("xyzzy", commands));
    CHECK_FALSE(nearest("", commands));
    const std::vector<std::string> options{"concurrency", "json", "db", "log", "rounds"};
    CHECK(nearest("con", options) == "concurrency");  // not json (two edits from "con")
    CHECK(did_you_mean("roudns", options, "--") == " (did you mean --rounds?)");
    CHECK(did_you_mean("zzzzzzzz", options).empty());
}

TEST_CASE("an abbreviated option is refused with the option it probably meant", "[app][cli]") {
    auto args = two_engines({"tournament"}, {"--con", "2"});
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Tournament, args),
        "tournament: unknown option --con (did you mean --concurrency?) (see --help)");
    args = two_engines({"match"}, {"--roun", "2"});
    CHECK_THROWS_WITH(app::parse_run_config(app::RunMode::Match, args),
                      Catch::Contains("unknown option --roun (did you mean --rounds?)"));
    args = two_engines({"match"}, {"--gmaes=4"});
    CHECK_THROWS_WITH(app::parse_run_config(app::RunMode::Match, args),
                      Catch::Contains("unknown option --gmaes (did you mean --games?)"));
    CHECK_THAT(error_of(app::run_ratings, {"ratings", "--ancor", "A"}),
               Catch::Contains("did you mean --anchor?"));
    // The full name still works, and so do the old spellings.
    args = two_engines({"tournament"}, {"--concurrency", "2", "--timemargin", "7"});
    CHECK(app::parse_run_config(app::RunMode::Tournament, args)->concurrency == 2);
}

TEST_CASE("a group suggests its subcommand and lists them all on --help", "[app][cli]") {
    CHECK_THAT(
        error_of(app::run_results, {"results", "standing"}),
        Catch::Contains("results: unknown subcommand \"standing\" (did you mean standings?)"));
    CHECK_THAT(error_of(app::run_rules, {"rules", "perf"}), Catch::Contains("did you mean perft?"));
    const auto results_help = output_of(app::run_results, {"results", "--help"});
    for (const char* sub :
         {"tournaments", "engines", "standings", "crosstable", "h2h", "games", "game", "export"})
        CHECK_THAT(results_help, Catch::Contains(std::string("\n  ") + sub + " "));
    const auto rules_help = output_of(app::run_rules, {"rules", "--help"});
    for (const char* sub : {"perft", "play", "show", "presets", "session"})
        CHECK_THAT(rules_help, Catch::Contains(std::string("\n  ") + sub + " "));
}

TEST_CASE("match --rounds and tournament --games speak each other's words", "[app][cli]") {
    auto m = app::parse_run_config(app::RunMode::Match, two_engines({"match"}, {"--rounds", "3"}));
    CHECK(m->definition.games == 6);
    m = app::parse_run_config(app::RunMode::Match, two_engines({"match"}, {"--games", "5"}));
    CHECK(m->definition.games == 5);
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Match,
                              two_engines({"match"}, {"--games", "4", "--rounds", "2"})),
        Catch::Contains("give one"));
    auto t = app::parse_run_config(app::RunMode::Tournament,
                                   two_engines({"tournament"}, {"--games", "4"}));
    CHECK(t->definition.rounds == 2);
    CHECK_THROWS_WITH(app::parse_run_config(app::RunMode::Tournament,
                                            two_engines({"tournament"}, {"--games", "3"})),
                      Catch::Contains("--games: 3 is odd"));
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Tournament,
                              two_engines({"tournament"}, {"--games", "4", "--rounds", "2"})),
        Catch::Contains("give one"));
    // With --sprt and neither, the test runs to its verdict; --rounds caps it as --games does.
    m = app::parse_run_config(app::RunMode::Match,
                              two_engines({"match"}, {"--sprt", "elo1=5", "--rounds", "10"}));
    CHECK(m->definition.games == 20);
}

TEST_CASE("engine options read in both spellings in both places", "[app][cli]") {
    CHECK(tournament::engine_option_setting("Hash=16") ==
          std::pair<std::string, std::string>{"Hash", "16"});
    CHECK(tournament::engine_option_setting("option.Hash=16") ==
          std::pair<std::string, std::string>{"Hash", "16"});
    CHECK(tournament::engine_option_setting("Name=a=b")->second == "a=b");
    CHECK_FALSE(tournament::engine_option_setting("Hash"));
    CHECK_FALSE(tournament::engine_option_setting("=3"));
    CHECK_FALSE(tournament::engine_option_setting("option.=3"));
    tournament::SplitArguments split;
    split.engines = {{"name=a", "cmd=/bin/true", "option.Hash=16", "option=Threads=2"}};
    const auto specs = tournament::parse_engine_specs(split);
    REQUIRE(specs.size() == 1);
    CHECK(specs[0].options ==
          std::vector<std::pair<std::string, std::string>>{{"Hash", "16"}, {"Threads", "2"}});
}

TEST_CASE("book order and start are read, checked and kept in the definition", "[app][cli]") {
    auto c = app::parse_run_config(
        app::RunMode::Match,
        two_engines({"match"}, {"--openings", "file=b.txt", "order=random", "--seed", "77"}));
    CHECK(c->definition.openings.order == tournament::OpeningsDefinition::Order::Random);
    CHECK(c->definition.openings.seed == 77);  // the run's seed
    c = app::parse_run_config(
        app::RunMode::Match,
        two_engines({"match"}, {"--openings", "file=b.txt", "start=5", "order=sequential"}));
    CHECK(c->definition.openings.start == 5);
    CHECK(c->definition.openings.seed == 0);
    CHECK(tournament::openings_text(c->definition.openings) == "file=b.txt start=5");
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Match,
                              two_engines({"match"}, {"--openings", "plies=4", "order=random"})),
        Catch::Contains("give file=F"));
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Match,
                              two_engines({"match"}, {"--openings", "file=b.txt", "start=0"})),
        Catch::Contains("--openings start"));
    CHECK_THROWS_WITH(app::parse_run_config(app::RunMode::Match,
                                            two_engines({"match"}, {"--openings", "file=b",
                                                                    "order=random", "start=2"})),
                      Catch::Contains("order=random shuffles the whole book"));
}

TEST_CASE("a default run name is marked so that a taken one can get a suffix", "[app][cli]") {
    auto c = app::parse_run_config(app::RunMode::Match, two_engines({"match"}, {}));
    CHECK_FALSE(c->name_given);
    CHECK(c->name.rfind("match-", 0) == 0);
    c = app::parse_run_config(app::RunMode::Match, two_engines({"match"}, {"--name", "mine"}));
    CHECK(c->name_given);
}

TEST_CASE("an args= value with a quote never closed is refused naming the engine and the text",
          "[app][cli]") {
    CHECK(tournament::split_words(R"(-a "b c" 'd e' f)").value() ==
          std::vector<std::string>{"-a", "b c", "d e", "f"});
    CHECK(tournament::split_words(R"(-x "")").value() == std::vector<std::string>{"-x", ""});
    CHECK(tournament::split_words(R"(-a "b)").error().message ==
          "the \" at character 4 is never closed");
    tournament::SplitArguments split;
    split.engines = {{"name=a", "cmd=/bin/true"}, {"cmd=/bin/true", R"(args=-a "b)"}};
    CHECK_THROWS_WITH(tournament::parse_engine_specs(split),
                      R"(--engine 2 (true): the " at character 4 is never closed in args=-a "b)");
    split.engines = {{"name=a", "cmd=/bin/true", "args=--depth 'x"}};
    CHECK_THROWS_WITH(tournament::parse_engine_specs(split),
                      "--engine 1 (a): the ' at character 9 is never closed in args=--depth 'x");
    // From --each too: the engine it reaches is named.
    split.engines = {{"name=a", "cmd=/bin/true"}};
    split.each = {R"(args=")"};
    CHECK_THROWS_WITH(tournament::parse_engine_specs(split),
                      Catch::Contains("--engine 1 (a): the \""));
    split.each = {};
    split.engines = {{"name=a", "cmd=/bin/true", R"(args=-v "two words")"}};
    CHECK(tournament::parse_engine_specs(split).at(0).args ==
          std::vector<std::string>{"-v", "two words"});
}
