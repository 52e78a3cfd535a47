// Store: the result-history query behind `oaq results` and `oaq ratings`. Values are always bound,
// never formatted into the SQL text. An engine filter reads the two side indexes (games_by_south,
// games_by_north) as a UNION ALL rather than an OR, so its cost follows that engine's games.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>

#include "rules/game.hpp"
#include "store/store.hpp"
#include "store/store_impl.hpp"

namespace oaq::store {

namespace {

constexpr std::string_view kResultColumns =
    "SELECT g.id, g.tournament_id, g.pair_index, g.south_engine_id, g.north_engine_id, g.result,"
    " g.termination, g.time_control FROM games g WHERE 1";

// The conditions other than the engines.
void add_conditions(BoundQuery& q, const ResultFilter& f) {
    if (f.tournament_id) q.add(" AND g.tournament_id = ?", *f.tournament_id);
    if (f.rules)
        q.add(" AND g.tournament_id IN (SELECT id FROM tournaments WHERE rules = ?)", *f.rules);
    if (f.ended_from) q.add(" AND g.ended_at >= ?", format_utc(*f.ended_from));
    if (f.ended_before) q.add(" AND g.ended_at < ?", format_utc(*f.ended_before));
}

BoundQuery result_query(const ResultFilter& f) {
    BoundQuery q;
    if (!f.engine_id) {
        q.sql = std::string(kResultColumns);
        add_conditions(q, f);
    } else {
        const char* sides[2][2] = {{"south_engine_id", "north_engine_id"},
                                   {"north_engine_id", "south_engine_id"}};
        for (int side = 0; side < 2; ++side) {
            if (side == 1) q.sql += " UNION ALL ";
            q.sql += kResultColumns;
            // A game an engine played against itself is found by the first side only.
            if (side == 1) q.sql += " AND g.south_engine_id <> g.north_engine_id";
            q.add(std::string(" AND g.") + sides[side][0] + " = ?", *f.engine_id);
            if (f.opponent_id)
                q.add(std::string(" AND g.") + sides[side][1] + " = ?", *f.opponent_id);
            add_conditions(q, f);
        }
    }
    // No ORDER BY: SQLite's sorter over a million wide rows cost a second; the caller's order
    // (by id) is restored in C++ below for a fraction of that.
    return q;
}

}  // namespace

namespace {

// Back to the order of the ids (the index hands rows over in its own order): when the ids are
// dense, as they are in one file's games, each row goes straight to its place; otherwise
// (id, position) pairs are sorted. Either is several times cheaper than sorting the rows.
template <typename Row, typename Id>
std::vector<Row> in_id_order(std::vector<Row> rows, Id id_of) {
    if (rows.empty()) return rows;
    RowId low = id_of(rows[0]), high = low;
    bool sorted = true;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const RowId id = id_of(rows[i]);
        sorted = sorted && id > id_of(rows[i - 1]);
        low = std::min(low, id);
        high = std::max(high, id);
    }
    if (sorted) return rows;
    std::vector<Row> out;
    out.reserve(rows.size());
    const auto range = static_cast<std::uint64_t>(high - low) + 1;
    if (range <= 4 * rows.size()) {
        constexpr auto kNone = std::numeric_limits<std::uint32_t>::max();
        std::vector<std::uint32_t> at(range, kNone);
        for (std::size_t i = 0; i < rows.size(); ++i)
            at[static_cast<std::size_t>(id_of(rows[i]) - low)] = static_cast<std::uint32_t>(i);
        for (auto i : at)
            if (i != kNone) out.push_back(std::move(rows[i]));
        return out;
    }
    std::vector<std::pair<RowId, std::size_t>> order(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) order[i] = {id_of(rows[i]), i};
    std::sort(order.begin(), order.end());
    for (const auto& [id, i] : order) out.push_back(std::move(rows[i]));
    return out;
}

// Steps the result query, parsing each row's words from the column bytes (no string per game
// and column), and hands fill() the row's values.
template <typename Fill>
void scan_results(Store::Impl& impl, const ResultFilter& filter, Fill fill) {
    const BoundQuery q = result_query(filter);
    Statement st(impl.db, q.sql);
    q.bind(st);
    while (st.step()) {
        const RowId id = st.int64(0);
        auto result = rules::parse_result(st.blob(5));
        if (!result)
            impl.damaged("game with id " + std::to_string(id) + ": result \"" + st.text(5) + "\"");
        auto termination = game::parse_termination(st.blob(6));
        if (!termination) {
            impl.damaged("game with id " + std::to_string(id) + ": termination \"" + st.text(6) +
                         "\"");
        }
        fill(st, id, *result, *termination);
    }
}

}  // namespace

std::vector<ResultGame> ResultStore::result_games(const ResultFilter& filter) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    std::vector<ResultGame> out;
    scan_results(*impl_, filter,
                 [&](const Statement& st, RowId id, rules::Result r, game::Termination t) {
                     out.push_back(ResultGame{id, st.int64(1), st.int32(2), st.int64(3),
                                              st.int64(4), r, t, std::string(st.blob(7))});
                 });
    return in_id_order(std::move(out), [](const ResultGame& g) { return g.id; });
}

std::vector<tournament::TableRow> ResultStore::table_rows(const ResultFilter& filter) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    BoundQuery q;
    q.sql =
        "SELECT g.id, g.tournament_id, g.pair_index, g.seats, g.failed_seat, s.seat, s.engine_id,"
        " s.rank FROM game_rows g JOIN game_seats s ON s.game_id = g.id WHERE g.seats >= 3";
    add_conditions(q, filter);
    if (filter.engine_id) {
        q.add(" AND g.id IN (SELECT game_id FROM game_seats WHERE engine_id = ?)",
              *filter.engine_id);
    }
    // An engine sits at a table once: it never plays itself there.
    if (filter.engine_id && filter.opponent_id == filter.engine_id) q.sql += " AND 0";
    if (filter.engine_id && filter.opponent_id) {
        q.add(" AND g.id IN (SELECT game_id FROM game_seats WHERE engine_id = ?)",
              *filter.opponent_id);
    }
    q.sql += " ORDER BY g.id, s.seat";
    Statement st(impl_->db, q.sql);
    q.bind(st);
    std::vector<tournament::TableRow> out;
    while (st.step()) {
        const RowId id = st.int64(0);
        if (out.empty() || out.back().game_id != id) {
            tournament::TableRow row;
            row.game_id = id;
            row.tournament_id = st.int64(1);
            row.group_index = st.int64(2);
            row.seats = static_cast<std::size_t>(st.int64(3));
            if (!st.is_null(4)) row.failed_seat = static_cast<std::size_t>(st.int64(4));
            out.push_back(row);
        }
        const auto seat = static_cast<std::size_t>(st.int64(5));
        if (seat >= out.back().seats || seat >= tournament::kMaxTableSeats) {
            impl_->damaged("game with id " + std::to_string(id) + ": seat " + std::to_string(seat) +
                           " of a game of " + std::to_string(out.back().seats) + " seats");
        }
        out.back().engines[seat] = st.int64(6);
        out.back().ranks[seat] = st.int32(7);
    }
    return out;
}

std::vector<tournament::ResultRow> ResultStore::result_rows(const ResultFilter& filter) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    std::vector<tournament::ResultRow> out;
    scan_results(*impl_, filter,
                 [&](const Statement& st, RowId id, rules::Result r, game::Termination t) {
                     out.push_back({id, st.int64(1), st.int64(2), st.int64(3), st.int64(4), r, t});
                 });
    return in_id_order(std::move(out), [](const tournament::ResultRow& g) { return g.game_id; });
}

}  // namespace oaq::store
