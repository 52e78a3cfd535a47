// Rating snapshot: the one way a ranked table becomes the rating snapshot kept in the results
// database (a tournament at its end, `oaq ratings` on every run). The store keeps it as it is;
// where the games came from (the tournament, the rules, the filters) is the caller's part.
//
// What a snapshot means, whoever writes it:
// - entries: only the rated lines (RatingStatus Ok or Disconnected), in ranking order, ranked
//   1..entries among themselves, with the rating and its 95% half-width, games, points, wins,
//   draws and losses;
// - parameters (JSON): how it was computed, and which engines it leaves out or cannot compare:
//   {"scale":"logistic_elo","draws":"half_point","interval":0.95,"anchor":"mean"|"<engine>",
//    "anchor_rating":0,"unrated":["<engine>",...],"disconnected":["<engine>",...]}
// Pure: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tournament/ranking.hpp"
#include "tournament/rating.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::tournament {

// The fit's name: Bradley-Terry for 2-seat games, Plackett-Luce (the same model) for 3 and 4.
inline constexpr const char* kRatingMethod = "bradley_terry_mle";
inline constexpr const char* kTableRatingMethod = "plackett_luce_mle";
inline const char* rating_method(const RatingInput& input) {
    return input.tables.empty() ? kRatingMethod : kTableRatingMethod;
}

struct SnapshotEntry {
    std::int64_t key = 0;  // the engine's key in the RatingInput
    std::string engine;
    int rank = 1;
    double rating = 0;
    double error = 0;
    std::int64_t games = 0;
    double points = 0;
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
};

struct Snapshot {
    std::string method = kRatingMethod;
    std::string parameters = "{}";  // JSON object, see above
    std::int64_t game_count = 0;
    std::int64_t max_game_id = 0;
    std::vector<SnapshotEntry> entries;
};

// `anchor_name` names the anchor engine when `anchor.engine` is set.
Snapshot build_snapshot(const RatingInput& input, const std::vector<RankedLine>& lines,
                        const Anchor& anchor = {}, const std::string& anchor_name = {});

}  // namespace oaq::tournament
