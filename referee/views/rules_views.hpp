// What `oaq rules perft|play|show|presets` print besides the board (board_view.hpp): the perft
// count, the JSON object of a line of moves played and of a position shown (2 seats, or 3 and 4
// with scores, ranks and points as lists in seat order), and the list of rule presets.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "rules/game.hpp"
#include "rules/ring_position.hpp"

namespace oaq::views {

struct PerftCount {
    std::uint64_t nodes = 0;
    std::vector<std::pair<rules::Move, std::uint64_t>> split;  // by first move (--divide)
    double seconds = 0;
};

// "perft D: N nodes in S s (M moves/s)" after a line per first move; or one JSON object.
std::string perft_text(int depth, const PerftCount& count);
std::string perft_json(const rules::Rules& rules, int depth, const PerftCount& count, bool divide);

// `oaq rules play --json`: the position after each move and the final one with its state.
std::string play_json(const std::vector<std::string>& positions, const rules::Game& game);
std::string play_json(const std::vector<std::string>& positions, const rules::RingPosition& final,
                      const rules::Rules& rules);

// `oaq rules play`: plays `moves` from `start` and writes the board after each (with json, the
// JSON object at the end) to `out`. An illegal or malformed move is the error "move N ("M"):
// why", after the boards before it were written.
Expected<Ok> play_moves(const rules::Rules& rules, const rules::Position& start, int max_plies,
                        const std::vector<std::string>& moves, bool json, std::ostream& out);
Expected<Ok> play_moves(const rules::Rules& rules, const rules::RingPosition& start, int max_plies,
                        const std::vector<std::string>& moves, bool json, std::ostream& out);

// `oaq rules perft`: the count of `depth` plies (split by first move with `divide`), timed.
PerftCount count_perft(const rules::Position& pos, int depth, bool divide,
                       const rules::Rules& rules);
PerftCount count_perft(const rules::RingPosition& pos, int depth, bool divide,
                       const rules::Rules& rules);

// `oaq rules show --json`: the position, its legal moves, scores and state.
std::string position_json(const rules::Position& pos, const rules::Rules& rules);
std::string position_json(const rules::RingPosition& pos, const rules::Rules& rules);

// `oaq rules presets`: each preset's name, meaning and expanded rules.
std::string presets_text();
std::string presets_json();

}  // namespace oaq::views
