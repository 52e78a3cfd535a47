// The ring game of N seats (RULES.md section 9, rules.md section 10): the perft vectors for 3 and 4
// seats, the two worked 3-seat positions, a ring of two seats that agrees with the 2-player rules
// move for move, refills borrowing in turn order with balances, every end condition, standings
// (ranks with ties, own_or_lose last, points) and the N-seat position string with its errors.
#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>
#include <tuple>

#include "rules/perft.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::rules_of;

RingPosition ring_of(const std::string& text, const Rules& rules) {
    auto pos = parse_ring_position(text, rules);
    INFO("position string: " << text << (pos ? "" : " -> " + pos.error().message));
    REQUIRE(pos.has_value());
    return *pos;
}

// The position string after `moves` ("1R 3L ...") from `start`; every move must be legal.
std::string ring_after(const std::string& rules_text, const std::string& start,
                       const std::string& moves) {
    const Rules rules = rules_of(rules_text);
    return to_string(test::play_line(rules, ring_of(start, rules), moves));
}

std::string error_of(const std::string& text, const std::string& rules_text) {
    auto pos = parse_ring_position(text, rules_of(rules_text));
    REQUIRE_FALSE(pos.has_value());
    return pos.error().message;
}

TEST_CASE("perft from the start of 3 and 4 seats matches the section 9 counts",
          "[rules][ring][vectors]") {
    auto [rules_text, counts] = GENERATE(table<std::string, std::array<std::uint64_t, 6>>({
        {"standard,players=3", {10, 86, 702, 5616, 42750, 318556}},
        {"stop-after-capture,players=3", {10, 80, 654, 5302, 42858, 337040}},
        {"standard,players=4", {10, 80, 660, 5372, 41960, 317424}},
        {"stop-after-capture,players=4", {10, 80, 648, 5338, 43660, 353026}},
    }));
    const Rules rules = rules_of(rules_text);
    const RingPosition start = ring_start_position(rules);
    INFO(rules_text);
    // Depths 1..5 are RULES.md's; depth 6 is protocol-spec/rules.md's (oaq rules perft).
    for (int depth = 1; depth <= 5; ++depth)
        CHECK(perft(start, depth, rules) == counts[static_cast<std::size_t>(depth - 1)]);
    std::uint64_t divided = 0;
    for (auto& [move, nodes] : perft_divide(start, 4, rules)) divided += nodes;
    CHECK(divided == counts[3]);
}

TEST_CASE("perft from the start of 3 and 4 seats at depth 6 matches rules.md",
          "[rules][ring][vectors][slow]") {
    auto [rules_text, count] = GENERATE(table<std::string, std::uint64_t>({
        {"standard,players=3", 318556},
        {"stop-after-capture,players=3", 337040},
        {"standard,players=4", 317424},
        {"stop-after-capture,players=4", 353026},
    }));
    const Rules rules = rules_of(rules_text);
    CHECK(perft(ring_start_position(rules), 6, rules) == count);
}

TEST_CASE("the two worked 3-seat positions of section 9 are reached", "[rules][ring][vectors]") {
    CHECK(ring_after("standard,players=3", "startpos", "1L") ==
          "1,1,7,0,7,7,Q2,2,8,8,1,8,Q3,2,0,8,8,1 2 1+1 0+0 0+0 0 0 0");
    CHECK(ring_after("standard,players=3", "startpos", "1R 3L 4R") ==
          "Q4,1,3,3,0,10,Q4,0,9,1,1,8,Q3,3,9,1,0,2 1 6+0 7+0 0+0 0 0 0");
}

TEST_CASE("the start positions of 3 and 4 seats are written as section 9 says",
          "[rules][ring][notation]") {
    CHECK(to_string(ring_start_position(rules_of("standard,players=3"))) ==
          "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0");
    CHECK(to_string(ring_start_position(rules_of("village,players=4"))) ==
          "10,5,5,5,5,5,10,5,5,5,5,5,10,5,5,5,5,5,10,5,5,5,5,5 1 0+0 0+0 0+0 0+0 0 0 0 0");
    const Rules rules = rules_of("standard,players=4");
    const std::string text =
        "Q3,0,2,0,1,0,0,1,1,1,1,1,Q0,4,0,0,0,9,7,0,0,0,1,2 3 12+1 2+0 0+0 10+0 -4 3 0 1";
    CHECK(to_string(ring_of(text, rules)) == text);
    CHECK(ring_of("startpos", rules) == ring_start_position(rules));
}

TEST_CASE("a ring of two seats plays every preset exactly as the 2-player rules",
          "[rules][ring][playout]") {
    const std::string rules_text =
        GENERATE(as<std::string>{}, "standard", "stop-after-capture", "quan-non", "quan5",
                 "no-empty-gap", "village", "tg-standard", "chain=no",
                 "end=first_mandarin_capture,empty_quan_gap=no", "refill=own_or_lose,quan_value=5");
    const Rules rules = rules_of(rules_text);
    INFO(rules_text);
    const Position start = start_position(rules);
    CHECK(perft(to_ring(start), 6, rules) == perft(start, 6, rules));
    std::mt19937 rng(2026);
    for (int game = 0; game < 200; ++game) {
        Position pos = start;
        for (int ply = 0; ply < 300 && !pos.is_over(); ++ply) {
            const auto moves = legal_moves(pos, rules);
            REQUIRE(moves.size() == legal_moves(to_ring(pos), rules).size());
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            const Move move = moves[pick(rng)];
            const RingPosition ring = play(to_ring(pos), move, rules);
            const RingPosition unsettled = play_unsettled(to_ring(pos), move, rules);
            pos = play(pos, move, rules);
            INFO(to_string(pos));
            REQUIRE(ring == to_ring(pos));
            REQUIRE(unsettled.end == ring.end);
        }
        const auto by_ring = standings(pos, rules);
        const Result result = rules::result(pos, rules);
        CHECK(by_ring[0].points == (result == Result::SouthWin   ? 1.0
                                    : result == Result::NorthWin ? 0.0
                                                                 : 0.5));
    }
}

TEST_CASE("a refill borrows a shortfall from the other seats in turn order, with balances",
          "[rules][ring][refill]") {
    // Seat 2 must refill with 2 of its own: seat 3 (next in turn order) lends first, seat 1 last.
    auto [stores, after] = GENERATE(table<std::string, std::string>({
        {"1+0 2+0 4+0 0 0 0", "1+0 0+0 1+0 0 -3 3"},
        {"5+0 2+0 1+0 0 0 0", "3+0 0+0 0+0 2 -3 1"},
        {"0+0 9+0 0+0 0 0 0", "0+0 4+0 0+0 0 0 0"},
        {"3+0 0+0 2+0 1 -1 0", "0+0 0+0 0+0 4 -6 2"},
    }));
    const Rules rules = rules_of("standard,players=3");
    const RingPosition pos = ring_of("Q0,1,0,0,0,0,Q0,0,0,0,0,0,Q0,1,0,0,0,0 2 " + stores, rules);
    INFO(stores);
    CHECK(to_string(pos) == "Q0,1,0,0,0,0,Q0,1,1,1,1,1,Q0,1,0,0,0,0 2 " + after);
}

TEST_CASE("with 4 seats the lending order wraps round past the last seat",
          "[rules][ring][refill]") {
    const Rules rules = rules_of("standard,players=4");
    // Seat 4 refills: seat 1 lends first, then seat 2, then seat 3.
    CHECK(to_string(ring_of(
              "Q0,1,0,0,0,0,Q0,1,0,0,0,0,Q0,1,0,0,0,0,Q0,0,0,0,0,0 4 2+0 1+0 7+0 1+0 0 0 0 0",
              rules)) ==
          "Q0,1,0,0,0,0,Q0,1,0,0,0,0,Q0,1,0,0,0,0,Q0,1,1,1,1,1 4 0+0 0+0 6+0 0+0 2 1 1 -4");
}

TEST_CASE("a refill after a move borrows too, and the borrower's score falls by 5",
          "[rules][ring][refill]") {
    // Seat 1's 4R captures seat 2's only citizens; seat 2 then refills with 0 of its own.
    const Rules rules = rules_of("standard,players=3");
    const RingPosition before =
        ring_of("Q5,0,0,0,1,0,0,2,0,0,0,0,Q0,1,0,0,0,0 1 0+0 0+1 3+0 0 0 0", rules);
    const RingPosition after = play(before, Move{4, Direction::R}, rules);
    CHECK(to_string(after) == "Q5,0,0,0,0,1,0,1,1,1,1,1,Q0,1,0,0,0,0 2 0+0 0+1 0+0 2 -5 3");
    CHECK(score(after, 1, rules) == score(before, 1, rules) - 5);
    CHECK(after.balance[0] + after.balance[1] + after.balance[2] == 0);
}

TEST_CASE("every end condition of the ring game ends and settles it", "[rules][ring][end]") {
    SECTION("every mandarin pit empty after a turn, but not two of three") {
        CHECK(ring_after("standard,players=3",
                         "0,0,0,1,0,0,Q3,0,0,1,1,1,0,1,0,0,0,0 1 0+1 0+0 0+1 0 0 0",
                         "3R") == "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 2 4+2 3+0 1+1 0 0 0");
        const Rules rules = rules_of("standard,players=3");
        const RingPosition end =
            play(ring_of("0,0,0,1,0,0,Q3,0,0,1,1,1,0,1,0,0,0,0 1 0+1 0+0 0+1 0 0 0", rules),
                 Move{3, Direction::R}, rules);
        CHECK(end.end == EndReason::MandarinsEmpty);
        CHECK(ring_after("standard,players=3",
                         "0,0,0,1,0,0,Q3,0,0,1,1,1,Q0,1,0,0,0,0 1 0+1 0+0 0+0 0 0 0",
                         "3R") == "0,0,0,0,1,0,0,0,0,1,1,1,Q0,1,0,0,0,0 2 3+2 0+0 0+0 0 0 0");
    }
    SECTION("the first mandarin capture, under end=first_mandarin_capture") {
        const Rules rules = rules_of("standard,players=3,end=first_mandarin_capture");
        const RingPosition end =
            play(ring_of("Q5,0,0,1,0,0,Q3,0,0,1,1,1,Q2,1,0,0,0,0 1 0+0 0+0 0+0 0 0 0", rules),
                 Move{3, Direction::R}, rules);
        CHECK(end.end == EndReason::MandarinCaptured);
        CHECK(to_string(end) == "Q5,0,0,0,0,0,0,0,0,0,0,0,Q2,0,0,0,0,0 2 4+1 3+0 1+0 0 0 0");
    }
    SECTION("a refill that all the stores together cannot pay") {
        const Rules rules = rules_of("standard,players=3");
        const RingPosition end =
            ring_of("Q0,1,0,0,0,0,Q0,0,0,0,0,0,Q0,1,0,0,0,0 2 1+0 2+0 1+0 0 0 0", rules);
        CHECK(end.end == EndReason::RefillImpossible);
        CHECK(to_string(end) == "Q0,0,0,0,0,0,Q0,0,0,0,0,0,Q0,0,0,0,0,0 2 2+0 2+0 2+0 0 0 0");
    }
    SECTION("own_or_lose: a mover below 5 points loses and is ranked last, alone") {
        const Rules rules = rules_of("tg-standard,players=3");
        const RingPosition end =
            ring_of("Q0,1,0,0,0,0,Q0,0,0,0,0,0,Q0,0,0,0,0,0 2 2+0 4+0 0+0 0 0 0", rules);
        CHECK(end.end == EndReason::RefillLoss);
        const auto s = standings(end, rules);
        CHECK(std::tuple(s[0].score, s[1].score, s[2].score) == std::tuple(3, 4, 0));
        CHECK(std::tuple(s[0].rank, s[1].rank, s[2].rank) == std::tuple(1, 3, 2));
        CHECK(std::tuple(s[0].points, s[1].points, s[2].points) == std::tuple(1.0, 0.0, 0.5));
    }
    SECTION("own_or_lose: a captured piece pays the refill, no borrowing") {
        const Rules rules = rules_of("tg-standard,players=4");
        CHECK(to_string(ring_of("Q0,1,0,0,0,0,Q0,0,0,0,0,0,0,1,0,0,0,0,Q0,1,0,0,0,0 "
                                "2 2+0 1+1 9+0 0+0 0 0 0 0",
                                rules)) ==
              "Q0,1,0,0,0,0,Q0,1,1,1,1,1,0,1,0,0,0,0,Q0,1,0,0,0,0 2 2+0 6+0 9+0 0+0 0 0 0 0");
    }
    SECTION("the third occurrence of a position, counted from the start") {
        const Rules rules = rules_of("standard,players=3");
        RingGame game(rules,
                      ring_of("Q0,1,0,0,0,0,Q0,1,0,0,0,0,Q0,1,0,0,0,0 1 0+0 0+0 0+0 0 0 0", rules));
        for (int round = 0; round < 2; ++round) {
            for (auto move : {"1R", "1R", "1R", "2L", "2L", "2L"}) REQUIRE(game.play(move));
        }
        CHECK(game.ply() == 12);
        CHECK(game.end() == EndReason::Repetition);
        CHECK(to_string(game.position()) ==
              "Q0,0,0,0,0,0,Q0,0,0,0,0,0,Q0,0,0,0,0,0 1 1+0 1+0 1+0 0 0 0");
        const auto s = game.standings();
        CHECK(std::tuple(s[0].rank, s[1].rank, s[2].rank) == std::tuple(1, 1, 1));
        CHECK(s[0].points == 0.5);
        CHECK(game.play("1R").error().message == "illegal move 1R: the game is over");
    }
    SECTION("the ply limit, 150 plies a seat by default") {
        CHECK(default_ply_limit(rules_of("standard")) == kDefaultPlyLimit);
        CHECK(default_ply_limit(rules_of("standard,players=3")) == 450);
        CHECK(default_ply_limit(rules_of("standard,players=4")) == 600);
        const Rules rules = rules_of("standard,players=3");
        CHECK(RingGame(rules, ring_start_position(rules)).ply_limit() == 450);
        RingGame game(
            rules, ring_of("Q0,1,0,0,0,0,Q0,1,0,0,0,0,Q0,1,0,0,0,0 1 0+0 0+0 0+0 0 0 0", rules), 4);
        for (auto move : {"1R", "1R", "1R"}) REQUIRE(game.play(move));
        CHECK_FALSE(game.is_over());
        REQUIRE(game.play("2L"));
        CHECK(game.end() == EndReason::PlyLimit);
    }
}

TEST_CASE("seats are ranked by score with shared ranks and earn points by the seats below them",
          "[rules][ring][result]") {
    auto [rules_text, stores, ranks, points] =
        GENERATE(table<std::string, std::string, std::vector<int>, std::vector<double>>({
            {"standard,players=3", "10+0 10+0 5+0 0 0 0", {1, 1, 3}, {0.75, 0.75, 0.0}},
            {"standard,players=3", "5+0 0+1 2+0 -3 1 2", {3, 1, 2}, {0.0, 1.0, 0.5}},
            {"standard,players=3", "5+0 0+1 2+0 -2 1 1", {2, 1, 2}, {0.25, 1.0, 0.25}},
            {"standard,players=3", "4+0 4+0 4+0 0 0 0", {1, 1, 1}, {0.5, 0.5, 0.5}},
            {"standard,players=4", "10+0 7+0 7+0 3+0 0 0 0 0", {1, 2, 2, 4}, {1.0, 0.5, 0.5, 0.0}},
            {"standard,players=4",
             "8+0 8+0 8+0 2+0 0 0 0 0",
             {1, 1, 1, 4},
             {2.0 / 3, 2.0 / 3, 2.0 / 3, 0.0}},
            {"quan5,players=4", "0+1 5+0 1+0 9+0 0 0 0 0", {2, 2, 4, 1}, {0.5, 0.5, 0.0, 1.0}},
        }));
    const Rules rules = rules_of(rules_text);
    const std::string pits = rules.players == 3 ? "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
                                                : "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
    const RingPosition pos = ring_of(pits + " 1 " + stores, rules);
    REQUIRE(pos.is_over());
    const auto s = standings(pos, rules);
    REQUIRE(s.size() == ranks.size());
    double total = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        INFO("seat " << i + 1);
        CHECK(s[i].rank == ranks[i]);
        CHECK(s[i].points == Approx(points[i]));
        total += s[i].points;
    }
    CHECK(total == Approx(rules.players / 2.0));  // every pair of seats shares one point
}

TEST_CASE("the standings of a 2-player game are its result", "[rules][ring][result]") {
    const Rules rules = rules_of("standard");
    const auto won =
        standings(test::position_of("0,0,0,0,0,0,0,0,0,0,0,0 N 4+2 3+0 0 0", rules), rules);
    CHECK(std::tuple(won[0].rank, won[1].rank, won[0].points, won[1].points) ==
          std::tuple(1, 2, 1.0, 0.0));
    const auto drawn =
        standings(test::position_of("0,0,0,0,0,0,0,0,0,0,0,0 N 4+0 2+0 1 0", rules), rules);
    CHECK(std::tuple(drawn[0].rank, drawn[1].rank, drawn[0].points) == std::tuple(1, 1, 0.5));
}

TEST_CASE("random ring games conserve stones and balances and always end",
          "[rules][ring][playout]") {
    const std::string rules_text =
        GENERATE(as<std::string>{}, "standard,players=3", "stop-after-capture,players=4",
                 "village,players=3", "quan-non,players=4", "no-empty-gap,players=3",
                 "chain=no,players=4", "end=first_mandarin_capture,players=3");
    const Rules rules = rules_of(rules_text);
    INFO(rules_text);
    const RingPosition start = ring_start_position(rules);
    auto citizens = [](const RingPosition& p) {
        int total = 0;
        for (auto c : p.citizens) total += c;
        for (auto c : p.store_citizens) total += c;
        return total;
    };
    auto pieces = [](const RingPosition& p) {
        int total = std::popcount(static_cast<unsigned>(p.pieces));
        for (auto c : p.store_pieces) total += c;
        return total;
    };
    std::mt19937 rng(99);
    for (int g = 0; g < 200; ++g) {
        RingGame game(rules, start);
        while (!game.is_over()) {
            const auto moves = legal_moves(game.position(), rules);
            REQUIRE_FALSE(moves.empty());
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            REQUIRE(game.play(moves[pick(rng)]));
            const RingPosition& p = game.position();
            REQUIRE(citizens(p) == citizens(start));
            REQUIRE(pieces(p) == pieces(start));
            REQUIRE(p.balance[0] + p.balance[1] + p.balance[2] + p.balance[3] == 0);
        }
        for (int pit = 0; pit < game.position().pits(); ++pit) {
            if (!is_ring_mandarin(pit)) REQUIRE(game.position().citizens_at(pit) == 0);
        }
        CHECK(game.ply() <= 450 + 150 * (rules.players - 3));
    }
}

TEST_CASE("a bad N-seat position string is refused naming the field and the reason",
          "[rules][ring][notation][errors]") {
    const std::string start3 = "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5";
    auto [rules_text, text, message] = GENERATE_COPY(table<std::string, std::string, std::string>({
        {"standard,players=3", "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0",
         "position: a 2-player position string (6 fields), but the rules say players=3: expected "
         "8 fields (pits, seat to move, stores 1..3, balances 1..3) separated by single spaces"},
        {"standard,players=4", start3 + " 1 0+0 0+0 0+0 0 0 0",
         "position: a 3-player position string (8 fields), but the rules say players=4: expected "
         "10 fields (pits, seat to move, stores 1..4, balances 1..4) separated by single spaces"},
        {"standard,players=3", start3 + " 1 0+0 0+0 0+0 0 0",
         "position: the rules say players=3: expected 8 fields (pits, seat to move, stores 1..3, "
         "balances 1..3) separated by single spaces, found 7 in \"" +
             start3 + " 1 0+0 0+0 0+0 0 0\""},
        {"standard,players=3", "Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0",
         "field 1 (pits): expected 18 comma-separated cells for players=3, found 12"},
        {"standard,players=3", "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,x,5,5,5 1 0+0 0+0 0+0 0 0 0",
         "field 1 (pits), cell 15 (pit 14: seat 3, square 2): \"x\" is not a count"},
        {"standard,players=3", "Q0,5,5,5,5,5,Q0,Q5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0",
         "field 1 (pits), cell 8 (pit 7: seat 2, square 1): \"Q5\" has a mandarin piece, but "
         "only mandarin pits can hold one"},
        {"standard,players=3", start3 + " 4 0+0 0+0 0+0 0 0 0",
         "field 2 (seat to move): \"4\" is not a seat 1..3"},
        {"standard,players=3", start3 + " S 0+0 0+0 0+0 0 0 0",
         "field 2 (seat to move): \"S\" is not a seat 1..3"},
        {"standard,players=3", start3 + " 1 0+0 0 0+0 0 0 0",
         "field 4 (store 2): \"0\" is not <citizens>+<pieces>"},
        {"standard,players=3", start3 + " 1 0+0 0+0 0+4 0 0 0",
         "field 5 (store 3): \"4\" is not a count of pieces (0 to 3)"},
        {"standard,players=3", start3 + " 1 0+1 0+0 0+0 0 0 0",
         "field 3 (store 1): more than 3 mandarin pieces in the position"},
        {"standard,players=3", start3 + " 1 0+0 0+0 0+0 0 +2 -2",
         "field 7 (balance 2): \"+2\" is not a balance (a whole number, - in front when "
         "negative)"},
        {"standard,players=3", start3 + " 1 0+0 0+0 0+0 3 -2 0",
         "fields 6 to 8 (balances): they sum to 1, not 0 (every citizen borrowed was lent by "
         "another seat)"},
        {"standard,players=3", start3 + " 1 0+0  0+0 0 0 0",
         "position: field 4 is empty (fields are separated by single spaces) in \"" + start3 +
             " 1 0+0  0+0 0 0 0\""},
    }));
    INFO(text);
    CHECK(error_of(text, rules_text) == message);
}

TEST_CASE("an N-seat field error has the field kind and a size error does not",
          "[rules][ring][notation][errors]") {
    const Rules rules = rules_of("standard,players=3");
    auto field =
        parse_ring_position("Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 9 0+0 0+0 0+0 0 0 0", rules);
    REQUIRE_FALSE(field);
    CHECK(field.error().kind == ErrorKind::PositionField);
    auto size = parse_ring_position("Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0", rules);
    REQUIRE_FALSE(size);
    CHECK(size.error().kind == ErrorKind::Other);
}

TEST_CASE("a 3- or 4-seat position string under players=2 is refused as such",
          "[rules][ring][notation][errors]") {
    auto pos = parse_position("Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0",
                              rules_of("standard"));
    REQUIRE_FALSE(pos);
    CHECK(pos.error().message ==
          "position: a 3-player position string (8 fields), but the rules say players=2: "
          "expected 6 fields (pits, side, south store, north store, south debt, north debt)");
    CHECK_FALSE(parse_position("startpos", rules_of("standard,players=3")));
    CHECK_FALSE(parse_ring_position("startpos", rules_of("standard")));
}

}  // namespace
}  // namespace oaq::rules
