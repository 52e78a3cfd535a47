// Store: the result-history query behind `oaq results` and `oaq ratings`. Values are always bound,
// never formatted into the SQL text. An engine filter reads the two side indexes (games_by_south,
// games_by_north) as a UNION ALL rather than an OR, so its cost follows that engine's games.
#include <algorithm>
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

std::vector<ResultGame> Store::result_games(const ResultFilter& filter) {
    const BoundQuery q = result_query(filter);
    std::lock_guard<std::mutex> lock(impl_->mutex);
    Statement st(impl_->db, q.sql);
    q.bind(st);
    std::vector<ResultGame> out;
    while (st.step()) {
        ResultGame g;
        g.id = st.int64(0);
        g.tournament_id = st.int64(1);
        g.pair_index = st.int32(2);
        g.south_engine_id = st.int64(3);
        g.north_engine_id = st.int64(4);
        auto result = rules::parse_result(st.text(5));
        if (!result)
            impl_->damaged("game " + std::to_string(g.id) + ": result \"" + st.text(5) + "\"");
        g.result = *result;
        auto termination = game::parse_termination(st.text(6));
        if (!termination) {
            impl_->damaged("game " + std::to_string(g.id) + ": termination \"" + st.text(6) + "\"");
        }
        g.termination = *termination;
        g.time_control = st.text(7);
        out.push_back(std::move(g));
    }
    std::sort(out.begin(), out.end(),
              [](const ResultGame& a, const ResultGame& b) { return a.id < b.id; });
    return out;
}

}  // namespace oaq::store
