// Draws a position for a person in a terminal: by default North's row on top (N5..N1, as North
// sees it from across the board), South's row below (S1..S5), or turned for a player of North, the
// two mandarin pits at the ends with their piece marked, both stores, debts, scores, and the side
// to move; in a session game, the sold and shared squares (rules.md section 9) marked under their
// row and listed. Pure formatting: returns strings.
#pragma once

#include <string>

#include "rules/position.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::views {

// `bottom` is the side whose row is drawn at the bottom, as its player sits: South's row reads
// S1..S5 with QW on the left; North's (the board turned) N1..N5 with QE on the left. Either way a
// move L goes to the player's left and R to his right.
std::string draw_board(const rules::Position& pos, const rules::Rules& rules,
                       rules::Side bottom = rules::Side::South);

// A position of 3 or 4 seats (rules.md section 10): one row per seat, its mandarin pit (pit
// 6(s-1), the one at its left end) then its squares 1..5, with its store, balance and score, and
// the seat to move; a finished game's end reason and ranks. R runs along a row and on into the
// next seat's, the last seat's row leading back to pit 0.
std::string draw_ring(const rules::RingPosition& pos, const rules::Rules& rules);

// The sold and shared squares for people: "N4 2/5, N5 sold" (fifths paid by the square's
// opponent), or "" when there are none.
std::string describe_shares(const rules::Shares& shares);

}  // namespace oaq::views
