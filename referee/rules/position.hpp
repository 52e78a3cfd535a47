// Position: everything that decides the rest of a game (RULES.md sections 1 and 5): the citizens in
// the 12 pits, which mandarin pits still hold their piece, the side to move, both stores and both
// debts, and whether the game is over (and why). It is a 24-byte value: copying it is how search
// "undoes" a move, so it must stay small, trivially copyable and free of pointers.
// Invariant: a Position is always given after the refill of its side to move (section 3.1).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace oaq::rules {

enum class Side : std::uint8_t { South = 0, North = 1 };
// A flip of the one bit, not a comparison: the hot path of play() turns the side every move.
inline constexpr Side opponent(Side s) {
    return static_cast<Side>(static_cast<std::uint8_t>(s) ^ 1u);
}
inline constexpr int index(Side s) {
    return static_cast<int>(s);
}

// Why a game ended by its own rules (repetition and the ply limit belong to Game, not Position).
enum class EndReason : std::uint8_t {
    None,              // the game goes on
    MandarinsEmpty,    // both mandarin pits empty after a turn
    MandarinCaptured,  // end=first_mandarin_capture and a turn captured a mandarin pit
    RefillImpossible,  // the mover had to refill and both stores held fewer than 5 citizens
    Repetition,        // third occurrence of a position (set by Game only)
    PlyLimit,          // the ply limit was reached (set by Game only)
};

enum class Result : std::uint8_t { Ongoing, SouthWin, NorthWin, Draw };

inline constexpr int kPits = 12;
inline constexpr int kWestMandarin = 0;  // QW
inline constexpr int kEastMandarin = 6;  // QE
inline constexpr bool is_mandarin_pit(int pit) {
    return pit == kWestMandarin || pit == kEastMandarin;
}
// South's square k (1..5) is pit k; North's square k is pit 6+k.
inline constexpr int pit_of(Side side, int square) {
    return side == Side::South ? square : 6 + square;
}

struct Position {
    std::array<std::uint8_t, kPits> citizens{};
    std::uint8_t pieces = 0;  // bit 0: QW holds its piece; bit 1: QE holds its piece
    Side side = Side::South;
    std::array<std::uint8_t, 2> store_citizens{};  // captured citizens, by side
    std::array<std::uint8_t, 2> store_pieces{};    // captured mandarin pieces, by side
    std::array<std::uint16_t, 2> debt{};           // citizens borrowed at refills, by side
    EndReason end = EndReason::None;
    std::uint8_t padding_ = 0;  // keeps the hash over all 24 bytes deterministic

    bool has_piece(int pit) const {
        return pit == kWestMandarin   ? (pieces & 1u) != 0
               : pit == kEastMandarin ? (pieces & 2u) != 0
                                      : false;
    }
    // A pit is empty when it holds no citizens and no piece.
    bool is_empty(int pit) const {
        return citizens[static_cast<std::size_t>(pit)] == 0 && !has_piece(pit);
    }
    bool is_over() const { return end != EndReason::None; }

    friend bool operator==(const Position& a, const Position& b) {
        return std::memcmp(&a, &b, sizeof(Position)) == 0;
    }

    // A fast 64-bit hash of all fields, for transposition tables and repetition sets.
    std::uint64_t hash() const {
        std::uint64_t w[3];
        std::memcpy(w, this, sizeof w);
        std::uint64_t h = w[0] * 0x9E3779B97F4A7C15ull;
        h ^= (w[1] + 0xC2B2AE3D27D4EB4Full) * 0xBF58476D1CE4E5B9ull;
        h ^= (w[2] + 0x165667B19E3779F9ull) * 0x94D049BB133111EBull;
        h ^= h >> 31;
        return h * 0xD6E8FEB86659FD93ull;
    }
};
static_assert(sizeof(Position) == 24, "Position must stay a small value type");
static_assert(std::is_trivially_copyable_v<Position>);

struct Rules;

// The start position of a rule set (section 2).
Position start_position(const Rules& rules);

// Score of one side (section 4): captured citizens + quan_value x captured pieces - own debt +
// opponent's debt. For a finished game the stores already include the settlement.
int score(const Position& pos, Side side, const Rules& rules);

// Ongoing while the game runs; otherwise the side with the higher score wins, equal scores draw.
Result result(const Position& pos, const Rules& rules);

}  // namespace oaq::rules
