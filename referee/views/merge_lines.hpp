// Merge lines: what `oaq merge` prints of a merge (store::MergeSummary): one line per run and a
// total for people, or one JSON object (docs/json.md); and the progress line while it runs.
#pragma once

#include <string>

#include "store/store.hpp"

namespace oaq::views {

// `into`: the file merged into, as given.
std::string merge_json(const store::MergeSummary& summary, const std::string& into);
std::string merge_text(const store::MergeSummary& summary, const std::string& into);
// How far a merge is, with an estimate of the time left (a line on stderr while it runs).
std::string merge_progress_text(const store::MergeProgress& progress);

}  // namespace oaq::views
