#include "rules/perft.hpp"

#include <bit>

#include "rules/turn.hpp"

namespace oaq::rules {

namespace {

// Bit k-1 set when the side to move's square k holds citizens.
unsigned full_squares(const Position& pos) {
    const std::uint8_t* squares = pos.citizens.data() + pit_of(pos.side, 1);
    unsigned mask = 0;
    for (unsigned k = 0; k < 5; ++k) mask |= static_cast<unsigned>(squares[k] != 0) << k;
    return mask;
}

// perft for depth >= 1. The moves are generated in place, in legal_moves() order, from a bit mask
// of the full squares rather than through a MoveList: one loop branch per move instead of one
// per square. Every leaf move is made too (no bulk counting), so nodes/second is moves made per
// second.
std::uint64_t count(const Position& pos, int depth, const Rules& rules, bool left, bool right) {
    if (pos.is_over()) return 0;
    std::uint64_t nodes = 0;
    for (unsigned mask = full_squares(pos); mask != 0; mask &= mask - 1) {
        const auto k = static_cast<std::uint8_t>(std::countr_zero(mask) + 1);
        if (left) {
            const Position child = play(pos, Move{k, Direction::L}, rules);
            nodes += depth == 1 ? 1 : count(child, depth - 1, rules, left, right);
        }
        if (right) {
            const Position child = play(pos, Move{k, Direction::R}, rules);
            nodes += depth == 1 ? 1 : count(child, depth - 1, rules, left, right);
        }
    }
    return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth, const Rules& rules) {
    if (depth <= 0) return 1;
    return count(pos, depth, rules, rules.direction != DirectionRule::Ccw,
                 rules.direction != DirectionRule::Cw);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const Rules& rules) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth <= 0) return out;
    for (Move m : legal_moves(pos, rules)) {
        out.emplace_back(m, perft(play(pos, m, rules), depth - 1, rules));
    }
    return out;
}

}  // namespace oaq::rules
