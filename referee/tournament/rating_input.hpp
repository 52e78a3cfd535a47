// Rating input: the one place where stored result rows become the list of GameResult the rating
// fit, the pair statistics and the standings take. Every caller (a tournament while it runs and
// when it resumes, `oaq ratings`, `oaq results`, the report) goes through build_rating_input, so
// they all agree on who engine i is, which games form a colour-swapped pair and what counts as a
// failure. Pure: no I/O.
//
// Rules:
// - Engines are indexed in the order the caller lists them (e.g. seat order, or the engines
//   table's id order); with EngineSelection::WithGames the ones that played none of the games are
//   left out. A game naming an engine key that is not listed appends that engine, named "#<key>".
// - Pairs: two games share a pair id when they have the same (tournament, pair index), so pairs of
//   different tournaments never mix.
// - A failure is a game lost by a failure termination (crash, time forfeit, illegal move, ...):
//   it counts against the loser; in a game of 3 or 4 seats, against the seat that failed.
// - Games of 3 or 4 seats (TableRow) go to RatingInput::tables, 2-seat ones (ResultRow) to
//   RatingInput::games; one input never holds both, nor tables of different seat counts (the
//   fit refuses them: ratings never pool different numbers of players).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/termination.hpp"
#include "rules/game.hpp"
#include "tournament/rating.hpp"

namespace oaq::tournament {

// An engine as the caller knows it: a stable key (a database id, a seat index) and its name.
struct RatedEngine {
    std::int64_t key = 0;
    std::string name;
};

// One stored game: what the rating maths needs and no more (a million of these stay cheap).
struct ResultRow {
    std::int64_t game_id = 0;  // the newest id is kept as RatingInput::max_game_id
    std::int64_t tournament_id = 0;
    std::int64_t pair_index = 0;
    std::int64_t south = 0;  // engine keys
    std::int64_t north = 0;
    rules::Result result = rules::Result::Draw;
    game::Termination termination = game::Termination::Normal;
};

// One stored game of 3 or 4 seats (2 works as well): engine keys in seat order and each seat's
// rank (RULES.md section 9), and the seat that failed, if one did.
struct TableRow {
    std::int64_t game_id = 0;
    std::int64_t tournament_id = 0;
    std::int64_t group_index = 0;  // its seating group
    std::size_t seats = 3;
    std::array<std::int64_t, kMaxTableSeats> engines{};
    std::array<int, kMaxTableSeats> ranks{};
    std::optional<std::size_t> failed_seat;  // 0-based
};

enum class EngineSelection {
    Listed,     // every listed engine, with or without games
    WithGames,  // only the listed engines that played at least one of the games
};

struct RatingInput {
    std::vector<std::string> names;      // engine i
    std::vector<std::int64_t> keys;      // engine i's key
    std::map<std::int64_t, int> index;   // key -> i
    std::vector<GameResult> games;       // 2-seat games, in the order of the rows
    std::vector<TableResult> tables;     // games of 3 or 4 seats, in the order of the rows
    std::vector<std::int64_t> failures;  // games lost by a failure, by engine index
    std::int64_t count = 0;              // games
    std::int64_t max_game_id = 0;        // the largest game_id among the rows (0: none)
};

// 1 for a South win, 0.5 for a draw (and an unfinished game), 0 for a North win.
double south_points(rules::Result result);

RatingInput build_rating_input(std::span<const RatedEngine> engines,
                               std::span<const ResultRow> rows,
                               EngineSelection selection = EngineSelection::Listed);

RatingInput build_table_rating_input(std::span<const RatedEngine> engines,
                                     std::span<const TableRow> rows,
                                     EngineSelection selection = EngineSelection::Listed);

// Adds one game to an input built earlier (a game finished while a tournament runs). The engine
// keys must be listed already.
void add_result(RatingInput& input, const ResultRow& row);
void add_result(RatingInput& input, const TableRow& row);

}  // namespace oaq::tournament
