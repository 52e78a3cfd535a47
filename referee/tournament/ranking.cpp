#include "tournament/ranking.hpp"

#include <algorithm>
#include <string>

namespace oaq::tournament {

bool is_rated(const EngineRating& r) {
    return r.status == RatingStatus::Ok || r.status == RatingStatus::Disconnected;
}

int ranking_tier(const EngineRating& r) {
    switch (r.status) {
        case RatingStatus::AllWins:
            return 0;
        case RatingStatus::Ok:
            return 1;
        case RatingStatus::Disconnected:
            return 2;
        case RatingStatus::Unbounded:
            return 3;
        case RatingStatus::AllLosses:
            return 4;
        case RatingStatus::NoGames:
            break;
    }
    return 5;
}

namespace {

// True when a goes before b.
bool ranks_before(const RankedLine& a, const RankedLine& b) {
    const auto& x = a.rating;
    const auto& y = b.rating;
    const int tier = ranking_tier(x);
    if (tier != ranking_tier(y)) return tier < ranking_tier(y);
    if (tier == 2 && x.group != y.group) return x.group < y.group;
    if ((tier == 1 || tier == 2) && x.rating != y.rating) return x.rating > y.rating;
    if (x.score != y.score) return x.score > y.score;
    return a.engine < b.engine;
}

}  // namespace

std::vector<RankedLine> rank_lines(const RatingInput& input,
                                   const std::vector<EngineRating>& ratings) {
    std::vector<RankedLine> lines;
    lines.reserve(input.names.size());
    for (std::size_t i = 0; i < input.names.size(); ++i) {
        RankedLine line;
        line.engine_index = static_cast<int>(i);
        line.key = input.keys[i];
        line.engine = input.names[i];
        if (i < ratings.size()) line.rating = ratings[i];
        if (i < input.failures.size()) line.failures = input.failures[i];
        lines.push_back(std::move(line));
    }
    std::stable_sort(lines.begin(), lines.end(), ranks_before);
    for (std::size_t i = 0; i < lines.size(); ++i) lines[i].rank = static_cast<int>(i) + 1;
    return lines;
}

Expected<std::vector<RankedLine>> standings(const RatingInput& input, const Anchor& anchor) {
    const auto engines = static_cast<int>(input.names.size());
    if (!input.games.empty() && !input.tables.empty()) {
        return fail("2-seat games and games of " + std::to_string(input.tables.front().seats) +
                    " seats in one rating: ratings never pool different numbers of players");
    }
    auto fitted = input.tables.empty() ? fit_ratings(engines, input.games, anchor)
                                       : fit_table_ratings(engines, input.tables, anchor);
    if (!fitted) return fitted.error();
    return rank_lines(input, *fitted);
}

}  // namespace oaq::tournament
