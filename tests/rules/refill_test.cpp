// refill=own_or_lose (rules.md section 3.1) and the tg-standard preset: a mover who must refill
// with a score below 5 loses whatever the scores (EndReason::RefillLoss, settlement as usual);
// otherwise his captured pieces are turned into quan_value citizens while his own citizens are
// fewer than 5, then the refill goes on as under borrow; either way his score falls by exactly 5.
// In every case below South's 4R captures North's last citizens (N1), so North must refill.
#include <catch2/catch.hpp>

#include <string>

#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::play_moves;
using test::position_of;
using test::rules_of;

// South's 4R: S4's citizen lands in S5, the empty QE is a gap, N1 (2) is captured, N2 and N3 are
// two empties. North's store and debts are filled in by each case.
std::string before_north_refills(const std::string& stores_and_debts) {
    return "Q5,0,0,0,1,0,0,2,0,0,0,0 S " + stores_and_debts;
}

TEST_CASE("under own_or_lose a mover below 5 points at a refill loses whatever the scores",
          "[rules][refill][switch]") {
    const Rules tg = rules_of("tg-standard");
    SECTION("North leads 4 to 3 and still loses") {
        const Position pos = play_moves("tg-standard", before_north_refills("0+0 4+0 0 0"), "4R");
        // Settlement as usual: S5's citizen goes to South.
        CHECK(to_string(pos) == "Q5,0,0,0,0,0,0,0,0,0,0,0 N 3+0 4+0 0 0");
        CHECK(pos.end == EndReason::RefillLoss);
        CHECK(score(pos, Side::South, tg) == 3);
        CHECK(score(pos, Side::North, tg) == 4);
        CHECK(result(pos, tg) == Result::SouthWin);
        CHECK(to_string(pos.end) == "refill_loss");
        CHECK(legal_moves(pos, tg).empty());
    }
    SECTION("the score decides, not the store: 6 citizens less a debt of 2 is 4") {
        const Position pos = play_moves("tg-standard", before_north_refills("0+0 6+0 0 2"), "4R");
        CHECK(pos.end == EndReason::RefillLoss);
        CHECK(result(pos, tg) == Result::SouthWin);
        // Under borrow the same North refills from his own store.
        CHECK(to_string(play_moves("stop-after-capture", before_north_refills("0+0 6+0 0 2"),
                                   "4R")) == "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 1+0 0 2");
    }
    SECTION("a draw by the scores is a loss too") {
        const Position pos = play_moves("tg-standard", before_north_refills("0+0 3+0 0 0"), "4R");
        CHECK(score(pos, Side::South, tg) == score(pos, Side::North, tg));
        CHECK(result(pos, tg) == Result::SouthWin);
    }
    SECTION("South loses the same way when South must refill") {
        const Position pos =
            position_of("Q5,0,0,0,0,0,Q5,1,1,1,1,1 S 4+0 0+0 0 0", rules_of("tg-standard"));
        CHECK(pos.end == EndReason::RefillLoss);
        CHECK(to_string(pos) == "Q5,0,0,0,0,0,Q5,0,0,0,0,0 S 4+0 5+0 0 0");
        CHECK(result(pos, tg) == Result::NorthWin);
    }
    SECTION("exactly 5 points is enough") {
        const Position pos = play_moves("tg-standard", before_north_refills("0+0 5+0 0 0"), "4R");
        CHECK_FALSE(pos.is_over());
        CHECK(to_string(pos) == "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 0+0 0 0");
    }
}

TEST_CASE("under own_or_lose a captured piece pays for a refill as quan_value citizens",
          "[rules][refill][switch]") {
    SECTION("2 citizens and a piece: the piece becomes 10, the refill takes 5 of 12") {
        const Rules tg = rules_of("tg-standard");
        const Position before = position_of(before_north_refills("0+0 2+1 0 0"), tg);
        const Position pos = play_moves("tg-standard", before_north_refills("0+0 2+1 0 0"), "4R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 7+0 0 0");
        CHECK(score(before, Side::North, tg) == 12);
        CHECK(score(pos, Side::North, tg) == 7);
        // Under borrow the piece is never used, and the 2 + 2 citizens of both stores are short.
        const Position borrow =
            play_moves("stop-after-capture", before_north_refills("0+0 2+1 0 0"), "4R");
        CHECK(borrow.end == EndReason::RefillImpossible);
        CHECK(to_string(borrow) == "Q5,0,0,0,0,0,0,0,0,0,0,0 N 3+0 2+1 0 0");
    }
    SECTION("with quan_value=5 a piece becomes 5 citizens") {
        const Position pos =
            play_moves("tg-standard,quan_value=5", before_north_refills("0+0 1+1 0 0"), "4R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 1+0 0 0");
    }
    SECTION("only as many pieces as are needed: one of two") {
        const Position pos =
            play_moves("tg-standard", "5,0,0,0,1,0,0,2,0,0,0,0 S 0+0 0+2 0 0", "4R");
        CHECK(to_string(pos) == "5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 5+1 0 0");
    }
    SECTION("with quan_value=5 and no citizens, one piece is exactly enough") {
        const Position pos =
            play_moves("tg-standard,quan_value=5", "5,0,0,0,1,0,0,2,0,0,0,0 S 0+0 0+2 0 0", "4R");
        CHECK(to_string(pos) == "5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 0+1 0 0");
    }
    SECTION("5 citizens of his own: the piece stays") {
        const Position pos = play_moves("tg-standard", before_north_refills("0+0 5+1 0 0"), "4R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 0+1 0 0");
    }
}

TEST_CASE("under own_or_lose the mover's score falls by exactly 5 at every refill",
          "[rules][refill][switch]") {
    const Rules tg = rules_of("tg-standard");
    // North's store and debts before South's 4R, each with a score of at least 5.
    const std::string cases[] = {"0+0 5+0 0 0", "0+0 9+0 0 0", "0+0 2+1 0 0", "0+0 0+1 0 0",
                                 "7+0 4+0 1 0", "7+0 3+0 2 0", "0+0 4+1 0 3"};
    for (const auto& stores : cases) {
        INFO(stores);
        const Position before = position_of(before_north_refills(stores), tg);
        const Position pos = play_moves("tg-standard", before_north_refills(stores), "4R");
        REQUIRE_FALSE(pos.is_over());
        CHECK(score(pos, Side::North, tg) == score(before, Side::North, tg) - 5);
    }
}

TEST_CASE("under own_or_lose 5 points with both stores short of 5 citizens is refill_impossible",
          "[rules][refill][switch]") {
    // North: 3 citizens and South's debt of 2 make 5 points, but the stores hold 1 + 3 citizens.
    const Rules tg = rules_of("tg-standard");
    const Position pos = position_of("Q5,1,1,1,1,1,Q5,0,0,0,0,0 N 1+0 3+0 2 0", tg);
    CHECK(pos.end == EndReason::RefillImpossible);
    CHECK(to_string(pos) == "Q5,0,0,0,0,0,Q5,0,0,0,0,0 N 6+0 3+0 2 0");
    CHECK(score(pos, Side::North, tg) == 5);
    CHECK(score(pos, Side::South, tg) == 4);
    CHECK(result(pos, tg) == Result::NorthWin);  // an ordinary result by the scores
}

TEST_CASE("the own_or_lose table of the protocol's worked examples holds", "[rules][refill]") {
    // protocol-spec/rules.md section 8.10, and a borrowing after South's debt made 5 points.
    auto [stores, expected] = GENERATE(table<std::string, std::string>({
        {"7+0 4+0 1 0", "Q5,0,0,0,0,1,0,1,1,1,1,1 N 8+0 0+0 1 1"},
        {"0+0 7+1 0 0", "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 2+1 0 0"},
        {"0+0 3+1 0 0", "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 8+0 0 0"},
        {"0+0 1+1 0 0", "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 6+0 0 0"},
        {"0+0 3+0 2 0", "Q5,0,0,0,0,1,0,1,1,1,1,1 N 0+0 0+0 2 2"},
        {"0+0 4+0 0 0", "Q5,0,0,0,0,0,0,0,0,0,0,0 N 3+0 4+0 0 0"},
    }));
    INFO(stores);
    CHECK(to_string(play_moves("tg-standard", before_north_refills(stores), "4R")) == expected);
}

TEST_CASE("a game lost at a refill is reported through Game", "[rules][refill][game]") {
    const Rules tg = rules_of("tg-standard");
    Game game(tg, position_of(before_north_refills("0+0 4+0 0 0"), tg));
    REQUIRE(game.play("4R").has_value());
    CHECK(game.is_over());
    CHECK(game.end() == EndReason::RefillLoss);
    CHECK(game.result() == Result::SouthWin);
    auto refused = game.play("1L");
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message == "illegal move 1L: the game is over");
}

}  // namespace
}  // namespace oaq::rules
