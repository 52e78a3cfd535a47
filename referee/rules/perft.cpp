#include "rules/perft.hpp"

#include "rules/turn.hpp"

namespace oaq::rules {

namespace {

// perft for depth >= 1. The moves are generated in place, in legal_moves() order, rather than
// through a MoveList: perft is the rules' speed benchmark, and a list per node is measurable.
// Every leaf move is made too (no bulk counting), so nodes/second is moves made per second.
std::uint64_t count(const Position& pos, int depth, const Rules& rules, bool left, bool right) {
    if (pos.is_over()) return 0;
    std::uint64_t nodes = 0;
    const std::uint8_t* squares = pos.citizens.data() + pit_of(pos.side, 1) - 1;
    for (std::uint8_t k = 1; k <= 5; ++k) {
        if (squares[k] == 0) continue;
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
