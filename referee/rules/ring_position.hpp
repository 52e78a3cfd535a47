// RingPosition: a position of the ring game of N seats (rules.md section 10, RULES.md section 9):
// the citizens in the 6N pits, which mandarin pits still hold their piece, the seat to move, every
// seat's store and balance, whether the game is over (and why). The N = 2 game keeps its own
// 32-byte Position and its fast turn (position.hpp, turn_impl.hpp); RingPosition is the generic
// form for any N in 2..4, played by ring_turn.cpp, and to_ring() turns a 2-player Position into it
// (which is how the tests check one against the other). A 44-byte value, trivially copyable and
// free of pointers, compared and hashed over all its bytes: the pits past 6N, the stores and
// balances past seat N are always 0.
// Invariants: balances sum to 0; a RingPosition is always given after the refill of its seat to
// move (section 3.1).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

inline constexpr int kMaxSeats = kMaxPlayers;
inline constexpr int kMaxRingPits = 6 * kMaxSeats;

// Seats are numbered from 0 in code (seat 1 of the rules is 0) and from 1 in every text.
// Seat s's square k (1..5) is pit 6s + k; the mandarin pits are 0, 6, .., 6(N-1).
inline constexpr int ring_pit(int seat, int square) {
    return 6 * seat + square;
}
inline constexpr bool is_ring_mandarin(int pit) {
    return pit % 6 == 0;
}
// The seat that owns a square (meaningless for a mandarin pit).
inline constexpr int owner_of(int pit) {
    return pit / 6;
}

struct RingPosition {
    std::array<std::uint8_t, kMaxRingPits> citizens{};  // pits 0..6N-1; the rest stay 0
    std::uint8_t seats = 2;                             // N
    std::uint8_t to_move = 0;                           // the seat to move, from 0
    std::uint8_t pieces = 0;  // bit m: the mandarin pit at 6m still holds its piece
    EndReason end = EndReason::None;
    std::array<std::uint8_t, kMaxSeats> store_citizens{};  // captured citizens, by seat
    std::array<std::uint8_t, kMaxSeats> store_pieces{};    // captured mandarin pieces, by seat
    std::array<std::int16_t, kMaxSeats> balance{};         // citizens lent minus citizens borrowed

    int pits() const { return 6 * seats; }
    int citizens_at(int pit) const { return citizens[static_cast<std::size_t>(pit)]; }
    bool has_piece(int pit) const {
        return is_ring_mandarin(pit) && ((pieces >> (pit / 6)) & 1u) != 0;
    }
    // A pit is empty when it holds no citizens and no piece.
    bool is_empty(int pit) const { return citizens_at(pit) == 0 && !has_piece(pit); }
    bool is_over() const { return end != EndReason::None; }
    // The pit one step on from `pit` in direction dir (+1 = R, -1 = L), round the ring.
    int step_from(int pit, int dir) const {
        const int next = pit + dir;
        return next < 0 ? next + pits() : next >= pits() ? next - pits() : next;
    }

    friend bool operator==(const RingPosition& a, const RingPosition& b) {
        return std::memcmp(&a, &b, sizeof(RingPosition)) == 0;
    }
    std::uint64_t hash() const;
};
static_assert(sizeof(RingPosition) == 44, "RingPosition has no padding bytes");
static_assert(std::is_trivially_copyable_v<RingPosition>);

// The start position of a rule set with rules.players seats (section 2 around the ring).
RingPosition ring_start_position(const Rules& rules);

// The same position as a ring of two seats (South seat 0, North seat 1). Debts become balances
// (South's balance is North's debt minus South's); the shares of a session game are left out.
RingPosition to_ring(const Position& pos);

// Score of a seat (0-based): captured citizens + quan_value x captured pieces + balance. For a
// finished game the stores already include the settlement.
int score(const RingPosition& pos, int seat, const Rules& rules);

// A seat's place in a finished game (section 10.5): its score, its rank (1 for the best; equal
// scores share a rank, so 1, 1, 3) and its points, (seats it ranks above + 1/2 x seats it ties
// with) / (N - 1). A seat that lost at a refill under own_or_lose (the seat to move of a position
// ended by RefillLoss) is last, alone, whatever the scores.
struct Standing {
    int score = 0;
    int rank = 0;
    double points = 0;
};

// Standings of every seat, in seat order. For a game still running, the same from the current
// scores.
std::vector<Standing> standings(const RingPosition& pos, const Rules& rules);
// The same for a 2-player position: ranks 1 and 2 or 1 and 1, points 1 and 0 or 1/2 each.
std::vector<Standing> standings(const Position& pos, const Rules& rules);

}  // namespace oaq::rules
