// How `oaq play` ends, in words: the result of a finished game for the person (2 seats or a table),
// an aborted game (the input ended, or a signal), and the command that replays a game's moves so
// an unstored game is not lost. Pure formatting over a GameRecord: returns strings, prints nothing.
#pragma once

#include <string>

#include "game/game_record.hpp"
#include "protocol/messages.hpp"
#include "rules/rules.hpp"

namespace oaq::views {

// "\nGame over: you win (normal), score South 30 - North 12\n", for the person playing `you`.
std::string game_over(const game::GameRecord& record, rules::Side you);

// A table's end for the person at `seat` (from 0): their rank, then every seat's rank, name,
// score and points.
std::string table_game_over(const game::GameRecord& record, int seat);

// "the moves played: oaq rules play --rules R [--max-plies N] 3L ...\n" ("" with no moves).
std::string replay_command(const game::GameRecord& record, const rules::Rules& rules,
                           int max_plies);

// "\nYou played 3L (1.25 s)\n": who made a move, which, and the time it took.
std::string move_played(const std::string& who, const game::MoveRecord& move);

// An engine's thinking for the person: "  engine: depth 9 <score in words> (nodes N, line 3L 2R)\n"
// ("" when it has neither depth nor score).
std::string engine_thinking(const protocol::Info& info, const rules::Rules& rules);

// A signal in words: "Ctrl-C (SIGINT)", "SIGHUP (the terminal closed)", "signal 10".
std::string signal_words(int signal);

// An aborted game: interrupted by signal `signal`, or the input ended (signal 0).
std::string play_aborted(int plies, int signal);

}  // namespace oaq::views
