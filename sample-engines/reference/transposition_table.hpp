// TranspositionTable of the reference engine: buckets of four 16-byte entries (one 64-byte cache
// line), keyed by a 64-bit position key. Replacement is depth-preferring with aging: a store goes
// to the entry of the same key, else to the entry with the least depth - 4 x age, where age counts
// searches since the entry was written (new_search() starts a generation). Scores of proven
// results are stored relative to the node so they stay right when reached by another path. The
// size is a power of two of buckets, so the index is a mask. Not thread-safe: one search owns it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace oaq::engines::reference {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TtEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::int8_t depth = 0;
    std::uint8_t gen_bound = 0;  // generation << 2 | bound
    std::uint8_t move = 0;       // move code (search.hpp), 0 = none
    std::uint8_t padding = 0;

    Bound bound() const { return static_cast<Bound>(gen_bound & 3u); }
    std::uint8_t generation() const { return static_cast<std::uint8_t>(gen_bound >> 2); }
};
static_assert(sizeof(TtEntry) == 16);

struct alignas(64) TtBucket {
    TtEntry entries[4];
};
static_assert(sizeof(TtBucket) == 64);

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

    void resize(std::size_t megabytes);
    void clear();
    // Starts a search: entries written before it age.
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63u); }
    std::uint8_t generation() const { return generation_; }

    // The entry for `key`, or nullptr.
    const TtEntry* probe(std::uint64_t key) const {
        const TtBucket& b = buckets_[key & mask_];
        for (const TtEntry& e : b.entries)
            if (e.key == key && e.bound() != Bound::None) return &e;
        return nullptr;
    }
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

    // `score` already relative to the node (score_to_tt).
    void store(std::uint64_t key, int score, int eval, int depth, Bound bound, std::uint8_t move);

    // Permille of the first 1000 entries written in this search (the protocol's hashfull).
    int hashfull() const;
    std::size_t entry_count() const { return buckets_.size() * 4; }

  private:
    std::vector<TtBucket> buckets_;
    std::uint64_t mask_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace oaq::engines::reference
