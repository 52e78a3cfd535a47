// GameRecord: everything the referee knows about one finished game, as plain data. The game layer
// fills it; the store writes it in one transaction; printers turn it into text or JSON. Engine
// misbehaviour is recorded here as a Termination with its detail, never thrown.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/termination.hpp"
#include "protocol/messages.hpp"
#include "rules/position.hpp"

namespace oaq::game {

using Microseconds = std::chrono::microseconds;

struct MoveRecord {
    std::string move;           // as played, e.g. "3R"
    Microseconds time_used{0};  // from writing `go` to reading `bestmove`
    Microseconds time_left{0};  // mover's clock after the move, increment included
    // The last `info` the engine sent before `bestmove` (all optional).
    std::optional<int> depth;
    std::optional<protocol::Score> score;
    std::optional<std::uint64_t> nodes;
    std::vector<std::string> pv;
};

struct GameRecord {
    std::string south;  // engine names
    std::string north;
    std::string rules;              // the expanded rules string
    std::string time_control;       // e.g. "10+0.1", "movetime=100"
    std::string opening;            // opening moves or position string, "" = start position
    std::string start_position;     // position string the game was played from (after opening)
    std::vector<MoveRecord> moves;  // plies played by the engines, after the opening
    rules::Result result = rules::Result::Draw;
    int score_south = 0;
    int score_north = 0;
    Termination termination = Termination::Normal;
    std::string detail;          // termination detail; for Normal, the rules' end reason
    std::string final_position;  // position string at the end (settled)
    std::chrono::system_clock::time_point started_at;
    std::chrono::system_clock::time_point ended_at;
    // The side whose player could not be made ready for the game (handshake, options, isready,
    // uginewgame failed before the first move); the game is its loss. Not stored: the runner
    // counts these to give up on an engine that never starts (runner.hpp).
    std::optional<rules::Side> failed_to_start;

    int plies() const { return static_cast<int>(moves.size()); }
};

}  // namespace oaq::game
