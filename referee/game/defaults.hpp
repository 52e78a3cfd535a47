// The defaults of a game, defined once: the command line shows them in --help, the run config
// starts from them, and the game and engine layers fall back to them. protocol-spec/README.md
// section 7 documents the same numbers for engine authors.
#pragma once

#include <chrono>

#include "game/time_control.hpp"
#include "rules/game.hpp"

namespace oaq::game {

// Plies after which a game ends (rules.md section 4), counted from the position it started from.
inline constexpr int kDefaultPlyLimit = rules::kDefaultPlyLimit;
// Time an engine may use beyond its clock or movetime before it forfeits.
inline constexpr std::chrono::milliseconds kDefaultTimeMargin{50};
// How long a search without a clock (go depth, go nodes) may run before it is a stall.
inline constexpr std::chrono::milliseconds kDefaultStallTimeout{60000};
// The time control of an engine given none: 10 s for the game plus 0.1 s a move.
inline constexpr TimeControl kDefaultTimeControl{};
// Games in a row an engine may fail to start (handshake, options, isready) before a run gives up
// on it for the rest of the run (tournament/runner.hpp); 0 never gives up.
inline constexpr int kDefaultMaxHandshakeFailures = 3;

}  // namespace oaq::game
