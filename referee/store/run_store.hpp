// RunStore: runs (the tournaments table, its engines, shards) and their locks
// (db/006_run_locks.sql).
#pragma once

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "store/rows.hpp"
#include "store/store_part.hpp"

namespace oaq::store {

class RunStore : protected StorePart {
  public:
    // Fails (as a value) when the name is taken (kind NameTaken) or an engine id is unknown.
    Expected<RowId> create_tournament(const TournamentRow& tournament);
    std::optional<TournamentRow> find_tournament(std::string_view name);
    std::optional<TournamentRow> tournament(RowId id);
    std::vector<TournamentRow> list_tournaments();  // by id
    // finished_at nullopt leaves the stored value unchanged. Fails when the id is unknown.
    Expected<Ok> set_tournament_status(RowId id, RunStatus status,
                                       std::optional<TimePoint> finished_at = std::nullopt);
    // Fails when the id is unknown or the text is not valid JSON.
    Expected<Ok> set_tournament_outcome(RowId id, std::string_view outcome_json);
    // A resumed run's changed definition (an SPRT match's new cap). Fails when the id is unknown.
    Expected<Ok> set_tournament_definition(RowId id, std::string_view definition_json,
                                           std::string_view fingerprint);

    // ---- run locks (db/006_run_locks.sql) ----
    // Takes the lock of tournament `lock.tournament_id` for `lock.holder` in one immediate
    // transaction. Refused, with the row that holds it, while it is held and `is_gone(row)` says
    // that holder still runs (or cannot tell); the row of a holder that is gone is replaced. A
    // holder taking a lock it holds already is refused too: one process plays a run once.
    Expected<Ok, RunLockRow> lock_tournament(const RunLockRow& lock,
                                             const std::function<bool(const RunLockRow&)>& is_gone);
    // Deletes the lock if `holder` still holds it (never one another process took over).
    void unlock_tournament(RowId tournament_id, const ProcessIdentity& holder);
    std::optional<RunLockRow> tournament_lock(RowId tournament_id);

    // ---- byes (db/011_byes.sql, store_byes.cpp) ----
    // A Swiss round's bye; a round's bye written again keeps the first.
    void record_bye(const ByeRow& bye);
    // The tournament's byes by round.
    std::vector<ByeRow> byes(RowId tournament_id);

  protected:
    using StorePart::StorePart;
};

}  // namespace oaq::store
