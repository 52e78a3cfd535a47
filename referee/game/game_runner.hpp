// play_game: one game between two engines. The referee owns the position: it sends `position`
// and `go`, checks every move with the rules library, charges the clocks, and ends the game by
// the rules, by repetition, by the ply limit, or by a failure of one side, which then loses. A game
// with an opening starts at the position after it: plies, repetitions and the ply limit count from
// there, and the engines are sent that position with `fen` (protocol-spec 4.5).
// It never throws for engine misbehaviour (that is the game's Termination); it throws OaqError
// only for a bad opening, which is the caller's configuration error.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "game/defaults.hpp"
#include "game/game_record.hpp"
#include "game/opening.hpp"
#include "game/player.hpp"
#include "game/time_control.hpp"
#include "rules/game.hpp"
#include "rules/rules.hpp"

namespace oaq::game {

struct GameSettings {
    rules::Rules rules;
    Opening opening;
    int max_plies = kDefaultPlyLimit;
    TimeControl south_tc;
    TimeControl north_tc;
    // Extra time an engine may use beyond its clock before it forfeits (protocol-spec, timing).
    Milliseconds margin = kDefaultTimeMargin;
    // A game of a session (protocol-spec 6.2): the players are told before it starts, and the
    // start position (the opening's) may carry shares, sent only to a player that takes them.
    bool session_game = false;
};

// Hooks for interactive use (oaq play) and progress; all optional.
struct GameObserver {
    std::function<void(const rules::Position&)> on_start;
    std::function<void(const MoveRecord&, const rules::Position&)> on_move;
    InfoCallback on_info;
};

GameRecord play_game(Player& south, Player& north, const GameSettings& settings,
                     const std::atomic<bool>& abort, const GameObserver& observer = {});

}  // namespace oaq::game
