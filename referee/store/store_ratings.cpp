// Store: rating snapshots.
#include "store/store.hpp"
#include "store/store_impl.hpp"

namespace oaq::store {

namespace {
using Lock = std::lock_guard<std::mutex>;
}  // namespace

RowId ResultStore::save_rating_snapshot(const RatingSnapshot& s) {
    Lock lock(impl_->mutex);
    Transaction tx(impl_->db);
    Statement st(impl_->db,
                 "INSERT INTO rating_snapshots (tournament_id, rules, method, parameters,"
                 " games_spec, game_count, max_game_id, created_at)"
                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    auto created = s.created_at == TimePoint{} ? std::chrono::system_clock::now() : s.created_at;
    st.bind(1, s.tournament_id)
        .bind(2, s.rules)
        .bind(3, s.method)
        .bind(4, s.parameters.empty() ? std::string("{}") : s.parameters)
        .bind(5, s.games_spec)
        .bind(6, s.game_count)
        .bind(7, s.max_game_id)
        .bind(8, format_utc(created));
    st.run();
    RowId id = impl_->db.last_insert_rowid();
    Statement entry(
        impl_->db,
        "INSERT INTO rating_entries (snapshot_id, engine_id, rank, rating, error, games,"
        " points, wins, draws, losses) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    for (const auto& e : s.entries) {
        entry.bind(1, id)
            .bind(2, e.engine_id)
            .bind(3, e.rank)
            .bind(4, e.rating)
            .bind(5, e.error)
            .bind(6, e.games)
            .bind(7, e.points)
            .bind(8, e.wins)
            .bind(9, e.draws)
            .bind(10, e.losses);
        entry.run();
        entry.reset();
    }
    tx.commit();
    return id;
}

std::optional<RatingSnapshot> ResultStore::latest_rating_snapshot(
    std::optional<RowId> tournament_id, std::string_view rules, std::string_view method) {
    Lock lock(impl_->mutex);
    Impl& impl = *impl_;
    Transaction tx(impl.db, Transaction::Kind::Deferred);
    Statement st(impl.db,
                 "SELECT id, tournament_id, rules, method, parameters, games_spec, game_count,"
                 " max_game_id, created_at FROM rating_snapshots"
                 " WHERE tournament_id IS ?1 AND rules = ?2 AND (?3 = '' OR method = ?3)"
                 " ORDER BY id DESC LIMIT 1");
    st.bind(1, tournament_id).bind(2, rules).bind(3, method);
    if (!st.step()) return std::nullopt;
    RatingSnapshot s;
    s.id = st.int64(0);
    s.tournament_id = st.optional_int64(1);
    s.rules = st.text(2);
    s.method = st.text(3);
    s.parameters = st.text(4);
    s.games_spec = st.text(5);
    s.game_count = st.int64(6);
    s.max_game_id = st.int64(7);
    s.created_at = impl.read_time(st, 8);
    st.reset();
    Statement entries(impl.db,
                      "SELECT r.engine_id, e.name, r.rank, r.rating, r.error, r.games, r.points,"
                      " r.wins, r.draws, r.losses FROM rating_entries r"
                      " JOIN engines e ON e.id = r.engine_id WHERE r.snapshot_id = ?1"
                      " ORDER BY r.rank, e.name");
    entries.bind(1, s.id);
    while (entries.step()) {
        s.entries.push_back(RatingEntry{entries.int64(0), entries.text(1), entries.int32(2),
                                        entries.real(3), entries.optional_real(4), entries.int32(5),
                                        entries.real(6), entries.int32(7), entries.int32(8),
                                        entries.int32(9)});
    }
    entries.reset();
    tx.commit();
    return s;
}

}  // namespace oaq::store
