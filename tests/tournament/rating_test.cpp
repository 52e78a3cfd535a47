#include "tournament/rating.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using oaq::tournament::Anchor;
using oaq::tournament::elo_from_score;
using oaq::tournament::EngineRating;
using oaq::tournament::fit_ratings;
using oaq::tournament::GameResult;
using oaq::tournament::RatingStatus;
using oaq::tournament::score_from_elo;

namespace {

// 400 log10(1.5): the Elo difference of a 60% score, worked by hand.
constexpr double elo_60 = 70.43650362227247;
// 400 / ln 10 and Phi^-1(0.975), to turn a variance of theta into an Elo half-width.
constexpr double elo_per_theta = 173.71779276130073;
constexpr double z95 = 1.959963984540054;

// `games` games of a against b in which a scores `points`: min(points, games - points) draws and
// the rest decisive, with sides alternating.
void add_games(std::vector<GameResult>& out, int a, int b, int games, int points) {
    const int draws = std::min(points, games - points);
    const int wins = points - draws / 2;
    REQUIRE(draws % 2 == 0);
    for (int i = 0; i < games; ++i) {
        const double a_points = i < wins ? 1.0 : i < wins + draws ? 0.5 : 0.0;
        if (i % 2 == 0) {
            out.push_back({a, b, a_points, std::nullopt});
        } else {
            out.push_back({b, a, 1.0 - a_points, std::nullopt});
        }
    }
}

std::vector<EngineRating> fit(int engines, const std::vector<GameResult>& games,
                              const Anchor& anchor = {}) {
    auto ratings = fit_ratings(engines, games, anchor);
    REQUIRE(ratings);
    return *ratings;
}

}  // namespace

TEST_CASE("a score converts to a logistic Elo difference and back", "[tournament][rating]") {
    CHECK(elo_from_score(0.6) == Approx(elo_60).epsilon(1e-12));
    CHECK(elo_from_score(0.5) == 0.0);
    CHECK(elo_from_score(0.4) == Approx(-elo_60).epsilon(1e-12));
    CHECK(score_from_elo(elo_60) == Approx(0.6).epsilon(1e-12));
    CHECK(score_from_elo(elo_from_score(0.123)) == Approx(0.123).epsilon(1e-12));
    CHECK(std::isinf(elo_from_score(1.0)));
    CHECK(elo_from_score(0.0) < 0);
    CHECK(std::isinf(elo_from_score(0.0)));
}

TEST_CASE("two engines at 60% over 100 games are 70.4 Elo apart", "[tournament][rating]") {
    std::vector<GameResult> games;
    add_games(games, 0, 1, 100, 60);
    const auto r = fit(2, games);
    CHECK(r[0].status == RatingStatus::Ok);
    CHECK(r[1].status == RatingStatus::Ok);
    CHECK(r[0].rating - r[1].rating == Approx(elo_60).epsilon(1e-9));
    CHECK(r[0].rating == Approx(elo_60 / 2).epsilon(1e-9));  // pool mean 0
    CHECK(r[0].games == 100);
    CHECK(r[0].points == 60.0);
    CHECK(r[0].score == 0.6);
    CHECK(r[0].wins + r[0].draws + r[0].losses == 100);
    CHECK(r[0].wins == r[1].losses);
    CHECK(r[0].draws == r[1].draws);
    // Fisher information of the difference: n p (1-p) = 100 * 0.6 * 0.4 = 24. With the mean fixed
    // each rating is half the difference: variance 1/(4*24).
    CHECK(r[0].error == Approx(z95 * std::sqrt(1.0 / 96.0) * elo_per_theta).epsilon(1e-9));
    CHECK(r[0].error == Approx(34.750157485766685).epsilon(1e-9));
    CHECK(r[1].error == Approx(r[0].error).epsilon(1e-12));
}

TEST_CASE("a lopsided but finite score still fits exactly", "[tournament][rating]") {
    std::vector<GameResult> games;
    add_games(games, 0, 1, 1000, 998);  // 99.8%: about 1079 Elo
    const auto r = fit(2, games, Anchor{1, 0.0});
    CHECK(r[0].status == RatingStatus::Ok);
    CHECK(r[0].rating == Approx(elo_from_score(0.998)).epsilon(1e-9));
}

TEST_CASE("anchoring to a named engine fixes its rating and keeps the differences",
          "[tournament][rating]") {
    std::vector<GameResult> games;
    add_games(games, 0, 1, 100, 60);
    const auto r = fit(2, games, Anchor{1, 1500.0});
    CHECK(r[1].rating == 1500.0);
    CHECK(r[1].error == 0.0);
    CHECK(r[0].rating == Approx(1500.0 + elo_60).epsilon(1e-12));
    // The whole uncertainty of the difference now sits on engine 0: variance 1/24.
    CHECK(r[0].error == Approx(69.50031497153337).epsilon(1e-9));
}

TEST_CASE("three engines with consistent results get evenly spaced ratings",
          "[tournament][rating]") {
    // A-B 60%, B-C 60%, and A-C 90 of 130 = 9/13 = expected score at 2 * 70.4 Elo, so the model
    // fits every pair exactly: A = +70.4, B = 0, C = -70.4.
    std::vector<GameResult> games;
    add_games(games, 0, 1, 100, 60);
    add_games(games, 1, 2, 100, 60);
    add_games(games, 0, 2, 130, 90);
    REQUIRE(score_from_elo(2 * elo_60) == Approx(9.0 / 13.0).epsilon(1e-12));
    const auto r = fit(3, games);
    CHECK(r[0].rating == Approx(elo_60).epsilon(1e-8));
    CHECK(r[1].rating == Approx(0.0).margin(1e-8));
    CHECK(r[2].rating == Approx(-elo_60).epsilon(1e-8));
    for (const auto& e : r) {
        CHECK(e.status == RatingStatus::Ok);
        CHECK(e.group == 0);
        CHECK(e.error > 0);
    }
    // The results are symmetric about B, so A and C are equally uncertain.
    CHECK(r[0].error == Approx(r[2].error).epsilon(1e-9));
}

TEST_CASE("perfect scores are flagged and left out of the fit", "[tournament][rating]") {
    std::vector<GameResult> games;
    add_games(games, 0, 1, 10, 10);  // engine 0 wins everything
    add_games(games, 0, 2, 10, 10);
    add_games(games, 1, 2, 100, 60);
    add_games(games, 3, 1, 10, 0);  // engine 3 loses everything
    const auto r = fit(5, games);
    CHECK(r[0].status == RatingStatus::AllWins);
    CHECK(r[3].status == RatingStatus::AllLosses);
    CHECK(r[4].status == RatingStatus::NoGames);
    CHECK(r[0].group == -1);
    CHECK(r[0].score == 1.0);
    CHECK(r[1].status == RatingStatus::Ok);
    CHECK(r[2].status == RatingStatus::Ok);
    // 1 and 2 are rated from their own games only.
    CHECK(r[1].rating - r[2].rating == Approx(elo_60).epsilon(1e-9));
    for (const auto& e : r) CHECK(std::isfinite(e.rating));
}

TEST_CASE("a chain of one-sided results rates nobody", "[tournament][rating]") {
    std::vector<GameResult> games;
    add_games(games, 0, 1, 10, 10);
    add_games(games, 1, 2, 10, 10);
    const auto r = fit(3, games);
    CHECK(r[0].status == RatingStatus::AllWins);
    CHECK(r[1].status == RatingStatus::Unbounded);  // 50% overall, yet no finite rating exists
    CHECK(r[2].status == RatingStatus::AllLosses);
}

TEST_CASE("groups that never met are fitted separately and flagged", "[tournament][rating]") {
    std::vector<GameResult> games;
    add_games(games, 0, 1, 100, 60);
    add_games(games, 2, 3, 100, 40);
    SECTION("anchored to each group's mean") {
        const auto r = fit(4, games);
        for (const auto& e : r) CHECK(e.status == RatingStatus::Disconnected);
        CHECK(r[0].group == 0);
        CHECK(r[1].group == 0);
        CHECK(r[2].group == 1);
        CHECK(r[3].group == 1);
        CHECK(r[0].rating + r[1].rating == Approx(0.0).margin(1e-9));
        CHECK(r[2].rating + r[3].rating == Approx(0.0).margin(1e-9));
        CHECK(r[3].rating - r[2].rating == Approx(elo_60).epsilon(1e-9));
    }
    SECTION("anchored to a named engine, its group is the comparable one") {
        const auto r = fit(4, games, Anchor{3, 100.0});
        CHECK(r[3].status == RatingStatus::Ok);
        CHECK(r[2].status == RatingStatus::Ok);
        CHECK(r[3].rating == 100.0);
        CHECK(r[0].status == RatingStatus::Disconnected);
        CHECK(r[0].rating + r[1].rating == Approx(200.0).epsilon(1e-12));
    }
    SECTION("one-sided results between the groups still leave them apart") {
        add_games(games, 0, 2, 10, 10);
        const auto r = fit(4, games);
        for (const auto& e : r) CHECK(e.status == RatingStatus::Disconnected);
        CHECK(r[0].group != r[2].group);
    }
}

TEST_CASE("ratings do not depend on the order of the games", "[tournament][rating]") {
    std::mt19937_64 rng(20261130);
    std::vector<GameResult> games;
    const double strength[] = {0.0, 50.0, 120.0, -80.0, 10.0, 200.0};
    for (int g = 0; g < 3000; ++g) {
        const int south = static_cast<int>(rng() % 6);
        const int north = static_cast<int>((static_cast<unsigned>(south) + 1 + rng() % 5) % 6);
        const double s = score_from_elo(strength[south] - strength[north]);
        const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
        const double points = u < s - 0.15 ? 1.0 : u < s + 0.15 ? 0.5 : 0.0;
        games.push_back({south, north, points, std::nullopt});
    }
    const auto before = fit(6, games);
    std::shuffle(games.begin(), games.end(), rng);
    const auto after = fit(6, games);
    for (std::size_t i = 0; i < before.size(); ++i) {
        CHECK(before[i].status == RatingStatus::Ok);
        CHECK(after[i].rating == Approx(before[i].rating).margin(1e-9));
        CHECK(after[i].error == Approx(before[i].error).margin(1e-9));
    }
    // And the fit recovers the strengths it was simulated from (to within its error bars).
    const double mean = (0.0 + 50 + 120 - 80 + 10 + 200) / 6.0;
    for (std::size_t i = 0; i < before.size(); ++i) {
        CHECK(std::abs(before[i].rating - (strength[i] - mean)) < before[i].error * 1.5);
    }
}

TEST_CASE("error bars shrink as the square root of the games", "[tournament][rating]") {
    std::vector<GameResult> few;
    add_games(few, 0, 1, 100, 60);
    std::vector<GameResult> many;
    add_games(many, 0, 1, 400, 240);
    const auto r100 = fit(2, few);
    const auto r400 = fit(2, many);
    CHECK(r400[0].rating == Approx(r100[0].rating).epsilon(1e-9));
    CHECK(r400[0].error == Approx(r100[0].error / 2).epsilon(1e-9));
}

TEST_CASE("malformed results are refused with a reason", "[tournament][rating]") {
    const std::vector<GameResult> out_of_range{{0, 2, 1.0, std::nullopt}};
    CHECK_FALSE(fit_ratings(2, out_of_range));
    const std::vector<GameResult> self{{1, 1, 1.0, std::nullopt}};
    CHECK_FALSE(fit_ratings(2, self));
    const std::vector<GameResult> odd_points{{0, 1, 0.3, std::nullopt}};
    const auto bad = fit_ratings(2, odd_points);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message == "game 1 of the input: points must be 0, 0.5 or 1");
    CHECK_FALSE(fit_ratings(2, {}, Anchor{2, 0.0}));
    const auto empty = fit_ratings(3, {});
    REQUIRE(empty);
    for (const auto& e : *empty) CHECK(e.status == RatingStatus::NoGames);
}
