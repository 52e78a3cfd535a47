// Ranking: the one policy that orders the lines of every results table oaq shows or stores (the
// live standings of a tournament, `oaq results standings` and `crosstable`, `oaq ratings`, the
// report, the rating snapshot). It is what a fastchess or Ordo user expects: a table ranked by
// rating where ratings are comparable, with what cannot be compared marked and put after it.
//
// Policy: lines are ordered by rating on the extended line, in tiers; a line never moves to an
// earlier tier:
//   1. scored 100% (AllWins): the fit's rating would be +infinity, so above every finite rating
//      (marked unrated: there is no number to show);
//   2. rated and comparable (RatingStatus::Ok): by rating, highest first;
//   3. rated within a disconnected group only (Disconnected): group by group (lowest group number
//      first), by rating within the group; the line carries its group, so tables mark it;
//   4. mixed score but no finite rating (Unbounded): marked unrated;
//   5. scored 0% (AllLosses): the rating would be -infinity, so below every finite rating;
//   6. no games (NoGames).
// Ties within a tier are broken by score (points per game, higher first), then by name
// (ascending), so the order is total and stable. Ranks are the positions 1..n: tied lines do not
// share a rank. Pure: no I/O.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "tournament/rating.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::tournament {

struct RankedLine {
    int rank = 0;
    int engine_index = 0;  // index into the RatingInput
    std::int64_t key = 0;  // the engine's key in the RatingInput
    std::string engine;    // its name
    EngineRating rating;
    std::int64_t failures = 0;  // games lost by a failure
};

// True for Ok and Disconnected: the line has a finite rating and error.
bool is_rated(const EngineRating& rating);

// The tier of a line in the policy above (0 is the first).
int ranking_tier(const EngineRating& rating);

// Orders `ratings` (one per engine of `input`, as fit_ratings returns them) by the policy.
std::vector<RankedLine> rank_lines(const RatingInput& input,
                                   const std::vector<EngineRating>& ratings);

// Fits the ratings of `input` (anchored as given) and ranks them. Fails as fit_ratings does.
Expected<std::vector<RankedLine>> standings(const RatingInput& input, const Anchor& anchor = {});

}  // namespace oaq::tournament
