#include "app/rules_ring_command.hpp"

#include <iostream>

#include "common/error.hpp"
#include "rules/ring_position_string.hpp"
#include "views/board_view.hpp"
#include "views/rules_views.hpp"

namespace oaq::app {

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
    auto played =
        views::play_moves(rules, load_ring(rules, position), max_plies, moves, json, std::cout);
    if (!played) throw OaqError(played.error().message);
    return 0;
}

int ring_show(const rules::Rules& rules, const std::string& position, bool json) {
    const auto pos = load_ring(rules, position);
    if (!json) {
        std::cout << views::draw_ring(pos, rules) << "  " << rules::to_string(pos) << "\n";
        return 0;
    }
    std::cout << views::position_json(pos, rules) << "\n";
    return 0;
}

}  // namespace oaq::app
