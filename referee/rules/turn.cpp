#include "rules/turn.hpp"

#include <array>
#include <cstddef>
#include <cstring>

namespace oaq::rules {

namespace {

inline std::size_t at(int pit) {
    return static_cast<std::size_t>(pit);
}
constexpr int wrap(int pit) {
    return pit < 0 ? pit + kPits : pit >= kPits ? pit - kPits : pit;
}

// Bit i set for a mandarin pit i: one test instead of two comparisons.
inline unsigned is_mandarin(int pit) {
    return (0x041u >> pit) & 1u;
}
// The bit of Position::pieces that belongs to a pit: 1 for QW, 2 for QE, 0 for a square.
inline unsigned piece_mask(int pit) {
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

constexpr SowTable kSow = make_sow_table();

// The pit one step on from `pit`, by direction index.
constexpr std::array<std::array<std::uint8_t, kPits>, 2> kStep = [] {
    std::array<std::array<std::uint8_t, kPits>, 2> t{};
    for (int pit = 0; pit < kPits; ++pit) {
        t[0][static_cast<std::size_t>(pit)] = static_cast<std::uint8_t>(wrap(pit - 1));
        t[1][static_cast<std::size_t>(pit)] = static_cast<std::uint8_t>(wrap(pit + 1));
    }
    return t;
}();

// Masks that keep every pit but one, per pit.
constexpr std::array<PitWords, kPits> kKeepAllBut = [] {
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
    void store(Position& p) const {
        const auto high = static_cast<std::uint32_t>(w_.high);
        std::memcpy(p.citizens.data(), &w_.low, sizeof w_.low);
        std::memcpy(p.citizens.data() + 8, &high, sizeof high);
        p.pieces = static_cast<std::uint8_t>(pieces_);
    }

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
    bool is_gap(int pit, unsigned count, const Rules& r) const {
        const unsigned no_gap = r.empty_quan_gap ? 0u : is_mandarin(pit);
        return (count | (pieces_ & piece_mask(pit)) | no_gap) == 0;
    }
    // The pit after a gap is captured when it is not empty, unless quan_non=K protects it: a
    // mandarin pit with its piece and fewer than K citizens.
    bool is_capturable(int pit, const Rules& r) const {
        const unsigned n = citizens(pit);
        const unsigned piece = holds_piece(pit);
        const unsigned young = piece & static_cast<unsigned>(n < static_cast<unsigned>(r.quan_non));
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

}  // namespace

MoveList legal_moves(const Position& pos, const Rules& rules) {
    MoveList moves;
    if (pos.is_over()) return moves;
    const bool left = rules.direction != DirectionRule::Ccw;
    const bool right = rules.direction != DirectionRule::Cw;
    const std::uint8_t* squares = pos.citizens.data() + pit_of(pos.side, 1) - 1;
    for (std::uint8_t k = 1; k <= 5; ++k) {
        if (squares[k] == 0) continue;
        if (left) moves.push(Move{k, Direction::L});
        if (right) moves.push(Move{k, Direction::R});
    }
    return moves;
}

bool is_legal(const Position& pos, Move move, const Rules& rules) {
    if (pos.is_over() || move.square < 1 || move.square > 5) return false;
    if (move.direction == Direction::L && rules.direction == DirectionRule::Ccw) return false;
    if (move.direction == Direction::R && rules.direction == DirectionRule::Cw) return false;
    return pos.citizens[at(pit_of(pos.side, move.square))] != 0;
}

void end_game(Position& p, EndReason reason) {
    p.end = reason;
    for (Side side : {Side::South, Side::North}) {
        const int first = pit_of(side, 1);
        for (int pit = first; pit < first + 5; ++pit) {
            p.store_citizens[at(index(side))] =
                static_cast<std::uint8_t>(p.store_citizens[at(index(side))] + p.citizens[at(pit)]);
            p.citizens[at(pit)] = 0;
        }
    }
}

void begin_turn(Position& p) {
    if (p.is_over() || !Board(p).squares_empty(p.side)) return;
    const auto me = at(index(p.side));
    const auto them = at(index(opponent(p.side)));
    if (p.store_citizens[me] + p.store_citizens[them] < 5) {
        end_game(p, EndReason::RefillImpossible);
        return;
    }
    const std::uint8_t own = p.store_citizens[me] < 5 ? p.store_citizens[me] : std::uint8_t{5};
    const auto borrowed = static_cast<std::uint8_t>(5 - own);
    p.store_citizens[me] = static_cast<std::uint8_t>(p.store_citizens[me] - own);
    p.store_citizens[them] = static_cast<std::uint8_t>(p.store_citizens[them] - borrowed);
    p.debt[me] = static_cast<std::uint16_t>(p.debt[me] + borrowed);
    const int first = pit_of(p.side, 1);
    for (int pit = first; pit < first + 5; ++pit) p.citizens[at(pit)] = 1;
}

Position play(const Position& before, Move move, const Rules& rules) {
    Position p = before;
    Board b(p);
    const std::size_t d = move.direction == Direction::R ? 1 : 0;
    const auto& step_of = kStep[d];
    unsigned captured_citizens = 0;
    unsigned captured_pieces = 0;
    unsigned captured_mandarin = 0;
    int pit = pit_of(p.side, move.square);

    // Each pass of this loop sows the citizens of `pit` and then resolves what follows (3.4, 3.5);
    // `continue` is a relay from a full square, `break` ends the turn.
    while (true) {
        unsigned next_count = 0;
        const int next =
            d == 1 ? b.sow_and_relay<1>(pit, next_count) : b.sow_and_relay<-1>(pit, next_count);
        // A mandarin pit that is not empty, or no gap: the turn ends.
        if (!b.is_gap(next, next_count, rules)) break;

        int target = step_of[at(next)];  // the pit after the gap: capture it if we may
        bool relay = false;
        while (b.is_capturable(target, rules)) {
            // The pit after the captured one is read before the capture clears it (it is never
            // the same pit), which keeps the clearing off the path to the next test.
            const int after = step_of[at(target)];
            const unsigned after_count = b.citizens(after);
            captured_citizens += b.citizens(target);
            captured_pieces += b.holds_piece(target);
            captured_mandarin |= is_mandarin(target);
            b.take(target);
            if ((static_cast<unsigned>(after_count != 0) & ~is_mandarin(after) & 1u) != 0) {
                relay = rules.after_capture == AfterCapture::Relay;  // a full square
                pit = after;
                break;
            }
            if (!rules.chain || !b.is_gap(after, after_count, rules)) break;
            target = step_of[at(after)];
        }
        if (!relay) break;
    }

    b.store(p);
    const auto me = at(index(p.side));
    p.store_citizens[me] = static_cast<std::uint8_t>(p.store_citizens[me] + captured_citizens);
    p.store_pieces[me] = static_cast<std::uint8_t>(p.store_pieces[me] + captured_pieces);
    p.side = opponent(p.side);
    if (rules.end == EndRule::FirstMandarinCapture) {
        if (captured_mandarin != 0) {
            end_game(p, EndReason::MandarinCaptured);
            return p;
        }
    } else if (b.mandarins_empty()) {
        end_game(p, EndReason::MandarinsEmpty);
        return p;
    }
    // The opponent's turn starts here (3.1); the refill is rare, so test the squares in registers.
    if (b.squares_empty(p.side)) begin_turn(p);
    return p;
}

}  // namespace oaq::rules
