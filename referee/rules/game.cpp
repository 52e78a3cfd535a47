#include "rules/game.hpp"

#include "rules/game_play.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace oaq::rules {

std::string why_illegal(const Position& pos, Move move, const Rules& rules) {
    if (auto why = detail::why_refused_anywhere(pos.is_over(), move, rules); !why.empty())
        return why;
    const int pit = pit_of(pos.side, move.square);
    if (pos.citizens[static_cast<std::size_t>(pit)] == 0) {
        return "square " + std::to_string(move.square) + " (" + pit_name(pit) + ") is empty";
    }
    return {};
}

Game::Game(const Rules& rules, const Position& start, int ply_limit)
    : rules_(rules), ply_limit_(ply_limit) {
    history_.reserve(ply_limit > 0 ? static_cast<std::size_t>(ply_limit) + 1 : 256);
    history_.push_back(start);
    moves_.reserve(history_.capacity());
}

Result Game::result() const {
    return rules::result(position(), rules_);
}
int Game::score(Side side) const {
    return rules::score(position(), side, rules_);
}

Expected<Position> Game::play(std::string_view move_text) {
    auto move = parse_move(move_text);
    if (!move) return move.error();
    return play(*move);
}

Expected<Position> Game::play(Move move) {
    return detail::play_and_adjudicate(history_, moves_, rules_, ply_limit_, move);
}

}  // namespace oaq::rules
