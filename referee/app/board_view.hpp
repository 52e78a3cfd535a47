// Draws a position for a person in a terminal: North's row on top (N5..N1, as North sees it from
// across the board), South's row below (S1..S5), the two mandarin pits at the ends with their piece
// marked, both stores, debts, scores, and the side to move; in a session game, the sold and shared
// squares (rules.md section 9) marked under their row and listed. Pure formatting: returns strings.
#pragma once

#include <string>

#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

std::string draw_board(const rules::Position& pos, const rules::Rules& rules);

// The sold and shared squares for people: "N4 2/5, N5 sold" (fifths paid by the square's
// opponent), or "" when there are none.
std::string describe_shares(const rules::Shares& shares);

}  // namespace oaq::app
