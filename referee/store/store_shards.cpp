// Store: the shards of a run a database holds (db/007_shards.sql).
#include "store/store_impl.hpp"

namespace oaq::store {

std::vector<ShardRow> read_shards(Store::Impl& impl, RowId tournament_id) {
    Statement st(impl.db,
                 "SELECT shard_index, shard_count, status, games, run_games, source"
                 " FROM tournament_shards WHERE tournament_id = ?1 ORDER BY shard_index");
    st.bind(1, tournament_id);
    std::vector<ShardRow> rows;
    while (st.step()) {
        ShardRow r{st.int32(0), st.int32(1), RunStatus::Running,
                   st.int64(3), st.int64(4), st.text(5)};
        auto status = tournament::parse_run_status(st.text(2));
        if (!status) impl.damaged("tournament_shards: status \"" + st.text(2) + "\"");
        r.status = *status;
        rows.push_back(std::move(r));
    }
    return rows;
}

void write_shard(Database& db, RowId tournament_id, const ShardRow& s) {
    Statement st(
        db,
        "INSERT OR REPLACE INTO tournament_shards (tournament_id, shard_index, shard_count,"
        " status, games, run_games, source) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    st.bind(1, tournament_id)
        .bind(2, s.index)
        .bind(3, s.count)
        .bind(4, to_string(s.status))
        .bind(5, s.games)
        .bind(6, s.run_games)
        .bind(7, s.source);
    st.run();
}

}  // namespace oaq::store
