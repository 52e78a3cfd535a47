// export_games: one game as text other tools read: PGN for Ordo, BayesElo, pgn-extract and chess
// GUIs, and one CSV row (the JSON object is results_json.hpp's game). `oaq results export` writes
// stored games with these and `--pgnout FILE` writes each game as it finishes, so both files are
// the same text. Pure formatting: no I/O.
//
// The PGN follows the PGN standard (Steven J. Edwards, 1994) in export format wherever it applies
// (docs/pgn.md):
// - the Seven Tag Roster first and in its order (Event Site Date Round White Black Result), the
//   other tags after it in ASCII order of their names; White is South (the side that moves first
//   from the start position), Black is North;
// - TimeControl per 9.6.1 ("300+2", "300", "?" when no PGN form states it, "-" for none);
//   Termination per 9.8.1 ("normal", "time forfeit", "rules infraction", ...); SetUp "1" with
//   FEN (oaq's position string) only when the game did not start from the rules' start position;
// - oaq's own facts in tags of their own: OaqGame ("cup#9"), OaqRules, OaqTimeControl,
//   OaqTermination (oaq's word), OaqDetail, OaqOpening;
// - movetext lines of at most 79 columns; every move carries a comment in cutechess-cli's form,
//   {+0.30/5 0.100s} (evaluation in citizens from the mover's side / depth, time used), with the
//   mover's clock as [%clk 0:00:09.900] under a clock time control; every North move has its
//   "N..." number (each follows a comment); the game ends with a comment naming the termination
//   and the result token (1-0, 0-1, 1/2-1/2).
#pragma once

#include <chrono>
#include <string>

#include "game/game_record.hpp"
#include "protocol/messages.hpp"
#include "store/rows.hpp"
#include "views/results_json.hpp"

namespace oaq::views {

// Ends with a blank line, so games concatenate into one file.
std::string pgn_game(const GameNumber& number, const store::StoredRecord& record);

// The PGN words (9.8.1) and time control (9.6.1) of a game.
std::string pgn_termination(game::Termination termination);
std::string pgn_time_control(const std::string& stored);

// The CSV form of results_json.hpp's game object (without moves): a header and one row. With
// `seat_columns` (a selection that holds games of 3 or 4 seats) the row ends with the number of
// seats and, for seats 1 to 4, seatS_engine, seatS_time_control, seatS_score, seatS_rank and
// seatS_points (empty past the game's seats); a game of 3 or 4 seats leaves the South/North
// columns (south .. score_north, time_control_south/north) empty: it has no sides.
std::string game_csv_header(bool seat_columns = false);  // no newline
std::string game_csv_row(const GameNumber& number, std::optional<std::int64_t> db_id,
                         const store::StoredRecord& record, int plies, bool seat_columns = false);

// Whether a stored time control text is a clock (base + increment) rather than a fixed time or
// depth per move: PGN's [%clk] comments and the report's clocks show only for a clock.
bool is_clock(const std::string& time_control);

// "12.345s": microseconds as seconds with millisecond precision.
std::string seconds_text(std::chrono::microseconds us);
std::string score_text(const protocol::Score& score);  // "cp 35" / "mate -3"

// One CSV row per move (`--moves-csv`): the per-move data for a spreadsheet, pandas or sqlite3's
// `.import --csv` (a game's moves are one packed value in the database, db/010_packed_moves.sql).
std::string move_csv_header();  // no newline
std::string move_csv_rows(const GameNumber& number, std::optional<std::int64_t> db_id,
                          const store::StoredRecord& record);  // each row ends in a newline

}  // namespace oaq::views
