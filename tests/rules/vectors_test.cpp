// rules.md section 7: perft counts from the start position of each preset, and the three move
// sequences from the standard start position.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <tuple>

#include "rules/perft.hpp"
#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::after;
using test::rules_of;

TEST_CASE("perft from the start position matches the published counts for every preset",
          "[rules][perft][vectors]") {
    // quan5 changes only the score, so its counts are standard's (not in the table, checked here
    // as a guard that quan_value never leaks into play).
    auto [preset, d1, d2, d3, d4, d5] =
        GENERATE(table<std::string, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t,
                       std::uint64_t>({
            {"standard", 10, 84, 676, 4772, 32960},
            {"stop-after-capture", 10, 80, 664, 5128, 38476},
            {"quan-non", 10, 88, 712, 5192, 38068},
            {"no-empty-gap", 10, 84, 676, 4772, 32976},
            {"village", 5, 16, 58, 179, 581},
            {"quan5", 10, 84, 676, 4772, 32960},
            {"tg-standard", 10, 80, 664, 5128, 38476},
        }));
    const Rules rules = rules_of(preset);
    const Position start = start_position(rules);
    INFO("preset " << preset);
    CHECK(perft(start, 0, rules) == 1);
    CHECK(perft(start, 1, rules) == d1);
    CHECK(perft(start, 2, rules) == d2);
    CHECK(perft(start, 3, rules) == d3);
    CHECK(perft(start, 4, rules) == d4);
    CHECK(perft(start, 5, rules) == d5);
}

TEST_CASE("tg-standard parts from stop-after-capture once refills happen",
          "[rules][perft][vectors]") {
    // The two differ only at a refill; the first ones come after 5 plies, where games lost at a
    // refill (a score below 5) stop contributing. Figures of this implementation, cross-checked
    // with the independent Python bot (tests/sample_engines/python_engine_test.cpp).
    const Rules tg = rules_of("tg-standard");
    const Rules stop = rules_of("stop-after-capture");
    CHECK(perft(start_position(tg), 6, tg) == 277760);
    CHECK(perft(start_position(stop), 6, stop) == 278360);
    CHECK(perft(start_position(tg), 7, tg) == 1983900);
}

TEST_CASE("perft_divide splits the count by first move in legal_moves order",
          "[rules][perft][vectors]") {
    const Rules rules;
    const Position start = start_position(rules);
    const auto split = perft_divide(start, 4, rules);
    const auto moves = legal_moves(start, rules);
    REQUIRE(split.size() == moves.size());
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < split.size(); ++i) {
        CHECK(split[i].first == moves[i]);
        CHECK(split[i].second == perft(play(start, moves[i], rules), 3, rules));
        total += split[i].second;
    }
    CHECK(total == 4772);
    CHECK(perft_divide(start, 0, rules).empty());
}

TEST_CASE("the three standard move sequences give the published positions", "[rules][vectors]") {
    auto [moves, expected] = GENERATE(table<std::string, std::string>({
        {"1L", "5,3,2,0,0,1,Q7,1,3,3,12,3 N 10+1 0+0 0 0"},
        {"2L", "Q1,0,0,6,6,6,Q1,6,0,6,6,6 N 6+0 0+0 0 0"},
        {"1R 3L 4R 4R", "Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0"},
    }));
    INFO("moves " << moves);
    CHECK(after("standard", "startpos", moves) == expected);
}

}  // namespace
}  // namespace oaq::rules
