#include "tournament/shard_option.hpp"

#include <cstdlib>

#include "common/error.hpp"
#include "tournament/definition_text.hpp"
#include "tournament/numbers.hpp"

namespace oaq::tournament {

namespace {

// Wide enough for any cluster, small enough that no count computed from it overflows.
constexpr WholeRange kShardCount{1, 1000000};
constexpr WholeRange kShardIndex{0, 999999};
constexpr WholeRange kArrayId{0, 1000000000};

Shard checked(std::int64_t index, std::int64_t count, std::string_view what) {
    if (index >= count) {
        throw OaqError(std::string(what) + ": shard " + std::to_string(index) + " of " +
                       std::to_string(count) + " does not exist (shards are 0.." +
                       std::to_string(count - 1) + ")");
    }
    return {static_cast<int>(index), static_cast<int>(count)};
}

std::string required(const GetEnv& getenv, std::string_view name, std::string_view mode) {
    auto value = getenv(name);
    if (!value || value->empty()) {
        throw OaqError("--shard " + std::string(mode) + ": " + std::string(name) +
                       " is not set (is this running as " +
                       (mode == "slurm" ? "a Slurm array task (sbatch --array)?"
                                        : "a pod of an Indexed Job?") +
                       ")");
    }
    return *value;
}

std::optional<std::int64_t> optional_number(const GetEnv& getenv, std::string_view name,
                                            WholeRange range) {
    auto value = getenv(name);
    if (!value || value->empty()) return std::nullopt;
    return whole_number(*value, name, range);
}

// A stepped or sparse array (--array=0-8:2, --array=1,5,7) has task ids that are no shard index:
// its tasks would play some shards twice and never play others. Refused in every task, before
// anything is written.
void check_contiguous(const GetEnv& getenv, std::int64_t min, std::optional<std::int64_t> count) {
    const std::string contiguous = " (one task per shard: sbatch --array=0-N-1 for N shards)";
    const auto step = optional_number(getenv, "SLURM_ARRAY_TASK_STEP", kArrayId);
    if (step && *step != 1) {
        throw OaqError("--shard slurm: SLURM_ARRAY_TASK_STEP is " + std::to_string(*step) +
                       ": a stepped array skips shards" + contiguous);
    }
    const auto max = optional_number(getenv, "SLURM_ARRAY_TASK_MAX", kArrayId);
    if (count && max && *max - min + 1 != *count) {
        throw OaqError("--shard slurm: the array has " + std::to_string(*count) +
                       " tasks but ids " + std::to_string(min) + ".." + std::to_string(*max) +
                       ": a sparse or stepped array skips shards" + contiguous);
    }
}

Shard from_slurm(const GetEnv& getenv) {
    const auto number = [&](std::string_view name) {
        return whole_number(required(getenv, name, "slurm"), name, kArrayId);
    };
    const auto id = number("SLURM_ARRAY_TASK_ID");
    const auto min = number("SLURM_ARRAY_TASK_MIN");
    const auto given = optional_number(getenv, "SLURM_ARRAY_TASK_COUNT", kShardCount);
    check_contiguous(getenv, min, given);
    const auto count = given ? *given : number("SLURM_ARRAY_TASK_MAX") - min + 1;
    const auto index = id - min;
    if (count < 1 || index < 0)
        throw OaqError("--shard slurm: SLURM_ARRAY_TASK_ID " + std::to_string(id) +
                       " is below SLURM_ARRAY_TASK_MIN " + std::to_string(min));
    return checked(index, count,
                   "--shard slurm (use a contiguous array: sbatch --array=0-" +
                       std::to_string(count - 1) + ")");
}

Shard from_k8s(std::string_view count_text, const GetEnv& getenv) {
    const auto index = whole_number(required(getenv, "JOB_COMPLETION_INDEX", "k8s"),
                                    "JOB_COMPLETION_INDEX", kShardIndex);
    const auto count = count_text.empty() ? whole_number(required(getenv, "OAQ_SHARD_COUNT", "k8s"),
                                                         "OAQ_SHARD_COUNT", kShardCount)
                                          : whole_number(count_text, "--shard k8s/N", kShardCount);
    return checked(index, count, "--shard k8s");
}

}  // namespace

Shard parse_shard(std::string_view text, const GetEnv& getenv) {
    if (text == "slurm") return from_slurm(getenv);
    if (text == "k8s") return from_k8s("", getenv);
    if (text.starts_with("k8s/")) return from_k8s(text.substr(4), getenv);
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) {
        throw OaqError("--shard: \"" + std::string(text) +
                       "\" is not K/N (e.g. 0/4), slurm, k8s or k8s/N");
    }
    const auto count = whole_number(text.substr(slash + 1), "--shard N", kShardCount);
    const auto index = whole_number(text.substr(0, slash), "--shard K", kShardIndex);
    return checked(index, count, "--shard");
}

Shard parse_shard(std::string_view text) {
    return parse_shard(text, [](std::string_view name) -> std::optional<std::string> {
        const char* v = std::getenv(std::string(name).c_str());
        if (!v) return std::nullopt;
        return std::string(v);
    });
}

bool settle_shard(RunDefinition& d, std::string_view name, ShardSeeding given) {
    if (d.sprt)
        throw OaqError("--shard: an SPRT needs every game in one place; play it without --shard");
    if (d.session_games != 0)
        throw OaqError(
            "--shard: sessions are not sharded (a session's games belong together); "
            "play them without --shard");
    if (d.format == Format::Swiss || d.format == Format::Knockout)
        throw OaqError("--shard: a " + std::string(to_string(d.format)) +
                       " is not sharded (each round is paired from every game of the rounds "
                       "before, so its rounds cannot be split over machines that do not see "
                       "each other's games); play it in one place with --concurrency");
    if (!given.name_given)
        throw OaqError(
            "--shard: the shards of a run are merged by its name: give every shard the same "
            "--name");
    if (given.seed_given) return false;
    const bool openings_follow = !given.openings_seed_given && draws_from_seed(d.openings);
    auto unseeded = d;
    if (openings_follow) unseeded.openings.seed = 0;
    d.seed = derived_seed(name, unseeded);
    if (openings_follow) d.openings.seed = d.seed;
    return true;
}

}  // namespace oaq::tournament
