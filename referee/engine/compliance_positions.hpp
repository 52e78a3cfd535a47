// The positions the compliance checker searches from: each side to move in the situations where
// first bots go wrong (issue 13: a bot that reads South's squares when it is North passed a check
// that asked it to move as North once). From the start; from position strings (with and without
// moves after them); after a refill in play; given with five empty squares, so that the engine
// must refill before it moves (rules.md 5); near the end, where a move ends the game. Found by
// seeded playouts, so the same rules always give the same positions. Every position is one whose
// game is not over (the referee never sends another, protocol-spec 4.5); a situation the rules
// make unreachable (no refill in any playout) is left out.
#pragma once

#include <string>
#include <vector>

#include "protocol/messages.hpp"
#include "rules/rules.hpp"

namespace oaq::engine {

struct TestPosition {
    std::string what;  // "North to move after a refill"
    protocol::PositionCommand command;
};

std::vector<TestPosition> test_positions(const rules::Rules& rules);

// A deterministic line of `plies` moves from the start in which no move ends the game (shorter
// when the rules allow no such line).
std::vector<std::string> opening_line(const rules::Rules& rules, int plies);

}  // namespace oaq::engine
