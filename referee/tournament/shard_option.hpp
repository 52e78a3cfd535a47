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

#include "tournament/schedule.hpp"

namespace oaq::tournament {

// Reads the environment through `getenv` (tests pass their own). Throws OaqError.
using GetEnv = std::function<std::optional<std::string>(std::string_view name)>;
Shard parse_shard(std::string_view text, const GetEnv& getenv);
Shard parse_shard(std::string_view text);  // the process environment

}  // namespace oaq::tournament
