// Standings: the table people read during and after a tournament (rank, engine, games, points,
// score, Elo +- 95%, draws, failures), computed from game results with the rating fit, plus its
// text and JSON forms. Shared by the live progress, `oaq ratings` and `oaq results standings`.
#pragma once

#include <string>
#include <vector>

#include "tournament/pentanomial.hpp"
#include "tournament/rating.hpp"

namespace oaq::app {

struct StandingsInput {
    std::vector<std::string> engines;  // names, by engine index
    std::vector<tournament::GameResult> games;
    std::vector<std::int64_t> failures;  // games lost by a failure, by engine index
};

struct StandingsLine {
    int rank = 0;
    std::string engine;
    tournament::EngineRating rating;
    std::int64_t failures = 0;
};

std::vector<StandingsLine> compute_standings(const StandingsInput& input);

std::string standings_table(const std::vector<StandingsLine>& lines);
std::string standings_json(const std::vector<StandingsLine>& lines);  // a JSON array

}  // namespace oaq::app
