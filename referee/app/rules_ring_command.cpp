#include "app/rules_ring_command.hpp"

#include <fmt/format.h>
#include <iostream>

#include "common/error.hpp"
#include "common/json.hpp"
#include "rules/game.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "views/board_view.hpp"

namespace oaq::app {

namespace {

// Scores, and ranks and points once the game is over (null before), as lists in seat order.
void add_standings(Json& j, const rules::RingPosition& pos, const rules::Rules& rules) {
    std::vector<std::string> scores, ranks, points;
    for (const auto& s : rules::standings(pos, rules)) {
        scores.push_back(std::to_string(s.score));
        ranks.push_back(std::to_string(s.rank));
        points.push_back(Json::number(s.points));
    }
    j.raw("score", Json::array(scores));
    j.raw("ranks", pos.is_over() ? Json::array(ranks) : "null");
    j.raw("points", pos.is_over() ? Json::array(points) : "null");
}

}  // namespace

void throw_position_error(const Error& why) {
    // A field's error names the field only ("field 1 (pits): ..."); the others name the position
    // already: the prefix is added once.
    throw OaqError(why.kind == ErrorKind::PositionField ? "position: " + why.message : why.message);
}

rules::RingPosition load_ring(const rules::Rules& rules, const std::string& text) {
    auto pos = rules::parse_ring_position(text, rules);
    if (!pos) throw_position_error(pos.error());
    return *pos;
}

int ring_play(const rules::Rules& rules, const std::string& position,
              const std::vector<std::string>& moves, int max_plies, bool json) {
    rules::RingGame game(rules, load_ring(rules, position), max_plies);
    std::vector<std::string> positions;
    if (!json) std::cout << views::draw_ring(game.position(), rules);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const int seat = game.position().to_move + 1;
        auto after = game.play(moves[i]);
        if (!after) {
            throw OaqError(
                fmt::format("move {} (\"{}\"): {}", i + 1, moves[i], after.error().message));
        }
        positions.push_back(rules::to_string(*after));
        if (!json) {
            std::cout << fmt::format("\n{}. seat {} {}\n", i + 1, seat, moves[i])
                      << views::draw_ring(*after, rules);
        }
    }
    const auto& final_pos = game.position();
    if (json) {
        Json j;
        j.raw("positions", Json::string_array(positions));
        j.field("final", rules::to_string(final_pos)).field("over", final_pos.is_over());
        add_standings(j, final_pos, rules);
        j.field("end", rules::to_string(final_pos.end));
        std::cout << j.str() << "\n";
    } else {
        std::cout << "\n" << rules::to_string(final_pos) << "\n";
    }
    return 0;
}

int ring_show(const rules::Rules& rules, const std::string& position, bool json) {
    const auto pos = load_ring(rules, position);
    if (!json) {
        std::cout << views::draw_ring(pos, rules) << "  " << rules::to_string(pos) << "\n";
        return 0;
    }
    Json j;
    j.field("position", rules::to_string(pos)).field("rules", rules::expanded(rules));
    j.field("seat", pos.to_move + 1);
    std::vector<std::string> legal;
    for (auto m : rules::legal_moves(pos, rules)) legal.push_back(rules::to_string(m));
    j.raw("legal_moves", Json::string_array(legal));
    add_standings(j, pos, rules);
    j.field("over", pos.is_over()).field("end", rules::to_string(pos.end));
    std::cout << j.str() << "\n";
    return 0;
}

}  // namespace oaq::app
