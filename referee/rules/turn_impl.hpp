// The inside of a turn, shared by play() and perft: the board held in registers, the sowing tables,
// and play_with(), which is play() written against a "switches" type S instead of Rules. S is
// either RuntimeSwitches (reads the Rules on every test, what play() uses) or StaticSwitches<...>
// (the yes/no switches fixed at compile time, so their tests vanish from the hot path);
// with_switches() picks the StaticSwitches instantiation for a Rules value once, at run time, so
// every rule set is still supported by one build. Not part of the rules API, and no stable
// interface: turn.cpp and perft.cpp include it, and so does the reference engine's search
// (sample-engines/reference/compiled_rules.hpp), which must change with it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"

namespace oaq::rules::detail {

constexpr std::size_t at(int pit) {
    return static_cast<std::size_t>(pit);
}
constexpr int wrap(int pit) {
    return pit < 0 ? pit + kPits : pit >= kPits ? pit - kPits : pit;
}

// Bit i set for a mandarin pit i: one test instead of two comparisons.
constexpr unsigned is_mandarin(int pit) {
    return (0x041u >> pit) & 1u;
}
// The bit of Position::pieces that belongs to a pit: 1 for QW, 2 for QE, 0 for a square.
constexpr unsigned piece_mask(int pit) {
    return (0x2001u >> (2 * pit)) & 3u;
}

// Two words of pit bytes: pits 0..7 in `low`, pits 8..11 in the low four bytes of `high`, pit i
// in byte i % 8 (the little-endian layout of Position::citizens). No byte can carry into its
// neighbour: a position holds at most 200 citizens (see position_string.cpp).
struct PitWords {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
};

// Sowing r (0..11) stones from a pit adds one to each of the r pits that follow it: a fixed
// pattern per (direction, pit, r), added to all pits at once.
struct SowStep {
    std::uint64_t low = 0;
    std::uint64_t high = 0;
};

// [direction index: 0 = L, 1 = R][pit][stones mod 12]
using SowTable = std::array<std::array<std::array<SowStep, kPits>, kPits>, 2>;

constexpr SowTable make_sow_table() {
    SowTable table{};
    for (int d = 0; d < 2; ++d) {
        const int dir = d == 0 ? -1 : 1;
        for (int from = 0; from < kPits; ++from) {
            for (int r = 0; r < kPits; ++r) {
                SowStep s;
                int pit = from;
                for (int i = 0; i < r; ++i) {
                    pit = wrap(pit + dir);
                    if (pit < 8)
                        s.low |= std::uint64_t{1} << (8 * pit);
                    else
                        s.high |= std::uint64_t{1} << (8 * (pit - 8));
                }
                table[static_cast<std::size_t>(d)][static_cast<std::size_t>(from)]
                     [static_cast<std::size_t>(r)] = s;
            }
        }
    }
    return table;
}

inline constexpr SowTable kSow = make_sow_table();

// The pit one step on from `pit`, by direction index.
inline constexpr std::array<std::array<std::uint8_t, kPits>, 2> kStep = [] {
    std::array<std::array<std::uint8_t, kPits>, 2> t{};
    for (int pit = 0; pit < kPits; ++pit) {
        t[0][static_cast<std::size_t>(pit)] = static_cast<std::uint8_t>(wrap(pit - 1));
        t[1][static_cast<std::size_t>(pit)] = static_cast<std::uint8_t>(wrap(pit + 1));
    }
    return t;
}();

// Masks that keep every pit but one, per pit.
inline constexpr std::array<PitWords, kPits> kKeepAllBut = [] {
    std::array<PitWords, kPits> t{};
    for (int pit = 0; pit < kPits; ++pit) {
        PitWords w{~std::uint64_t{0}, 0xFFFFFFFFull};
        if (pit < 8)
            w.low &= ~(std::uint64_t{0xFF} << (8 * pit));
        else
            w.high &= ~(std::uint64_t{0xFF} << (8 * (pit - 8)));
        t[static_cast<std::size_t>(pit)] = w;
    }
    return t;
}();

static_assert(offsetof(Position, citizens) == 0 && sizeof(Position::citizens) == 12,
              "the pit words cover the 12 pit bytes at the start of Position");
static_assert(offsetof(Position, pieces) == 12 && offsetof(Position, side) == 13 &&
                  offsetof(Position, store_citizens) == 14 &&
                  offsetof(Position, store_pieces) == 16,
              "play_with() writes the position as words with this layout");
static_assert(offsetof(Position, shares) == 24 && sizeof(Position) == 32,
              "play_with() copies the shares as the fourth word");

// The board during a turn: the pits held in two registers, so that a sowing is two additions and
// reading a pit is a shift (the turn's critical path is sow -> read the next pit -> sow; a trip
// through memory, with its store forwarding, would sit on it). Plus the pieces still on the board.
class Board {
  public:
    explicit Board(const Position& p) : pieces_(p.pieces) {
        std::uint32_t high;
        std::memcpy(&w_.low, p.citizens.data(), sizeof w_.low);
        std::memcpy(&high, p.citizens.data() + 8, sizeof high);
        w_.high = high;
    }
    // The pit words and the pieces, for writing the position back.
    std::uint64_t low() const { return w_.low; }
    std::uint64_t high() const { return w_.high; }
    unsigned pieces() const { return pieces_; }

    unsigned citizens(int pit) const {
        const std::uint64_t w = pit < 8 ? w_.low : w_.high;
        return static_cast<unsigned>(w >> ((static_cast<unsigned>(pit) & 7u) * 8u)) & 0xFFu;
    }
    unsigned holds_piece(int pit) const { return (pieces_ & piece_mask(pit)) != 0 ? 1u : 0u; }

    // Sows the citizens of `pit` in direction Dir (+1 or -1), relaying from every full square the
    // last stone is followed by; returns the pit after the last stone of the last sowing, which is
    // not a full square. The pit after the last stone never receives a stone of that sowing (at
    // most 11 land before it, after the whole laps), so its count is read before the stones are
    // added: the next relay does not wait for the addition.
    // `next_count` receives the citizens of the returned pit.
    template <int Dir>
    int sow_and_relay(int pit, unsigned& next_count) {
        constexpr std::size_t d = Dir > 0 ? 1 : 0;
        unsigned count = citizens(pit);
        while (true) {
            w_.low &= kKeepAllBut[at(pit)].low;
            w_.high &= kKeepAllBut[at(pit)].high;
            if (count >= kPits) {
                // Whole laps drop one stone in every pit, the origin included.
                const unsigned laps = count / kPits;
                w_.low += laps * 0x0101010101010101ull;
                w_.high += laps * 0x01010101ull;
                count -= laps * kPits;
            }
            int next = pit + Dir * (static_cast<int>(count) + 1);
            if constexpr (Dir > 0)
                next -= next >= kPits ? kPits : 0;
            else
                next += next < 0 ? kPits : 0;
            next_count = citizens(next);
            const SowStep& s = kSow[d][at(pit)][count];
            w_.low += s.low;
            w_.high += s.high;
            if ((static_cast<unsigned>(next_count != 0) & ~is_mandarin(next) & 1u) == 0)
                return next;
            pit = next;
            count = next_count;
        }
    }

    // Takes everything in `pit` (citizens, and the piece of a mandarin pit that holds it).
    void take(int pit) {
        w_.low &= kKeepAllBut[at(pit)].low;
        w_.high &= kKeepAllBut[at(pit)].high;
        pieces_ &= ~piece_mask(pit);
    }

    // The tests below combine their parts with bit operations instead of && and ||, so each is
    // one data-dependent branch where it is used: these are the least predictable of a turn.

    // A gap is an empty pit; with empty_quan_gap=no an empty mandarin pit is not one (3.4). The
    // pit's count of citizens is passed in: the callers have it already.
    bool is_gap(int pit, unsigned count, bool empty_quan_gap) const {
        const unsigned no_gap = empty_quan_gap ? 0u : is_mandarin(pit);
        return (count | (pieces_ & piece_mask(pit)) | no_gap) == 0;
    }
    // The pit after a gap is captured when it is not empty, unless quan_non=K protects it: a
    // mandarin pit with its piece and fewer than K citizens.
    bool is_capturable(int pit, unsigned quan_non) const {
        const unsigned n = citizens(pit);
        const unsigned piece = holds_piece(pit);
        const unsigned young = piece & static_cast<unsigned>(n < quan_non);
        return ((static_cast<unsigned>(n != 0) | piece) & ~young) != 0;
    }
    bool mandarins_empty() const { return pieces_ == 0 && (w_.low & 0x00FF0000000000FFull) == 0; }
    bool squares_empty(Side side) const {
        if (side == Side::South) return (w_.low & 0x0000FFFFFFFFFF00ull) == 0;
        return ((w_.low >> 56) | w_.high) == 0;
    }

  private:
    PitWords w_;
    unsigned pieces_;
};

// The switches play_with() tests, read from a Rules value each time. Both switch types also hand
// the whole Rules to the cold path (the refill at the start of the next turn, where refill= and
// quan_value are read): it runs once in many moves, so it needs no instantiation of its own.
class RuntimeSwitches {
  public:
    explicit RuntimeSwitches(const Rules& r) : r_(r) {}
    const Rules& rules() const { return r_; }
    bool empty_quan_gap() const { return r_.empty_quan_gap; }
    bool relay() const { return r_.after_capture == AfterCapture::Relay; }
    bool chain() const { return r_.chain; }
    unsigned quan_non() const { return static_cast<unsigned>(r_.quan_non); }
    bool first_capture() const { return r_.end == EndRule::FirstMandarinCapture; }
    static constexpr bool settles() { return true; }

  private:
    const Rules& r_;
};

// play_unsettled(): the runtime switches, but a move that ends the game leaves the citizens on
// the squares (a replay shows the settlement as a step of its own).
class UnsettledSwitches : public RuntimeSwitches {
  public:
    using RuntimeSwitches::RuntimeSwitches;
    static constexpr bool settles() { return false; }
};

// The same switches fixed at compile time; only K of quan_non stays a value (when Protect).
template <bool EmptyQuanGap, bool Relay, bool Chain, bool Protect, bool FirstCapture>
class StaticSwitches {
  public:
    explicit StaticSwitches(const Rules& r)
        : r_(&r), quan_non_(static_cast<unsigned>(r.quan_non)) {}
    const Rules& rules() const { return *r_; }
    static constexpr bool empty_quan_gap() { return EmptyQuanGap; }
    static constexpr bool relay() { return Relay; }
    static constexpr bool chain() { return Chain; }
    unsigned quan_non() const { return Protect ? quan_non_ : 0u; }
    static constexpr bool first_capture() { return FirstCapture; }
    static constexpr bool settles() { return true; }

  private:
    const Rules* r_;
    unsigned quan_non_;
};

template <bool... Fixed>
struct SwitchPicker {
    // Fixes the next switch from `values` and recurses; with all five fixed, calls f.
    template <class F>
    static decltype(auto) pick(const Rules& r, const bool* values, F&& f) {
        if constexpr (sizeof...(Fixed) == 5) {
            return f(StaticSwitches<Fixed...>(r));
        } else if (values[sizeof...(Fixed)]) {
            return SwitchPicker<Fixed..., true>::pick(r, values, f);
        } else {
            return SwitchPicker<Fixed..., false>::pick(r, values, f);
        }
    }
};

// Calls f(StaticSwitches<...>) for the switches of `r`: the one run-time dispatch of a search.
template <class F>
decltype(auto) with_switches(const Rules& r, F&& f) {
    const bool values[5] = {r.empty_quan_gap, r.after_capture == AfterCapture::Relay, r.chain,
                            r.quan_non != 0, r.end == EndRule::FirstMandarinCapture};
    return SwitchPicker<>::pick(r, values, f);
}

// Ends the game for `reason`: settled, unless the switches leave the settlement to the caller.
template <class S>
[[gnu::always_inline]] inline void finish(Position& p, EndReason reason, const S&) {
    if constexpr (S::settles())
        end_game(p, reason);
    else
        p.end = reason;
}

// play() of a move in direction Dir (+1 = R, -1 = L) from the side to move's `square`. Mover is
// the side to move when the caller knows it at compile time (0 South, 1 North), else -1.
template <int Dir, int Mover = -1, class S>
[[gnu::always_inline]] inline Position play_with(const Position& before, std::uint8_t square,
                                                 const S& s) {
    const Side mover = Mover < 0 ? before.side : static_cast<Side>(Mover & 1);
    Board b(before);
    constexpr std::size_t d = Dir > 0 ? 1 : 0;
    const auto& step_of = kStep[d];
    unsigned captured_citizens = 0;
    unsigned captured_pieces = 0;
    unsigned captured_mandarin = 0;
    int pit = pit_of(mover, square);

    // Each pass of this loop sows the citizens of `pit` and then resolves what follows (3.4, 3.5);
    // `continue` is a relay from a full square, `break` ends the turn.
    while (true) {
        unsigned next_count = 0;
        const int next = b.sow_and_relay<Dir>(pit, next_count);
        // A capture needs a gap (a mandarin pit that is not empty, or no gap, ends the turn) and a
        // capturable pit after it. Both tests are made and combined with & into one branch: each
        // alone is hard to predict, and reading the pit after a non-gap is harmless.
        int target = step_of[at(next)];
        bool capture =
            b.is_gap(next, next_count, s.empty_quan_gap()) & b.is_capturable(target, s.quan_non());
        bool relay = false;
        while (capture) {
            // The pit after the captured one is read before the capture clears it (it is never
            // the same pit), which keeps the clearing off the path to the next test.
            const int after = step_of[at(target)];
            const unsigned after_count = b.citizens(after);
            captured_citizens += b.citizens(target);
            captured_pieces += b.holds_piece(target);
            captured_mandarin |= is_mandarin(target);
            b.take(target);
            if ((static_cast<unsigned>(after_count != 0) & ~is_mandarin(after) & 1u) != 0) {
                relay = s.relay();  // a full square
                pit = after;
                break;
            }
            if (!s.chain()) break;
            // Chain: a further gap followed by a capturable pit, tested as one branch again.
            target = step_of[at(after)];
            capture = b.is_gap(after, after_count, s.empty_quan_gap()) &
                      b.is_capturable(target, s.quan_non());
        }
        if (!relay) break;
    }

    // The position after the move is written as its three 8-byte words, built in registers: byte
    // stores into fields read back as words would stall store forwarding (perft folds the words).
    // Word 1: pits 8..11, pieces, side, store_citizens; word 2: store_pieces, debt, end, padding;
    // word 3, the shares, is copied as it is. No byte carries into the next: a position holds at
    // most 200 citizens.
    std::uint64_t w[4];
    std::memcpy(w, &before, sizeof w);
    const auto me = static_cast<unsigned>(mover);
    w[0] = b.low();
    w[1] = (w[1] & ~std::uint64_t{0xFFFFFFFFFF}) | (b.high() & 0xFFFFFFFFull) |
           (std::uint64_t{b.pieces()} << 32);
    w[1] += std::uint64_t{captured_citizens} << (48 + 8 * me);
    w[1] ^= std::uint64_t{1} << 40;  // the side to move passes to the opponent
    w[2] += std::uint64_t{captured_pieces} << (8 * me);
    Position p;
    std::memcpy(&p, w, sizeof p);
    if (s.first_capture()) {
        if (captured_mandarin != 0) {
            finish(p, EndReason::MandarinCaptured, s);
            return p;
        }
    } else if (b.mandarins_empty()) {
        finish(p, EndReason::MandarinsEmpty, s);
        return p;
    }
    // The opponent's turn starts here (3.1); the refill is rare, so test the squares in registers.
    if (b.squares_empty(opponent(mover))) begin_turn(p, s.rules(), s.settles());
    return p;
}

}  // namespace oaq::rules::detail
