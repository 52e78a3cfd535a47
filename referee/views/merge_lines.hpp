// Merge lines: what `oaq merge` prints of a merge (store::MergeSummary): one line per run and a
// total for people, or one JSON object (docs/json.md).
#pragma once

#include <string>

#include "store/store.hpp"

namespace oaq::views {

// `into`: the file merged into, as given.
std::string merge_json(const store::MergeSummary& summary, const std::string& into);
std::string merge_text(const store::MergeSummary& summary, const std::string& into);

}  // namespace oaq::views
