// Seeded random playouts under every preset and some override combinations. After every ply the
// citizens (board + both stores) and the pieces (board + both stores) equal the start's totals:
// sowing, capture, refill (borrowing moves citizens from a store to the board) and settlement
// only move stones; debts are bookkeeping. Under refill=own_or_lose a captured piece may be turned
// into quan_value citizens, so there the pieces only decrease and citizens + quan_value x pieces
// is what stays. Every game ends, by its own rules or through Game's
// repetition and ply limit, and the tally of end reasons is checked. play_unsettled() followed by
// the settlement is play() at every ply.
#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <random>
#include <string>

#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::rules_of;

int citizens_total(const Position& p) {
    int total = p.store_citizens[0] + p.store_citizens[1];
    for (auto c : p.citizens) total += c;
    return total;
}

int pieces_total(const Position& p) {
    return p.store_pieces[0] + p.store_pieces[1] + (p.has_piece(kWestMandarin) ? 1 : 0) +
           (p.has_piece(kEastMandarin) ? 1 : 0);
}

TEST_CASE("random playouts conserve stones after every ply and always end", "[rules][playout]") {
    const std::string rules_text = GENERATE(
        as<std::string>{}, "standard", "stop-after-capture", "quan-non", "quan5", "no-empty-gap",
        "village", "chain=no", "quan_setup=stones10", "direction=ccw,quan_non=5",
        "after_capture=stop,chain=no,empty_quan_gap=no", "end=first_mandarin_capture",
        "village,direction=free,after_capture=relay", "quan_non=1", "tg-standard",
        "refill=own_or_lose", "tg-standard,quan_value=5", "village,refill=own_or_lose");
    const Rules rules = rules_of(rules_text);
    INFO("rules " << rules_text);
    const Position start = start_position(rules);
    const int citizens = citizens_total(start);
    const int pieces = pieces_total(start);
    const bool converts = rules.refill == RefillRule::OwnOrLose;
    std::mt19937 rng(12345);
    std::map<EndReason, int> ends;
    int settled_by_a_step = 0;  // games whose settlement moved citizens off the squares
    constexpr int kGames = 300;
    for (int g = 0; g < kGames; ++g) {
        Game game(rules, start);
        while (!game.is_over()) {
            const Position& before = game.position();
            const auto moves = legal_moves(before, rules);
            REQUIRE_FALSE(moves.empty());  // no pass: a running game always has a move
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            const Move move = moves[pick(rng)];
            REQUIRE(is_legal(before, move, rules));
            // Without its settlement a move is the same move: settling gives play()'s position.
            Position unsettled = play_unsettled(before, move, rules);
            const Position played = play(before, move, rules);
            if (unsettled.is_over() && !(unsettled == played)) ++settled_by_a_step;
            if (unsettled.is_over()) end_game(unsettled, unsettled.end);
            REQUIRE(unsettled == played);
            const auto next = game.play(move);
            REQUIRE(next.has_value());
            const Position& p = *next;
            if (converts) {
                REQUIRE(pieces_total(p) <= pieces_total(before));
                REQUIRE(citizens_total(p) + rules.quan_value * pieces_total(p) ==
                        citizens + rules.quan_value * pieces);
            } else {
                REQUIRE(citizens_total(p) == citizens);
                REQUIRE(pieces_total(p) == pieces);
            }
            REQUIRE(p.side == opponent(before.side));
            if (p.is_over()) {
                // Settled: no citizens left on either side's squares.
                for (int k = 1; k <= 5; ++k) {
                    REQUIRE(p.citizens[static_cast<std::size_t>(pit_of(Side::South, k))] == 0);
                    REQUIRE(p.citizens[static_cast<std::size_t>(pit_of(Side::North, k))] == 0);
                }
                REQUIRE(result(p, rules) != Result::Ongoing);
                if (p.end == EndReason::RefillLoss) {
                    // Lost by the side that had to refill, with a score below 5.
                    REQUIRE(converts);
                    REQUIRE(score(p, p.side, rules) < 5);  // his own squares were empty
                    REQUIRE(result(p, rules) ==
                            (p.side == Side::South ? Result::NorthWin : Result::SouthWin));
                }
            } else {
                // Past the refill: the side to move has a citizen on its squares.
                REQUIRE_FALSE(legal_moves(p, rules).empty());
                REQUIRE(result(p, rules) == Result::Ongoing);
            }
            REQUIRE(game.ply() <= kDefaultPlyLimit);
        }
        ++ends[game.end()];
    }
    int total = 0;
    for (auto [reason, count] : ends) {
        CHECK(reason != EndReason::None);
        total += count;
        UNSCOPED_INFO(to_string(reason) << ": " << count);
    }
    CHECK(total == kGames);
    CHECK(settled_by_a_step > 0);
    // Each rule set ends most games by its own end condition.
    const EndReason own = rules.end == EndRule::FirstMandarinCapture ? EndReason::MandarinCaptured
                                                                     : EndReason::MandarinsEmpty;
    CHECK(ends[own] > kGames / 2);
    CHECK(ends[EndReason::None] == 0);
}

TEST_CASE("random playouts end by the rules and by the ply limit", "[rules][playout]") {
    // With a small ply limit both kinds of ending turn up (an impossible refill needs the stores
    // nearly empty, which random standard games do not reach: the hand-built test covers it).
    const Rules rules;
    std::mt19937 rng(99);
    std::map<EndReason, int> ends;
    for (int g = 0; g < 3000; ++g) {
        Game game(rules, start_position(rules), 40);
        while (!game.is_over()) {
            const auto moves = legal_moves(game.position(), rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            REQUIRE(game.play(moves[pick(rng)]).has_value());
        }
        ++ends[game.end()];
    }
    CHECK(ends[EndReason::MandarinsEmpty] > 0);
    CHECK(ends[EndReason::PlyLimit] > 0);
    CHECK(ends[EndReason::None] == 0);
}

}  // namespace
}  // namespace oaq::rules
