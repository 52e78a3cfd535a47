// Store: games and their moves, and the queries over them.
#include <limits>
#include <optional>
#include <string>
#include <variant>

#include "rules/game.hpp"
#include "store/packed_moves.hpp"
#include "store/store.hpp"
#include "store/store_impl.hpp"
#include "store/time_text.hpp"
#include "tournament/run_name.hpp"

namespace oaq::store {

namespace {

using Lock = std::lock_guard<std::mutex>;

// The engine id for a name, storing a bare engine (name only) the first time a name is seen.
RowId engine_id(Store::Impl& impl, const std::string& name) {
    if (auto it = impl.engine_ids.find(name); it != impl.engine_ids.end()) return it->second;
    Statement& find = impl.cached(impl.engine_id_by_name, "SELECT id FROM engines WHERE name = ?1");
    ResetOnExit reset_find(find);
    find.bind(1, name);
    RowId id = 0;
    if (find.step()) {
        id = find.int64(0);
    } else {
        Statement& insert = impl.cached(impl.insert_bare_engine,
                                        "INSERT INTO engines (name, first_seen) VALUES (?1, ?2)");
        ResetOnExit reset_insert(insert);
        insert.bind(1, name).bind(2, format_utc(std::chrono::system_clock::now()));
        insert.run();
        id = impl.db.last_insert_rowid();
    }
    // If the game's transaction rolls back, a bare engine inserted here is gone too: record_game
    // clears this cache on every failure so the next attempt inserts it again.
    impl.engine_ids[name] = id;
    return id;
}

void insert_moves(Store::Impl& impl, RowId game_id, const std::vector<game::MoveRecord>& moves) {
    Statement& st =
        impl.cached(impl.insert_move, "INSERT INTO game_moves (game_id, moves) VALUES (?1, ?2)");
    ResetOnExit reset(st);
    st.bind(1, game_id).bind_blob(2, pack_moves(moves));
    st.run();
}

// Why `r` cannot be stored in a tournament played under `rules` (nullopt: it can), as the rest of
// a sentence that starts with the game's name. What the old per-ply table's CHECK constraints
// refused is refused here, before anything is written.
std::optional<std::string> unstorable(const game::GameRecord& r, const std::string& rules) {
    if (r.result == rules::Result::Ongoing) return " has no result: only finished games are stored";
    if (r.termination == game::Termination::Aborted)
        return " was aborted: aborted games are not stored (resume replays them)";
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        const char* wrong = m.move.empty()            ? "an empty move"
                            : m.time_used.count() < 0 ? "a negative time used"
                                                      : nullptr;
        if (wrong) return ", ply " + std::to_string(i + 1) + ": " + wrong;
    }
    if (!r.rules.empty() && r.rules != rules)
        return " was played under rules \"" + r.rules + "\", its tournament under \"" + rules +
               "\"";
    return std::nullopt;
}

}  // namespace

Expected<RowId> Store::record_game(RowId tournament_id, const GameSlot& slot,
                                   const game::GameRecord& r, std::string_view host,
                                   const SessionSlot* session) {
    using Kind = ErrorKind;
    Lock lock(impl_->mutex);
    Impl& impl = *impl_;
    // Until the tournament's name is read; then "cup#7", as every view names the game.
    std::string reference = "game " + std::to_string(slot.game_index + 1);
    try {
        Transaction tx(impl.db);
        {
            Statement& t = impl.cached(impl.tournament_rules,
                                       "SELECT rules, name FROM tournaments WHERE id = ?1");
            ResetOnExit reset(t);
            t.bind(1, tournament_id);
            if (!t.step()) {
                return fail(Kind::UnknownTournament,
                            "no tournament with id " + std::to_string(tournament_id));
            }
            reference = tournament::game_reference(t.text(1), slot.game_index);
            if (auto why = unstorable(r, t.text(0)))
                return fail(Kind::InvalidRecord, reference + *why);
        }
        RowId south = engine_id(impl, r.south);
        RowId north = engine_id(impl, r.north);
        Statement& game = impl.cached(
            impl.insert_game,
            "INSERT INTO games (tournament_id, game_index, pair_index, round, opening,"
            " start_position, time_control, south_engine_id, north_engine_id, result,"
            " score_south, score_north, termination, detail, plies, final_position, started_at,"
            " ended_at, host) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
            " ?15, ?16, ?17, ?18, ?19)");
        {
            ResetOnExit reset(game);
            game.bind(1, tournament_id)
                .bind(2, slot.game_index)
                .bind(3, slot.pair_index)
                .bind(4, slot.round)
                .bind(5, r.opening)
                .bind(6, r.start_position)
                .bind(7, r.time_control)
                .bind(8, south)
                .bind(9, north)
                .bind(10, rules::to_string(r.result))
                .bind(11, r.score_south)
                .bind(12, r.score_north)
                .bind(13, game::to_string(r.termination))
                .bind(14, r.detail)
                .bind(15, r.plies())
                .bind(16, r.final_position)
                .bind(17, format_utc(r.started_at))
                .bind(18, format_utc(r.ended_at))
                .bind(19, host);
            game.run();
        }
        RowId id = impl.db.last_insert_rowid();
        insert_moves(impl, id, r.moves);
        if (session) {
            insert_session_game(impl, tournament_id, id, *session, engine_id(impl, session->first),
                                engine_id(impl, session->second));
        }
        tx.commit();
        return id;
    } catch (const SqliteError& e) {
        // Whatever this transaction inserted is gone, bare engines included.
        impl.engine_ids.clear();
        if (!e.is_constraint()) throw;
        if (e.is_unique_violation())
            return fail(Kind::DuplicateGame, reference + " is stored already");
        return fail(Kind::InvalidRecord, reference + " refused: " + e.reason());
    }
}

std::vector<std::int64_t> Store::completed_game_indices(RowId tournament_id) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "SELECT game_index FROM games WHERE tournament_id = ?1 ORDER BY game_index");
    st.bind(1, tournament_id);
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

namespace {

constexpr std::string_view kGameColumns =
    "SELECT g.id, g.tournament_id, g.game_index, g.pair_index, g.round, g.south_engine_id,"
    " g.north_engine_id, s.name, n.name, g.result, g.score_south, g.score_north, g.termination,"
    " g.detail, g.plies, g.time_control, g.opening, g.start_position, g.final_position,"
    " g.started_at, g.ended_at FROM games g JOIN engines s ON s.id = g.south_engine_id"
    " JOIN engines n ON n.id = g.north_engine_id ";

// A stored value of game `index` of `tournament_id` no reader can read: the file was edited or
// damaged. The message names the game as every view does (`cup#7`).
[[noreturn]] void damaged_game(Store::Impl& impl, RowId tournament_id, std::int64_t index,
                               const std::string& what) {
    Statement st(impl.db, "SELECT name FROM tournaments WHERE id = ?1");
    st.bind(1, tournament_id);
    const std::string run = st.step() ? st.text(0) : "tournament " + std::to_string(tournament_id);
    impl.damaged(run + "#" + std::to_string(index + 1) + ": " + what);
}

GameRow read_game_row(Store::Impl& impl, const Statement& st) {
    GameRow g;
    g.id = st.int64(0);
    g.tournament_id = st.int64(1);
    g.slot = GameSlot{st.int64(2), st.int32(3), st.int32(4)};
    auto damaged = [&](const std::string& what) {
        damaged_game(impl, g.tournament_id, g.slot.game_index, what);
    };
    g.south_engine_id = st.int64(5);
    g.north_engine_id = st.int64(6);
    g.south = st.text(7);
    g.north = st.text(8);
    auto result = rules::parse_result(st.text(9));
    if (!result) damaged("result \"" + st.text(9) + "\"");
    g.result = *result;
    g.score_south = st.int32(10);
    g.score_north = st.int32(11);
    auto termination = game::parse_termination(st.text(12));
    if (!termination) damaged("termination \"" + st.text(12) + "\"");
    g.termination = *termination;
    g.detail = st.text(13);
    g.plies = st.int32(14);
    g.time_control = st.text(15);
    g.opening = st.text(16);
    g.start_position = st.text(17);
    g.final_position = st.text(18);
    for (int column : {19, 20}) {
        auto time = parse_utc(st.blob(column));
        if (!time) {
            damaged(std::string(column == 19 ? "its start time" : "its end time") + " \"" +
                    st.text(column) + "\" is not an ISO-8601 UTC time");
        }
        (column == 19 ? g.started_at : g.ended_at) = *time;
    }
    return g;
}

// The conditions other than engines and paging.
void add_conditions(BoundQuery& q, const GameFilter& f) {
    if (f.tournament_id) q.add(" AND g.tournament_id = ?", *f.tournament_id);
    if (f.rules)
        q.add(" AND g.tournament_id IN (SELECT id FROM tournaments WHERE rules = ?)", *f.rules);
    if (f.min_plies) q.add(" AND g.plies >= ?", std::int64_t{*f.min_plies});
    if (f.max_plies) q.add(" AND g.plies <= ?", std::int64_t{*f.max_plies});
    if (f.opening) {
        const std::string prefix = *f.opening + " ";
        q.add(" AND (g.opening = ?", *f.opening)
            .add(" OR substr(g.opening, 1, ?)", static_cast<std::int64_t>(prefix.size()))
            .add(" = ?)", prefix);
    }
    if (f.termination)
        q.add(" AND g.termination = ?", std::string(game::to_string(*f.termination)));
    if (f.result) q.add(" AND g.result = ?", std::string(rules::to_string(*f.result)));
    if (f.ended_from) q.add(" AND g.ended_at >= ?", format_utc(*f.ended_from));
    if (f.ended_before) q.add(" AND g.ended_at < ?", format_utc(*f.ended_before));
}

void add_engines(BoundQuery& q, const GameFilter& f) {
    if (f.engine_id && f.opponent_id) {
        q.add(" AND ((g.south_engine_id = ?", *f.engine_id)
            .add(" AND g.north_engine_id = ?)", *f.opponent_id);
        q.add(" OR (g.north_engine_id = ?", *f.engine_id)
            .add(" AND g.south_engine_id = ?))", *f.opponent_id);
    } else if (f.engine_id) {
        q.add(" AND (g.south_engine_id = ?", *f.engine_id)
            .add(" OR g.north_engine_id = ?)", *f.engine_id);
    }
}

// One page of one engine's games, as the first `limit` ids of each side (both taken in id order
// from games_by_south / games_by_north) merged: the cost follows the page size, not the number
// of games the engine played (an OR over the two indexes would sort all of them).
BoundQuery engine_page_ids(const GameFilter& f) {
    BoundQuery q;
    const char* columns[2][2] = {{"south_engine_id", "north_engine_id"},
                                 {"north_engine_id", "south_engine_id"}};
    for (int side = 0; side < 2; ++side) {
        q.sql += side == 0 ? "SELECT id FROM (" : " UNION ALL SELECT id FROM (";
        q.add(std::string("SELECT g.id FROM games g WHERE g.") + columns[side][0] + " = ?",
              *f.engine_id);
        if (f.opponent_id)
            q.add(std::string(" AND g.") + columns[side][1] + " = ?", *f.opponent_id);
        add_conditions(q, f);
        if (f.after_id) q.add(" AND g.id > ?", *f.after_id);
        // The page's games are among the first offset + limit of each side.
        q.add(" ORDER BY g.id LIMIT ?)", static_cast<std::int64_t>(f.offset + f.limit));
    }
    return q;
}

}  // namespace

std::vector<GameRow> Store::games(const GameFilter& filter) {
    BoundQuery q;
    q.sql = std::string(kGameColumns) + "WHERE 1";
    if (filter.engine_id && filter.limit > 0) {
        BoundQuery ids = engine_page_ids(filter);
        q.sql += " AND g.id IN (" + ids.sql + ")";
        q.params = std::move(ids.params);
    } else {
        add_engines(q, filter);
        add_conditions(q, filter);
        if (filter.after_id) q.add(" AND g.id > ?", *filter.after_id);
    }
    q.sql += " ORDER BY g.id";
    if (filter.limit > 0 || filter.offset > 0) {
        // SQLite reads LIMIT -1 as no limit.
        q.add(" LIMIT ?", filter.limit > 0 ? static_cast<std::int64_t>(filter.limit) : -1);
        q.add(" OFFSET ?", static_cast<std::int64_t>(filter.offset));
    }

    Lock lock(impl_->mutex);
    Statement st(impl_->db, q.sql);
    q.bind(st);
    std::vector<GameRow> out;
    while (st.step()) out.push_back(read_game_row(*impl_, st));
    return out;
}

std::int64_t Store::count_games(const GameFilter& filter) {
    BoundQuery q;
    q.sql = "SELECT count(*) FROM games g WHERE 1";
    add_engines(q, filter);
    add_conditions(q, filter);
    Lock lock(impl_->mutex);
    Statement st(impl_->db, q.sql);
    q.bind(st);
    return st.step() ? st.int64(0) : 0;
}

std::optional<RowId> Store::game_id(RowId tournament_id, std::int64_t game_index) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db, "SELECT id FROM games WHERE tournament_id = ?1 AND game_index = ?2");
    st.bind(1, tournament_id).bind(2, game_index);
    if (!st.step()) return std::nullopt;
    return st.int64(0);
}

std::optional<StoredGame> Store::game(RowId id) {
    Lock lock(impl_->mutex);
    Impl& impl = *impl_;
    // One read transaction, so the game and its moves come from the same snapshot.
    Transaction tx(impl.db, Transaction::Kind::Deferred);
    Statement st(impl.db, std::string(kGameColumns) + "WHERE g.id = ?1");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    StoredGame out;
    out.row = read_game_row(impl, st);
    st.reset();
    const GameRow& g = out.row;
    Statement t(impl.db, "SELECT rules FROM tournaments WHERE id = ?1");
    t.bind(1, g.tournament_id);
    out.record = record_of(g, t.step() ? t.text(0) : std::string());
    game::GameRecord& r = out.record;

    Statement m(impl.db, "SELECT moves FROM game_moves WHERE game_id = ?1");
    m.bind(1, id);
    if (m.step()) {
        auto moves = unpack_moves(m.blob(0));
        if (!moves) {
            damaged_game(impl, g.tournament_id, g.slot.game_index,
                         "stored moves are damaged (" + moves.error().message + ")");
        }
        r.moves = std::move(*moves);
    }
    if (r.plies() != g.plies) {
        damaged_game(impl, g.tournament_id, g.slot.game_index,
                     "stored moves are damaged (" + std::to_string(g.plies) + " plies recorded, " +
                         std::to_string(r.plies()) + " moves stored)");
    }
    tx.commit();
    return out;
}

// ---- results -------------------------------------------------------------------------------

namespace {

RatedGame read_rated(const Store::Impl& impl, const Statement& st) {
    auto result = rules::parse_result(st.text(4));
    if (!result) impl.damaged("a game with result \"" + st.text(4) + "\"");
    return RatedGame{st.int64(0), st.int32(1), st.int64(2), st.int64(3), *result};
}

constexpr std::string_view kRatedColumns =
    "SELECT tournament_id, pair_index, south_engine_id, north_engine_id, result FROM games ";

}  // namespace

std::vector<RatedGame> Store::rated_games(RowId tournament_id) {
    Lock lock(impl_->mutex);
    // In the order they were stored, whatever index the planner picks (a fit reads them in order).
    return read_rows(*impl_, std::string(kRatedColumns) + "WHERE tournament_id = ?1 ORDER BY id",
                     read_rated, tournament_id);
}

std::vector<RatedGame> Store::rated_games_for_rules(std::string_view rules) {
    Lock lock(impl_->mutex);
    return read_rows(*impl_,
                     std::string(kRatedColumns) +
                         "WHERE tournament_id IN (SELECT id FROM tournaments WHERE rules = ?1) "
                         "ORDER BY id",
                     read_rated, rules);
}

std::vector<StandingRow> Store::standings(RowId tournament_id) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "SELECT engine_id, engine, games, wins, draws, losses, points FROM standings"
                 " WHERE tournament_id = ?1 ORDER BY points DESC, games, engine");
    st.bind(1, tournament_id);
    std::vector<StandingRow> out;
    while (st.step()) {
        out.push_back(StandingRow{st.int64(0), st.text(1), st.int32(2), st.int32(3), st.int32(4),
                                  st.int32(5), st.real(6)});
    }
    return out;
}

}  // namespace oaq::store
