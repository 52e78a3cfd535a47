// ResultStore: what results and ratings read of the games (the 2-seat results: standings, rating
// input, result scans; the rating input of games of 3 and 4 seats; store/queries.cpp) and the
// rating snapshots kept (store_ratings.cpp).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "store/rows.hpp"
#include "store/store_part.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::store {

class ResultStore : protected StorePart {
  public:
    std::vector<RatedGame> rated_games(RowId tournament_id);
    // Every game of every tournament played under this (expanded) rules string.
    std::vector<RatedGame> rated_games_for_rules(std::string_view rules);
    // The `standings` view for one tournament, best first (points, then fewer games, then name).
    std::vector<StandingRow> standings(RowId tournament_id);
    // The games a results command totals, in id order, filtered in SQL (store/queries.cpp).
    std::vector<ResultGame> result_games(const ResultFilter& filter);
    // The same games as the rating input reads them (no time control): a million in well under
    // a second.
    std::vector<tournament::ResultRow> result_rows(const ResultFilter& filter);
    // The games of 3 and 4 seats the filter selects (result_rows holds the 2-seat ones), as the
    // rating input reads them: each seat's engine and rank, and the failing seat; by id.
    std::vector<tournament::TableRow> table_rows(const ResultFilter& filter);

    // Stores a snapshot and its entries in one transaction; returns the snapshot id.
    RowId save_rating_snapshot(const RatingSnapshot& snapshot);
    // The newest snapshot for this scope; an empty method matches any method.
    std::optional<RatingSnapshot> latest_rating_snapshot(std::optional<RowId> tournament_id,
                                                         std::string_view rules,
                                                         std::string_view method = {});

  protected:
    using StorePart::StorePart;
};

}  // namespace oaq::store
