// The Plackett-Luce fit of games of 2 to 4 seats (tournament/rating.hpp): equal to the
// Bradley-Terry fit on 2-seat games, checked against an independent, game-by-game likelihood, and
// recovering the strengths it was simulated from.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "tournament/rating.hpp"

using oaq::tournament::Anchor;
using oaq::tournament::EngineRating;
using oaq::tournament::fit_ratings;
using oaq::tournament::fit_table_ratings;
using oaq::tournament::GameResult;
using oaq::tournament::RatingStatus;
using oaq::tournament::table_points;
using oaq::tournament::TableResult;

namespace {

constexpr double elo_per_theta = 173.71779276130073;  // 400 / ln 10

std::vector<EngineRating> fit(int engines, const std::vector<TableResult>& games,
                              const Anchor& anchor = {}) {
    auto ratings = fit_table_ratings(engines, games, anchor);
    REQUIRE(ratings);
    return *ratings;
}

TableResult table(std::vector<int> engines, std::vector<int> ranks) {
    TableResult t;
    t.seats = engines.size();
    std::copy(engines.begin(), engines.end(), t.engines.begin());
    std::copy(ranks.begin(), ranks.end(), t.ranks.begin());
    return t;
}

// A game's log-likelihood computed the slow way, as the model states it: the mean, over every
// order of the seats that agrees with the ranks, of the log Plackett-Luce probability.
double game_log_likelihood(const TableResult& g, const std::vector<double>& elo) {
    std::vector<std::size_t> order(g.seats);
    std::iota(order.begin(), order.end(), std::size_t{0});
    double sum = 0.0;
    int count = 0;
    do {
        bool agrees = true;
        for (std::size_t k = 0; k + 1 < g.seats; ++k) {
            agrees = agrees && g.ranks[order[k]] <= g.ranks[order[k + 1]];
        }
        if (!agrees) continue;
        ++count;
        for (std::size_t k = 0; k < g.seats; ++k) {
            double rest = 0.0;
            for (std::size_t m = k; m < g.seats; ++m) {
                rest +=
                    std::exp(elo[static_cast<std::size_t>(g.engines[order[m]])] / elo_per_theta);
            }
            sum +=
                elo[static_cast<std::size_t>(g.engines[order[k]])] / elo_per_theta - std::log(rest);
        }
    } while (std::next_permutation(order.begin(), order.end()));
    return sum / count;
}

double log_likelihood(const std::vector<TableResult>& games, const std::vector<double>& elo) {
    double total = 0.0;
    for (const auto& g : games) total += game_log_likelihood(g, elo);
    return total;
}

std::vector<double> ratings_of(const std::vector<EngineRating>& r) {
    std::vector<double> out;
    for (const auto& e : r) out.push_back(e.rating);
    return out;
}

// Games of `seats` seats among engines of the given Elo strengths, drawn from the Plackett-Luce
// model (places filled best first, each with probability proportional to strength); with
// probability `tie` the two engines in the last two places tie. Seeded.
std::vector<TableResult> simulate(const std::vector<double>& elo, std::size_t seats, int games,
                                  double tie, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto uniform = [&] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
    std::vector<int> pool(elo.size());
    std::iota(pool.begin(), pool.end(), 0);
    std::vector<TableResult> out;
    for (int g = 0; g < games; ++g) {
        std::shuffle(pool.begin(), pool.end(), rng);
        TableResult t;
        t.seats = seats;
        std::vector<std::size_t> unplaced(seats);
        std::iota(unplaced.begin(), unplaced.end(), std::size_t{0});
        for (std::size_t s = 0; s < seats; ++s) t.engines[s] = pool[s];
        for (int place = 1; !unplaced.empty(); ++place) {
            double total = 0.0;
            for (auto s : unplaced)
                total += std::pow(10.0, elo[static_cast<std::size_t>(t.engines[s])] / 400);
            double u = uniform() * total;
            std::size_t pick = 0;
            while (pick + 1 < unplaced.size()) {
                u -= std::pow(10.0, elo[static_cast<std::size_t>(t.engines[unplaced[pick]])] / 400);
                if (u < 0) break;
                ++pick;
            }
            t.ranks[unplaced[pick]] = place;
            unplaced.erase(unplaced.begin() + static_cast<std::ptrdiff_t>(pick));
        }
        if (uniform() < tie) {
            for (std::size_t s = 0; s < seats; ++s) {
                if (t.ranks[s] == static_cast<int>(seats)) t.ranks[s] = static_cast<int>(seats) - 1;
            }
        }
        out.push_back(t);
    }
    return out;
}

}  // namespace

TEST_CASE("a stored 2-player tournament rates as the Bradley-Terry fit did, to 0.01 Elo",
          "[tournament][rating][plackett_luce]") {
    // Tournament rr2 (480 games: random, greedy, alphabeta depth 2 and 3, 40 rounds, seed 7),
    // its pairs' W/D/L from `oaq ratings --pairs`, and its ratings from the Bradley-Terry code
    // this fit replaced (commit 0ac4dc1), mean-anchored and anchored on random = 1000.
    struct Pair {
        int a, b, wins, draws, losses;
    };
    const Pair pairs[] = {{0, 1, 13, 0, 67}, {0, 2, 7, 0, 73},  {0, 3, 4, 2, 74},
                          {1, 2, 16, 3, 61}, {1, 3, 12, 3, 65}, {2, 3, 30, 3, 47}};
    std::vector<GameResult> games;
    std::vector<TableResult> tables;
    for (const auto& p : pairs) {
        for (int i = 0; i < p.wins + p.draws + p.losses; ++i) {
            const double points = i < p.wins ? 1.0 : i < p.wins + p.draws ? 0.5 : 0.0;
            games.push_back({p.a, p.b, points, std::nullopt});
            tables.push_back(table({p.a, p.b}, {points == 0.0 ? 2 : 1, points == 1.0 ? 2 : 1}));
        }
    }
    const double mean_rating[] = {-303.049873, -54.501208, 143.756191, 213.794890};
    const double mean_error[] = {56.363977, 41.080000, 42.611988, 45.839832};
    const double anchored_rating[] = {1000.0, 1248.548665, 1446.806064, 1516.844763};
    const double anchored_error[] = {0.0, 77.815499, 86.082170, 89.575309};
    const auto by_game = fit_ratings(4, games).value();
    const auto by_table = fit(4, tables);
    const auto anchored = fit_ratings(4, games, Anchor{0, 1000.0}).value();
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(by_game[i].rating == Approx(mean_rating[i]).margin(0.01));
        CHECK(by_game[i].error == Approx(mean_error[i]).margin(0.01));
        CHECK(by_table[i].rating == Approx(mean_rating[i]).margin(0.01));
        CHECK(by_table[i].error == Approx(mean_error[i]).margin(0.01));
        CHECK(anchored[i].rating == Approx(anchored_rating[i]).margin(0.01));
        CHECK(anchored[i].error == Approx(anchored_error[i]).margin(0.01));
        CHECK(by_table[i].points == by_game[i].points);
        CHECK(by_table[i].draws == by_game[i].draws);
    }
    CHECK(by_game[3].points == 190.0);
    CHECK(by_game[3].wins == 186);
    CHECK(by_game[3].draws == 8);
}

TEST_CASE("a seat's points count the seats it ranks above and half those it ties with",
          "[tournament][rating][plackett_luce]") {
    const auto t = table({0, 1, 2}, {1, 1, 3});
    CHECK(table_points(t, 0) == 0.75);
    CHECK(table_points(t, 1) == 0.75);
    CHECK(table_points(t, 2) == 0.0);
    const auto q = table({0, 1, 2, 3}, {2, 1, 4, 2});
    CHECK(table_points(q, 1) == 1.0);
    CHECK(table_points(q, 0) == Approx(1.5 / 3));
    CHECK(table_points(q, 2) == 0.0);
    CHECK(table_points(table({0, 1}, {1, 1}), 0) == 0.5);
}

TEST_CASE("symmetric results among three and four seats give equal ratings",
          "[tournament][rating][plackett_luce]") {
    SECTION("every finishing order once") {
        std::vector<TableResult> games;
        std::vector<int> ranks{1, 2, 3, 4};
        do {
            games.push_back(table({0, 1, 2, 3}, ranks));
        } while (std::next_permutation(ranks.begin(), ranks.end()));
        const auto r = fit(4, games);
        for (const auto& e : r) {
            CHECK(e.status == RatingStatus::Ok);
            CHECK(e.rating == Approx(0.0).margin(1e-9));
            CHECK(e.error == Approx(r[0].error).epsilon(1e-9));
            CHECK(e.points == Approx(12.0));
        }
    }
    SECTION("a game that ties everyone") {
        const auto r = fit(3, {table({2, 0, 1}, {1, 1, 1})});
        for (const auto& e : r) {
            CHECK(e.status == RatingStatus::Ok);
            CHECK(e.rating == Approx(0.0).margin(1e-9));
            CHECK(e.draws == 1);
        }
    }
    SECTION("a cycle of first places around a triangle") {
        const auto r = fit(3, {table({0, 1, 2}, {1, 2, 3}), table({0, 1, 2}, {3, 1, 2}),
                               table({0, 1, 2}, {2, 3, 1})});
        for (const auto& e : r) CHECK(e.rating == Approx(0.0).margin(1e-9));
    }
}

TEST_CASE("the fit maximises the mean over tie-breaking orders of the log-likelihood",
          "[tournament][rating][plackett_luce]") {
    // Checked against the model written out game by game (game_log_likelihood above), with ties
    // of every kind: its derivative in every rating is zero at the fit, and it is a maximum.
    const std::vector<TableResult> games{
        table({0, 1, 2, 3}, {1, 2, 3, 4}), table({1, 2, 3, 4}, {1, 1, 3, 4}),
        table({2, 3, 4, 0}, {2, 1, 2, 4}), table({3, 4, 0, 1}, {1, 2, 2, 2}),
        table({4, 0, 1, 2}, {1, 1, 3, 3}), table({0, 2, 4, 1}, {4, 3, 2, 1}),
        table({1, 3, 0, 4}, {1, 1, 1, 1}), table({2, 4, 1, 3}, {3, 1, 4, 2}),
        table({3, 0, 2, 4}, {2, 2, 1, 4}), table({4, 1, 3, 0}, {1, 4, 2, 3})};
    const auto r = fit(5, games);
    auto elo = ratings_of(r);
    for (const auto& e : r) CHECK(e.status == RatingStatus::Ok);
    CHECK(std::accumulate(elo.begin(), elo.end(), 0.0) == Approx(0.0).margin(1e-9));
    const double best = log_likelihood(games, elo);
    for (std::size_t i = 0; i < elo.size(); ++i) {
        for (double h : {-0.5, 0.5}) {
            auto moved = elo;
            moved[i] += h;
            CHECK(log_likelihood(games, moved) < best);
        }
        auto up = elo;
        auto down = elo;
        up[i] += 1e-3;
        down[i] -= 1e-3;
        const double slope = (log_likelihood(games, up) - log_likelihood(games, down)) / 2e-3;
        CHECK(slope == Approx(0.0).margin(1e-8));
    }
}

TEST_CASE("four-seat games simulated from known strengths give those strengths back",
          "[tournament][rating][plackett_luce]") {
    const std::vector<double> truth{-150.0, -60.0, 0.0, 40.0, 70.0, 100.0};
    const auto games = simulate(truth, 4, 20000, 0.0, 20261203);
    const auto r = fit(6, games);
    for (std::size_t i = 0; i < truth.size(); ++i) {
        INFO("engine " << i << ": " << r[i].rating << " ± " << r[i].error);
        CHECK(r[i].status == RatingStatus::Ok);
        CHECK(std::abs(r[i].rating - truth[i]) < r[i].error);  // truth has mean 0 too
        CHECK(r[i].error < 15.0);
    }
    SECTION("three seats as well") {
        const auto r3 = fit(6, simulate(truth, 3, 20000, 0.0, 7));
        for (std::size_t i = 0; i < truth.size(); ++i) {
            CHECK(std::abs(r3[i].rating - truth[i]) < r3[i].error);
        }
    }
    SECTION("and the games' order does not matter") {
        auto shuffled = games;
        std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937_64(3));
        const auto again = fit(6, shuffled);
        for (std::size_t i = 0; i < truth.size(); ++i) {
            CHECK(again[i].rating == Approx(r[i].rating).margin(1e-9));
            CHECK(again[i].error == Approx(r[i].error).margin(1e-9));
        }
    }
}

TEST_CASE("error bars of table ratings shrink as the square root of the games",
          "[tournament][rating][plackett_luce]") {
    const auto games = simulate({-50.0, 0.0, 20.0, 30.0}, 3, 300, 0.2, 11);
    std::vector<TableResult> four_times;
    for (int k = 0; k < 4; ++k) four_times.insert(four_times.end(), games.begin(), games.end());
    const auto once = fit(4, games);
    const auto more = fit(4, four_times);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(more[i].rating == Approx(once[i].rating).epsilon(1e-9));
        CHECK(more[i].error == Approx(once[i].error / 2).epsilon(1e-9));
    }
}

TEST_CASE("engines never placed behind anyone, or never ahead of anyone, are not rated",
          "[tournament][rating][plackett_luce]") {
    // Engine 0 wins every triangle; 1, 2, 3 beat each other in turn; 4 never plays.
    const std::vector<TableResult> games{table({0, 1, 2}, {1, 2, 3}), table({0, 2, 3}, {1, 2, 3}),
                                         table({0, 3, 1}, {1, 2, 3}), table({1, 2, 3}, {1, 2, 3}),
                                         table({1, 2, 3}, {3, 1, 2}), table({1, 2, 3}, {2, 3, 1})};
    const auto r = fit(5, games);
    CHECK(r[0].status == RatingStatus::AllWins);
    CHECK(r[0].wins == 3);
    CHECK(r[4].status == RatingStatus::NoGames);
    for (std::size_t i = 1; i <= 3; ++i) {
        CHECK(r[i].status == RatingStatus::Ok);
        CHECK(r[i].rating == Approx(0.0).margin(1e-9));
    }
    SECTION("a tie for first links the winner to the rest") {
        auto tied = games;
        tied.push_back(table({0, 1, 2}, {1, 1, 3}));
        const auto t = fit(5, tied);
        CHECK(t[0].status == RatingStatus::Ok);
        CHECK(t[0].rating > t[1].rating);
    }
    SECTION("a last place every time") {
        const auto l = fit(4, {table({0, 1, 2}, {1, 2, 3}), table({1, 0, 2}, {1, 2, 3})});
        CHECK(l[2].status == RatingStatus::AllLosses);
        CHECK(l[0].status == RatingStatus::Ok);
    }
}

TEST_CASE("malformed tables are refused with a reason", "[tournament][rating][plackett_luce]") {
    auto error = [](const std::vector<TableResult>& games) {
        const auto r = fit_table_ratings(4, games);
        REQUIRE_FALSE(r);
        return r.error().message;
    };
    CHECK(error({table({0, 1, 2}, {1, 2, 3}), table({0, 1}, {1, 2})}) ==
          "game 2 of the input: 2 seats where game 1 has 3: ratings never pool different numbers "
          "of players");
    CHECK(error({table({0, 1, 1}, {1, 2, 3})}) ==
          "game 1 of the input: an engine cannot play itself");
    CHECK(error({table({0, 1, 4}, {1, 2, 3})}) == "game 1 of the input: engine index out of range");
    CHECK(error({table({0, 1, 2}, {1, 4, 3})}) ==
          "game 1 of the input: rank 4 of seat 2 is not 1 to 3");
    CHECK(error({table({0}, {1})}) == "game 1 of the input: 1 seats, not 2 to 4");
    CHECK_FALSE(fit_table_ratings(4, {}, Anchor{4, 0.0}));
}

TEST_CASE("lopsided but connected tables still fit to the maximum",
          "[tournament][rating][plackett_luce]") {
    // 2,000 games in the order 0 > 1 > 2 > 3 and one with the order reversed: the gaps are about
    // a thousand Elo each, far from the start of the iteration, yet finite.
    std::vector<TableResult> games(2000, table({0, 1, 2, 3}, {1, 2, 3, 4}));
    games.push_back(table({0, 1, 2, 3}, {4, 3, 2, 1}));
    const auto r = fit(4, games);
    auto elo = ratings_of(r);
    for (const auto& e : r) {
        CHECK(e.status == RatingStatus::Ok);
        CHECK(std::isfinite(e.rating));
        CHECK(std::isfinite(e.error));
    }
    CHECK(elo[0] - elo[1] > 500);
    CHECK(elo[1] > elo[2]);
    CHECK(elo[2] - elo[3] > 500);
    for (std::size_t i = 0; i < elo.size(); ++i) {
        auto up = elo;
        auto down = elo;
        up[i] += 1e-3;
        down[i] -= 1e-3;
        const double slope = (log_likelihood(games, up) - log_likelihood(games, down)) / 2e-3;
        CHECK(slope == Approx(0.0).margin(1e-6));
    }
}

TEST_CASE("the 95% intervals of table ratings cover the simulated strengths about 95% of the time",
          "[tournament][rating][plackett_luce]") {
    // 200 seeded tournaments of 600 three-seat games: 800 intervals, of which about 760 should
    // hold the truth (a binomial standard deviation of 6).
    const std::vector<double> truth{-90.0, -10.0, 30.0, 70.0};
    int covered = 0;
    int intervals = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const auto r = fit(4, simulate(truth, 3, 600, 0.0, seed));
        for (std::size_t i = 0; i < truth.size(); ++i) {
            ++intervals;
            if (std::abs(r[i].rating - truth[i]) <= r[i].error) ++covered;
        }
    }
    const double coverage = static_cast<double>(covered) / intervals;
    INFO("coverage " << coverage);
    CHECK(coverage > 0.92);
    CHECK(coverage < 0.98);
}
