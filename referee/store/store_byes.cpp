// Store: the byes of a Swiss run (db/011_byes.sql).
#include "store/store.hpp"
#include "store/store_impl.hpp"

namespace oaq::store {

void RunStore::record_bye(const ByeRow& bye) {
    std::lock_guard lock(impl_->mutex);
    // A resumed round writes its bye again: the first row stays.
    Statement st(impl_->db,
                 "INSERT OR IGNORE INTO byes (tournament_id, round, engine_id, points)"
                 " VALUES (?1, ?2, ?3, ?4)");
    st.bind(1, bye.tournament_id).bind(2, bye.round).bind(3, bye.engine_id).bind(4, bye.points);
    st.run();
}

std::vector<ByeRow> RunStore::byes(RowId tournament_id) {
    std::lock_guard lock(impl_->mutex);
    Statement st(impl_->db,
                 "SELECT tournament_id, round, engine_id, points FROM byes"
                 " WHERE tournament_id = ?1 ORDER BY round");
    st.bind(1, tournament_id);
    std::vector<ByeRow> rows;
    while (st.step()) rows.push_back({st.int64(0), st.int32(1), st.int64(2), st.real(3)});
    return rows;
}

}  // namespace oaq::store
