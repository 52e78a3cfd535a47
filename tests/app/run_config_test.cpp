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
