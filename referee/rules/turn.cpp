#include "rules/turn.hpp"

#include "rules/turn_impl.hpp"

namespace oaq::rules {

using detail::at;
using detail::Board;

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
        auto& own = p.store_citizens[at(index(side))];
        auto& other = p.store_citizens[at(index(opponent(side)))];
        for (int k = 1; k <= 5; ++k) {
            auto& x = p.citizens[at(pit_of(side, k))];
            // Only a session game has shares; the others skip the arithmetic (perft ends games).
            const int to_opponent = p.shares.any() ? x * p.shares.of(side, k) / 5 : 0;
            own = static_cast<std::uint8_t>(own + x - to_opponent);
            other = static_cast<std::uint8_t>(other + to_opponent);
            x = 0;
        }
    }
}

void begin_turn(Position& p, const Rules& rules, bool settle) {
    const auto finish = [&](EndReason reason) {
        if (settle)
            end_game(p, reason);
        else
            p.end = reason;
    };
    if (p.is_over() || !Board(p).squares_empty(p.side)) return;
    const auto me = at(index(p.side));
    const auto them = at(index(opponent(p.side)));
    if (rules.refill == RefillRule::OwnOrLose) {
        // 3.1: below 5 points the mover loses whatever the scores; otherwise his captured pieces
        // pay for the refill before any borrowing (his score is unchanged by the exchange).
        if (score(p, p.side, rules) < 5) {
            finish(EndReason::RefillLoss);
            return;
        }
        while (p.store_citizens[me] < 5 && p.store_pieces[me] > 0) {
            --p.store_pieces[me];
            p.store_citizens[me] =
                static_cast<std::uint8_t>(p.store_citizens[me] + rules.quan_value);
        }
    }
    if (p.store_citizens[me] + p.store_citizens[them] < 5) {
        finish(EndReason::RefillImpossible);
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
    const detail::RuntimeSwitches s(rules);
    return move.direction == Direction::R ? detail::play_with<1>(before, move.square, s)
                                          : detail::play_with<-1>(before, move.square, s);
}

Position play_unsettled(const Position& before, Move move, const Rules& rules) {
    const detail::UnsettledSwitches s(rules);
    return move.direction == Direction::R ? detail::play_with<1>(before, move.square, s)
                                          : detail::play_with<-1>(before, move.square, s);
}

}  // namespace oaq::rules
