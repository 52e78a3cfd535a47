#include "rules/ring_turn.hpp"

namespace oaq::rules {

namespace {

constexpr std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

// A gap is an empty pit; with empty_quan_gap=no an empty mandarin pit is not one (3.4).
bool is_gap(const RingPosition& p, int pit, const Rules& rules) {
    return p.is_empty(pit) && (rules.empty_quan_gap || !is_ring_mandarin(pit));
}

// The pit after a gap is captured when it is not empty, unless quan_non=K protects it: a mandarin
// pit with its piece and fewer than K citizens.
bool is_capturable(const RingPosition& p, int pit, const Rules& rules) {
    const bool young = p.has_piece(pit) && p.citizens_at(pit) < rules.quan_non;
    return !p.is_empty(pit) && !young;
}

bool is_full_square(const RingPosition& p, int pit) {
    return !is_ring_mandarin(pit) && p.citizens_at(pit) != 0;
}

bool squares_empty(const RingPosition& p, int seat) {
    for (int k = 1; k <= 5; ++k)
        if (p.citizens_at(ring_pit(seat, k)) != 0) return false;
    return true;
}

bool mandarins_empty(const RingPosition& p) {
    for (int m = 0; m < p.seats; ++m)
        if (!p.is_empty(6 * m)) return false;
    return true;
}

// Moves everything in `pit` into the mover's store; true when it was a mandarin pit.
bool capture(RingPosition& p, int pit) {
    const auto me = at(p.to_move);
    p.store_citizens[me] = static_cast<std::uint8_t>(p.store_citizens[me] + p.citizens_at(pit));
    p.citizens[at(pit)] = 0;
    if (p.has_piece(pit)) {
        ++p.store_pieces[me];
        p.pieces = static_cast<std::uint8_t>(p.pieces & ~(1u << (pit / 6)));
    }
    return is_ring_mandarin(pit);
}

// Sows from `pit` and resolves what follows (3.3 to 3.5), relays included; returns whether a
// mandarin pit was captured. The turn has not passed yet: p.to_move is the mover.
bool sow_and_capture(RingPosition& p, int pit, int dir, const Rules& rules) {
    bool captured_mandarin = false;
    bool sowing = true;
    while (sowing) {
        sowing = false;
        int count = p.citizens_at(pit);
        p.citizens[at(pit)] = 0;
        for (; count > 0; --count) {
            pit = p.step_from(pit, dir);
            ++p.citizens[at(pit)];
        }
        const int next = p.step_from(pit, dir);
        if (is_full_square(p, next)) {
            pit = next;  // a relay
            sowing = true;
            continue;
        }
        // A non-empty mandarin pit, or an empty one that is no gap, ends the turn; so do two
        // empties and a protected mandarin pit after a gap.
        for (int gap = next; is_gap(p, gap, rules);) {
            const int target = p.step_from(gap, dir);
            if (!is_capturable(p, target, rules)) break;
            captured_mandarin |= capture(p, target);
            const int after = p.step_from(target, dir);
            if (is_full_square(p, after)) {
                sowing = rules.after_capture == AfterCapture::Relay;
                pit = after;
                break;
            }
            if (!rules.chain) break;
            gap = after;
        }
    }
    return captured_mandarin;
}

void finish(RingPosition& p, EndReason reason, bool settle) {
    if (settle)
        end_game(p, reason);
    else
        p.end = reason;
}

RingPosition play_settling(const RingPosition& before, Move move, const Rules& rules, bool settle) {
    RingPosition p = before;
    const bool captured_mandarin =
        sow_and_capture(p, ring_pit(p.to_move, move.square), step(move.direction), rules);
    p.to_move = static_cast<std::uint8_t>((p.to_move + 1) % p.seats);
    if (rules.end == EndRule::FirstMandarinCapture) {
        if (captured_mandarin) {
            finish(p, EndReason::MandarinCaptured, settle);
            return p;
        }
    } else if (mandarins_empty(p)) {
        finish(p, EndReason::MandarinsEmpty, settle);
        return p;
    }
    begin_turn(p, rules, settle);
    return p;
}

// The volatile sink of perft's leaf positions, so that every leaf move is really made.
volatile std::uint64_t g_ring_leaf_sink = 0;

std::uint64_t count(const RingPosition& pos, int depth, const Rules& rules, std::uint64_t& sink) {
    std::uint64_t nodes = 0;
    for (Move m : legal_moves(pos, rules)) {
        const RingPosition next = play(pos, m, rules);
        if (depth == 1) {
            sink ^= next.hash();
            ++nodes;
        } else {
            nodes += count(next, depth - 1, rules, sink);
        }
    }
    return nodes;
}

}  // namespace

MoveList legal_moves(const RingPosition& pos, const Rules& rules) {
    MoveList moves;
    if (pos.is_over()) return moves;
    const bool left = rules.direction != DirectionRule::Ccw;
    const bool right = rules.direction != DirectionRule::Cw;
    for (std::uint8_t k = 1; k <= 5; ++k) {
        if (pos.citizens_at(ring_pit(pos.to_move, k)) == 0) continue;
        if (left) moves.push(Move{k, Direction::L});
        if (right) moves.push(Move{k, Direction::R});
    }
    return moves;
}

bool is_legal(const RingPosition& pos, Move move, const Rules& rules) {
    if (pos.is_over() || move.square < 1 || move.square > 5) return false;
    if (move.direction == Direction::L && rules.direction == DirectionRule::Ccw) return false;
    if (move.direction == Direction::R && rules.direction == DirectionRule::Cw) return false;
    return pos.citizens_at(ring_pit(pos.to_move, move.square)) != 0;
}

void end_game(RingPosition& p, EndReason reason) {
    p.end = reason;
    for (int seat = 0; seat < p.seats; ++seat) {
        auto& store = p.store_citizens[at(seat)];
        for (int k = 1; k <= 5; ++k) {
            auto& x = p.citizens[at(ring_pit(seat, k))];
            store = static_cast<std::uint8_t>(store + x);
            x = 0;
        }
    }
}

void begin_turn(RingPosition& p, const Rules& rules, bool settle) {
    if (p.is_over() || !squares_empty(p, p.to_move)) return;
    const int me = p.to_move;
    auto& mine = p.store_citizens[at(me)];
    if (rules.refill == RefillRule::OwnOrLose) {
        if (score(p, me, rules) < 5) {
            finish(p, EndReason::RefillLoss, settle);
            return;
        }
        while (mine < 5 && p.store_pieces[at(me)] > 0) {
            --p.store_pieces[at(me)];
            mine = static_cast<std::uint8_t>(mine + rules.quan_value);
        }
    }
    int all = 0;
    for (int s = 0; s < p.seats; ++s) all += p.store_citizens[at(s)];
    if (all < 5) {
        finish(p, EndReason::RefillImpossible, settle);
        return;
    }
    const int own = mine < 5 ? mine : 5;
    mine = static_cast<std::uint8_t>(mine - own);
    int short_by = 5 - own;
    // The shortfall is lent by the other seats in turn order, starting with the next one.
    for (int k = 1; k < p.seats && short_by > 0; ++k) {
        const int lender = (me + k) % p.seats;
        auto& theirs = p.store_citizens[at(lender)];
        const int lent = theirs < short_by ? theirs : short_by;
        theirs = static_cast<std::uint8_t>(theirs - lent);
        p.balance[at(lender)] = static_cast<std::int16_t>(p.balance[at(lender)] + lent);
        p.balance[at(me)] = static_cast<std::int16_t>(p.balance[at(me)] - lent);
        short_by -= lent;
    }
    for (int k = 1; k <= 5; ++k) p.citizens[at(ring_pit(me, k))] = 1;
}

RingPosition play(const RingPosition& before, Move move, const Rules& rules) {
    return play_settling(before, move, rules, true);
}

RingPosition play_unsettled(const RingPosition& before, Move move, const Rules& rules) {
    return play_settling(before, move, rules, false);
}

std::uint64_t perft(const RingPosition& pos, int depth, const Rules& rules) {
    if (depth <= 0) return 1;
    std::uint64_t sink = 0;
    const std::uint64_t nodes = count(pos, depth, rules, sink);
    g_ring_leaf_sink = sink;
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const RingPosition& pos, int depth,
                                                         const Rules& rules) {
    std::vector<std::pair<Move, std::uint64_t>> out;
    if (depth <= 0) return out;
    for (Move m : legal_moves(pos, rules)) {
        out.emplace_back(m, perft(play(pos, m, rules), depth - 1, rules));
    }
    return out;
}

}  // namespace oaq::rules
