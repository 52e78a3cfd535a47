// Standings: the text forms of a ranked table (tournament/ranking.hpp decides the order) and of the
// figures in it, for every view that prints them for people (`oaq results standings`, `oaq
// ratings`, the live standings of `oaq match` / `oaq tournament`). The JSON forms are in
// results_json.hpp. The marks are the same everywhere (docs/vocabulary.md):
//   "+12.3 ± 30.1"                 a rating with its 95% interval
//   "+12.3 ± 30.1 (group 2)"       rated within a disconnected group only
//   "+0.0 (anchor)"                the anchor of the scale (fixed: no error bar)
//   "unrated (all_wins)"           no finite rating; the status word says why
// and an Elo difference without spread (every pair split) shows no error bar rather than ± 0.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "views/seat_results.hpp"

namespace oaq::views {

using StandingsLine = tournament::RankedLine;

// An engine's rating as above; `anchor`: this line is the anchor of the scale.
// A game's score for people, South's first: "25 : 45", "85 : -15". Scores go negative under
// borrowing rules, and "85--15" (the old "{}-{}") read as a range or a typo.
std::string score_pair_text(int south, int north);

std::string rating_text(const tournament::EngineRating& rating, bool anchor = false);

// "+70.4 ± 30.0", "+0.0 (no error estimate: every game or pair scored the same)", or "-".
std::string elo_difference_text(const std::optional<tournament::EloEstimate>& elo);

// "rank engine games points score rating W/D/L failures", then the notes the table needs: the
// disconnected groups, the unrated engines. `anchor`: the RatingInput index of the anchor.
// With `seats` (games of 3 or 4 seats, by RatingInput index) the W/D/L column gives way to the
// average rank and the firsts: "rank engine games points score rating avg_rank firsts failures".
std::string standings_table(const std::vector<StandingsLine>& lines,
                            std::optional<int> anchor = std::nullopt,
                            const std::vector<SeatTotals>* seats = nullptr);

// The notes printed under a ranked table ("" when none applies).
std::string standings_notes(const std::vector<StandingsLine>& lines);

}  // namespace oaq::views
