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

void add_result(RatingInput& input, const TableRow& row) {
    TableResult t;
    t.seats = row.seats;
    for (std::size_t s = 0; s < row.seats && s < kMaxTableSeats; ++s) {
        t.engines[s] = engine_index(input, row.engines[s]);
        t.ranks[s] = row.ranks[s];
    }
    input.tables.push_back(t);
    if (row.failed_seat && *row.failed_seat < row.seats) {
        ++input.failures[static_cast<std::size_t>(t.engines[*row.failed_seat])];
    }
    input.max_game_id = std::max(input.max_game_id, row.game_id);
    ++input.count;
}

namespace {

// The listed engines (those of `played` only, unless every listed one is wanted).
RatingInput listed(std::span<const RatedEngine> engines, const std::set<std::int64_t>& played,
                   EngineSelection selection) {
    RatingInput input;
    for (const auto& e : engines) {
        if (input.index.count(e.key)) continue;
        if (selection == EngineSelection::WithGames && !played.count(e.key)) continue;
        append_engine(input, e.key, e.name);
    }
    return input;
}

}  // namespace

RatingInput build_rating_input(std::span<const RatedEngine> engines,
                               std::span<const ResultRow> rows, EngineSelection selection) {
    std::set<std::int64_t> played;
    if (selection == EngineSelection::WithGames) {
        for (const auto& r : rows) {
            played.insert(r.south);
            played.insert(r.north);
        }
    }
    RatingInput input = listed(engines, played, selection);
    input.games.reserve(rows.size());
    for (const auto& r : rows) add_result(input, r);
    return input;
}

RatingInput build_table_rating_input(std::span<const RatedEngine> engines,
                                     std::span<const TableRow> rows, EngineSelection selection) {
    std::set<std::int64_t> played;
    if (selection == EngineSelection::WithGames) {
        for (const auto& r : rows)
            played.insert(
                r.engines.begin(),
                r.engines.begin() + static_cast<std::ptrdiff_t>(std::min(r.seats, kMaxTableSeats)));
    }
    RatingInput input = listed(engines, played, selection);
    input.tables.reserve(rows.size());
    for (const auto& r : rows) add_result(input, r);
    return input;
}

}  // namespace oaq::tournament
