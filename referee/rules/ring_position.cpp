#include "rules/ring_position.hpp"

namespace oaq::rules {

namespace {

constexpr std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

}  // namespace

std::uint64_t RingPosition::hash() const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    const auto* bytes = reinterpret_cast<const unsigned char*>(this);
    for (std::size_t i = 0; i < sizeof(RingPosition); ++i) {
        h = (h ^ bytes[i]) * 0x100000001B3ull;
    }
    h ^= h >> 31;
    return h * 0xD6E8FEB86659FD93ull;
}

RingPosition ring_start_position(const Rules& rules) {
    RingPosition p;
    p.seats = static_cast<std::uint8_t>(rules.players);
    for (int seat = 0; seat < rules.players; ++seat) {
        for (int k = 1; k <= 5; ++k) p.citizens[at(ring_pit(seat, k))] = 5;
        if (rules.quan_setup == QuanSetup::Piece)
            p.pieces = static_cast<std::uint8_t>(p.pieces | (1u << seat));
        else
            p.citizens[at(6 * seat)] = 10;
    }
    return p;
}

RingPosition to_ring(const Position& pos) {
    RingPosition p;
    p.seats = 2;
    for (int pit = 0; pit < kPits; ++pit) p.citizens[at(pit)] = pos.citizens[at(pit)];
    // Position's bit 0 is QW (pit 0), bit 1 QE (pit 6): the ring's mandarin pits 0 and 1.
    p.pieces = pos.pieces;
    p.to_move = static_cast<std::uint8_t>(index(pos.side));
    p.end = pos.end;
    for (int s = 0; s < 2; ++s) {
        p.store_citizens[at(s)] = pos.store_citizens[at(s)];
        p.store_pieces[at(s)] = pos.store_pieces[at(s)];
    }
    p.balance[0] = static_cast<std::int16_t>(pos.debt[1] - pos.debt[0]);
    p.balance[1] = static_cast<std::int16_t>(-p.balance[0]);
    return p;
}

int score(const RingPosition& pos, int seat, const Rules& rules) {
    return pos.store_citizens[at(seat)] + rules.quan_value * pos.store_pieces[at(seat)] +
           pos.balance[at(seat)];
}

std::vector<Standing> standings(const RingPosition& pos, const Rules& rules) {
    const int n = pos.seats;
    // Under own_or_lose the seat that had to refill below 5 points is last whatever its score.
    const int loser = pos.end == EndReason::RefillLoss ? pos.to_move : -1;
    std::vector<Standing> out(at(n));
    for (int s = 0; s < n; ++s) out[at(s)].score = score(pos, s, rules);
    // below: the seat ranks below `other`, tied: they share a rank.
    auto below = [&](int s, int other) {
        if (s == loser) return other != loser;
        if (other == loser) return false;
        return out[at(other)].score > out[at(s)].score;
    };
    for (int s = 0; s < n; ++s) {
        int above = 0, ties = 0, worse = 0;
        for (int o = 0; o < n; ++o) {
            if (o == s) continue;
            if (below(s, o))
                ++above;
            else if (below(o, s))
                ++worse;
            else
                ++ties;
        }
        out[at(s)].rank = 1 + above;
        out[at(s)].points = (worse + 0.5 * ties) / (n - 1);
    }
    return out;
}

std::vector<Standing> standings(const Position& pos, const Rules& rules) {
    return standings(to_ring(pos), rules);
}

}  // namespace oaq::rules
