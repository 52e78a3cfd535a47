// What `oaq play` shows while the game runs, as the observers the game runners call: the board
// from the person's side after every move with what the move did (and, of 2 seats, the engine's
// thinking and score in words), or the table from the person's seat with who played what.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "game/game_runner.hpp"
#include "game/table_runner.hpp"
#include "rules/rules.hpp"

namespace oaq::views {

// 2 seats: the legend and the board first, then each move from the side of `you`.
game::GameObserver play_observer(const rules::Rules& rules, rules::Side you, std::ostream& out);

// A table: the legend and the table from `seat` (from 0) first, then each move; `names` in seat
// order.
game::TableObserver table_play_observer(const rules::Rules& rules, int seat,
                                        const std::vector<std::string>& names, std::ostream& out);

}  // namespace oaq::views
