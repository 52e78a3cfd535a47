// seat_standings(): one form of a game's outcome for any number of seats.
#include <catch2/catch.hpp>

#include "game/game_record.hpp"

using namespace oaq;

TEST_CASE("a 2-seat record's standings come from its result", "[game][record]") {
    game::GameRecord g;
    g.seats[0].score = 40;
    g.seats[1].score = 30;
    g.result = rules::Result::SouthWin;
    auto s = game::seat_standings(g);
    REQUIRE(s.size() == 2);
    CHECK(s[0].rank == 1);
    CHECK(s[0].points == 1.0);
    CHECK(s[0].score == 40);
    CHECK(s[1].rank == 2);
    CHECK(s[1].points == 0.0);

    g.result = rules::Result::NorthWin;
    s = game::seat_standings(g);
    CHECK(s[0].rank == 2);
    CHECK(s[1].rank == 1);
    CHECK(s[1].points == 1.0);

    g.result = rules::Result::Draw;
    s = game::seat_standings(g);
    CHECK(s[0].rank == 1);
    CHECK(s[1].rank == 1);
    CHECK(s[0].points == 0.5);
    CHECK(s[1].points == 0.5);
}

TEST_CASE("a 3-seat record's standings are its seats' own", "[game][record]") {
    game::GameRecord g;
    g.seats.resize(3);
    auto seat = [](int score, int rank, double points) {
        game::SeatRecord s;
        s.score = score;
        s.rank = rank;
        s.points = points;
        return s;
    };
    g.seats = {seat(50, 1, 1.0), seat(30, 3, 0.0), seat(40, 2, 0.5)};
    auto s = game::seat_standings(g);
    REQUIRE(s.size() == 3);
    CHECK(s[1].rank == 3);
    CHECK(s[2].points == 0.5);
    CHECK(s[0].score == 50);
}
