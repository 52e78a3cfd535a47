// MergeStore: the runs of other oaq files merged into this one (`oaq merge`, store_merge.cpp).
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "store/rows.hpp"
#include "store/store_part.hpp"

namespace oaq::store {

class MergeStore : protected StorePart {
  public:
    // Merges the runs of `sources` (other oaq databases, opened read-only) into this one, all in
    // one transaction: nothing is written when anything is refused. Shards of one run (same name
    // and fingerprint) become one tournament; engines are one engine only when name and binary
    // hash agree. Games already present (same run, same game index, same result) are skipped, so
    // merging a file again adds only what is new. Refused: two different games for one game
    // index, one name with different definitions, one engine name with different binaries.
    // `progress`, when given, is called after each source. Sources are never written (an older
    // schema is read from a migrated copy in memory; an empty file is refused) and are opened one
    // at a time. A value no reader could read back (a time, packed moves) is refused as damaged,
    // naming the file and the game. When `stop` becomes true the merge stops, rolls back and
    // returns an error saying nothing was merged.
    Expected<MergeSummary> merge(const std::vector<std::string>& sources,
                                 const std::function<void(const MergeProgress&)>& progress = {},
                                 const std::atomic<bool>* stop = nullptr);

  protected:
    using StorePart::StorePart;
};

}  // namespace oaq::store
