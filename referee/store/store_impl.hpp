// Internal to oaq_store: the state behind Store and its parts (one connection, its cached
// statements and the lock every public call takes), shared by the store*.cpp files. Never included
// outside this folder.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "store/rows.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

namespace oaq::store {

// The one connection of a Store, which all its parts work over.
struct Connection {
    explicit Connection(Database database) : db(std::move(database)) {}

    // Members are destroyed in reverse order: the statements below go before the connection.
    Database db;
    std::mutex mutex;
    std::unordered_map<std::string, RowId> engine_ids;  // name -> id; ids never change
    std::optional<Statement> insert_game, insert_seat, game_seats, insert_move, engine_id_by_name,
        insert_bare_engine, tournament_rules;

    // Statements on the hot path (one per game or per move) are prepared once.
    Statement& cached(std::optional<Statement>& slot, std::string_view sql) {
        if (!slot) slot.emplace(db, sql);
        return *slot;
    }

    // A stored value this program cannot read back: the file was edited or damaged.
    [[noreturn]] void damaged(const std::string& what) const {
        throw OaqError(db.path() + ": damaged data: " + what);
    }

    TimePoint read_time(const Statement& st, int column) const;
    std::optional<TimePoint> read_optional_time(const Statement& st, int column) const;
};

// A tournament row written (its seats and shards too) and read back by name (store.cpp), for
// callers already holding the lock and a transaction.
RowId insert_tournament(Database& db, const TournamentRow& tournament);
std::optional<TournamentRow> tournament_named(Store::Impl& impl, std::string_view name);

// The tournament_shards rows of a tournament, by index, and one row written (replacing the row
// of the same index) (store_shards.cpp).
std::vector<ShardRow> read_shards(Store::Impl& impl, RowId tournament_id);
void write_shard(Database& db, RowId tournament_id, const ShardRow& shard);

// Writes the session row of a session game (made with the game that is its first) and the game's
// link to it, inside record_game's transaction.
void insert_session_game(Store::Impl& impl, RowId tournament_id, RowId game_id,
                         const SessionSlot& slot, RowId first_id, RowId second_id);

// Resets a cached statement on scope exit, so none keeps a read snapshot (and a WAL checkpoint)
// waiting after an early return or an exception.
class ResetOnExit {
  public:
    explicit ResetOnExit(Statement& st) : st_(st) {}
    ~ResetOnExit() { st_.reset(); }
    ResetOnExit(const ResetOnExit&) = delete;
    ResetOnExit& operator=(const ResetOnExit&) = delete;

  private:
    Statement& st_;
};

// SQL text plus the values for its placeholders, in order: values never go into the text. Used by
// the queries whose WHERE clause depends on a filter.
struct BoundQuery {
    using Param = std::variant<std::int64_t, std::string>;
    std::string sql;
    std::vector<Param> params;

    BoundQuery& add(std::string_view clause, Param value) {
        sql += clause;
        params.push_back(std::move(value));
        return *this;
    }
    void bind(Statement& st) const {
        int index = 0;
        for (const auto& p : params) std::visit([&](const auto& v) { st.bind(++index, v); }, p);
    }
};

// Runs `sql` with `params` bound to ?1, ?2, ... in order and turns every row into a value with
// read(impl, statement).
template <typename Read, typename... Params>
auto read_rows(Store::Impl& impl, const std::string& sql, Read read, const Params&... params) {
    Statement st(impl.db, sql);
    int index = 0;
    (st.bind(++index, params), ...);
    std::vector<decltype(read(impl, st))> rows;
    while (st.step()) rows.push_back(read(impl, st));
    return rows;
}

// The same for a query that finds at most one row.
template <typename Read, typename... Params>
auto read_row(Store::Impl& impl, const std::string& sql, Read read, const Params&... params) {
    auto rows = read_rows(impl, sql, read, params...);
    using Row = typename decltype(rows)::value_type;
    return rows.empty() ? std::optional<Row>() : std::optional<Row>(std::move(rows.front()));
}

// Stored words for results are rules::to_string(Result); rules::parse_result reads them back.

// The seed is a 64-bit unsigned value kept bit for bit in SQLite's signed INTEGER.
inline std::int64_t seed_to_column(std::uint64_t seed) {
    return static_cast<std::int64_t>(seed);
}
inline std::uint64_t seed_from_column(std::int64_t value) {
    return static_cast<std::uint64_t>(value);
}

}  // namespace oaq::store
