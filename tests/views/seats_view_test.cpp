// `oaq results game` and the games list on a game of three seats: every seat with its engine,
// time control, score, rank and points, in the text and in the JSON (`seats`), and the failing
// seat named; a 2-seat game keeps its South/North text and gains the same `seats` list.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "../store/fixtures.hpp"
#include "rules/rules.hpp"
#include "views/export_games.hpp"
#include "views/game_views.hpp"
#include "views/results_json.hpp"

using namespace oaq;
using Catch::Matchers::Contains;
using store::test::TempDir;

TEST_CASE("a game of three seats is shown with every seat in text and JSON", "[views][seats]") {
    TempDir dir;
    auto db = store::Store::open(dir.file("tri.db"));
    const auto tri =
        store::test::make_run(db, "tri", rules::parse_rules("standard,players=3").value());
    const auto id = db.record_game(tri, store::GameSlot{2, 0, 0},
                                   store::test::table_game({"alpha", "beta", "gamma"}, 5))
                        .value();
    const auto game = views::load_game(db, id);
    const auto number = views::game_number("tri", game.row.slot);

    const auto text = views::game_text(game, number);
    CHECK_THAT(text, Contains("game tri#3"));
    CHECK_THAT(text, Contains("seat 1 alpha (10+0.1)  score 22  rank 1  points 0.75\n"));
    CHECK_THAT(text, Contains("seat 2 beta (10+0.1)  score 21  rank 3  points 0  failed: "
                              "time_forfeit\n"));
    CHECK_THAT(text, Contains("seat 3 gamma (movetime=100)  score 22  rank 1  points 0.75\n"));
    CHECK_THAT(text, Contains("termination time_forfeit  detail seat 2 ran out of time"));

    const auto json = views::game_json(number, id, game.record, game.row.plies, true);
    CHECK_THAT(json, Contains(R"("seats":[{"seat":1,"engine":"alpha","time_control":"10+0.1",)"
                              R"("score":22,"rank":1,"points":0.75},)"));
    CHECK_THAT(json, Contains(R"({"seat":2,"engine":"beta","time_control":"10+0.1","score":21,)"
                              R"("rank":3,"points":0})"));
    CHECK_THAT(json, Contains(R"({"seat":3,"engine":"gamma","time_control":"movetime=100",)"));
    CHECK_THAT(json, Contains(R"("failed_seat":2)"));

    const auto list =
        views::games_list(db.games({}), views::tournament_infos(db), views::OutputFormat::Table);
    CHECK_THAT(list, Contains("alpha, beta, gamma"));
    CHECK_THAT(list, Contains("1-3-1"));
}

TEST_CASE("a game of two seats lists its two seats in JSON beside south and north",
          "[views][seats]") {
    TempDir dir;
    auto db = store::Store::open(dir.file("two.db"));
    const auto cup = store::test::make_tournament(db, "cup");
    auto record = store::test::make_game("A", "B", 4, 1);
    record.result = rules::Result::SouthWin;
    const auto id = db.record_game(cup, store::GameSlot{0, 0, 0}, record).value();
    const auto game = views::load_game(db, id);
    const auto number = views::game_number("cup", game.row.slot);
    CHECK_THAT(views::game_text(game, number), Contains("south A (10+0.1)  north B (10+0.1)"));
    const auto json = views::game_json(number, id, game.record, game.row.plies, false);
    CHECK_THAT(json,
               Contains(R"("seats":[{"seat":1,"engine":"A","time_control":"10+0.1","score":)"));
    CHECK_THAT(json, Contains(R"("rank":1,"points":1},{"seat":2,"engine":"B")"));
    CHECK_THAT(json, Contains(R"("rank":2,"points":0}],"failed_seat":null)"));
}

TEST_CASE("an export writes the header lines and every game and PGN leaves out the tables",
          "[views][seats][export]") {
    TempDir dir;
    auto db = store::Store::open(dir.file("mixed.db"));
    const auto tri =
        store::test::make_run(db, "tri", rules::parse_rules("standard,players=3").value());
    (void)db
        .record_game(tri, store::GameSlot{0, 0, 0},
                     store::test::table_game({"alpha", "beta", "gamma"}, 5))
        .value();
    const auto cup = store::test::make_tournament(db, "cup");
    (void)db.record_game(cup, store::GameSlot{0, 0, 0}, store::test::make_game("A", "B", 4, 1))
        .value();
    std::ostringstream pgn;
    const auto p = views::write_export(db, {}, "pgn", pgn);
    CHECK(p.written == 1);
    CHECK(p.left_out == 1);
    std::ostringstream csv;
    const auto c = views::write_export(db, {}, "csv", csv);
    CHECK(c.written == 2);
    CHECK(c.left_out == 0);
    CHECK(csv.str().rfind(views::game_csv_header(true) + "\n", 0) == 0);
}
