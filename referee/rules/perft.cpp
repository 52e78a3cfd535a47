#include "rules/perft.hpp"

#include <bit>
#include <cstring>

#include "rules/turn.hpp"
#include "rules/turn_impl.hpp"

namespace oaq::rules {

namespace {

// Bit k-1 set when the side to move's square k holds citizens.
unsigned full_squares(const Position& pos) {
    const std::uint8_t* squares = pos.citizens.data() + pit_of(pos.side, 1);
    unsigned mask = 0;
    for (unsigned k = 0; k < 5; ++k) mask |= static_cast<unsigned>(squares[k] != 0) << k;
    return mask;
}

// The bytes of a position folded into one word: cheap, and it depends on every field play() sets.
std::uint64_t fold(const Position& p) {
    std::uint64_t w[3];
    std::memcpy(w, &p, sizeof w);
    return w[0] ^ w[1] ^ w[2];
}

// Written once per perft with the fold of every leaf: every leaf move is really made (no bulk
// counting), and since the leaf positions are used the compiler cannot drop the inlined play()
// at depth 1, so nodes/second stays moves made per second.
volatile std::uint64_t g_leaf_sink = 0;

// perft for depth >= 1 under switches S, with the directions a move may take fixed as Left and
// Right (both for direction=free). play_with() is inlined here, so the yes/no switches cost
// nothing; at depth 1 the side to move is fixed at compile time too. The moves are generated in
// place, in legal_moves() order, from a bit mask of the full squares rather than through a
// MoveList: one loop branch per move instead of one per square.
template <class S, bool Left, bool Right>
class Counter {
  public:
    explicit Counter(const S& s) : s_(s) {}

    std::uint64_t count(const Position& pos, int depth) {
        if (depth == 1) return leaves(pos);
        if (pos.is_over()) return 0;
        std::uint64_t nodes = 0;
        for (unsigned mask = full_squares(pos); mask != 0; mask &= mask - 1) {
            const auto k = static_cast<std::uint8_t>(std::countr_zero(mask) + 1);
            if constexpr (Left) nodes += count(detail::play_with<-1>(pos, k, s_), depth - 1);
            if constexpr (Right) nodes += count(detail::play_with<1>(pos, k, s_), depth - 1);
        }
        return nodes;
    }

    std::uint64_t sink() const { return sink_; }

  private:
    // depth 1: every move is made, and its position folded into the sink. The side to move is
    // fixed at compile time here, where nearly all the moves of a perft are made (measured: the
    // same for the inner nodes was slower, the larger code outweighing it).
    std::uint64_t leaves(const Position& pos) {
        if (pos.is_over()) return 0;
        return pos.side == Side::South ? leaves_of<0>(pos) : leaves_of<1>(pos);
    }

    template <int Mover>
    [[gnu::hot]] std::uint64_t leaves_of(const Position& pos) {
        std::uint64_t nodes = 0;
        std::uint64_t sink = 0;
        for (unsigned mask = full_squares(pos); mask != 0; mask &= mask - 1) {
            const auto k = static_cast<std::uint8_t>(std::countr_zero(mask) + 1);
            if constexpr (Left) {
                sink ^= fold(detail::play_with<-1, Mover>(pos, k, s_));
                ++nodes;
            }
            if constexpr (Right) {
                sink ^= fold(detail::play_with<1, Mover>(pos, k, s_));
                ++nodes;
            }
        }
        sink_ ^= sink;
        return nodes;
    }

    S s_;
    std::uint64_t sink_ = 0;
};

template <bool Left, bool Right, class S>
std::uint64_t run(const Position& pos, int depth, const S& s) {
    Counter<S, Left, Right> counter(s);
    const std::uint64_t nodes = counter.count(pos, depth);
    g_leaf_sink = counter.sink();
    return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth, const Rules& rules) {
    if (depth <= 0) return 1;
    // The one run-time dispatch: to the instantiation for these switches and directions.
    return detail::with_switches(rules, [&](const auto& s) -> std::uint64_t {
        switch (rules.direction) {
            case DirectionRule::Cw:
                return run<true, false>(pos, depth, s);
            case DirectionRule::Ccw:
                return run<false, true>(pos, depth, s);
            case DirectionRule::Free:
                break;
        }
        return run<true, true>(pos, depth, s);
    });
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const Rules& rules) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth <= 0) return out;
    for (Move m : legal_moves(pos, rules)) {
        out.emplace_back(m, perft(play(pos, m, rules), depth - 1, rules));
    }
    return out;
}

}  // namespace oaq::rules
