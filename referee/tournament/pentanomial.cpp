#include "tournament/pentanomial.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <numeric>
#include <utility>

namespace oaq::tournament {
namespace {

constexpr double z95 = 1.959963984540054;  // Phi^-1(0.975)

// Mean and standard error of the mean of a discrete distribution given as (value, count) cells;
// `samples` is the number of independent observations the counts describe.
template <std::size_t N>
std::optional<EloEstimate> estimate(const std::array<double, N>& values,
                                    const std::array<std::int64_t, N>& counts) {
    const auto total = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
    if (total == 0) return std::nullopt;
    const auto n = static_cast<double>(total);
    double mean = 0.0;
    for (std::size_t i = 0; i < N; ++i) mean += values[i] * static_cast<double>(counts[i]) / n;
    if (mean <= 0.0 || mean >= 1.0) return std::nullopt;
    double variance = 0.0;
    for (std::size_t i = 0; i < N; ++i) {
        variance += (values[i] - mean) * (values[i] - mean) * static_cast<double>(counts[i]) / n;
    }
    const double se = std::sqrt(variance / n);
    auto clamped_elo = [](double s) { return elo_from_score(std::clamp(s, 1e-3, 1.0 - 1e-3)); };
    const double half = (clamped_elo(mean + z95 * se) - clamped_elo(mean - z95 * se)) / 2.0;
    return EloEstimate{elo_from_score(mean), half};
}

}  // namespace

std::vector<std::vector<Trinomial>> crosstable(int engines, std::span<const GameResult> games) {
    const auto n = static_cast<std::size_t>(std::max(engines, 0));
    std::vector<std::vector<Trinomial>> cells(n, std::vector<Trinomial>(n));
    for (const auto& g : games) {
        if (g.south < 0 || g.north < 0 || g.south >= engines || g.north >= engines) continue;
        const auto s = static_cast<std::size_t>(g.south), o = static_cast<std::size_t>(g.north);
        cells[s][o].add(g.south_points);
        cells[o][s].add(1.0 - g.south_points);
    }
    return cells;
}

std::int64_t Pentanomial::pairs() const {
    return std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
}

std::optional<EloEstimate> elo_estimate(const Trinomial& t) {
    return estimate<3>({1.0, 0.5, 0.0}, {t.wins, t.draws, t.losses});
}

// A pair is one observation whose per-game score is (pair points) / 2.
std::optional<EloEstimate> elo_estimate(const Pentanomial& p) {
    return estimate<5>({0.0, 0.25, 0.5, 0.75, 1.0}, p.counts);
}

double likelihood_of_superiority(const Trinomial& t) {
    const auto decisive = t.wins + t.losses;
    if (decisive == 0) return 0.5;
    const auto diff = static_cast<double>(t.wins - t.losses);
    return 0.5 * (1.0 + std::erf(diff / std::sqrt(2.0 * static_cast<double>(decisive))));
}

std::vector<PairStats> pair_statistics(int engines, std::span<const GameResult> games) {
    auto in_range = [&](const GameResult& g) {
        return g.south >= 0 && g.south < engines && g.north >= 0 && g.north < engines &&
               g.south != g.north;
    };
    // Only pairs that met get an entry; the map keeps them ordered by (a, b).
    std::map<std::pair<int, int>, PairStats> table;
    auto slot = [&](int x, int y) -> PairStats& {
        auto& s = table[{std::min(x, y), std::max(x, y)}];
        s.a = std::min(x, y);
        s.b = std::max(x, y);
        return s;
    };
    // Points of the lower-numbered engine of the pair in game g.
    auto low_points = [](const GameResult& g) {
        return g.south < g.north ? g.south_points : 1.0 - g.south_points;
    };

    std::vector<std::pair<std::int64_t, std::size_t>> with_id;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = games[i];
        if (!in_range(g)) continue;
        auto& s = slot(g.south, g.north);
        const double pts = low_points(g);
        s.points += pts;
        (pts == 1.0 ? s.results.wins : pts == 0.0 ? s.results.losses : s.results.draws) += 1;
        ++s.unpaired_games;  // until a complete pair claims it below
        if (g.pair_id) with_id.emplace_back(*g.pair_id, i);
    }
    std::sort(with_id.begin(), with_id.end());
    for (std::size_t i = 0; i < with_id.size();) {
        std::size_t j = i;
        while (j < with_id.size() && with_id[j].first == with_id[i].first) ++j;
        if (j - i == 2) {
            const auto& g1 = games[with_id[i].second];
            const auto& g2 = games[with_id[i + 1].second];
            if (g1.south == g2.north && g1.north == g2.south) {
                auto& s = slot(g1.south, g1.north);
                const double pair_points = low_points(g1) + low_points(g2);
                s.pairs.counts[static_cast<std::size_t>(std::lround(pair_points * 2.0))] += 1;
                s.unpaired_games -= 2;
            }
        }
        i = j;
    }

    std::vector<PairStats> out;
    out.reserve(table.size());
    for (auto& [key, s] : table) {
        s.elo = s.pairs.pairs() > 0 ? elo_estimate(s.pairs) : elo_estimate(s.results);
        s.los = likelihood_of_superiority(s.results);
        out.push_back(s);
    }
    return out;
}

}  // namespace oaq::tournament
