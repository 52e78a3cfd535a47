#include "rules/turn.hpp"

namespace oaq::rules {

namespace {

inline int wrap(int pit) { return pit < 0 ? pit + kPits : pit >= kPits ? pit - kPits : pit; }
inline std::size_t at(int pit) { return static_cast<std::size_t>(pit); }
inline std::uint8_t piece_bit(int pit) { return pit == kWestMandarin ? 1u : 2u; }

// Drops `count` citizens one by one into the pits after `from` in direction `dir` (the emptied
// square included when a lap comes round). Returns the pit that received the last citizen.
inline int sow(Position& p, int from, int count, int dir) {
    if (count >= kPits) {
        const auto laps = static_cast<std::uint8_t>(count / kPits);
        for (auto& c : p.citizens) c = static_cast<std::uint8_t>(c + laps);
        count %= kPits;
    }
    int pit = from;
    for (int i = 0; i < count; ++i) {
        pit = wrap(pit + dir);
        ++p.citizens[at(pit)];
    }
    return count == 0 ? from : pit;
}

// A gap is an empty pit; with empty_quan_gap=no an empty mandarin pit is not one (section 3.4).
inline bool is_gap(const Position& p, int pit, const Rules& r) {
    return p.is_empty(pit) && (r.empty_quan_gap || !is_mandarin_pit(pit));
}

inline bool is_full_square(const Position& p, int pit) {
    return !is_mandarin_pit(pit) && p.citizens[at(pit)] > 0;
}

// quan_non: a mandarin pit with its piece and fewer than K citizens cannot be captured.
inline bool is_protected(const Position& p, int pit, const Rules& r) {
    return r.quan_non > 0 && is_mandarin_pit(pit) && p.has_piece(pit) &&
           p.citizens[at(pit)] < r.quan_non;
}

inline bool squares_empty(const Position& p, Side side) {
    const int first = pit_of(side, 1);
    for (int pit = first; pit < first + 5; ++pit)
        if (p.citizens[at(pit)] != 0) return false;
    return true;
}

}  // namespace

MoveList legal_moves(const Position& pos, const Rules& rules) {
    MoveList moves;
    if (pos.is_over()) return moves;
    const bool left = rules.direction != DirectionRule::Ccw;
    const bool right = rules.direction != DirectionRule::Cw;
    for (std::uint8_t k = 1; k <= 5; ++k) {
        if (pos.citizens[at(pit_of(pos.side, k))] == 0) continue;
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
    if (p.is_over() || !squares_empty(p, p.side)) return;
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
    const int dir = step(move.direction);
    const auto me = at(index(p.side));
    bool captured_mandarin = false;
    int pit = pit_of(p.side, move.square);

    // Each pass of this loop sows the citizens of `pit` and then resolves what follows (3.4, 3.5);
    // `continue` is a relay from a full square, `break` ends the turn.
    while (true) {
        const int count = p.citizens[at(pit)];
        p.citizens[at(pit)] = 0;
        const int next = wrap(sow(p, pit, count, dir) + dir);
        if (is_full_square(p, next)) {
            pit = next;
            continue;
        }
        if (!is_gap(p, next, rules)) break;  // a mandarin pit that is not empty, or no gap

        int target = wrap(next + dir);  // the pit after the gap: capture it if we may
        bool relay = false;
        while (!p.is_empty(target) && !is_protected(p, target, rules)) {
            p.store_citizens[me] = static_cast<std::uint8_t>(p.store_citizens[me] + p.citizens[at(target)]);
            p.citizens[at(target)] = 0;
            if (is_mandarin_pit(target)) {
                captured_mandarin = true;
                if (p.has_piece(target)) {
                    p.pieces = static_cast<std::uint8_t>(p.pieces & ~piece_bit(target));
                    ++p.store_pieces[me];
                }
            }
            const int after = wrap(target + dir);
            if (is_full_square(p, after)) {
                relay = rules.after_capture == AfterCapture::Relay;
                pit = after;
                break;
            }
            if (!rules.chain || !is_gap(p, after, rules)) break;
            target = wrap(after + dir);
        }
        if (!relay) break;
    }

    p.side = opponent(p.side);
    if (rules.end == EndRule::FirstMandarinCapture) {
        if (captured_mandarin) {
            end_game(p, EndReason::MandarinCaptured);
            return p;
        }
    } else if (p.is_empty(kWestMandarin) && p.is_empty(kEastMandarin)) {
        end_game(p, EndReason::MandarinsEmpty);
        return p;
    }
    begin_turn(p);
    return p;
}

}  // namespace oaq::rules
