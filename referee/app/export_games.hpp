// export_games: one stored game as text other tools read. PGN-style text for Ordo and BayesElo
// (they read White/Black/Result: White is South, the side that moves first from the start
// position, Black is North; South/North tags say it plainly too), one JSON object per line with
// every move, and one CSV row per game. Pure formatting: no I/O.
#pragma once

#include <string>

#include "store/rows.hpp"

namespace oaq::app {

// `event` is the tournament name. Ends with a blank line, so games concatenate.
std::string pgn_game(const store::StoredGame& game, const std::string& event);
// One line, no newline.
std::string json_game(const store::StoredGame& game, const std::string& event);
std::string csv_header();  // no newline
std::string csv_game(const store::GameRow& game, const std::string& event,
                     const std::string& rules);

// "12.345s": microseconds as seconds with millisecond precision.
std::string seconds_text(std::chrono::microseconds us);
std::string score_text(const protocol::Score& score);  // "cp 35" / "mate -3"

}  // namespace oaq::app
