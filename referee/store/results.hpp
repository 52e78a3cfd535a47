// results: the store's side of the tournament layer's rating units. Stored games become the
// tournament::ResultRow list that build_rating_input takes (engine keys are engine ids), the
// engines table becomes its engine list, and a tournament::Snapshot becomes the RatingSnapshot
// row kept in the file. `oaq ratings`, `oaq results`, the report and the run recorder all go
// through these, so stored ratings mean the same whoever wrote them. The time control each engine
// of a tournament played is read from the stored run definition here, for every view.
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

// An engine of a stored tournament and the time control it played with.
struct EngineTimeControl {
    std::string engine;
    std::string time_control;  // canonical text, e.g. "10+0.1", "movetime=100"
};
// Each engine of `tournament` in seat order with its own time control, read from the run
// definition stored with it (an engine's tc= or the run's --tc). Runs stored before definitions
// were kept: the engines of `seat_names` with the tournament's time control.
std::vector<EngineTimeControl> engine_time_controls(const TournamentRow& tournament,
                                                    const std::vector<std::string>& seat_names);
// The South and North time controls of a stored game: the game layer writes its time_control as
// "<tc>" when both sides had it, else "<south tc>/<north tc>" (no time control text holds '/').
struct SideTimeControls {
    std::string south;
    std::string north;
};
SideTimeControls side_time_controls(const std::string& stored);

// The seat names of a stored tournament, "#<id>" for an engine row that is gone.
std::vector<std::string> seat_names(Store& db, const TournamentRow& tournament);

// The row for `snapshot`, whose entry keys are engine ids. `games_spec` says which games.
RatingSnapshot snapshot_row(const tournament::Snapshot& snapshot,
                            std::optional<RowId> tournament_id, std::string rules,
                            std::string games_spec);

}  // namespace oaq::store
