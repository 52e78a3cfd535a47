// The --shard option: K/N, slurm (array task id minus the array's minimum, of the task count or the
// bounds; a stepped or sparse array refused) and k8s (the completion index, of N or
// OAQ_SHARD_COUNT); every bad value is one line naming it.
#include <catch2/catch.hpp>

#include <map>

#include "common/error.hpp"
#include "tournament/shard_option.hpp"

using namespace oaq;

namespace {

tournament::GetEnv env(std::map<std::string, std::string> vars) {
    return [vars](std::string_view name) -> std::optional<std::string> {
        auto it = vars.find(std::string(name));
        if (it == vars.end()) return std::nullopt;
        return it->second;
    };
}

std::string error_of(const std::string& text, const tournament::GetEnv& getenv) {
    try {
        tournament::parse_shard(text, getenv);
    } catch (const OaqError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("shard option: K/N", "[tournament][shard]") {
    const auto none = env({});
    CHECK(tournament::parse_shard("0/4", none) == tournament::Shard{0, 4});
    CHECK(tournament::parse_shard("3/4", none) == tournament::Shard{3, 4});
    CHECK(tournament::parse_shard("0/1", none) == tournament::Shard{0, 1});
    CHECK_THAT(error_of("4/4", none), Catch::Contains("shard 4 of 4 does not exist"));
    CHECK_THAT(error_of("1/0", none), Catch::Contains("--shard N"));
    CHECK_THAT(error_of("-1/4", none), Catch::Contains("--shard K"));
    CHECK_THAT(error_of("x", none), Catch::Contains("is not K/N"));
    CHECK_THAT(error_of("a/4", none), Catch::Contains("--shard K"));
}

TEST_CASE("shard option: slurm reads the array task", "[tournament][shard]") {
    CHECK(tournament::parse_shard("slurm", env({{"SLURM_ARRAY_TASK_ID", "12"},
                                                {"SLURM_ARRAY_TASK_MIN", "10"},
                                                {"SLURM_ARRAY_TASK_COUNT", "4"}})) ==
          tournament::Shard{2, 4});
    CHECK(tournament::parse_shard("slurm", env({{"SLURM_ARRAY_TASK_ID", "3"},
                                                {"SLURM_ARRAY_TASK_MIN", "1"},
                                                {"SLURM_ARRAY_TASK_MAX", "8"}})) ==
          tournament::Shard{2, 8});
    CHECK_THAT(error_of("slurm", env({})), Catch::Contains("SLURM_ARRAY_TASK_ID is not set"));
    CHECK_THAT(error_of("slurm", env({{"SLURM_ARRAY_TASK_ID", "9"},
                                      {"SLURM_ARRAY_TASK_MIN", "0"},
                                      {"SLURM_ARRAY_TASK_COUNT", "4"}})),
               Catch::Contains("contiguous array"));
}

TEST_CASE("shard option: k8s reads the completion index", "[tournament][shard]") {
    CHECK(tournament::parse_shard("k8s/5", env({{"JOB_COMPLETION_INDEX", "4"}})) ==
          tournament::Shard{4, 5});
    CHECK(tournament::parse_shard("k8s",
                                  env({{"JOB_COMPLETION_INDEX", "1"}, {"OAQ_SHARD_COUNT", "2"}})) ==
          tournament::Shard{1, 2});
    CHECK_THAT(error_of("k8s", env({{"JOB_COMPLETION_INDEX", "1"}})),
               Catch::Contains("OAQ_SHARD_COUNT is not set"));
    CHECK_THAT(error_of("k8s/2", env({})), Catch::Contains("JOB_COMPLETION_INDEX is not set"));
}

TEST_CASE("shard option: a stepped or sparse slurm array is refused in every task",
          "[tournament][shard]") {
    // sbatch --array=0-4:2 runs tasks 0, 2 and 4 with these; as shards of 3 they would play
    // shards 0 and 2 (task 4 is no shard) and never shard 1.
    for (const char* id : {"0", "2", "4"}) {
        const auto stepped = env({{"SLURM_ARRAY_TASK_ID", id},
                                  {"SLURM_ARRAY_TASK_MIN", "0"},
                                  {"SLURM_ARRAY_TASK_MAX", "4"},
                                  {"SLURM_ARRAY_TASK_COUNT", "3"},
                                  {"SLURM_ARRAY_TASK_STEP", "2"}});
        const auto message = error_of("slurm", stepped);
        CHECK_THAT(message, Catch::Contains("SLURM_ARRAY_TASK_STEP is 2") &&
                                Catch::Contains("a stepped array skips shards") &&
                                Catch::Contains("--array=0-N-1"));
        CHECK(message.find('\n') == std::string::npos);
    }
    // Without the step variable the count and the bounds disagree (also --array=1,5,7).
    CHECK_THAT(error_of("slurm", env({{"SLURM_ARRAY_TASK_ID", "5"},
                                      {"SLURM_ARRAY_TASK_MIN", "1"},
                                      {"SLURM_ARRAY_TASK_MAX", "7"},
                                      {"SLURM_ARRAY_TASK_COUNT", "3"}})),
               Catch::Contains("the array has 3 tasks but ids 1..7") &&
                   Catch::Contains("sparse or stepped array"));
    // A contiguous array says step 1, and a throttled one (--array=0-9%2) is contiguous too.
    CHECK(tournament::parse_shard("slurm", env({{"SLURM_ARRAY_TASK_ID", "9"},
                                                {"SLURM_ARRAY_TASK_MIN", "0"},
                                                {"SLURM_ARRAY_TASK_MAX", "9"},
                                                {"SLURM_ARRAY_TASK_COUNT", "10"},
                                                {"SLURM_ARRAY_TASK_STEP", "1"}})) ==
          tournament::Shard{9, 10});
}

TEST_CASE("settle_shard derives the seed of an unseeded shard from the run's name and definition",
          "[shard]") {
    tournament::RunDefinition d;
    d.openings.kind = tournament::OpeningsDefinition::Kind::Random;
    d.openings.plies = 4;
    auto derived = d;
    CHECK(tournament::settle_shard(derived, "cup", {true, false, false}));
    CHECK(derived.seed == tournament::derived_seed("cup", d));
    CHECK(derived.openings.seed == derived.seed);  // generated openings follow the run's seed
    auto other = d;
    tournament::settle_shard(other, "cup2", {true, false, false});
    CHECK(other.seed != derived.seed);
    // A given seed is kept, and openings with a seed of their own keep it.
    auto seeded = d;
    seeded.seed = 99;
    CHECK_FALSE(tournament::settle_shard(seeded, "cup", {true, true, false}));
    CHECK(seeded.seed == 99);
    auto own = d;
    own.openings.seed = 5;
    CHECK(tournament::settle_shard(own, "cup", {true, false, true}));
    CHECK(own.openings.seed == 5);
    CHECK(own.seed == tournament::derived_seed("cup", own));
}

TEST_CASE("settle_shard refuses an SPRT, sessions and a run without a name", "[shard]") {
    tournament::RunDefinition d;
    CHECK_THROWS_WITH(tournament::settle_shard(d, "x", {false, false, false}),
                      Catch::Contains("--shard") && Catch::Contains("--name"));
    auto sessions = d;
    sessions.session_games = 3;
    CHECK_THROWS_WITH(tournament::settle_shard(sessions, "x", {true, false, false}),
                      Catch::StartsWith("--shard: sessions are not sharded"));
    auto sprt = d;
    sprt.sprt = tournament::SprtDefinition{};
    CHECK_THROWS_WITH(tournament::settle_shard(sprt, "x", {true, false, false}),
                      Catch::StartsWith("--shard: an SPRT needs every game in one place"));
}
