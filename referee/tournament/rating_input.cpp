#include "tournament/rating_input.hpp"

#include <algorithm>
#include <set>

namespace oaq::tournament {

namespace {

int append_engine(RatingInput& input, std::int64_t key, std::string name) {
    const int i = static_cast<int>(input.names.size());
    input.index[key] = i;
    input.names.push_back(std::move(name));
    input.keys.push_back(key);
    input.failures.push_back(0);
    return i;
}

int engine_index(RatingInput& input, std::int64_t key) {
    auto it = input.index.find(key);
    if (it != input.index.end()) return it->second;
    return append_engine(input, key, "#" + std::to_string(key));
}

}  // namespace

double south_points(rules::Result result) {
    return result == rules::Result::SouthWin ? 1.0 : result == rules::Result::NorthWin ? 0.0 : 0.5;
}

void add_result(RatingInput& input, const ResultRow& row) {
    const int s = engine_index(input, row.south);
    const int n = engine_index(input, row.north);
    // Pairs are colour-swapped games sharing a pair index within one tournament.
    const std::int64_t pair_id = (row.tournament_id << 32) | row.pair_index;
    input.games.push_back({s, n, south_points(row.result), pair_id});
    if (game::is_failure(row.termination)) {
        if (row.result == rules::Result::NorthWin) ++input.failures[static_cast<std::size_t>(s)];
        if (row.result == rules::Result::SouthWin) ++input.failures[static_cast<std::size_t>(n)];
    }
    input.max_game_id = std::max(input.max_game_id, row.game_id);
    ++input.count;
}

RatingInput build_rating_input(std::span<const RatedEngine> engines,
                               std::span<const ResultRow> rows, EngineSelection selection) {
    std::set<std::int64_t> played;
    if (selection == EngineSelection::WithGames) {
        for (const auto& r : rows) {
            played.insert(r.south);
            played.insert(r.north);
        }
    }
    RatingInput input;
    for (const auto& e : engines) {
        if (input.index.count(e.key)) continue;
        if (selection == EngineSelection::WithGames && !played.count(e.key)) continue;
        append_engine(input, e.key, e.name);
    }
    input.games.reserve(rows.size());
    for (const auto& r : rows) add_result(input, r);
    return input;
}

}  // namespace oaq::tournament
