#include "rules/perft.hpp"

#include "rules/turn.hpp"

namespace oaq::rules {

std::uint64_t perft(const Position& pos, int depth, const Rules& rules) {
    if (depth == 0) return 1;
    const MoveList moves = legal_moves(pos, rules);
    std::uint64_t nodes = 0;
    // Every leaf move is made too (no bulk counting), so nodes/second is moves made per second.
    for (Move m : moves) nodes += perft(play(pos, m, rules), depth - 1, rules);
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const Rules& rules) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth <= 0) return out;
    for (Move m : legal_moves(pos, rules)) out.emplace_back(m, perft(play(pos, m, rules), depth - 1, rules));
    return out;
}

}  // namespace oaq::rules
