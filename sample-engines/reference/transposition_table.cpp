#include "reference/transposition_table.hpp"

#include <algorithm>

namespace oaq::engines::reference {

void TranspositionTable::resize(std::size_t megabytes) {
    const std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(TtBucket);
    std::size_t size = 1;
    while (size * 2 <= wanted) size *= 2;
    buckets_.assign(size, TtBucket{});
    mask_ = size - 1;
}

void TranspositionTable::clear() {
    std::fill(buckets_.begin(), buckets_.end(), TtBucket{});
    generation_ = 0;
}

void TranspositionTable::store(std::uint64_t key, int score, int eval, int depth, Bound bound,
                               std::uint8_t move) {
    TtBucket& b = buckets_[key & mask_];
    TtEntry* slot = nullptr;
    int worst = 1 << 30;
    for (TtEntry& e : b.entries) {
        if (e.key == key) {
            slot = &e;
            break;
        }
        const int age = (generation_ - e.generation()) & 63;
        const int worth = e.bound() == Bound::None ? -(1 << 20) : e.depth - 4 * age;
        if (worth < worst) {
            worst = worth;
            slot = &e;
        }
    }
    // A shallower non-exact result does not overwrite a deeper one of the same search and key,
    // but its move is still the freshest advice.
    if (slot->key == key && slot->generation() == generation_ && bound != Bound::Exact &&
        depth < slot->depth - 2) {
        if (move != 0) slot->move = move;
        return;
    }
    if (move == 0 && slot->key == key) move = slot->move;
    slot->key = key;
    slot->score = static_cast<std::int16_t>(score);
    slot->eval = static_cast<std::int16_t>(eval);
    slot->depth = static_cast<std::int8_t>(std::clamp(depth, -1, 127));
    slot->gen_bound = static_cast<std::uint8_t>(static_cast<unsigned>(generation_) << 2u |
                                                static_cast<unsigned>(bound));
    slot->move = move;
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const std::size_t buckets = std::min<std::size_t>(buckets_.size(), 250);
    for (std::size_t i = 0; i < buckets; ++i)
        for (const TtEntry& e : buckets_[i].entries)
            if (e.bound() != Bound::None && e.generation() == generation_) ++used;
    return static_cast<int>(used * 1000 / static_cast<int>(buckets * 4));
}

}  // namespace oaq::engines::reference
