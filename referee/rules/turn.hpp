// A turn (rules.md sections 3 and 4): which moves are legal, and what a move does: sowing with laps
// and relays, gaps, captures and chains, the end of the game, settlement, and the refill that opens
// the next turn. These functions sit on the search hot path: they work on a Position by value and
// never allocate.
#pragma once

#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

// The legal moves of the side to move, in the order 1L 1R 2L 2R ... (none once the game is over).
MoveList legal_moves(const Position& pos, const Rules& rules);

bool is_legal(const Position& pos, Move move, const Rules& rules);

// Plays a legal move and returns the position after it: the side to move has passed to the
// opponent, and either the game is over (settled) or the opponent's refill has been applied.
// Precondition: is_legal(pos, move, rules).
Position play(const Position& pos, Move move, const Rules& rules);

// play() without the settlement of a game the move ends: the end reason is set but the citizens
// are still on the squares, so end_game(result, result.end) gives play()'s position. For replays
// that show the settlement as a step of its own. Same precondition as play().
Position play_unsettled(const Position& pos, Move move, const Rules& rules);

// The start of a turn for a given position (section 5): when the side to move's five squares are
// empty, refill them (3.1: borrowing a shortfall; with refill=own_or_lose first turning captured
// pieces into citizens), or end the game: RefillImpossible when both stores together hold fewer
// than 5 citizens, RefillLoss under refill=own_or_lose when the mover's score is below 5. Positions
// from play() are already past this step; parsed positions go through it.
// With settle false a game that ends here keeps its citizens on the squares (play_unsettled).
void begin_turn(Position& pos, const Rules& rules, bool settle = true);

// Ends the game for `reason` and settles (section 4): the citizens on each side's own squares go to
// its own store, except that of x citizens on a square whose opponent paid k fifths (the position's
// shares, section 8) the opponent receives floor(x * k / 5).
void end_game(Position& pos, EndReason reason);

}  // namespace oaq::rules
