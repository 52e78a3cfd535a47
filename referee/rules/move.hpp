// Move: a square of the mover (1..5, from his own left) and a direction, L (-1 in pit index) or R
// (+1). Notation `<k><d>` (rules.md section 5), the same text for both players. MoveList holds at
// most the 10 moves of one position without touching the heap.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace oaq::rules {

enum class Direction : std::uint8_t { L, R };
inline constexpr int step(Direction d) {
    return d == Direction::R ? 1 : -1;
}

struct Move {
    std::uint8_t square = 1;  // 1..5
    Direction direction = Direction::L;

    friend bool operator==(const Move&, const Move&) = default;
};

// "3R" -> Move{3, R}. Errors say why: `"6L" is not a move: square must be 1..5`.
Expected<Move> parse_move(std::string_view text);
std::string to_string(Move move);

class MoveList {
  public:
    static constexpr std::size_t kCapacity = 10;
    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    bool contains(Move m) const {
        for (auto x : *this)
            if (x == m) return true;
        return false;
    }

  private:
    std::array<Move, kCapacity> moves_{};
    std::size_t size_ = 0;
};

}  // namespace oaq::rules
