// oaq-bench-ratings: how long the tournament maths takes at tournament sizes. It fits ratings for
// seeded simulated round robins of several pool sizes and the Plackett-Luce fit on 100,000
// seeded simulated four-seat games, evaluates the SPRT LLR on growing
// pentanomial counts, and indexes a million-game schedule. Figures only: never fails on timing.
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string_view>
#include <vector>

#include "common/help_flag.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/rating.hpp"
#include "tournament/schedule.hpp"
#include "tournament/sprt.hpp"

namespace {

using namespace oaq::tournament;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double uniform(std::mt19937_64& rng) {
    return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

// A round robin of `engines` simulated engines 25 Elo apart, `rounds` rounds.
std::vector<GameResult> simulate(int engines, int rounds, std::mt19937_64& rng) {
    auto schedule = Schedule::round_robin(engines, rounds, 0).value();
    std::vector<GameResult> games;
    games.reserve(static_cast<std::size_t>(schedule.total_games()));
    while (auto p = schedule.next()) {
        const double s = score_from_elo(25.0 * (p->north - p->south));
        const double u = uniform(rng);
        const double points = u < s - 0.2 ? 1.0 : u < s + 0.2 ? 0.5 : 0.0;
        games.push_back({p->south, p->north, points, p->pair_index});
    }
    return games;
}

// `games` four-seat games of engines drawn at random from `engines`, 25 Elo apart, each game's
// order drawn from the Plackett-Luce model; one game in ten ties its last two seats.
std::vector<TableResult> simulate_tables(int engines, int games, std::mt19937_64& rng) {
    std::vector<int> pool(static_cast<std::size_t>(engines));
    for (int i = 0; i < engines; ++i) pool[static_cast<std::size_t>(i)] = i;
    std::vector<TableResult> out;
    out.reserve(static_cast<std::size_t>(games));
    for (int g = 0; g < games; ++g) {
        TableResult t;
        t.seats = 4;
        for (std::size_t s = 0; s < 4; ++s) {  // a partial Fisher-Yates shuffle
            const auto pick = s + rng() % (pool.size() - s);
            std::swap(pool[s], pool[pick]);
            t.engines[s] = pool[s];
        }
        std::array<bool, 4> placed{};
        for (int place = 1; place <= 4; ++place) {
            double total = 0.0;
            for (std::size_t s = 0; s < 4; ++s) {
                if (!placed[s]) total += std::pow(10.0, t.engines[s] * 25.0 / 400.0);
            }
            double u = uniform(rng) * total;
            std::size_t pick = 0;
            for (std::size_t s = 0; s < 4; ++s) {
                if (placed[s]) continue;
                pick = s;
                u -= std::pow(10.0, t.engines[s] * 25.0 / 400.0);
                if (u < 0) break;
            }
            placed[pick] = true;
            t.ranks[pick] = place;
        }
        if (uniform(rng) < 0.1) {
            for (auto& r : t.ranks) r = r == 4 ? 3 : r;
        }
        out.push_back(t);
    }
    return out;
}

// The Plackett-Luce fit of 100,000 four-seat games (seed 4), for pools of 8, 16 and 64 engines.
bool bench_tables() {
    std::mt19937_64 rng(4);
    for (int engines : {8, 16, 64}) {
        const auto tables = simulate_tables(engines, 100'000, rng);
        const auto start = Clock::now();
        const auto ratings = fit_table_ratings(engines, tables);
        const double fit = seconds_since(start);
        std::printf("%3d engines 4-seat PL fit    %10zu %12.4f\n", engines, tables.size(), fit);
        if (!ratings) return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (oaq::wants_help(argc, argv)) {
        std::puts(
            "usage: oaq-bench-ratings [--tables]\ntimes the rating fit on generated round robins "
            "and 4-seat games, the SPRT LLR and schedule indexing\n  --tables  only the "
            "Plackett-Luce fit of 100,000 four-seat games");
        return 0;
    }
    if (argc > 2 || (argc == 2 && std::string_view(argv[1]) != "--tables")) {
        std::fprintf(stderr, "oaq-bench-ratings: unknown argument \"%s\" (--tables or none)\n",
                     argv[argc - 1]);
        return 2;
    }
    if (argc == 2) {
        std::printf("%-28s %10s %12s\n", "rating fit", "games", "seconds");
        return bench_tables() ? 0 : 1;
    }
    std::mt19937_64 rng(1);
    std::printf("%-28s %10s %12s\n", "rating fit", "games", "seconds");
    for (auto [engines, rounds] : {std::pair{4, 1000}, {16, 100}, {64, 10}, {128, 4}}) {
        const auto games = simulate(engines, rounds, rng);
        const auto start = Clock::now();
        const auto ratings = fit_ratings(engines, games);
        const double fit = seconds_since(start);
        const auto stats_start = Clock::now();
        const auto pairs = pair_statistics(engines, games);
        const double stats = seconds_since(stats_start);
        std::printf("%3d engines fit_ratings      %10zu %12.4f\n", engines, games.size(), fit);
        std::printf("%3d engines pair_statistics  %10zu %12.4f\n", engines, games.size(), stats);
        if (!ratings || pairs.empty()) return 1;
    }

    if (!bench_tables()) return 1;

    auto params = SprtParams::logistic(LogisticElo{0}, LogisticElo{5}, 0.05, 0.05).value();
    auto nparams = SprtParams::normalized(NormalizedElo{0}, NormalizedElo{5}, 0.05, 0.05).value();
    Pentanomial counts{{120, 2300, 5400, 2350, 130}};
    constexpr int calls = 100'000;
    double sink = 0.0;
    auto start = Clock::now();
    for (int i = 0; i < calls; ++i) {
        ++counts.counts[static_cast<std::size_t>(i % 5)];
        sink += llr(params, counts);
    }
    const double logistic = seconds_since(start);
    start = Clock::now();
    for (int i = 0; i < calls; ++i) {
        ++counts.counts[static_cast<std::size_t>(i % 5)];
        sink += llr(nparams, counts);
    }
    const double normalized = seconds_since(start);
    std::printf("llr logistic pentanomial    %10.0f ns/call\n", logistic / calls * 1e9);
    std::printf("llr normalized pentanomial  %10.0f ns/call\n", normalized / calls * 1e9);

    auto schedule = Schedule::round_robin(8, 35'715, 0).value();
    start = Clock::now();
    std::int64_t check = 0;
    for (std::int64_t g = 0; g < schedule.total_games(); ++g) check += schedule.pairing_at(g).south;
    const double index = seconds_since(start);
    std::printf("pairing_at over %lld games   %10.0f ns/call\n",
                static_cast<long long>(schedule.total_games()),
                index / static_cast<double>(schedule.total_games()) * 1e9);
    return sink == 0.0 && check == 0 ? 1 : 0;
}
