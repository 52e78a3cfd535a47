// The command line of `oaq match` / `oaq tournament` as a run definition, and the legacy path: a
// run stored before definitions were kept resumes from its stored arguments with its stored seed.
#include <filesystem>

#include <catch2/catch.hpp>

#include "app/run_config.hpp"
#include "common/error.hpp"
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

std::optional<app::RunConfig> shard_config(const std::string& shard,
                                           std::vector<std::string> extra = {},
                                           const std::string& name = "cup") {
    std::vector<std::string> args{"tournament",
                                  "--engine",
                                  "name=a",
                                  "cmd=/bin/true",
                                  "--engine",
                                  "name=b",
                                  "cmd=/bin/true",
                                  "--rounds",
                                  "3",
                                  "--openings",
                                  "plies=4",
                                  "--name",
                                  name,
                                  "--shard",
                                  shard};
    args.insert(args.end(), extra.begin(), extra.end());
    return app::parse_run_config(app::RunMode::Tournament, args);
}

}  // namespace

TEST_CASE("shards started without a seed derive one seed from the run's name and definition",
          "[app][run][shard]") {
    const auto first = shard_config("0/2");
    const auto second = shard_config("1/2");
    REQUIRE(first);
    REQUIRE(second);
    CHECK(first->seed_derived);
    // The same definition and fingerprint on every machine: the shards merge.
    CHECK(first->definition == second->definition);
    CHECK(tournament::fingerprint(first->definition) ==
          tournament::fingerprint(second->definition));
    const auto& d = first->definition;
    auto unseeded = d;
    unseeded.openings.seed = 0;
    CHECK(d.seed == tournament::derived_seed("cup", unseeded));
    CHECK(d.openings.seed == d.seed);  // generated openings draw from the run's seed
    // Another name or another definition: another seed.
    CHECK(shard_config("0/2", {"--tc", "movetime=10"})->definition.seed != d.seed);
    CHECK(shard_config("0/2", {}, "cup2")->definition.seed != d.seed);
}

TEST_CASE("a shard keeps a given seed and its openings' own seed", "[app][run][shard]") {
    const auto given = shard_config("0/2", {"--seed", "99"});
    REQUIRE(given);
    CHECK_FALSE(given->seed_derived);
    CHECK(given->definition.seed == 99);
    CHECK(given->definition.openings.seed == 99);
    auto args = std::vector<std::string>{
        "tournament", "--engine", "name=a", "cmd=/bin/true", "--engine", "name=b",  "cmd=/bin/true",
        "--openings", "plies=4",  "seed=5", "--name",        "cup",      "--shard", "1/3"};
    const auto own = app::parse_run_config(app::RunMode::Tournament, args);
    REQUIRE(own);
    CHECK(own->seed_derived);
    CHECK(own->definition.openings.seed == 5);
    CHECK(own->definition.seed == tournament::derived_seed("cup", own->definition));
}

TEST_CASE("a shard without a name is refused", "[app][run][shard]") {
    CHECK_THROWS_WITH(
        app::parse_run_config(app::RunMode::Tournament,
                              {"tournament", "--engine", "name=a", "cmd=/bin/true", "--engine",
                               "name=b", "cmd=/bin/true", "--shard", "0/2"}),
        Catch::Contains("--shard") && Catch::Contains("--name"));
}

TEST_CASE("a resumed run appends to the PGN file it started with unless the resume names another",
          "[app][run][pgn]") {
    auto started = app::parse_run_config(
        app::RunMode::Tournament, {"tournament", "--engine", "name=a", "cmd=/bin/true", "--engine",
                                   "name=b", "cmd=/bin/true", "--pgnout", "games.pgn"});
    REQUIRE(started);
    tournament::StoredRun stored;
    stored.name = "cup";
    stored.settings_json = app::settings_json(*started);
    // Kept as an absolute path: a resume from another directory appends to the same file.
    const auto kept = (std::filesystem::current_path() / "games.pgn").string();
    const auto settings = parse_json(stored.settings_json);
    REQUIRE(settings);
    CHECK(*settings->find("pgnout")->as_string() == kept);

    auto resumed = app::parse_run_config(app::RunMode::Tournament,
                                         {"tournament", "--resume", "cup", "--db", "x.db"});
    REQUIRE(resumed);
    CHECK(resumed->pgn_out.empty());
    app::apply_stored_settings(*resumed, stored);
    CHECK(resumed->pgn_out == kept);

    // An explicit --pgnout on the resume line wins.
    auto other = app::parse_run_config(
        app::RunMode::Tournament,
        {"tournament", "--resume", "cup", "--db", "x.db", "--pgnout", "/tmp/other.pgn"});
    app::apply_stored_settings(*other, stored);
    CHECK(other->pgn_out == "/tmp/other.pgn");

    // A run without --pgnout resumes without one.
    auto plain = app::parse_run_config(
        app::RunMode::Tournament, {"tournament", "--engine", "name=a", "cmd=/bin/true", "--engine",
                                   "name=b", "cmd=/bin/true"});
    stored.settings_json = app::settings_json(*plain);
    auto again = app::parse_run_config(app::RunMode::Tournament,
                                       {"tournament", "--resume", "cup", "--db", "x.db"});
    app::apply_stored_settings(*again, stored);
    CHECK(again->pgn_out.empty());

    // Settings stored before --pgnout was kept: read from the stored arguments, without parsing
    // them again (this engine's command is gone, and resuming must not need it).
    stored.settings_json =
        R"({"argv":["--engine","name=a","cmd=/gone/a","--engine","name=b","cmd=/bin/true",)"
        R"("--pgnout","/data/old.pgn"],"concurrency":1,"log":"","progress":10})";
    auto old = app::parse_run_config(app::RunMode::Tournament,
                                     {"tournament", "--resume", "cup", "--db", "x.db"});
    app::apply_stored_settings(*old, stored);
    CHECK(old->pgn_out == "/data/old.pgn");
    stored.settings_json = R"({"argv":["--pgnout=/data/eq.pgn"],"log":"","progress":10})";
    app::apply_stored_settings(*old, stored);
    CHECK(old->pgn_out == "/data/eq.pgn");
}

TEST_CASE("a run name its games could not be named by is refused before anything is written",
          "[app][run]") {
    const auto with_name = [](const std::string& name) {
        return app::parse_run_config(app::RunMode::Match,
                                     {"match", "--engine", "name=a", "cmd=/bin/true", "--engine",
                                      "name=b", "cmd=/bin/true", "--name", name});
    };
    CHECK(with_name("spring cup 2")->name == "spring cup 2");
    CHECK_THROWS_WITH(with_name("a#b"),
                      "--name: run name \"a#b\" contains '#', which separates a run's name from a "
                      "game's number (NAME#7)");
    CHECK_THROWS_WITH(with_name(""), "--name: a run's name must not be empty");
    CHECK_THROWS_WITH(with_name(" cup"), Catch::Contains("starts or ends with a space"));
    CHECK_THROWS_WITH(with_name("cup "), Catch::Contains("starts or ends with a space"));
    CHECK_THROWS_WITH(with_name("a\nb"),
                      "--name: run name \"a\\x0Ab\" contains a control character");
    CHECK_THROWS_WITH(with_name("a\xFF"), Catch::Contains("is not valid UTF-8"));
}

namespace {

std::vector<std::string> match_with_sprt(std::vector<std::string> sprt) {
    std::vector<std::string> args{"match",    "--engine", "name=a",        "cmd=/bin/true",
                                  "--engine", "name=b",   "cmd=/bin/true", "--sprt"};
    args.insert(args.end(), sprt.begin(), sprt.end());
    return args;
}

}  // namespace

TEST_CASE("the keys of --sprt in one shell word are split at spaces and each key is given once",
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

TEST_CASE("a resume refuses an option that would change the stored run but takes a match's --games",
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

TEST_CASE("a run keeps its log directory as an absolute path so a resume elsewhere logs there",
          "[app][run]") {
    auto started = app::parse_run_config(
        app::RunMode::Tournament, {"tournament", "--engine", "name=a", "cmd=/bin/true", "--engine",
                                   "name=b", "cmd=/bin/true", "--log", "logs"});
    REQUIRE(started);
    tournament::StoredRun stored;
    stored.name = "cup";
    stored.settings_json = app::settings_json(*started);
    const auto kept = (std::filesystem::current_path() / "logs").string();
    auto resumed = app::parse_run_config(app::RunMode::Tournament,
                                         {"tournament", "--resume", "cup", "--db", "x.db"});
    REQUIRE(resumed);
    app::apply_stored_settings(*resumed, stored);
    CHECK(resumed->log_dir == kept);
}

TEST_CASE("the tournament format reads round_robin, its default, and the old word roundrobin",
          "[app][run]") {
    const std::vector<std::string> engines{"--engine", "name=a", "cmd=/bin/true",
                                           "--engine", "name=b", "cmd=/bin/true"};
    auto with_format = [&](std::vector<std::string> extra) {
        std::vector<std::string> args{"tournament"};
        args.insert(args.end(), engines.begin(), engines.end());
        args.insert(args.end(), extra.begin(), extra.end());
        return app::parse_run_config(app::RunMode::Tournament, args);
    };
    CHECK(with_format({})->definition.format == tournament::Format::RoundRobin);
    CHECK(with_format({"--format", "round_robin"})->definition.format ==
          tournament::Format::RoundRobin);
    CHECK(with_format({"--format", "roundrobin"})->definition.format ==
          tournament::Format::RoundRobin);
    CHECK(with_format({"--format", "gauntlet"})->definition.format == tournament::Format::Gauntlet);
    try {
        with_format({"--format", "ladder"});
        FAIL("--format ladder was accepted");
    } catch (const OaqError& e) {
        CHECK(std::string(e.what()) ==
              "--format: \"ladder\" is not round_robin, gauntlet, swiss or knockout");
    }
}

TEST_CASE(
    "a Swiss or knockout on the command line stores its seeding, bye points and tie-break "
    "pairs",
    "[app][run][swiss]") {
    auto parse = [](std::vector<std::string> extra) {
        std::vector<std::string> args{"tournament"};
        for (const char* name : {"a", "b", "c", "d", "e"}) {
            args.insert(args.end(), {"--engine", std::string("name=") + name, "cmd=/bin/true"});
        }
        args.insert(args.end(), extra.begin(), extra.end());
        return app::parse_run_config(app::RunMode::Tournament, args);
    };
    auto swiss = parse({"--format", "swiss", "--rounds", "4", "--seeding", "given", "--games", "4",
                        "--bye-points", "2.5"});
    REQUIRE(swiss);
    const auto& d = swiss->definition;
    CHECK(d.format == tournament::Format::Swiss);
    CHECK(d.rounds == 4);
    CHECK(d.games == 4);
    CHECK(d.bye_points == 2.5);
    CHECK(d.seeding == std::vector<std::string>{"a", "b", "c", "d", "e"});
    // Random seeding follows --seed: the same seed, the same order.
    auto one = parse({"--format", "knockout", "--seed", "3"});
    auto two = parse({"--format", "knockout", "--seed", "3"});
    CHECK(one->definition.seeding == two->definition.seeding);
    CHECK(one->definition.bye_points == 2);  // a pairing won
    CHECK(one->definition.tiebreak_pairs == 1);
    auto refused = [&](std::vector<std::string> extra) {
        try {
            parse(extra);
        } catch (const OaqError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(refused({"--format", "swiss", "--rounds", "6"}) ==
          "--format swiss: 6 rounds: a Swiss of 5 engines has at most 5 rounds without a repeat "
          "pairing or a second bye");
    CHECK(refused({"--format", "swiss", "--bye-points", "0.3"}) ==
          "--bye-points: 0.3 is not a multiple of 0.5");
    CHECK(refused({"--format", "knockout", "--rounds", "2"}).rfind("--rounds: a knockout", 0) == 0);
    CHECK(refused({"--format", "swiss", "--seeding", "elo"}) ==
          "--seeding: \"elo\" is not random, given or ratings");
    CHECK(refused({"--format", "gauntlet", "--tiebreak-pairs", "2"}) ==
          "--tiebreak-pairs is for --format swiss or knockout");
    CHECK(refused({"--format", "swiss", "--shard", "1/2", "--name", "x"})
              .rfind("--shard: a swiss is not sharded", 0) == 0);
}
