// Report data: everything `oaq report` puts on its page for one tournament, read from the Store
// and computed in C++ so the page itself holds no rules logic: the standings with ratings (the same
// rating input, fit and ranking policy as `oaq ratings`, tournament/ranking.hpp), the crosstable,
// termination counts, and every game replayed with the rules library into one position string per
// ply (positions[i] is the position after i plies, [0] the start), with the pit each move started
// from and both scores after each ply. A game whose stored moves do not replay (a damaged or
// hand-edited row) keeps the positions up to the first bad move and says why in replay_error; it
// never fails the whole report.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"
#include "tournament/ranking.hpp"

namespace oaq::report {

using StandingsLine = tournament::RankedLine;

struct ReportGame {
    store::GameRow row;
    std::vector<std::string> moves;      // as played, e.g. "3R"
    std::vector<std::string> positions;  // moves.size() + 1 strings when the replay succeeded
    std::vector<int> from_pits;          // by ply (index i = move i+1): pit the move was sown from
    std::vector<std::array<int, 2>> scores;  // by position: South's and North's score
    std::string replay_error;                // "" when every move replayed
};

// Wins, draws and losses of the row engine against the column engine.
struct CrossCell {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int games() const { return wins + draws + losses; }
    double points() const { return wins + 0.5 * draws; }
};

struct ReportData {
    store::TournamentRow tournament;
    std::string rules_name;                     // short name, e.g. "standard"
    std::vector<std::string> engines;           // seat order; standings refer to these names
    std::vector<StandingsLine> standings;       // ranking order (tournament/ranking.hpp)
    std::vector<std::vector<CrossCell>> cross;  // [row][column] by seat index
    std::vector<std::pair<std::string, std::int64_t>> terminations;  // kind -> games, every kind
    std::vector<ReportGame> games;                                   // schedule (game_index) order
};

// Names of the tournaments in the store, oldest first.
std::vector<std::string> tournament_names(store::Store& db);

// Loads one tournament (by name; nullopt: the newest). Fails when the store holds no tournament
// or none with that name.
Expected<ReportData> load_report(store::Store& db, const std::optional<std::string>& tournament);

}  // namespace oaq::report
