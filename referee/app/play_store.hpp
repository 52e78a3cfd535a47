// `oaq play --db FILE`: a game between a person and an engine stored like any match game, as the
// only game of a match of its own ("play-<UTC time>", format "match", the person as engine "you"),
// so `oaq results`, `oaq ratings` and `oaq report` show it. Only the store talks SQL: this wires.
#pragma once

#include <string>

#include "game/game_record.hpp"
#include "store/store.hpp"

namespace oaq::app {

struct PlayedEngine {
    std::string name;
    std::string command;
    std::vector<std::string> args;
};

// Stores the finished game in `db`; returns the run's name. Throws OaqError saying only why, for
// the caller to name the file (SQLite's words, "database or disk is full", or why the game was
// refused: an aborted game is never stored, it has no result).
std::string save_played_game(store::Store& db, const game::GameRecord& record,
                             const PlayedEngine& engine);

}  // namespace oaq::app
