// Seat results: what the results views add for games of 3 or 4 seats (RULES.md section 9), where a
// game has ranks rather than a winner. The standings, the crosstable and h2h of such games are the
// same views as for 2 seats (results_views.hpp), their seat columns from here: each engine's
// average rank and firsts, and how often each engine finished above each other at one table.
// The rating and the points come from the one Plackett-Luce fit (tournament/rating.hpp, its
// EngineRating.points = RULES.md section 9 points). Pure: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/rows.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::views {

// The number of seats of a selection's games: its tournament's or rules string's `players`
// (2 when neither names one, or the rules do not parse).
int seats_of_rules(const std::string& expanded_rules);

// A stored game as rating input (engine ids in seat order, ranks, the seat that failed).
tournament::TableRow table_row(const store::GameRow& game);

// An engine's games of 3 or 4 seats, beyond what the rating line says.
struct SeatTotals {
    std::int64_t games = 0;
    double points = 0;            // RULES.md section 9, summed
    std::int64_t rank_sum = 0;    // its ranks, summed
    std::int64_t firsts = 0;      // games it finished first, alone or tied
    double average_rank() const;  // 0 without games
};
// Adds seat `seat` of `game` to `totals`.
void add_seat(SeatTotals& totals, const tournament::TableResult& game, std::size_t seat);
// By RatingInput index, over input.tables.
std::vector<SeatTotals> seat_totals(const tournament::RatingInput& input);

// How often engine i finished above, below and level with engine k at one table.
struct Meeting {
    std::int64_t above = 0;
    std::int64_t below = 0;
    std::int64_t level = 0;
    std::int64_t games() const { return above + below + level; }
};
// cells[i][k], by RatingInput index, over input.tables (a game counts once for every pair of
// seats in it).
std::vector<std::vector<Meeting>> meetings(const tournament::RatingInput& input);

// "2.33": an average rank for people (two decimals), "-" without games.
std::string average_rank_text(const SeatTotals& totals);

}  // namespace oaq::views
