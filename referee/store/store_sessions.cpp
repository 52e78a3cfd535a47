// Store: sessions (db/008_sessions.sql): the session row and each game's link to it, written with
// the game, and the queries the results commands and a resume need.
#include <sqlite3.h>

#include <map>

#include "rules/game.hpp"
#include "store/store.hpp"
#include "store/store_impl.hpp"
#include "tournament/run_name.hpp"

namespace oaq::store {

using Lock = std::lock_guard<std::mutex>;

void insert_session_game(Store::Impl& impl, RowId tournament_id, RowId game_id,
                         const SessionSlot& slot, RowId first_id, RowId second_id) {
    if (slot.number == 1) {
        Statement insert(impl.db,
                         "INSERT INTO sessions (tournament_id, session_index, first_engine_id,"
                         " second_engine_id, game_limit, total) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
        insert.bind(1, tournament_id)
            .bind(2, slot.session_index)
            .bind(3, first_id)
            .bind(4, second_id)
            .bind(5, slot.game_limit)
            .bind(6, slot.total);
        insert.run();
    }
    // A later game finds the row its first game made; games_played must be the game before this.
    Statement update(impl.db,
                     "UPDATE sessions SET games_played = ?3,"
                     " wealth = json_insert(wealth, '$[#]', json_array(?4, ?5)),"
                     " end_reason = ?6, result = ?7"
                     " WHERE tournament_id = ?1 AND session_index = ?2 AND games_played = ?3 - 1"
                     " RETURNING id");
    update.bind(1, tournament_id)
        .bind(2, slot.session_index)
        .bind(3, slot.number)
        .bind(4, slot.wealth_after[0])
        .bind(5, slot.wealth_after[1])
        .bind(6, slot.end_reason)
        .bind(7, slot.result);
    if (!update.step()) {
        const std::string why = "session " + std::to_string(slot.session_index + 1) +
                                " has no game " + std::to_string(slot.number - 1) +
                                " before game " + std::to_string(slot.number);
        throw SqliteError(SQLITE_CONSTRAINT, why, why);
    }
    const RowId session_id = update.int64(0);
    update.reset();
    Statement link(impl.db,
                   "INSERT INTO session_games (game_id, session_id, number, wealth_first,"
                   " wealth_second) VALUES (?1, ?2, ?3, ?4, ?5)");
    link.bind(1, game_id)
        .bind(2, session_id)
        .bind(3, slot.number)
        .bind(4, slot.wealth_after[0])
        .bind(5, slot.wealth_after[1]);
    link.run();
}

std::vector<SessionRow> SessionStore::sessions(std::optional<RowId> tournament_id) {
    Lock lock(impl_->mutex);
    std::string sql =
        "SELECT s.id, s.tournament_id, t.name, s.session_index, f.name, e.name, s.game_limit,"
        " s.total, s.games_played, s.end_reason, s.result FROM sessions s"
        " JOIN tournaments t ON t.id = s.tournament_id"
        " JOIN engines f ON f.id = s.first_engine_id JOIN engines e ON e.id = s.second_engine_id";
    if (tournament_id) sql += " WHERE s.tournament_id = ?1";
    sql += " ORDER BY s.tournament_id, s.session_index";
    Statement st(impl_->db, sql);
    if (tournament_id) st.bind(1, *tournament_id);
    std::vector<SessionRow> rows;
    std::map<RowId, std::size_t> at;
    while (st.step()) {
        SessionRow r;
        r.id = st.int64(0);
        r.tournament_id = st.int64(1);
        r.tournament = st.text(2);
        r.session_index = st.int64(3);
        r.first = st.text(4);
        r.second = st.text(5);
        r.game_limit = static_cast<int>(st.int64(6));
        r.total = static_cast<int>(st.int64(7));
        r.games_played = static_cast<int>(st.int64(8));
        r.end_reason = st.text(9);
        r.result = st.text(10);
        at[r.id] = rows.size();
        rows.push_back(std::move(r));
    }
    std::string games_sql =
        "SELECT sg.session_id, sg.game_id, sg.wealth_first, sg.wealth_second FROM session_games sg"
        " JOIN sessions s ON s.id = sg.session_id";
    if (tournament_id) games_sql += " WHERE s.tournament_id = ?1";
    games_sql += " ORDER BY sg.session_id, sg.number";
    Statement games(impl_->db, games_sql);
    if (tournament_id) games.bind(1, *tournament_id);
    while (games.step()) {
        auto it = at.find(games.int64(0));
        if (it == at.end()) continue;
        auto& r = rows[it->second];
        r.game_ids.push_back(games.int64(1));
        r.wealth.push_back({static_cast<int>(games.int64(2)), static_cast<int>(games.int64(3))});
    }
    return rows;
}

std::optional<SessionLink> SessionStore::session_of_game(RowId game_id) {
    Lock lock(impl_->mutex);
    return read_row(
        *impl_,
        "SELECT sg.session_id, s.session_index, sg.number, sg.wealth_first, sg.wealth_second"
        " FROM session_games sg JOIN sessions s ON s.id = sg.session_id WHERE sg.game_id = ?1",
        [](const Impl&, const Statement& st) {
            return SessionLink{st.int64(0),
                               st.int64(1),
                               static_cast<int>(st.int64(2)),
                               {static_cast<int>(st.int64(3)), static_cast<int>(st.int64(4))}};
        },
        game_id);
}

std::vector<SessionGameEnd> SessionStore::session_game_ends(RowId tournament_id) {
    Lock lock(impl_->mutex);
    return read_rows(
        *impl_,
        "SELECT s.session_index, g.game_index, g.final_position, g.termination, g.result, t.name"
        " FROM session_games sg JOIN sessions s ON s.id = sg.session_id"
        " JOIN games g ON g.id = sg.game_id JOIN tournaments t ON t.id = s.tournament_id"
        " WHERE s.tournament_id = ?1"
        " ORDER BY s.session_index, sg.number",
        [](const Impl& impl, const Statement& st) {
            SessionGameEnd e;
            e.session_index = st.int64(0);
            e.game_index = st.int64(1);
            e.final_position = st.text(2);
            auto termination = game::parse_termination(st.text(3));
            auto result = rules::parse_result(st.text(4));
            if (!termination || !result)
                impl.damaged(tournament::game_reference(st.text(5), e.game_index) +
                             ": termination \"" + st.text(3) + "\", result \"" + st.text(4) + "\"");
            e.termination = *termination;
            e.result = *result;
            return e;
        },
        tournament_id);
}

}  // namespace oaq::store
