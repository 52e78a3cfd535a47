// One schema for games of any number of seats (db/012_game_seats.sql): games of 3 and 4 seats
// read back with every seat, 2-seat games keep the `games` view's columns, files of older
// schemas migrate to the seats table with nothing lost, and merge copies the seats.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "fixtures.hpp"
#include "store/migrations.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;

namespace {

const rules::Rules kTriangle = rules::parse_rules("standard,players=3").value();

std::int64_t count(Database& db, const std::string& sql) {
    Statement st(db, sql);
    st.step();
    return st.int64(0);
}

// Every row of `sql` (its first `columns` columns) as text, columns joined by '|'.
std::vector<std::string> rows_of(Database& db, const std::string& sql, int columns) {
    Statement st(db, sql);
    std::vector<std::string> out;
    while (st.step()) {
        std::string row;
        for (int c = 0; c < columns; ++c)
            row += (c ? "|" : "") + (st.is_null(c) ? std::string("NULL") : st.text(c));
        out.push_back(row);
    }
    return out;
}

}  // namespace

TEST_CASE("a game of three seats reads back with every seat and the failing seat",
          "[store][games][seats]") {
    Store store = Store::open_memory();
    const RowId t = make_run(store, "tri", kTriangle);
    const auto record = table_game({"alpha", "beta", "gamma"}, 3);
    auto id = store.record_game(t, GameSlot{4, 0, 1}, record);
    REQUIRE(id);
    auto stored = store.game(*id);
    REQUIRE(stored);
    const auto& row = stored->row;
    REQUIRE(row.seats.size() == 3);
    const std::vector<std::string> names{"alpha", "beta", "gamma"};
    for (std::size_t i = 0; i < 3; ++i) {
        INFO("seat " << i);
        CHECK(row.seats[i].engine == names[i]);
        CHECK(row.seats[i].engine_id == store.find_engine(names[i])->id);
        CHECK(row.seats[i].score == record.seats[i].score);
        CHECK(row.seats[i].rank == record.seats[i].rank);
        CHECK(row.seats[i].points == record.seats[i].points);
    }
    CHECK(row.seats[2].time_control == "movetime=100");
    CHECK(row.time_control == "10+0.1/movetime=100");
    CHECK(row.failed_seat == 1);
    CHECK(row.termination == game::Termination::TimeForfeit);
    CHECK(row.detail == "seat 2 ran out of time");
    // The record read back is the record as the store writes it, seats and all.
    StoredRecord written = stored_record(record);
    for (std::size_t i = 0; i < 3; ++i) written.seats[i].engine_id = row.seats[i].engine_id;
    CHECK(stored->record.seats == written.seats);
    CHECK(stored->record.failed_seat == 1);
    CHECK(stored->record.rules == rules::expanded(kTriangle));
    CHECK(stored->record.moves.size() == record.moves.size());
    CHECK(stored->record.final_position == record.final_position);
    // Lists and filters see it; the 2-seat results (standings, ratings) do not count it.
    GameFilter by_gamma;
    by_gamma.engine_id = store.find_engine("gamma")->id;
    CHECK(store.count_games(by_gamma) == 1);
    REQUIRE(store.games(by_gamma).size() == 1);
    CHECK(store.games(by_gamma)[0].seats.size() == 3);
    by_gamma.opponent_id = store.find_engine("beta")->id;
    CHECK(store.games(by_gamma).size() == 1);
    by_gamma.opponent_id = by_gamma.engine_id;  // gamma never sat twice at this table
    CHECK(store.games(by_gamma).empty());
    CHECK(store.completed_game_indices(t) == std::vector<std::int64_t>{4});
    CHECK(store.game_id(t, 4) == id.value());
    CHECK(store.standings(t).empty());
    CHECK(store.rated_games(t).empty());
    CHECK(store.integrity_check());
}

TEST_CASE("a game of four seats and a game of two share one table of seats",
          "[store][games][seats]") {
    TempDir dir;
    Store store = Store::open(dir.file("seats.db"));
    const auto square = rules::parse_rules("standard,players=4").value();
    const RowId four = make_run(store, "square", square);
    const RowId two = make_tournament(store, "pair");
    REQUIRE(store.record_game(four, GameSlot{0, 0, 0}, table_game({"a", "b", "c", "d"}, 1)));
    auto pair = make_game("a", "b", 5, 2);
    pair.result = rules::Result::NorthWin;
    REQUIRE(store.record_game(two, GameSlot{0, 0, 0}, pair));
    auto draw = make_game("b", "a", 5, 3);
    draw.result = rules::Result::Draw;
    REQUIRE(store.record_game(two, GameSlot{1, 0, 0}, draw));

    Database db(dir.file("seats.db"), Database::Mode::ReadOnly);
    // Seats of every game, in turn order: the 2-seat games' ranks and points from their result.
    CHECK(rows_of(db,
                  "SELECT g.game_index, s.seat, e.name, s.rank, s.points FROM game_seats s"
                  " JOIN game_rows g ON g.id = s.game_id JOIN engines e ON e.id = s.engine_id"
                  " WHERE g.tournament_id = " +
                      std::to_string(two) + " ORDER BY g.id, s.seat",
                  5) ==
          std::vector<std::string>{"0|0|a|2|0.0", "0|1|b|1|1.0", "1|0|b|1|0.5", "1|1|a|1|0.5"});
    CHECK(count(db,
                "SELECT count(*) FROM game_seats s JOIN game_rows g ON g.id = s.game_id"
                " WHERE g.tournament_id = " +
                    std::to_string(four)) == 4);
    // The games view holds the games of two seats, in the columns the table had.
    CHECK(rows_of(db,
                  "SELECT game_index, result, score_south, score_north, time_control FROM"
                  " games ORDER BY id",
                  5) ==
          std::vector<std::string>{"0|north_win|" + std::to_string(pair.south().score) + "|" +
                                       std::to_string(pair.north().score) + "|10+0.1",
                                   "1|draw|" + std::to_string(draw.south().score) + "|" +
                                       std::to_string(draw.north().score) + "|10+0.1"});
    CHECK(store.count_games({}) == 3);
    CHECK(store.games(GameFilter{}).size() == 3);
    GameFilter draws;
    draws.result = rules::Result::Draw;
    REQUIRE(store.games(draws).size() == 1);  // a 4-seat game has no 2-seat result
    CHECK(store.games(draws)[0].slot.game_index == 1);
    auto standings = store.standings(two);
    REQUIRE(standings.size() == 2);
    CHECK(standings[0].engine == "b");
    CHECK(standings[0].points == 1.5);
    CHECK(store.integrity_check());
}

TEST_CASE("a record the seats table cannot hold is refused with nothing written",
          "[store][games][seats]") {
    Store store = Store::open_memory();
    const RowId t = make_run(store, "tri", kTriangle);
    auto unranked = table_game({"a", "b", "c"}, 1);
    unranked.seats[2].rank = 0;
    auto refused = store.record_game(t, GameSlot{0, 0, 0}, unranked);
    REQUIRE(!refused);
    CHECK_THAT(refused.error().message,
               Catch::Contains("tri#1 has a seat without a rank: only finished games are stored"));
    auto wrong_seat = table_game({"a", "b", "c"}, 1);
    wrong_seat.failed_seat = 3;
    refused = store.record_game(t, GameSlot{0, 0, 0}, wrong_seat);
    REQUIRE(!refused);
    CHECK_THAT(refused.error().message, Catch::Contains("names seat 4 as failed, of 3"));
    KnownEngines two_ids;
    two_ids.seats = {1, 2};
    refused = store.record_game(t, GameSlot{0, 0, 0}, table_game({"a", "b", "c"}, 1), "", nullptr,
                                two_ids);
    REQUIRE(!refused);
    CHECK_THAT(refused.error().message, Catch::Contains("has 3 seats, and 2 engine ids"));
    CHECK(store.count_games({}) == 0);
    CHECK(store.integrity_check());
}

TEST_CASE("migration 011 moves a file's South and North columns into seats and keeps everything",
          "[store][schema][seats]") {
    TempDir dir;
    const std::string path = dir.file("v10.db");
    std::vector<std::string> before;
    std::vector<std::string> totals;
    const std::string games_sql = "SELECT * FROM games ORDER BY id";
    const std::string totals_sql = "SELECT * FROM result_totals ORDER BY 1, 2, 3";
    {
        // A file of schema 10: three games (one with each result, one with two time controls),
        // their moves, and a session linking one of them.
        Database db(path, Database::Mode::ReadWriteCreate);
        REQUIRE(migrate(db, 10) == 10);
        db.exec("PRAGMA foreign_keys = ON");
        db.exec(
            "INSERT INTO engines (id, name, first_seen) VALUES (1, 'a', '2026-01-01T00:00:00Z'),"
            " (2, 'b', '2026-01-01T00:00:00Z');"
            "INSERT INTO tournaments (id, name, format, rules, time_control, seed, started_at)"
            " VALUES (1, 'old', 'match', 'classic', '10+0', 7, '2026-01-01T00:00:00Z');"
            "INSERT INTO games (id, tournament_id, game_index, pair_index, round, start_position,"
            " time_control, south_engine_id, north_engine_id, result, score_south, score_north,"
            " termination, detail, plies, final_position, started_at, ended_at, host) VALUES"
            " (1, 1, 0, 0, 0, 's', '10+0', 1, 2, 'south_win', 40, 30, 'normal', 'x', 0, 'f',"
            " '2026-01-01T00:00:00Z', '2026-01-01T00:00:01.500Z', 'h1'),"
            " (2, 1, 1, 0, 0, 's', '10+0/movetime=100', 2, 1, 'north_win', 20, 50,"
            " 'time_forfeit', 'flag', 0, 'f', '2026-01-01T00:00:02Z', '2026-01-01T00:00:03Z', ''),"
            " (3, 1, 2, 1, 0, 's', '', 1, 1, 'draw', 35, 35, 'crash', '', 0, 'f',"
            " '2026-01-01T00:00:04Z', '2026-01-01T00:00:05Z', '');"
            "INSERT INTO game_moves (game_id, moves) VALUES (1, X'01'), (2, X'01'), (3, X'01');"
            "INSERT INTO sessions (id, tournament_id, session_index, first_engine_id,"
            " second_engine_id, game_limit, total) VALUES (1, 1, 0, 1, 2, 3, 70);"
            "INSERT INTO session_games (game_id, session_id, number, wealth_first, wealth_second)"
            " VALUES (2, 1, 1, 30, 40);");
        before = rows_of(db, games_sql, 20);
        totals = rows_of(db, totals_sql, 7);
    }
    {
        Store store = Store::open(path);
        CHECK(store.schema_version() == latest_schema_version());
        CHECK(store.integrity_check());
        auto g2 = store.game(2);
        REQUIRE(g2);
        REQUIRE(g2->row.seats.size() == 2);
        CHECK(g2->row.seats[0].engine == "b");
        CHECK(g2->row.seats[0].time_control == "10+0");
        CHECK(g2->row.seats[0].rank == 2);
        CHECK(g2->row.seats[0].points == 0.0);
        CHECK(g2->row.seats[1].time_control == "movetime=100");
        CHECK(g2->row.seats[1].rank == 1);
        CHECK(g2->row.result == rules::Result::NorthWin);
        CHECK(g2->row.time_control == "10+0/movetime=100");
        CHECK(store.session_of_game(2).has_value());
    }
    Database db(path, Database::Mode::ReadWrite);
    db.exec("PRAGMA foreign_keys = ON");
    // The games view says what the table said, column for column; the totals are untouched.
    CHECK(rows_of(db, games_sql, 20) == before);
    CHECK(rows_of(db, totals_sql, 7) == totals);
    CHECK(count(db, "SELECT count(*) FROM game_moves") == 3);
    CHECK(count(db, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
    // The moves and session links follow the games table now: deleting a game takes them along.
    db.exec("DELETE FROM games WHERE id = 2");
    CHECK(count(db, "SELECT count(*) FROM game_moves") == 2);
    CHECK(count(db, "SELECT count(*) FROM session_games") == 0);
    CHECK(count(db, "SELECT count(*) FROM game_seats") == 4);
    // A game written through the view, as by hand, gets its seats and its totals.
    db.exec(
        "INSERT INTO games (tournament_id, game_index, pair_index, round, start_position,"
        " south_engine_id, north_engine_id, result, score_south, score_north, termination,"
        " plies, final_position, started_at, ended_at) VALUES (1, 7, 3, 0, 's', 2, 1,"
        " 'south_win', 40, 30, 'normal', 0, 'f', '2026-01-01T00:00:00Z',"
        " '2026-01-01T00:00:01Z');"
        "INSERT INTO game_moves (game_id, moves) SELECT id, X'01' FROM games WHERE game_index = 7");
    CHECK_THROWS_WITH(
        db.exec("INSERT INTO games (tournament_id, game_index, pair_index, round, start_position,"
                " south_engine_id, north_engine_id, result, score_south, score_north, termination,"
                " plies, final_position, started_at, ended_at) VALUES (1, 8, 3, 0, 's', 2, 1,"
                " 'south_won', 40, 30, 'normal', 0, 'f', '2026-01-01T00:00:00Z',"
                " '2026-01-01T00:00:01Z')"),
        Catch::Contains("CHECK constraint failed: result"));
    Store store = Store::open(path);
    CHECK(store.integrity_check());
    // a: the win of game 1, the draw against itself (both sides), the loss just written.
    auto standings = store.standings(1);
    REQUIRE(standings.size() == 2);
    CHECK(standings[0].engine == "a");
    CHECK(standings[0].games == 4);
    CHECK(standings[0].points == 2.0);
    CHECK(standings[1].engine == "b");
    CHECK(standings[1].points == 1.0);
}

TEST_CASE("merge copies every game's seats, games of three seats and older files alike",
          "[store][merge][seats]") {
    TempDir dir;
    {
        Store a = Store::open(dir.file("a.db"));
        const RowId t = make_run(a, "tri", kTriangle);
        REQUIRE(a.record_game(t, GameSlot{0, 0, 0}, table_game({"x", "y", "z"}, 1)));
        REQUIRE(a.record_game(t, GameSlot{1, 0, 0}, table_game({"z", "x", "y"}, 2)));
    }
    {
        // A file of schema 10 (merged through a migrated copy in memory).
        Database db(dir.file("old.db"), Database::Mode::ReadWriteCreate);
        REQUIRE(migrate(db, 10) == 10);
        db.exec(
            "INSERT INTO engines (id, name, first_seen) VALUES (1, 'x', '2026-01-01T00:00:00Z'),"
            " (2, 'y', '2026-01-01T00:00:00Z');"
            "INSERT INTO tournaments (id, name, format, rules, time_control, seed, started_at)"
            " VALUES (1, 'old', 'match', 'classic', '10+0', 7, '2026-01-01T00:00:00Z');"
            "INSERT INTO games (id, tournament_id, game_index, pair_index, round, start_position,"
            " time_control, south_engine_id, north_engine_id, result, score_south, score_north,"
            " termination, plies, final_position, started_at, ended_at) VALUES (1, 1, 0, 0, 0,"
            " 's', '10+0/depth=3', 1, 2, 'north_win', 30, 40, 'normal', 0, 'f',"
            " '2026-01-01T00:00:00Z', '2026-01-01T00:00:01.500Z');"
            "INSERT INTO game_moves (game_id, moves) VALUES (1, X'01');");
    }
    Store all = Store::open(dir.file("all.db"));
    auto merged = all.merge({dir.file("a.db"), dir.file("old.db")});
    REQUIRE(merged);
    CHECK(merged->added == 3);
    const auto tri = all.find_tournament("tri").value();
    auto first = all.game(*all.game_id(tri.id, 1));
    REQUIRE(first);
    REQUIRE(first->row.seats.size() == 3);
    CHECK(first->row.seats[0].engine == "z");
    CHECK(first->row.seats[1].rank == 3);
    CHECK(first->row.seats[2].time_control == "movetime=100");
    CHECK(first->row.failed_seat == 1);
    const auto old = all.find_tournament("old").value();
    auto kept = all.game(*all.game_id(old.id, 0));
    REQUIRE(kept);
    REQUIRE(kept->row.seats.size() == 2);
    CHECK(kept->row.seats[1].engine == "y");
    CHECK(kept->row.seats[1].rank == 1);
    CHECK(kept->row.seats[1].time_control == "depth=3");
    CHECK(kept->row.result == rules::Result::NorthWin);
    REQUIRE(all.standings(old.id).size() == 2);
    CHECK(all.standings(old.id)[0].engine == "y");
    CHECK(all.integrity_check());
    // Merged again, the same games are recognised by their seats and nothing is added.
    auto again = all.merge({dir.file("a.db")});
    REQUIRE(again);
    CHECK(again->added == 0);
    CHECK(again->present == 2);
    CHECK(all.count_games({}) == 3);
}
