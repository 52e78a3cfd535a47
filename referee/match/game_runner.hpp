// play_game: one game between two engines. The referee owns the position: it sends `position`
// and `go`, checks every move with the rules library, charges the clocks, and ends the game by
// the rules, by repetition, by the ply limit, or by a failure of one side, which then loses.
// It never throws for engine misbehaviour (that is the game's Termination); it throws OaqError
// only for a bad opening, which is the caller's configuration error.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "match/game_record.hpp"
#include "match/time_control.hpp"
#include "rules/game.hpp"
#include "rules/rules.hpp"

namespace oaq::match {

// Where a game starts: a position ("startpos" or a position string) and moves played from it
// before the engines take over (an opening line). Both are sent to the engines every move.
struct Opening {
    std::string position = "startpos";
    std::vector<std::string> moves;
    std::string text() const;  // "" for the plain start; else the moves or "fen ... moves ..."
};

struct GameSettings {
    rules::Rules rules;
    Opening opening;
    int max_plies = rules::kDefaultPlyLimit;
    TimeControl south_tc;
    TimeControl north_tc;
    // Extra time an engine may use beyond its clock before it forfeits (protocol-spec, timing).
    Milliseconds margin{50};
};

// Hooks for interactive use (oaq play) and progress; all optional.
struct GameObserver {
    std::function<void(const rules::Position&)> on_start;
    std::function<void(const MoveRecord&, const rules::Position&)> on_move;
    engine::InfoCallback on_info;
};

GameRecord play_game(engine::Engine& south, engine::Engine& north, const GameSettings& settings,
                     const std::atomic<bool>& abort, const GameObserver& observer = {});

}  // namespace oaq::match
