// Shares in the position (rules.md section 9): the seventh field of the position string (parse,
// format, every malformed form), settlement of sold and shared squares (the owner receives
// x - floor(x*k/5), the opponent floor(x*k/5)), and shares that never change during a game nor
// change anything but settlement.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <type_traits>

#include "rules/perft.hpp"
#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::after;
using test::play_moves;
using test::position_of;
using test::rules_of;

const std::string kStart = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";
const std::string kExampleShares = "0,0,0,0,0,0,0,0,2,5";  // rules.md section 9: N4 2/5, N5 sold

TEST_CASE("shares hold a number of fifths per square of either side", "[rules][shares]") {
    Shares s;
    CHECK_FALSE(s.any());
    s.set(Side::North, 4, 2);
    s.set(Side::North, 5, 5);
    s.set(Side::South, 1, 3);
    CHECK(s.any());
    CHECK(s.of(Side::North, 4) == 2);
    CHECK(s.of(Side::North, 5) == 5);
    CHECK(s.of(Side::South, 1) == 3);
    CHECK(s.of(Side::South, 2) == 0);
    CHECK(s.of(Side::North, 1) == 0);
    s.set(Side::South, 1, 0);
    CHECK(s.of(Side::South, 1) == 0);
    CHECK(to_string(s) == kExampleShares);
    static_assert(sizeof(Position) == 32 && std::is_trivially_copyable_v<Position>);
}

TEST_CASE("the seventh field parses and formats back, and is left out when all are 0",
          "[rules][shares][notation]") {
    const Rules rules;
    const Position example = position_of(kStart + " " + kExampleShares, rules);
    CHECK(example.shares.of(Side::North, 4) == 2);
    CHECK(example.shares.of(Side::North, 5) == 5);
    CHECK(to_string(example) == kStart + " " + kExampleShares);
    Position without = example;
    without.shares = Shares{};
    CHECK(without == start_position(rules));
    CHECK_FALSE(example == start_position(rules));
    CHECK(example.hash() != start_position(rules).hash());
    // An explicit all-zero field is accepted and means no shares; it is not written back.
    const Position zeros = position_of(kStart + " 0,0,0,0,0,0,0,0,0,0", rules);
    CHECK(zeros == start_position(rules));
    CHECK(to_string(zeros) == kStart);
    const Position all = position_of(kStart + " 5,4,3,2,1,1,2,3,4,5", rules);
    CHECK(to_string(all) == kStart + " 5,4,3,2,1,1,2,3,4,5");
    CHECK(all.shares.of(Side::South, 1) == 5);
    CHECK(all.shares.of(Side::South, 5) == 1);
    CHECK(all.shares.of(Side::North, 1) == 1);
    CHECK(all.shares.of(Side::North, 5) == 5);
}

TEST_CASE("a malformed seventh field is refused naming the field, the cell and the reason",
          "[rules][shares][notation][errors]") {
    const Rules rules;
    auto [field, message] = GENERATE(table<std::string, std::string>({
        {"0,0,0,0,0,0,0,0,2",
         "field 7 (shares): expected 10 comma-separated digits 0..5 (S1..S5, N1..N5), found 9"},
        {"0,0,0,0,0,0,0,0,2,5,0",
         "field 7 (shares): expected 10 comma-separated digits 0..5 (S1..S5, N1..N5), found 11"},
        {"0000000025",
         "field 7 (shares): expected 10 comma-separated digits 0..5 (S1..S5, N1..N5), found 1"},
        {"0;0;0;0;0;0;0;0;2;5",
         "field 7 (shares): expected 10 comma-separated digits 0..5 (S1..S5, N1..N5), found 1"},
        {"0,0,0,0,0,0,0,0,2,6",
         "field 7 (shares), cell 10 (N5): \"6\" is not a number of fifths 0..5"},
        {"0,0,x,0,0,0,0,0,0,0",
         "field 7 (shares), cell 3 (S3): \"x\" is not a number of fifths 0..5"},
        {"0,0,0,0,0,,0,0,0,0",
         "field 7 (shares), cell 6 (N1): \"\" is not a number of fifths 0..5"},
        {"0,0,0,0,0,0,0,0,0,05",
         "field 7 (shares), cell 10 (N5): \"05\" is not a number of fifths 0..5"},
        {"-1,0,0,0,0,0,0,0,0,0",
         "field 7 (shares), cell 1 (S1): \"-1\" is not a number of fifths 0..5"},
        {"0,0,0,0,+2,0,0,0,0,0",
         "field 7 (shares), cell 5 (S5): \"+2\" is not a number of fifths 0..5"},
        {"0,0,0,0,0,0,0,0,0,S",
         "field 7 (shares), cell 10 (N5): \"S\" is not a number of fifths 0..5"},
    }));
    auto pos = parse_position(kStart + " " + field, rules);
    INFO(field);
    REQUIRE_FALSE(pos.has_value());
    CHECK(pos.error().message == message);
}

TEST_CASE("settlement gives the opponent floor(x*k/5) of a square he paid k fifths of",
          "[rules][shares][settle]") {
    const Rules rules;
    // Both mandarin pits empty: the parsed position is a finished game, settled at once.
    SECTION("a sold square: all its citizens go to the opponent") {
        const Position pos =
            position_of("0,3,0,0,0,0,0,0,0,0,0,4 S 20+1 20+1 0 0 0,0,0,0,0,0,0,0,0,5", rules);
        CHECK(to_string(pos) == "0,0,0,0,0,0,0,0,0,0,0,0 S 27+1 20+1 0 0 0,0,0,0,0,0,0,0,0,5");
    }
    SECTION("a shared square with an odd count: 7 citizens, 2 fifths: 2 to the opponent, 5 own") {
        const Position pos =
            position_of("0,0,0,0,0,0,0,0,0,0,7,0 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5", rules);
        CHECK(to_string(pos) == "0,0,0,0,0,0,0,0,0,0,0,0 S 2+0 5+0 0 0 0,0,0,0,0,0,0,0,2,5");
    }
    SECTION("every share count on South's squares, 9 citizens each") {
        // k = 1..5 on S1..S5: floor(9k/5) = 1, 3, 5, 7, 9 to North; 8, 6, 4, 2, 0 to South.
        const Position pos =
            position_of("0,9,9,9,9,9,0,0,0,0,0,0 N 0+0 0+0 0 0 1,2,3,4,5,0,0,0,0,0", rules);
        CHECK(pos.store_citizens[0] == 8 + 6 + 4 + 2 + 0);
        CHECK(pos.store_citizens[1] == 1 + 3 + 5 + 7 + 9);
    }
    SECTION("fewer citizens than the fifths make a whole one stay with the owner") {
        // 3 citizens, 1 fifth: floor(3/5) = 0; 4 citizens, 1 fifth: 0; 1 citizen, 4 fifths: 0.
        const Position pos =
            position_of("0,3,4,1,0,0,0,0,0,0,0,0 N 0+0 0+0 0 0 1,1,4,0,0,0,0,0,0,0", rules);
        CHECK(pos.store_citizens[0] == 8);
        CHECK(pos.store_citizens[1] == 0);
    }
    SECTION("a move that ends the game settles with the shares") {
        // 3R captures QE with its piece; both mandarin pits are empty. S4's 1 is South's; of
        // North's squares N3 (1) is his, N4 (7, 2 fifths) gives South 2, N5 (4, sold) gives 4.
        CHECK(after("standard", "0,0,0,1,0,0,Q3,0,0,1,7,4 S 0+1 0+0 0 0 0,0,0,0,0,0,0,0,2,5",
                    "3R") == "0,0,0,0,0,0,0,0,0,0,0,0 N 10+2 6+0 0 0 0,0,0,0,0,0,0,0,2,5");
    }
    SECTION("repetition settles with the shares too") {
        // The four-move cycle of game_test.cpp, with S1 sold: its citizen goes to North.
        Game game(rules, position_of("Q0,1,0,0,0,0,Q0,0,0,0,0,1 S 3+0 1+0 0 0 5,0,0,0,0,0,0,0,0,3",
                                     rules));
        for (int ply = 0; ply < 8; ++ply) {
            REQUIRE(game.play(std::string(ply % 4 == 0   ? "1R"
                                          : ply % 4 == 1 ? "5L"
                                          : ply % 4 == 2 ? "2L"
                                                         : "4R"))
                        .has_value());
        }
        REQUIRE(game.end() == EndReason::Repetition);
        CHECK(to_string(game.position()) ==
              "Q0,0,0,0,0,0,Q0,0,0,0,0,0 S 3+0 3+0 0 0 5,0,0,0,0,0,0,0,0,3");
    }
}

TEST_CASE("shares never change during a game and change nothing but settlement",
          "[rules][shares]") {
    const std::string rules_text =
        GENERATE(as<std::string>{}, "standard", "tg-standard", "village", "quan-non");
    const Rules rules = rules_of(rules_text);
    INFO(rules_text);
    std::mt19937 rng(31);
    for (int game = 0; game < 100; ++game) {
        Position plain = start_position(rules);
        Position shared = plain;
        for (int i = 0; i < 10; ++i)
            shared.shares.set(i < 5 ? Side::South : Side::North, i % 5 + 1,
                              static_cast<int>(rng() % 6));
        const Shares shares = shared.shares;
        while (!plain.is_over()) {
            REQUIRE(shared.shares == shares);
            // Same moves, same board: only a finished game's stores may differ.
            Position masked = shared;
            masked.shares = Shares{};
            REQUIRE(masked == plain);
            REQUIRE(parse_position(to_string(shared), rules).value() == shared);
            const auto moves = legal_moves(plain, rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            const Move move = moves[pick(rng)];
            plain = play(plain, move, rules);
            shared = play(shared, move, rules);
        }
        REQUIRE(shared.is_over());
        CHECK(shared.shares == shares);
        CHECK(shared.end == plain.end);
        CHECK(shared.citizens == plain.citizens);
        // Settlement only moves citizens between the two stores.
        CHECK(shared.store_citizens[0] + shared.store_citizens[1] ==
              plain.store_citizens[0] + plain.store_citizens[1]);
    }
    Position start = start_position(rules);
    start.shares.set(Side::North, 5, 5);
    CHECK(perft(start, 4, rules) == perft(start_position(rules), 4, rules));
}

}  // namespace
}  // namespace oaq::rules
