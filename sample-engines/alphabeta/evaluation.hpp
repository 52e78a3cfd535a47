// Static evaluation and score conventions of the alpha-beta engine. Scores are centi-citizens from
// the side to move (the protocol's `cp`): 100 x the score difference of rules.md section 4, plus a
// share of the citizens each side still has on its own squares (they settle to their owner when
// the game ends, but can still be captured, so they count for less than stored ones). A finished
// game scores exactly: a win is kMate minus the plies to reach it, a loss the negation, a draw 0.
#pragma once

#include <cstdint>

#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::engines::alphabeta {

inline constexpr int kInfinity = 32000;
inline constexpr int kMate = 30000;
inline constexpr int kMaxPly = 128;
inline constexpr bool is_mate_score(int score) {
    return score > kMate - 1000 || score < -kMate + 1000;
}

struct EvalWeights {
    int board_citizen = 50;  // per citizen on one's own squares, in centi-citizens
};

// Material of one side in citizens: its score (section 4) without settlement.
inline int material(const rules::Position& p, rules::Side side, int quan_value) {
    const auto me = static_cast<std::size_t>(rules::index(side));
    const auto them = 1 - me;
    return p.store_citizens[me] + quan_value * p.store_pieces[me] - p.debt[me] + p.debt[them];
}

inline int board_citizens(const rules::Position& p, rules::Side side) {
    const auto first = static_cast<std::size_t>(rules::pit_of(side, 1));
    int sum = 0;
    for (std::size_t pit = first; pit < first + 5; ++pit) sum += p.citizens[pit];
    return sum;
}

// Exact score of a finished game for the side to move, `ply` plies from the root. The result, not
// the score difference, decides: under refill=own_or_lose a player can lose with more points.
inline int terminal_score(const rules::Position& p, const rules::Rules& rules, int ply) {
    const auto result = rules::result(p, rules);
    if (result == rules::Result::Draw) return 0;
    const bool mover_wins = (result == rules::Result::SouthWin) == (p.side == rules::Side::South);
    return mover_wins ? kMate - ply : -kMate + ply;
}

inline int evaluate(const rules::Position& p, const rules::Rules& rules, const EvalWeights& w) {
    const auto side = p.side;
    const auto other = rules::opponent(side);
    return 100 * (material(p, side, rules.quan_value) - material(p, other, rules.quan_value)) +
           w.board_citizen * (board_citizens(p, side) - board_citizens(p, other));
}

}  // namespace oaq::engines::alphabeta
