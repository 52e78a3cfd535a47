#include "rules/ring_game.hpp"

#include <algorithm>

#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"

namespace oaq::rules {

std::string why_illegal(const RingPosition& pos, Move move, const Rules& rules) {
    if (pos.is_over()) return "the game is over";
    if (move.square < 1 || move.square > 5) return "square must be 1..5";
    if (move.direction == Direction::L && rules.direction == DirectionRule::Ccw) {
        return "direction L is not allowed under direction=ccw";
    }
    if (move.direction == Direction::R && rules.direction == DirectionRule::Cw) {
        return "direction R is not allowed under direction=cw";
    }
    const int pit = ring_pit(pos.to_move, move.square);
    if (pos.citizens_at(pit) == 0) {
        return "square " + std::to_string(move.square) + " of seat " +
               std::to_string(pos.to_move + 1) + " (pit " + std::to_string(pit) + ") is empty";
    }
    return {};
}

RingGame::RingGame(const Rules& rules, const RingPosition& start, int ply_limit)
    : rules_(rules), ply_limit_(ply_limit < 0 ? default_ply_limit(rules) : ply_limit) {
    history_.reserve(ply_limit_ > 0 ? static_cast<std::size_t>(ply_limit_) + 1 : 256);
    history_.push_back(start);
    moves_.reserve(history_.capacity());
}

Expected<RingPosition> RingGame::play(std::string_view move_text) {
    auto move = parse_move(move_text);
    if (!move) return move.error();
    return play(*move);
}

Expected<RingPosition> RingGame::play(Move move) {
    if (auto why = why_illegal(position(), move, rules_); !why.empty()) {
        return fail("illegal move " + to_string(move) + ": " + why);
    }
    RingPosition next = rules::play(position(), move, rules_);
    moves_.push_back(move);
    if (!next.is_over()) {
        // Repetition compares all fields of the position string; the start is the first occurrence.
        const auto seen = std::count(history_.begin(), history_.end(), next);
        if (seen >= 2) {
            end_game(next, EndReason::Repetition);
        } else if (ply_limit_ > 0 && ply() >= ply_limit_) {
            end_game(next, EndReason::PlyLimit);
        }
    }
    history_.push_back(next);
    return next;
}

}  // namespace oaq::rules
