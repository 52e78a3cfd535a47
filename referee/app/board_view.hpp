// Draws a position for a person in a terminal: North's row on top (N5..N1, as North sees it from
// across the board), South's row below (S1..S5), the two mandarin pits at the ends with their piece
// marked, both stores, debts, scores, and the side to move. Pure formatting: returns a string.
#pragma once

#include <string>

#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

std::string draw_board(const rules::Position& pos, const rules::Rules& rules);

}  // namespace oaq::app
