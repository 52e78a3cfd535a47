// Report data: everything `oaq report` puts on its page for one tournament, read from the Store
// and computed in C++ so the page itself holds no rules logic: the standings with ratings (the same
// rating input, fit and ranking policy as `oaq ratings`, tournament/ranking.hpp), the crosstable,
// termination counts, each engine's time control (from the stored run definition), the ratings
// after every stretch of games (the rating-over-games chart), a summary per engine (its page), and
// every game replayed with the rules library into one position string per step: positions[i] is
// the position after i plies ([0] the start); when the rules ended the game, the last move's
// position is shown before the settlement and the settled position is one more step
// (settlement_step). Each ply keeps what the engine said about it (evaluation, depth, nodes, time
// used, clock). A game whose stored moves do not replay (a damaged or hand-edited row) keeps the
// positions up to the first bad move and says why in replay_error; it never fails the report.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/game_record.hpp"
#include "store/results.hpp"
#include "store/store.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "views/round_views.hpp"
#include "views/seat_results.hpp"

namespace oaq::report {

using StandingsLine = tournament::RankedLine;

struct ReportGame {
    store::GameRow row;
    std::vector<std::string> moves;          // as played, e.g. "3R"
    std::vector<game::MoveRecord> plies;     // by ply: the move with the engine's data
    std::vector<rules::Side> movers;         // by ply, as replayed (a turn may pass)
    std::vector<std::string> positions;      // by step (see above)
    bool settlement_step = false;            // positions.back() is the settlement of the last move
    std::vector<int> from_pits;              // by ply: pit the move was sown from
    std::vector<std::array<int, 2>> scores;  // by step: South's and North's score
    std::string replay_error;                // "" when every move replayed
    // A game of 3 or 4 seats (ReportData::seats > 2): by ply the seat that moved (from 0), by step
    // every seat's score; `movers` and `scores` stay empty.
    std::vector<int> seat_movers;
    std::vector<std::vector<int>> seat_scores;
};

// Wins, draws and losses of the row engine against the column engine (games(), points()).
using CrossCell = tournament::Trinomial;

// Every engine's rating after the first `games` stored games (in the order they were stored);
// nothing where the engine had no finite rating yet. Indexed like ReportData::engines.
struct RatingPoint {
    std::int64_t games = 0;
    std::vector<std::optional<double>> ratings;
};

// What an engine's page shows beyond its standings line and crosstable row.
struct EngineSummary {
    CrossCell as_south;
    CrossCell as_north;
    std::vector<std::pair<std::string, std::int64_t>> losses_by;  // termination word -> games
    std::int64_t moves = 0;                                       // plies it played
    double mean_time_used_ms = 0;                                 // per move
    std::optional<double> mean_depth;  // over the moves that reported a depth
    std::optional<double> nodes_per_second;
};

struct ReportData {
    store::TournamentRow tournament;
    std::string rules_name;            // short name, e.g. "standard"
    std::vector<std::string> engines;  // seat order; standings refer to these names
    std::vector<store::EngineTimeControl> time_controls;  // each engine's, seat order
    std::vector<StandingsLine> standings;                 // ranking order (tournament/ranking.hpp)
    std::vector<std::vector<CrossCell>> cross;            // [row][column] by seat index
    std::vector<std::pair<std::string, std::int64_t>> terminations;  // kind -> games, every kind
    std::vector<RatingPoint> rating_history;  // ascending games, the last after every game
    std::vector<EngineSummary> summaries;     // by seat index
    std::vector<ReportGame> games;            // schedule (game_index) order
    // A tournament of tables of 3 or 4 seats (its rules' players): standings from the one
    // Plackett-Luce fit, each engine's average rank and firsts, and how often each finished above
    // each other (views/seat_results.hpp), by engine index. 2: none of these.
    int seats = 2;
    std::vector<views::SeatTotals> seat_totals;
    std::vector<std::vector<views::Meeting>> meetings;
    std::vector<store::SessionRow> sessions;  // --session runs: each session, in order
    // A Swiss or knockout (views/round_views.hpp): its definition and its own table or bracket.
    std::optional<tournament::RunDefinition> round_definition;
    std::optional<views::SwissData> swiss;
    std::optional<views::KnockoutData> knockout;
};

// Names of the tournaments in the store, oldest first.
std::vector<std::string> tournament_names(store::Store& db);

// Loads one tournament (by name; nullopt: the newest). Fails when the store holds no tournament
// or none with that name.
Expected<ReportData> load_report(store::Store& db, const std::optional<std::string>& tournament);

// The ratings after games 1..n for n at `points` evenly spread counts (and always after the last
// game), from the same fit as the standings: pure, for the chart and its test.
std::vector<RatingPoint> rating_history(std::size_t engines,
                                        const std::vector<tournament::GameResult>& games,
                                        std::size_t points);

// Replays a stored game of 3 or 4 seats into `game` (the ring's position strings, each seat's
// score by step, the movers and the pits sown from), as replay() does for 2 (report_seats.cpp).
void replay_ring(ReportGame& game, const store::StoredRecord& record);

// Each engine's summary (ReportData::summaries) from the games and the crosstable of `data`.
std::vector<EngineSummary> engine_summaries(const ReportData& data);

}  // namespace oaq::report
