// --shard for `oaq tournament` and `oaq match`: which shard of the run this process plays.
//   --shard K/N    shard K (0-based) of N
//   --shard slurm  K = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, N = SLURM_ARRAY_TASK_COUNT
//                  (or SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1): one array task per shard;
//                  a stepped array (SLURM_ARRAY_TASK_STEP not 1) or one whose count and bounds
//                  disagree (--array=1,5,7) is refused, since its tasks would skip shards
//   --shard k8s/N  K = JOB_COMPLETION_INDEX (an Indexed Job), N = the Job's completions
//   --shard k8s    the same with N from OAQ_SHARD_COUNT (the manifest sets it to completions;
//                  Kubernetes itself does not export the count)
// A bad value or a missing variable is one line naming it (exit 2).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "tournament/run_definition.hpp"
#include "tournament/schedule.hpp"

namespace oaq::tournament {

// Reads the environment through `getenv` (tests pass their own). Throws OaqError.
using GetEnv = std::function<std::optional<std::string>(std::string_view name)>;
Shard parse_shard(std::string_view text, const GetEnv& getenv);
Shard parse_shard(std::string_view text);  // the process environment

// What every shard of one run must agree on. Shards are started apart (an array task each), so the
// run has no SPRT (each shard would stop at its own verdict) and no sessions (a session's games
// belong together), its name must be given (`name_given`: the shards are merged by it), and a seed
// not given is derived from the name and the definition (derived_seed) instead of drawn: N shards
// started on N machines store one definition and merge. Openings that draw from a seed follow the
// run's unless they were given their own (`openings_seed_given`). Returns whether the seed was
// derived. Throws OaqError naming --shard.
struct ShardSeeding {
    bool name_given = false;
    bool seed_given = false;
    bool openings_seed_given = false;
};
bool settle_shard(RunDefinition& definition, std::string_view name, ShardSeeding given);

}  // namespace oaq::tournament
