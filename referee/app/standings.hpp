// Standings: the text and JSON forms of a ranked table (tournament/ranking.hpp decides the order):
// rank, engine, games, points, score, Elo +- 95%, draws, failures. Printed by the live progress
// of `oaq match` / `oaq tournament`.
#pragma once

#include <string>
#include <vector>

#include "tournament/ranking.hpp"

namespace oaq::app {

using StandingsLine = tournament::RankedLine;

// "+12 ± 30", "+12 ± 30 (group 1)", "all wins", ..., "-".
std::string elo_text(const tournament::EngineRating& rating);

std::string standings_table(const std::vector<StandingsLine>& lines);
std::string standings_json(const std::vector<StandingsLine>& lines);  // a JSON array

}  // namespace oaq::app
