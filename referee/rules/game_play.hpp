// What the game of two seats (Game) and the ring game (RingGame) share: the checks of a move that
// do not depend on the board, and playing a move with the adjudication of repetition and the ply
// limit. One implementation, so the two games cannot drift apart.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "rules/move.hpp"
#include "rules/rules.hpp"

namespace oaq::rules::detail {

// Why `move` cannot be played whatever the board holds ("" when it may be): the game is over, the
// square is not 1..5, or the rules forbid its direction.
inline std::string why_refused_anywhere(bool over, Move move, const Rules& rules) {
    if (over) return "the game is over";
    if (move.square < 1 || move.square > 5) return "square must be 1..5";
    if (move.direction == Direction::L && rules.direction == DirectionRule::Ccw) {
        return "direction L is not allowed under direction=ccw";
    }
    if (move.direction == Direction::R && rules.direction == DirectionRule::Cw) {
        return "direction R is not allowed under direction=cw";
    }
    return {};
}

// Plays `move` after history.back() (why_illegal, play and end_game found for Pos by argument-
// dependent lookup), ends the game on the third occurrence of a position or at the ply limit, and
// appends the move and the new position.
template <typename Pos>
Expected<Pos> play_and_adjudicate(std::vector<Pos>& history, std::vector<Move>& moves,
                                  const Rules& rules, int ply_limit, Move move) {
    if (auto why = why_illegal(history.back(), move, rules); !why.empty()) {
        return fail("illegal move " + to_string(move) + ": " + why);
    }
    Pos next = play(history.back(), move, rules);
    moves.push_back(move);
    if (!next.is_over()) {
        // Repetition compares all fields of the position string; the start is the first occurrence.
        const auto seen = std::count(history.begin(), history.end(), next);
        if (seen >= 2) {
            end_game(next, EndReason::Repetition);
        } else if (ply_limit > 0 && static_cast<int>(moves.size()) >= ply_limit) {
            end_game(next, EndReason::PlyLimit);
        }
    }
    history.push_back(next);
    return next;
}

}  // namespace oaq::rules::detail
