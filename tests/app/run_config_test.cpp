// The command line of `oaq match` / `oaq tournament` as a run definition, and the legacy path: a
// run stored before definitions were kept resumes from its stored arguments with its stored seed.
#include <catch2/catch.hpp>

#include "app/run_config.hpp"
#include "common/json_reader.hpp"

using namespace oaq;

TEST_CASE("the command line becomes a run definition with a drawn, kept seed", "[app][run]") {
    auto c = app::parse_run_config(
        app::RunMode::Match,
        {"match", "--engine", "name=a", "cmd=/bin/true", "tc=movetime=5", "--engine", "name=b",
         "cmd=/bin/true", "--openings", "plies=4", "--seed", "123", "--sprt", "elo1=10",
         "--concurrency", "3", "--name", "n"});
    REQUIRE(c);
    const auto& d = c->definition;
    CHECK(d.format == tournament::Format::Match);
    CHECK(d.games == 200000);
    REQUIRE(d.sprt);
    CHECK(d.sprt->elo1 == 10);
    CHECK(d.seed == 123);
    CHECK(d.openings.seed == 123);
    CHECK_FALSE(c->openings_seed_given);
    CHECK(d.engines[0].tc == game::parse_time_control("movetime=5").value());
    CHECK(c->concurrency == 3);
    auto settings = parse_json(app::settings_json(*c));
    REQUIRE(settings);
    CHECK(settings->find("concurrency")->as_int64() == 3);
    CHECK(settings->find("argv")->as_array()->size() == 17);
}

TEST_CASE("a run stored with only its arguments resumes with its stored seed", "[app][run]") {
    tournament::StoredRun stored;
    stored.name = "old";
    stored.seed = 987654321;
    stored.settings_json =
        R"({"argv":["--engine","name=a","cmd=/bin/true","--engine","name=b","cmd=/bin/true",)"
        R"("--rounds","2","--openings","plies=6","--concurrency","2","--progress","5"],)"
        R"("concurrency":2,"rounds":2})";
    auto d = app::legacy_definition(app::RunMode::Tournament, stored);
    REQUIRE(d);
    CHECK(d->rounds == 2);
    CHECK(d->seed == 987654321);
    CHECK(d->openings.plies == 6);
    CHECK(d->openings.seed == 987654321);  // not a new random draw

    // Process settings come from the stored run unless the resume line gives them.
    auto c = app::parse_run_config(app::RunMode::Tournament,
                                   {"tournament", "--resume", "old", "--db", "x.db"});
    REQUIRE(c);
    app::apply_stored_settings(*c, stored);
    CHECK(c->concurrency == 2);
    CHECK(c->progress_every == 5);

    stored.settings_json = R"({"argv":["--engine","name=a","cmd=/bin/true","--engine","name=b",)"
                           R"("cmd=/bin/true","--openings","plies=2","seed=4"]})";
    CHECK(app::legacy_definition(app::RunMode::Tournament, stored)->openings.seed == 4);
    stored.settings_json = "{}";
    CHECK_THAT(app::legacy_definition(app::RunMode::Tournament, stored).error().message,
               Catch::Contains("no arguments to resume from"));
}

namespace {

std::vector<std::string> match_with_sprt(std::vector<std::string> sprt) {
    std::vector<std::string> args{"match",    "--engine", "name=a",        "cmd=/bin/true",
                                  "--engine", "name=b",   "cmd=/bin/true", "--sprt"};
    args.insert(args.end(), sprt.begin(), sprt.end());
    return args;
}

}  // namespace

TEST_CASE("--sprt keys in one shell word are split at spaces and each key is given once",
          "[app][run][sprt]") {
    auto c = app::parse_run_config(app::RunMode::Match,
                                   match_with_sprt({"elo0=-3 elo1=7", "alpha=0.1"}));
    REQUIRE(c);
    REQUIRE(c->definition.sprt);
    CHECK(c->definition.sprt->elo0 == -3);
    CHECK(c->definition.sprt->elo1 == 7);
    CHECK(c->definition.sprt->alpha == 0.1);
    CHECK(c->sprt_text == "elo0=-3 elo1=7 alpha=0.1");
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Match, match_with_sprt({"elo0=0", "elo0=5"})),
        "--sprt: elo0 is given twice (\"elo0=0\" and \"elo0=5\"): give each key once");
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Match, match_with_sprt({"elo0=5 elo1=0"})),
        "--sprt: SPRT needs elo0 < elo1, got elo0=5 and elo1=0");
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Match, match_with_sprt({"model=logistic model=x"})),
        Catch::Contains("model is given twice"));
}

TEST_CASE("--resume refuses an option that would change the stored run but takes a match's --games",
          "[app][run][sprt]") {
    auto c = app::parse_run_config(app::RunMode::Match,
                                   {"match", "--resume", "x", "--db", "f.db", "--games", "400"});
    REQUIRE(c);
    CHECK(c->resume_games == 400);
    auto plain =
        app::parse_run_config(app::RunMode::Match, {"match", "--resume", "x", "--db", "f.db"});
    REQUIRE(plain);
    CHECK_FALSE(plain->resume_games);
    for (const auto& option : {std::vector<std::string>{"--tc", "depth=2"},
                               {"--sprt", "elo1=10"},
                               {"--rounds", "4"},
                               {"--openings", "plies=2"},
                               {"--seed", "5"}}) {
        std::vector<std::string> args{"match", "--resume", "x", "--db", "f.db"};
        args.insert(args.end(), option.begin(), option.end());
        CHECK_THROWS_WITH(app::parse_run_config(app::RunMode::Match, args),
                          "--resume takes no " + option[0] +
                              ": the stored run keeps its definition (only an SPRT match's cap "
                              "may change, with --games)");
    }
    CHECK_THROWS_WITH(app::parse_run_config(app::RunMode::Tournament,
                                            {"tournament", "--resume", "x", "--games", "4"}),
                      Catch::StartsWith("--resume takes no --games"));
}
