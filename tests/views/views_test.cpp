// The views library's text and JSON forms of ratings, Elo differences and scores, the marks every
// view shares (docs/vocabulary.md). The commands that print them are tested in tests/app/.
#include <catch2/catch.hpp>

#include <optional>

#include "tournament/pentanomial.hpp"
#include "tournament/rating.hpp"
#include "views/results_json.hpp"
#include "views/standings.hpp"

using namespace oaq;

TEST_CASE("an Elo difference without spread has no error bar and no sign", "[views][results]") {
    // Every pair split (DD or WL): the mean is exactly 0.5 and the variance 0.
    const tournament::EloEstimate split{-0.0, 0.0};
    CHECK(views::elo_difference_text(split) ==
          "+0.0 (no error estimate: every game or pair scored the same)");
    CHECK(views::elo_json(split) == R"({"value":0,"error":null})");
    CHECK(views::elo_difference_text(tournament::EloEstimate{70.44, 30.01}) == "+70.4 ± 30.0");
    CHECK(views::elo_json(std::nullopt) == "null");
    tournament::EngineRating anchor;
    anchor.status = tournament::RatingStatus::Ok;
    CHECK(views::rating_text(anchor, true) == "+0.0 (anchor)");
    anchor.status = tournament::RatingStatus::Disconnected;
    anchor.rating = 12.34;
    anchor.error = 30;
    anchor.group = 1;
    CHECK(views::rating_text(anchor) == "+12.3 ± 30.0 (group 2)");
    CHECK(views::rating_json(anchor, false) ==
          R"({"status":"disconnected","value":12.34,"error":30,"group":2,"anchor":false})");
}

TEST_CASE("a negative score reads as a score, South's first", "[views][standings]") {
    CHECK(views::score_pair_text(85, -15) == "85 : -15");
    CHECK(views::score_pair_text(25, 45) == "25 : 45");
}
