// Store: the run locks (db/006_run_locks.sql). The check and the take are one immediate
// transaction, so two processes racing for one run cannot both win.
#include "store/store.hpp"
#include "store/store_impl.hpp"

namespace oaq::store {

namespace {

using Lock = std::lock_guard<std::mutex>;

std::optional<RunLockRow> read_lock(Store::Impl& impl, RowId tournament_id) {
    Statement st(impl.db,
                 "SELECT pid, host, process_start, since FROM run_locks WHERE tournament_id = ?1");
    st.bind(1, tournament_id);
    if (!st.step()) return std::nullopt;
    RunLockRow row;
    row.tournament_id = tournament_id;
    row.holder = ProcessIdentity{st.int64(0), st.text(1), st.text(2)};
    row.since = impl.read_time(st, 3);
    return row;
}

}  // namespace

Expected<Ok, RunLockRow> RunStore::lock_tournament(
    const RunLockRow& lock, const std::function<bool(const RunLockRow&)>& is_gone) {
    Lock guard(impl_->mutex);
    Transaction tx(impl_->db);
    if (auto held = read_lock(*impl_, lock.tournament_id)) {
        if (held->holder == lock.holder || !is_gone(*held)) return *held;
    }
    Statement st(impl_->db,
                 "INSERT OR REPLACE INTO run_locks (tournament_id, pid, host, process_start, since)"
                 " VALUES (?1, ?2, ?3, ?4, ?5)");
    st.bind(1, lock.tournament_id)
        .bind(2, lock.holder.pid)
        .bind(3, lock.holder.host)
        .bind(4, lock.holder.start)
        .bind(5, format_utc(lock.since));
    st.run();
    tx.commit();
    return Ok{};
}

void RunStore::unlock_tournament(RowId tournament_id, const ProcessIdentity& holder) {
    Lock guard(impl_->mutex);
    Statement st(impl_->db,
                 "DELETE FROM run_locks WHERE tournament_id = ?1 AND pid = ?2 AND host = ?3"
                 " AND process_start = ?4");
    st.bind(1, tournament_id).bind(2, holder.pid).bind(3, holder.host).bind(4, holder.start);
    st.run();
}

std::optional<RunLockRow> RunStore::tournament_lock(RowId tournament_id) {
    Lock guard(impl_->mutex);
    return read_lock(*impl_, tournament_id);
}

}  // namespace oaq::store
