// A turn of the ring game of N seats (rules.md section 10): legal moves, and what a move does
// around the whole ring: sowing with laps and relays, gaps, captures and chains through every
// seat's squares and every mandarin pit; the end of the game and settlement; the refill that opens
// the next seat's turn, borrowing a shortfall from the other seats in turn order. The same rules as
// turn.hpp, written for any N in 2..4 with N a run-time value; the 2-player game keeps its faster
// turn.hpp, and the tests check that both agree for N = 2. Never allocates.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/move.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

// The legal moves of the seat to move, in the order 1L 1R 2L 2R ... (none once the game is over).
MoveList legal_moves(const RingPosition& pos, const Rules& rules);

bool is_legal(const RingPosition& pos, Move move, const Rules& rules);

// Plays a legal move: the turn passes to the next seat, and either the game is over (settled) or
// that seat's refill has been applied. Precondition: is_legal(pos, move, rules).
RingPosition play(const RingPosition& pos, Move move, const Rules& rules);

// play() without the settlement of a game the move ends (as play_unsettled() of turn.hpp).
RingPosition play_unsettled(const RingPosition& pos, Move move, const Rules& rules);

// The start of a turn (section 3.1 around the ring): when the seat to move has five empty squares,
// refill them from its own captured citizens, then from the other seats' in turn order starting
// with the next seat, each lending what it has until the 5 are in (balances: + lent, - borrowed);
// with refill=own_or_lose first turning captured pieces into citizens, or ending the game
// (RefillLoss) when the mover's score is below 5. RefillImpossible when all stores together hold
// fewer than 5 citizens. With settle false a game that ends here keeps its citizens on the squares.
void begin_turn(RingPosition& pos, const Rules& rules, bool settle = true);

// Ends the game for `reason` and settles: each seat's citizens on its own squares go to its store.
void end_game(RingPosition& pos, EndReason reason);

// Perft (section 7) for a ring position: every leaf move is made.
std::uint64_t perft(const RingPosition& pos, int depth, const Rules& rules);
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const RingPosition& pos, int depth,
                                                         const Rules& rules);

}  // namespace oaq::rules
