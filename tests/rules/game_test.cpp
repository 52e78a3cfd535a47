// Game (rules.md section 4): threefold repetition and the ply limit, both counted from the start
// position, settlement when they end the game, and refusal of illegal moves and of moves after the
// end, each with its reason.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::position_of;
using test::rules_of;

// A position where four quiet moves come back to it: S1 sows into S2 (S3, S4 two empties), N5
// into N4 (N3, N2 two empties), S2 back into S1 (QW is not empty), N4 back into N5 (QW again).
const std::string kCycleStart = "Q0,1,0,0,0,0,Q0,0,0,0,0,1 S 3+0 1+0 0 0";
const char* const kCycle[] = {"1R", "5L", "2L", "4R"};

TEST_CASE("the third occurrence of a position ends the game by repetition", "[rules][game]") {
    const Rules rules;
    Game game(rules, position_of(kCycleStart, rules));
    for (int ply = 0; ply < 7; ++ply) {
        REQUIRE(game.play(kCycle[ply % 4]).has_value());
        CHECK_FALSE(game.is_over());
    }
    // Ply 4 was the second occurrence (the start is the first); ply 8 is the third.
    CHECK(game.positions()[4] == game.start());
    auto last = game.play(kCycle[3]);
    REQUIRE(last.has_value());
    CHECK(game.is_over());
    CHECK(game.end() == EndReason::Repetition);
    CHECK(game.ply() == 8);
    // Settlement: South's S1 and North's N5 go to their own stores.
    CHECK(to_string(game.position()) == "Q0,0,0,0,0,0,Q0,0,0,0,0,0 S 4+0 2+0 0 0");
    CHECK(to_string(*last) == to_string(game.position()));
    CHECK(game.score(Side::South) == 4);
    CHECK(game.score(Side::North) == 2);
    CHECK(game.result() == Result::SouthWin);
    CHECK(to_string(game.end()) == "repetition");
    CHECK(to_string(game.result()) == "south_win");
}

TEST_CASE("a repetition found by a seeded random search is reported by Game", "[rules][game]") {
    // Random play from positions with few stones repeats often; a fixed seed makes it one game.
    const Rules rules;
    std::mt19937 rng(20260101);
    bool found = false;
    for (int attempt = 0; attempt < 2000 && !found; ++attempt) {
        Game game(rules, position_of("Q0,1,0,1,0,0,Q0,0,1,0,0,1 S 0+0 0+0 0 0", rules), 0);
        while (!game.is_over()) {
            const auto moves = legal_moves(game.position(), rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            REQUIRE(game.play(moves[pick(rng)]).has_value());
            REQUIRE(game.ply() < 10000);
        }
        if (game.end() != EndReason::Repetition) continue;
        found = true;
        // The position before settlement occurred twice before: re-derive it from the moves.
        Position before = game.positions()[static_cast<std::size_t>(game.ply() - 1)];
        before = play(before, game.moves().back(), rules);
        int seen = 0;
        for (int i = 0; i < game.ply(); ++i)
            seen += game.positions()[static_cast<std::size_t>(i)] == before;
        CHECK(seen == 2);
    }
    CHECK(found);
}

TEST_CASE("the ply limit ends the game after that many plies from the start", "[rules][game]") {
    const Rules rules;
    Game game(rules, position_of(kCycleStart, rules), 5);
    for (int ply = 0; ply < 4; ++ply) REQUIRE(game.play(kCycle[ply % 4]).has_value());
    CHECK_FALSE(game.is_over());
    REQUIRE(game.play(kCycle[0]).has_value());
    CHECK(game.is_over());
    CHECK(game.end() == EndReason::PlyLimit);
    CHECK(to_string(game.end()) == "ply_limit");
    CHECK(to_string(game.position()) == "Q0,0,0,0,0,0,Q0,0,0,0,0,0 N 4+0 2+0 0 0");

    SECTION("the default limit is 300 plies and 0 means none") {
        CHECK(kDefaultPlyLimit == 300);
        Game unlimited(rules, position_of(kCycleStart, rules), 0);
        for (int ply = 0; ply < 7; ++ply) REQUIRE(unlimited.play(kCycle[ply % 4]).has_value());
        CHECK_FALSE(unlimited.is_over());
    }
}

TEST_CASE("a game ended by its own rules reports the rules' reason", "[rules][game]") {
    const Rules rules;
    Game game(rules, position_of("0,0,0,1,0,0,Q3,0,0,1,1,1 S 0+1 0+0 0 0", rules));
    REQUIRE(game.play("3R").has_value());
    CHECK(game.end() == EndReason::MandarinsEmpty);
    CHECK(to_string(game.end()) == "mandarins_empty");
    CHECK(game.result() == Result::SouthWin);
}

TEST_CASE("Game refuses illegal moves and moves after the end, and changes nothing",
          "[rules][game]") {
    const Rules rules;
    Game game(rules, start_position(rules));
    SECTION("an empty square") {
        Game quiet(rules, position_of("Q5,1,0,3,0,1,Q5,2,0,0,0,4 S 0+0 0+0 0 0", rules));
        auto empty = quiet.play("2L");
        REQUIRE_FALSE(empty.has_value());
        CHECK(empty.error().message == "illegal move 2L: square 2 (S2) is empty");
        CHECK(quiet.ply() == 0);
        CHECK(quiet.positions().size() == 1);
    }
    SECTION("a move that is no move") {
        auto bad = game.play("7L");
        REQUIRE_FALSE(bad.has_value());
        CHECK(bad.error().message == "\"7L\" is not a move: square must be 1..5");
        CHECK(game.ply() == 0);
    }
    SECTION("a direction the rules forbid") {
        Game village(rules_of("village"), start_position(rules_of("village")));
        auto bad = village.play("2R");
        REQUIRE_FALSE(bad.has_value());
        CHECK(bad.error().message ==
              "illegal move 2R: direction R is not allowed under direction=cw");
    }
    SECTION("any move once the game is over") {
        Game over(rules, position_of("0,0,0,1,0,0,Q3,0,0,1,1,1 S 0+1 0+0 0 0", rules));
        REQUIRE(over.play("3R").has_value());
        const Position end = over.position();
        auto refused = over.play(Move{1, Direction::L});
        REQUIRE_FALSE(refused.has_value());
        CHECK(refused.error().message == "illegal move 1L: the game is over");
        CHECK(over.position() == end);
        CHECK(over.ply() == 1);
    }
    CHECK(to_string(Result::Ongoing) == "ongoing");
    CHECK(to_string(Result::NorthWin) == "north_win");
    CHECK(to_string(Result::Draw) == "draw");
    CHECK(to_string(EndReason::None) == "none");
    CHECK(to_string(EndReason::MandarinCaptured) == "mandarin_captured");
    CHECK(to_string(EndReason::RefillImpossible) == "refill_impossible");
}

TEST_CASE("Game keeps one position per ply and the moves played", "[rules][game]") {
    const Rules rules;
    Game game(rules, start_position(rules));
    REQUIRE(game.play("1R").has_value());
    REQUIRE(game.play("3L").has_value());
    REQUIRE(game.positions().size() == 3);
    CHECK(game.positions()[0] == start_position(rules));
    CHECK(game.moves() == std::vector<Move>{Move{1, Direction::R}, Move{3, Direction::L}});
    CHECK(to_string(game.position()) == "Q8,3,1,1,1,5,5,3,1,3,3,3 S 9+1 4+0 0 0");
    CHECK(game.rules() == rules);
    CHECK(game.result() == Result::Ongoing);
}

}  // namespace
}  // namespace oaq::rules
