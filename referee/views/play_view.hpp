// What `oaq play` tells a person who does not know the notation: the legend of the board, what a
// move did (the sowing, relays, captures, the refill and debt that followed, the end), and the
// engine's score in words. Pure formatting over rules values: returns strings, prints nothing.
#pragma once

#include <string>

#include "protocol/messages.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::views {

// The legend for a person playing `you`: which row is theirs, what L and R mean from where they
// sit, what "Q+7", a number in a mandarin pit, a store "10+1", a debt and the score are, and the
// commands (a move such as 3L or 3l, help, quit).
std::string play_legend(rules::Side you, const rules::Rules& rules);

// One or two sentences on what `move` by the side to move of `before` did, `after` being
// rules::play's result: the citizens picked up and the way they went, whether relays carried the
// sowing on, what was captured, the refill of the next player (and any debt it took), the end.
// `who` names the mover ("You", "The engine").
std::string explain_move(const rules::Position& before, rules::Move move,
                         const rules::Position& after, const rules::Rules& rules,
                         const std::string& who);

// The engine's `score` (from the engine's point of view, protocol-spec 5) in words for its
// opponent: "the engine thinks it is ahead by about 3 citizens".
std::string explain_score(const protocol::Score& score, const rules::Rules& rules);

}  // namespace oaq::views
