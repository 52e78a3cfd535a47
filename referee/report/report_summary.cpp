// The report's figures over many games: the rating-over-games history and each engine's summary.
#include <algorithm>
#include <map>

#include "report/report_data.hpp"
#include "tournament/rating.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::report {

std::vector<RatingPoint> rating_history(std::size_t engines,
                                        const std::vector<tournament::GameResult>& games,
                                        std::size_t points) {
    std::vector<RatingPoint> out;
    if (games.empty() || points == 0) return out;
    const std::size_t n = games.size();
    std::size_t last = 0;
    for (std::size_t k = 1; k <= points; ++k) {
        // Evenly spread counts, the last one every game: ceil(n * k / points).
        const std::size_t count = std::max<std::size_t>(1, (n * k + points - 1) / points);
        if (count == last) continue;
        last = count;
        auto fit =
            tournament::fit_ratings(static_cast<int>(engines), std::span(games.data(), count));
        RatingPoint p{static_cast<std::int64_t>(count),
                      std::vector<std::optional<double>>(engines)};
        if (fit) {
            for (std::size_t i = 0; i < engines && i < fit->size(); ++i) {
                if (tournament::is_rated((*fit)[i])) p.ratings[i] = (*fit)[i].rating;
            }
        }
        out.push_back(std::move(p));
    }
    return out;
}

namespace {

// Adds the engine's moves of `game` (the side it played) to its move statistics.
struct MoveTally {
    std::int64_t moves = 0;
    double time_used_us = 0;
    std::int64_t depth_count = 0;
    double depth_sum = 0;
    double nodes = 0;
    double nodes_time_us = 0;
};

void add_moves(MoveTally& t, const ReportGame& game, rules::Side side) {
    for (std::size_t i = 0; i < game.plies.size() && i < game.movers.size(); ++i) {
        if (game.movers[i] != side) continue;
        const auto& m = game.plies[i];
        ++t.moves;
        t.time_used_us += static_cast<double>(m.time_used.count());
        if (m.depth) {
            ++t.depth_count;
            t.depth_sum += *m.depth;
        }
        if (m.nodes) {
            t.nodes += static_cast<double>(*m.nodes);
            t.nodes_time_us += static_cast<double>(m.time_used.count());
        }
    }
}

}  // namespace

std::vector<EngineSummary> engine_summaries(const ReportData& data) {
    std::vector<EngineSummary> out(data.engines.size());
    std::vector<MoveTally> tallies(data.engines.size());
    std::vector<std::map<std::string, std::int64_t>> losses(data.engines.size());
    auto seat = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(data.engines.begin(), data.engines.end(), name) -
                                        data.engines.begin());
    };
    for (const auto& g : data.games) {
        const auto s = seat(g.row.south), n = seat(g.row.north);
        const double sp = tournament::south_points(g.row.result);
        if (s < out.size()) {
            out[s].as_south.add(sp);
            add_moves(tallies[s], g, rules::Side::South);
            if (sp == 0.0) ++losses[s][std::string(game::to_string(g.row.termination))];
        }
        if (n < out.size()) {
            out[n].as_north.add(1.0 - sp);
            add_moves(tallies[n], g, rules::Side::North);
            if (sp == 1.0) ++losses[n][std::string(game::to_string(g.row.termination))];
        }
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto& t = tallies[i];
        out[i].moves = t.moves;
        if (t.moves)
            out[i].mean_time_used_ms = t.time_used_us / 1000.0 / static_cast<double>(t.moves);
        if (t.depth_count) out[i].mean_depth = t.depth_sum / static_cast<double>(t.depth_count);
        if (t.nodes_time_us > 0) out[i].nodes_per_second = t.nodes / (t.nodes_time_us / 1e6);
        out[i].losses_by.assign(losses[i].begin(), losses[i].end());
    }
    return out;
}

}  // namespace oaq::report
