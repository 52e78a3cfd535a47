// RunStatus: where a run stands (running, finished, interrupted), and the words it is stored and
// printed as. One enum for the run (tournament/run.hpp) and the row that stores it
// (store/rows.hpp).
#pragma once

#include <optional>
#include <string_view>

#include "common/words.hpp"

namespace oaq::tournament {

enum class RunStatus { Running, Finished, Interrupted };
inline constexpr auto kRunStatusWords = words<RunStatus>({
    {RunStatus::Running, "running"},
    {RunStatus::Finished, "finished"},
    {RunStatus::Interrupted, "interrupted"},
});
inline std::string_view to_string(RunStatus status) {
    return kRunStatusWords.word(status);
}
inline std::optional<RunStatus> parse_run_status(std::string_view text) {
    return kRunStatusWords.find(text);
}

}  // namespace oaq::tournament
