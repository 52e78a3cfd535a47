// What `oaq play` tells a person: the board from their side, what a move did, the score in words.
#include <catch2/catch.hpp>

#include <string>

#include "rules/move.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"
#include "views/board_view.hpp"
#include "views/play_view.hpp"

using namespace oaq;
using Catch::Matchers::Contains;

namespace {

rules::Position position(const std::string& text) {
    return rules::parse_position(text, rules::Rules{}).value();
}

}  // namespace

TEST_CASE("the board is turned for a player of North and his row reads N1 to N5 at the bottom",
          "[app][play]") {
    const rules::Rules standard;
    const auto pos = position("Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0");
    const std::string south = views::draw_board(pos, standard);
    const std::string north = views::draw_board(pos, standard, rules::Side::North);
    CHECK(south.find("N5    N4    N3    N2    N1") < south.find("S1    S2    S3    S4    S5"));
    CHECK(north.find("S5    S4    S3    S2    S1") < north.find("N1    N2    N3    N4    N5"));
    // North's row at the bottom, left to right N1..N5: 3 1 3 0 4; QE (5 citizens) on his left.
    CHECK_THAT(north, Contains("\\  QE  / |   3 |   1 |   3 |   0 |   4 | \\  QW  /"));
    CHECK_THAT(north, Contains("|   5   |"));
}

TEST_CASE("a move is explained: the sowing, relays, captures and the refill with its debt",
          "[app][play]") {
    const rules::Rules standard;
    SECTION("1L from the start relays and captures a mandarin (rules.md 8.1)") {
        const auto before = rules::start_position(standard);
        const auto move = rules::parse_move("1L").value();
        const auto text =
            views::explain_move(before, move, rules::play(before, move, standard), standard, "You");
        CHECK(text ==
              "You took the 5 citizens of S1 and sowed them to the left, with relays, and "
              "captured 10 citizens and 1 mandarin piece (worth 10 each).");
    }
    SECTION("a capture that leaves North to refill with a debt (rules.md 8.7)") {
        const auto before = position("Q5,0,0,0,1,0,0,2,0,0,0,0 S 0+0 3+1 0 0");
        const auto move = rules::parse_move("4R").value();
        const auto text = views::explain_move(before, move, rules::play(before, move, standard),
                                              standard, "The engine");
        CHECK(text ==
              "The engine took the 1 citizen of S4 and sowed it to the right, and captured "
              "2 citizens. North's five squares were empty, so one citizen was put back "
              "on each (a refill), 2 of them borrowed from South: a debt of 2 counted "
              "against North.");
    }
    SECTION("a quiet move captures nothing") {
        const auto before = position("Q5,2,1,1,3,0,Q5,1,0,0,1,1 S 0+0 0+0 0 0");
        const auto move = rules::parse_move("1R").value();
        const auto text =
            views::explain_move(before, move, rules::play(before, move, standard), standard, "You");
        CHECK(text ==
              "You took the 2 citizens of S1 and sowed them to the right, with relays, "
              "capturing nothing.");
    }
}

TEST_CASE("the engine's score is said in citizens from the engine's side", "[app][play]") {
    const rules::Rules standard;
    using K = protocol::Score::Kind;
    CHECK(views::explain_score({K::Cp, 300}, standard) ==
          "the engine thinks it is ahead by about 3 citizens");
    CHECK(views::explain_score({K::Cp, -120}, standard) ==
          "the engine thinks it is behind by about 1 citizen");
    CHECK(views::explain_score({K::Cp, 20}, standard) == "the engine thinks the game is even");
    CHECK(views::explain_score({K::Mate, 5}, standard) ==
          "the engine sees a forced win in 5 plies");
    CHECK(views::explain_score({K::Mate, -2}, standard) ==
          "the engine sees a forced loss in 2 plies");
    CHECK_THAT(views::play_legend(rules::Side::North, standard),
               Contains("Your row is the bottom one (North: squares N1 to N5"));
}
