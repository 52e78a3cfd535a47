// Position: everything that decides the rest of a game (rules.md sections 1, 5 and 9): the citizens
// in the 12 pits, which mandarin pits still hold their piece, the side to move, both stores and
// both debts, whether the game is over (and why), and the shares of a session game (which squares
// the owner's opponent paid for, section 8: fixed for the whole game, they change only settlement).
// It is a 32-byte value: copying it is how search "undoes" a move, so it must stay small, trivially
// copyable and free of pointers. The first 24 bytes are what a move changes; the shares follow.
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
// New values go at the end, so the byte of every earlier reason keeps its value.
enum class EndReason : std::uint8_t {
    None,              // the game goes on
    MandarinsEmpty,    // both mandarin pits empty after a turn
    MandarinCaptured,  // end=first_mandarin_capture and a turn captured a mandarin pit
    RefillImpossible,  // the mover had to refill and both stores held fewer than 5 citizens
    Repetition,        // third occurrence of a position (set by Game only)
    PlyLimit,          // the ply limit was reached (set by Game only)
    RefillLoss,        // refill=own_or_lose: the mover had to refill with a score below 5; he loses
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

// The shares of section 8: for each square, the fifths (0..5) of it that its owner's opponent paid
// for at the stake of a session game (5: sold, 1..4: shared, 0: the owner's alone). Three bits per
// square, S1..S5 in bits 0..14 and N1..N5 in bits 15..29, so that "no shares" is the word 0.
struct Shares {
    std::uint32_t bits = 0;

    // Fifths of `owner`'s square (1..5) paid by his opponent.
    int of(Side owner, int square) const {
        return static_cast<int>((bits >> shift(owner, square)) & 7u);
    }
    // Precondition: square 1..5, fifths 0..5.
    void set(Side owner, int square, int fifths) {
        const unsigned at = shift(owner, square);
        bits = (bits & ~(7u << at)) | (static_cast<std::uint32_t>(fifths) << at);
    }
    bool any() const { return bits != 0; }

    friend bool operator==(const Shares&, const Shares&) = default;

  private:
    static unsigned shift(Side owner, int square) {
        return 3u * static_cast<unsigned>(5 * static_cast<int>(owner) + square - 1);
    }
};

struct Position {
    std::array<std::uint8_t, kPits> citizens{};
    std::uint8_t pieces = 0;  // bit 0: QW holds its piece; bit 1: QE holds its piece
    Side side = Side::South;
    std::array<std::uint8_t, 2> store_citizens{};  // captured citizens, by side
    std::array<std::uint8_t, 2> store_pieces{};    // captured mandarin pieces, by side
    std::array<std::uint16_t, 2> debt{};           // citizens borrowed at refills, by side
    EndReason end = EndReason::None;
    std::uint8_t padding_ = 0;  // keeps the hash over all bytes deterministic
    Shares shares;              // section 8; constant during a game
    std::uint32_t padding2_ = 0;

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

    // A fast 64-bit hash of all fields, for transposition tables and repetition sets: every bit
    // depends on every byte, so any run of its bits (a table's mask, or its top bits) is an
    // index. The last shift matters: a multiplication carries low bits up, never high bits
    // down, so without it the low bits never saw the last byte of each word (pit 7, the stores'
    // citizens) and such positions shared the engines' table slots. The shares word adds nothing
    // when it is 0.
    std::uint64_t hash() const {
        std::uint64_t w[4];
        std::memcpy(w, this, sizeof w);
        std::uint64_t h = w[0] * 0x9E3779B97F4A7C15ull;
        h ^= (w[1] + 0xC2B2AE3D27D4EB4Full) * 0xBF58476D1CE4E5B9ull;
        h ^= (w[2] + 0x165667B19E3779F9ull) * 0x94D049BB133111EBull;
        h ^= w[3] * 0xA0761D6478BD642Full;
        h ^= h >> 31;
        h *= 0xD6E8FEB86659FD93ull;
        return h ^ (h >> 32);
    }
};
static_assert(sizeof(Position) == 32, "Position must stay a small value type");
static_assert(std::is_trivially_copyable_v<Position>);

struct Rules;

// The start position of a rule set (section 2). A Position is the 2-player game: for rules.players
// 3 or 4 use ring_start_position() (ring_position.hpp); this one ignores players.
Position start_position(const Rules& rules);

// Score of one side (section 4): captured citizens + quan_value x captured pieces - own debt +
// opponent's debt. For a finished game the stores already include the settlement.
int score(const Position& pos, Side side, const Rules& rules);

// Ongoing while the game runs. A game lost at a refill (EndReason::RefillLoss, refill=own_or_lose)
// is lost by the side to move, whatever the scores; otherwise the side with the higher score wins,
// equal scores draw.
Result result(const Position& pos, const Rules& rules);

}  // namespace oaq::rules
