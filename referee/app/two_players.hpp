// The edges where a rules string starts games between engines (play, match, tournament,
// check-engine) or a session: they refuse players=3 or 4 with one line until the referee plays the
// ring game of rules.md section 10 (the rules library and `oaq rules perft|play|show` already do).
#pragma once

#include <string>
#include <string_view>

#include "common/error.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

// Throws OaqError naming `option` when rules.players is not 2; `what` is what cannot have more
// players ("games between engines", "sessions").
inline void require_two_players(const rules::Rules& rules, std::string_view option,
                                std::string_view what = "games between engines") {
    if (rules.players == 2) return;
    throw OaqError(std::string(option) + ": players=" + std::to_string(rules.players) + ": " +
                   std::string(what) +
                   " are for 2 players only so far (the ring game of 3 or 4 players is in "
                   "`oaq rules perft|play|show`)");
}

}  // namespace oaq::app
