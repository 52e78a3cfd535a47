// Store: games and their moves, and the queries over them.
#include <limits>
#include <optional>
#include <string>
#include <variant>

#include "rules/game.hpp"
#include "rules/move.hpp"
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

// The game's seats in turn order (db/012_game_seats.sql), each with the engine id the caller
// knows or the one of its name, its time control and game::seat_standings(): the row of seat 1
// of a 2-seat game completes it for result_totals (its trigger).
void insert_seats(Store::Impl& impl, RowId game_id, const game::GameRecord& r,
                  const KnownEngines& known) {
    Statement& st = impl.cached(impl.insert_seat,
                                "INSERT INTO game_seats (game_id, seat, engine_id, time_control,"
                                " score, rank, points) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    const auto standings = game::seat_standings(r);
    for (std::size_t i = 0; i < r.seats.size(); ++i) {
        const RowId engine =
            known.seats.empty() ? engine_id(impl, r.seats[i].name) : known.seats[i];
        ResetOnExit reset(st);
        st.bind(1, game_id)
            .bind(2, static_cast<std::int64_t>(i))
            .bind(3, engine)
            .bind(4, game::to_string(r.seats[i].time_control))
            .bind(5, standings[i].score)
            .bind(6, standings[i].rank)
            .bind(7, standings[i].points);
        st.run();
    }
}

// Why `r` cannot be stored in a tournament played under `rules` (nullopt: it can), as the rest of
// a sentence that starts with the game's name. What the old per-ply table's CHECK constraints
// refused is refused here, before anything is written; and a record the two-player tables cannot
// hold (seats, or engine ids the caller gives, other than two).
std::optional<std::string> unstorable(const game::GameRecord& r, const std::string& rules,
                                      const KnownEngines& known) {
    if (r.seat_count() == 2 && r.result == rules::Result::Ongoing)
        return " has no result: only finished games are stored";
    if (r.seat_count() != 2) {
        for (const auto& seat : r.seats)
            if (seat.rank < 1 || seat.rank > r.seat_count() || seat.points < 0)
                return " has a seat without a rank: only finished games are stored";
    }
    if (r.termination == game::Termination::Aborted)
        return " was aborted: aborted games are not stored (resume replays them)";
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        // A rules::Move holds any square: only one the rules' grammar reads back is stored.
        const auto move = rules::parse_move(rules::to_string(m.move));
        const std::string wrong = !move                     ? move.error().message
                                  : m.time_used.count() < 0 ? "a negative time used"
                                                            : "";
        if (!wrong.empty()) return ", ply " + std::to_string(i + 1) + ": " + wrong;
    }
    if (r.seats.size() < 2 || r.seats.size() > 4)
        return " has " + std::to_string(r.seats.size()) + " seats: a game has 2 to 4";
    if (!known.seats.empty() && known.seats.size() != r.seats.size())
        return " has " + std::to_string(r.seats.size()) + " seats, and " +
               std::to_string(known.seats.size()) + " engine ids were given for them";
    if (r.failed_seat && (*r.failed_seat < 0 || *r.failed_seat >= r.seat_count()))
        return " names seat " + std::to_string(*r.failed_seat + 1) + " as failed, of " +
               std::to_string(r.seat_count());
    if (const auto played = rules::expanded(r.rules); played != rules)
        return " was played under rules \"" + played + "\", its tournament under \"" + rules + "\"";
    return std::nullopt;
}

}  // namespace

Expected<RowId> GameStore::record_game(RowId tournament_id, const GameSlot& slot,
                                       const game::GameRecord& r, std::string_view host,
                                       const SessionSlot* session, const KnownEngines& known) {
    using Kind = ErrorKind;
    const std::string opening = r.opening.text();
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
            if (auto why = unstorable(r, t.text(0), known))
                return fail(Kind::InvalidRecord, reference + *why);
        }
        Statement& game = impl.cached(
            impl.insert_game,
            "INSERT INTO game_rows (tournament_id, game_index, pair_index, round, seats, opening,"
            " start_position, termination, failed_seat, detail, plies, final_position, started_at,"
            " ended_at, host) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,"
            " ?15)");
        {
            ResetOnExit reset(game);
            game.bind(1, tournament_id)
                .bind(2, slot.game_index)
                .bind(3, slot.pair_index)
                .bind(4, slot.round)
                .bind(5, r.seat_count())
                .bind(6, opening)
                .bind(7, r.start_position)
                .bind(8, game::to_string(r.termination))
                .bind(10, r.detail)
                .bind(11, r.plies())
                .bind(12, r.final_position)
                .bind(13, format_utc(r.started_at))
                .bind(14, format_utc(r.ended_at))
                .bind(15, host);
            if (r.failed_seat) game.bind(9, *r.failed_seat);
            game.run();
        }
        RowId id = impl.db.last_insert_rowid();
        insert_seats(impl, id, r, known);
        insert_moves(impl, id, r.moves);
        if (session) {
            insert_session_game(impl, tournament_id, id, *session,
                                known.first ? known.first : engine_id(impl, session->first),
                                known.second ? known.second : engine_id(impl, session->second));
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

std::vector<std::int64_t> GameStore::completed_game_indices(RowId tournament_id) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "SELECT game_index FROM game_rows WHERE tournament_id = ?1 ORDER BY game_index");
    st.bind(1, tournament_id);
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

namespace {

// A game's row; its seats come from game_seats (read_seats).
constexpr std::string_view kGameColumns =
    "SELECT g.id, g.tournament_id, g.game_index, g.pair_index, g.round, g.seats, g.failed_seat,"
    " g.termination, g.detail, g.plies, g.opening, g.start_position, g.final_position,"
    " g.started_at, g.ended_at FROM game_rows g ";

// A stored value of game `index` of `tournament_id` no reader can read: the file was edited or
// damaged. The message names the game as every view does (`cup#7`).
[[noreturn]] void damaged_game(Store::Impl& impl, RowId tournament_id, std::int64_t index,
                               const std::string& what) {
    Statement st(impl.db, "SELECT name FROM tournaments WHERE id = ?1");
    st.bind(1, tournament_id);
    const std::string run = st.step() ? st.text(0) : "tournament " + std::to_string(tournament_id);
    impl.damaged(run + "#" + std::to_string(index + 1) + ": " + what);
}

// The seats of game `g` in turn order, and the South/North fields from seats 0 and 1 (the
// result of a 2-seat game from their points, as the `games` view says it).
void read_seats(Store::Impl& impl, GameRow& g, int seat_count) {
    Statement& st =
        impl.cached(impl.game_seats,
                    "SELECT s.seat, s.engine_id, e.name, s.time_control, s.score, s.rank, s.points"
                    " FROM game_seats s JOIN engines e ON e.id = s.engine_id WHERE s.game_id = ?1"
                    " ORDER BY s.seat");
    ResetOnExit reset(st);
    st.bind(1, g.id);
    while (st.step()) {
        if (st.int64(0) != static_cast<std::int64_t>(g.seats.size())) break;
        g.seats.push_back(
            SeatRow{st.int64(1), st.text(2), st.text(3), st.int32(4), st.int32(5), st.real(6)});
    }
    if (static_cast<int>(g.seats.size()) != seat_count || seat_count < 2) {
        damaged_game(impl, g.tournament_id, g.slot.game_index,
                     std::to_string(seat_count) + " seats recorded, " +
                         std::to_string(g.seats.size()) + " stored in order");
    }
    const auto& south = g.seats[0];
    const auto& north = g.seats[1];
    g.south_engine_id = south.engine_id;
    g.north_engine_id = north.engine_id;
    g.south = south.engine;
    g.north = north.engine;
    g.score_south = south.score;
    g.score_north = north.score;
    g.result = seat_count != 2 || south.points == north.points ? rules::Result::Draw
               : south.points > north.points                   ? rules::Result::SouthWin
                                                               : rules::Result::NorthWin;
    g.time_control.clear();
    for (const auto& seat : g.seats) {
        if (g.time_control.empty())
            g.time_control = seat.time_control;
        else if (seat.time_control != south.time_control)
            g.time_control += "/" + seat.time_control;
    }
}

GameRow read_game_row(Store::Impl& impl, const Statement& st) {
    GameRow g;
    g.id = st.int64(0);
    g.tournament_id = st.int64(1);
    g.slot = GameSlot{st.int64(2), st.int32(3), st.int32(4)};
    auto damaged = [&](const std::string& what) {
        damaged_game(impl, g.tournament_id, g.slot.game_index, what);
    };
    if (!st.is_null(6)) g.failed_seat = st.int32(6);
    auto termination = game::parse_termination(st.text(7));
    if (!termination) damaged("termination \"" + st.text(7) + "\"");
    g.termination = *termination;
    g.detail = st.text(8);
    g.plies = st.int32(9);
    g.opening = st.text(10);
    g.start_position = st.text(11);
    g.final_position = st.text(12);
    for (int column : {13, 14}) {
        auto time = parse_utc(st.blob(column));
        if (!time) {
            damaged(std::string(column == 13 ? "its start time" : "its end time") + " \"" +
                    st.text(column) + "\" is not an ISO-8601 UTC time");
        }
        (column == 13 ? g.started_at : g.ended_at) = *time;
    }
    read_seats(impl, g, st.int32(5));
    return g;
}

// Twice the points seat 0 of a 2-seat game has for `result` (a whole number to bind).
std::int64_t south_half_points(rules::Result result) {
    return result == rules::Result::SouthWin ? 2 : result == rules::Result::NorthWin ? 0 : 1;
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
    if (f.result) {
        // A result is a 2-seat game's: seat 0's points say it.
        q.add(
            " AND g.seats = 2 AND (SELECT 2 * points FROM game_seats WHERE game_id = g.id AND"
            " seat = 0) = ?",
            south_half_points(*f.result));
    }
    if (f.ended_from) q.add(" AND g.ended_at >= ?", format_utc(*f.ended_from));
    if (f.ended_before) q.add(" AND g.ended_at < ?", format_utc(*f.ended_before));
    if (f.min_seats) q.add(" AND g.seats >= ?", std::int64_t{*f.min_seats});
}

// The engine's own seat's conditions (--seat, --rank), on the game_seats row named `seat`.
void add_seat_conditions(BoundQuery& q, const GameFilter& f, const std::string& seat) {
    if (f.engine_seat) q.add(" AND " + seat + ".seat = ?", std::int64_t{*f.engine_seat});
    if (f.engine_rank) q.add(" AND " + seat + ".rank = ?", std::int64_t{*f.engine_rank});
}

// The games engine_id played (in any seat), against opponent_id in another seat when given (an
// engine against itself: both seats its own).
void add_engines(BoundQuery& q, const GameFilter& f) {
    if (f.engine_id && f.opponent_id) {
        q.add(
             " AND g.id IN (SELECT a.game_id FROM game_seats a JOIN game_seats b ON"
             " b.game_id = a.game_id AND b.seat <> a.seat WHERE a.engine_id = ?",
             *f.engine_id)
            .add(" AND b.engine_id = ?", *f.opponent_id);
        add_seat_conditions(q, f, "a");
        q.sql += ")";
    } else if (f.engine_id) {
        q.add(" AND g.id IN (SELECT a.game_id FROM game_seats a WHERE a.engine_id = ?",
              *f.engine_id);
        add_seat_conditions(q, f, "a");
        q.sql += ")";
    }
}

// One page of one engine's games: the first offset + limit ids of its games, read in id order
// from game_seats_by_engine (DISTINCT: a game it played against itself has two seats), so the
// cost follows the page size, not the number of games the engine played.
BoundQuery engine_page_ids(const GameFilter& f) {
    BoundQuery q;
    q.add(
        "SELECT DISTINCT s.game_id FROM game_seats s JOIN game_rows g ON g.id = s.game_id"
        " WHERE s.engine_id = ?",
        *f.engine_id);
    if (f.opponent_id) {
        q.add(
            " AND EXISTS (SELECT 1 FROM game_seats b WHERE b.game_id = s.game_id AND"
            " b.seat <> s.seat AND b.engine_id = ?)",
            *f.opponent_id);
    }
    add_seat_conditions(q, f, "s");
    add_conditions(q, f);
    if (f.after_id) q.add(" AND s.game_id > ?", *f.after_id);
    q.add(" ORDER BY s.game_id LIMIT ?", static_cast<std::int64_t>(f.offset + f.limit));
    return q;
}

}  // namespace

std::vector<GameRow> GameStore::games(const GameFilter& filter) {
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
    // One read transaction, so the games and their seats come from the same snapshot.
    Transaction tx(impl_->db, Transaction::Kind::Deferred);
    Statement st(impl_->db, q.sql);
    q.bind(st);
    std::vector<GameRow> out;
    while (st.step()) out.push_back(read_game_row(*impl_, st));
    st.reset();
    tx.commit();
    return out;
}

std::int64_t GameStore::count_games(const GameFilter& filter) {
    BoundQuery q;
    q.sql = "SELECT count(*) FROM game_rows g WHERE 1";
    add_engines(q, filter);
    add_conditions(q, filter);
    Lock lock(impl_->mutex);
    Statement st(impl_->db, q.sql);
    q.bind(st);
    return st.step() ? st.int64(0) : 0;
}

std::optional<RowId> GameStore::game_id(RowId tournament_id, std::int64_t game_index) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "SELECT id FROM game_rows WHERE tournament_id = ?1 AND game_index = ?2");
    st.bind(1, tournament_id).bind(2, game_index);
    if (!st.step()) return std::nullopt;
    return st.int64(0);
}

std::optional<StoredGame> GameStore::game(RowId id) {
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
    StoredRecord& r = out.record;

    Statement m(impl.db, "SELECT moves FROM game_moves WHERE game_id = ?1");
    m.bind(1, id);
    if (m.step()) {
        auto moves = unpack_moves(m.blob(0));
        if (!moves) {
            damaged_game(impl, g.tournament_id, g.slot.game_index,
                         "stored moves are damaged (" + moves.error().message + ")");
        }
        r.moves.reserve(moves->size());
        for (auto& stored : *moves) {
            auto move = read_move(std::move(stored));
            if (!move) {
                damaged_game(
                    impl, g.tournament_id, g.slot.game_index,
                    "ply " + std::to_string(r.moves.size() + 1) + ": " + move.error().message);
            }
            r.moves.push_back(std::move(*move));
        }
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

std::vector<RatedGame> ResultStore::rated_games(RowId tournament_id) {
    Lock lock(impl_->mutex);
    // In the order they were stored, whatever index the planner picks (a fit reads them in order).
    return read_rows(*impl_, std::string(kRatedColumns) + "WHERE tournament_id = ?1 ORDER BY id",
                     read_rated, tournament_id);
}

std::vector<RatedGame> ResultStore::rated_games_for_rules(std::string_view rules) {
    Lock lock(impl_->mutex);
    return read_rows(*impl_,
                     std::string(kRatedColumns) +
                         "WHERE tournament_id IN (SELECT id FROM tournaments WHERE rules = ?1) "
                         "ORDER BY id",
                     read_rated, rules);
}

std::vector<StandingRow> ResultStore::standings(RowId tournament_id) {
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
