// TranspositionTable: a fixed-size, always-replace hash table of search results keyed by
// Position::hash(). 16-byte entries; the size is a power of two so the index is a mask. Mate scores
// are stored relative to the node (not the root) so they stay right when reached by another path.
// Not thread-safe: one search thread owns it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/move.hpp"

namespace oaq::engines::alphabeta {

enum class Bound : std::uint8_t { None, Exact, Lower, Upper };

struct TtEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::int8_t depth = 0;
    Bound bound = Bound::None;
    std::uint8_t move = 0;  // encode_move(); 0 = none
};

inline std::uint8_t encode_move(rules::Move m) {
    return static_cast<std::uint8_t>((m.square - 1) * 2 +
                                     (m.direction == rules::Direction::R ? 1 : 0) + 1);
}
inline rules::Move decode_move(std::uint8_t code) {
    const int c = code - 1;
    return rules::Move{static_cast<std::uint8_t>(c / 2 + 1),
                       c % 2 == 1 ? rules::Direction::R : rules::Direction::L};
}

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    void resize(std::size_t megabytes);
    void clear();

    // The entry for `key`, or nullptr when the slot holds another position.
    const TtEntry* probe(std::uint64_t key) const {
        const TtEntry& e = entries_[key & mask_];
        return e.key == key && e.bound != Bound::None ? &e : nullptr;
    }
    void store(std::uint64_t key, int score, int depth, Bound bound, std::uint8_t move, int ply);

  private:
    std::vector<TtEntry> entries_;
    std::uint64_t mask_ = 0;
};

// Mate scores are stored as "mate from this node" and read back as "mate from the root".
int score_to_tt(int score, int ply);
int score_from_tt(int score, int ply);

}  // namespace oaq::engines::alphabeta
