// results: the store's side of the tournament layer's rating units. Stored games become the
// tournament::ResultRow list that build_rating_input takes (engine keys are engine ids), the
// engines table becomes its engine list, and a tournament::Snapshot becomes the RatingSnapshot
// row kept in the file. `oaq ratings`, `oaq results`, the report and the run recorder all go
// through these, so stored ratings mean the same whoever wrote them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "store/rows.hpp"
#include "store/store.hpp"
#include "tournament/rating_input.hpp"
#include "tournament/snapshot.hpp"

namespace oaq::store {

// Engine keys are engine ids.
std::vector<tournament::ResultRow> result_rows(const std::vector<ResultGame>& games);
tournament::ResultRow result_row(const GameRow& game);
// Every stored engine in id order, keyed by id.
std::vector<tournament::RatedEngine> rated_engines(Store& db);
// The games of `filter` with the engines that played them, in id order: the input of every rating.
tournament::RatingInput rating_input(Store& db, const ResultFilter& filter);

// The row for `snapshot`, whose entry keys are engine ids. `games_spec` says which games.
RatingSnapshot snapshot_row(const tournament::Snapshot& snapshot,
                            std::optional<RowId> tournament_id, std::string rules,
                            std::string games_spec);

}  // namespace oaq::store
