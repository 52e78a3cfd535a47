#include "rules/ring_game.hpp"

#include "rules/game_play.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"

namespace oaq::rules {

std::string why_illegal(const RingPosition& pos, Move move, const Rules& rules) {
    if (auto why = detail::why_refused_anywhere(pos.is_over(), move, rules); !why.empty())
        return why;
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
    return detail::play_and_adjudicate(history_, moves_, rules_, ply_limit_, move);
}

}  // namespace oaq::rules
