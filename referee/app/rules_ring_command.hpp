// `oaq rules play|show` for a rule set of 3 or 4 players (rules.md section 10): the ring game's
// positions, moves and standings printed as rules_command.cpp prints the 2-player game's, with
// scores and ranks as lists in seat order. Also the loading of a ring position shared with perft.
#pragma once

#include <string>
#include <vector>

#include "common/expected.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

// Throws OaqError with the rules library's message, prefixed "position: " once (by its kind).
[[noreturn]] void throw_position_error(const Error& error);

// Parses a position string (or "startpos") of rules.players seats; throws on an error.
rules::RingPosition load_ring(const rules::Rules& rules, const std::string& text);

// max_plies < 0: the rules' default (150 per player).
int ring_play(const rules::Rules& rules, const std::string& position,
              const std::vector<std::string>& moves, int max_plies, bool json);

int ring_show(const rules::Rules& rules, const std::string& position, bool json);

}  // namespace oaq::app
