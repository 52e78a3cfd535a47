#include "alphabeta/transposition_table.hpp"

#include <algorithm>

#include "alphabeta/evaluation.hpp"

namespace oaq::engines::alphabeta {

void TranspositionTable::resize(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(TtEntry);
    std::size_t size = 1;
    while (size * 2 <= wanted) size *= 2;
    entries_.assign(size, TtEntry{});
    mask_ = size - 1;
}

void TranspositionTable::clear() {
    std::fill(entries_.begin(), entries_.end(), TtEntry{});
}

void TranspositionTable::store(std::uint64_t key, int score, int depth, Bound bound,
                               std::uint8_t move, int ply) {
    TtEntry& e = entries_[key & mask_];
    // Keep the old best move when this search found none for the same position.
    if (move == 0 && e.key == key) move = e.move;
    e.key = key;
    e.score = static_cast<std::int16_t>(score_to_tt(score, ply));
    e.depth = static_cast<std::int8_t>(std::clamp(depth, -1, 127));
    e.bound = bound;
    e.move = move;
}

int score_to_tt(int score, int ply) {
    if (score > kMate - 1000) return score + ply;
    if (score < -kMate + 1000) return score - ply;
    return score;
}

int score_from_tt(int score, int ply) {
    if (score > kMate - 1000) return score - ply;
    if (score < -kMate + 1000) return score + ply;
    return score;
}

}  // namespace oaq::engines::alphabeta
