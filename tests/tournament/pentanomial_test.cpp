#include "tournament/pentanomial.hpp"

#include <catch2/catch.hpp>

#include <vector>

using oaq::tournament::elo_estimate;
using oaq::tournament::GameResult;
using oaq::tournament::likelihood_of_superiority;
using oaq::tournament::pair_statistics;
using oaq::tournament::Pentanomial;
using oaq::tournament::Trinomial;

// Reference numbers below were worked out with a short independent python3 script:
// mean m and standard error e of the per-game score, elo = -400 log10(1/m - 1),
// error = (elo(m + 1.959964 e) - elo(m - 1.959964 e)) / 2, LOS = Phi((W - L) / sqrt(W + L)).

TEST_CASE("a trinomial gives the Elo of its score and a 95% interval", "[tournament][stats]") {
    // 40 wins, 40 draws, 20 losses: 60%, per-game variance 0.14, standard error sqrt(0.0014).
    const auto e = elo_estimate(Trinomial{40, 40, 20});
    REQUIRE(e);
    CHECK(e->elo == Approx(70.43650362227247).epsilon(1e-12));
    CHECK(e->error == Approx(53.552651091107634).epsilon(1e-10));
    CHECK_FALSE(elo_estimate(Trinomial{}));
    CHECK_FALSE(elo_estimate(Trinomial{5, 0, 0}));
    CHECK_FALSE(elo_estimate(Trinomial{0, 0, 5}));
    const auto all_draws = elo_estimate(Trinomial{0, 7, 0});
    REQUIRE(all_draws);
    CHECK(all_draws->elo == 0.0);
    CHECK(all_draws->error == 0.0);
}

TEST_CASE("a pentanomial takes its variance from the pair scores", "[tournament][stats]") {
    const auto e = elo_estimate(Pentanomial{{5, 20, 40, 25, 10}});
    REQUIRE(e);
    CHECK(e->elo == Approx(26.10669260503662).epsilon(1e-10));
    CHECK(e->error == Approx(34.8264253039565).epsilon(1e-10));
    // The same 200 games seen as independent games have the same score but, as these pairs are
    // positively correlated (many LL and WW), a narrower, overconfident interval.
    // (Pair scores 0..2 -> games: 5 LL, 20 LD, 40 DD, 25 WD, 10 WW.)
    const auto games = elo_estimate(Trinomial{25 + 2 * 10, 20 + 2 * 40 + 25, 2 * 5 + 20});
    REQUIRE(games);
    CHECK(games->elo == Approx(e->elo).epsilon(1e-12));
    CHECK(games->error == Approx(29.5019445708).epsilon(1e-9));
    // Pairs that split 1-1 (opening bias cancelled) make the pentanomial interval the narrower.
    const auto split = elo_estimate(Pentanomial{{0, 10, 80, 10, 0}});
    const auto split_games = elo_estimate(Trinomial{90, 20, 90});
    REQUIRE(split);
    REQUIRE(split_games);
    CHECK(split->error < split_games->error);
    CHECK(Pentanomial{{1, 2, 3, 4, 5}}.pairs() == 15);
}

TEST_CASE("the likelihood of superiority follows from wins and losses", "[tournament][stats]") {
    CHECK(likelihood_of_superiority(Trinomial{60, 1000, 40}) ==
          Approx(0.9772498680518208).epsilon(1e-12));
    CHECK(likelihood_of_superiority(Trinomial{10, 0, 0}) ==
          Approx(0.9992172988709987).epsilon(1e-12));
    CHECK(likelihood_of_superiority(Trinomial{45, 3, 55}) ==
          Approx(0.15865525393145707).epsilon(1e-12));
    CHECK(likelihood_of_superiority(Trinomial{30, 5, 30}) == 0.5);
    CHECK(likelihood_of_superiority(Trinomial{0, 9, 0}) == 0.5);
}

TEST_CASE("pair statistics count colour-swapped pairs by pair id", "[tournament][stats]") {
    std::vector<GameResult> games{
        {0, 1, 1.0, 10},
        {1, 0, 0.0, 10},  // 0 wins both: WW
        {0, 1, 1.0, 11},
        {1, 0, 1.0, 11},  // one each: WL
        {0, 1, 0.5, 12},
        {1, 0, 0.5, 12},  // DD
        {1, 0, 0.5, 13},
        {0, 1, 0.0, 13},            // LD (order inside a pair does not matter)
        {0, 1, 1.0, 14},            // partner missing: unpaired
        {1, 0, 1.0, std::nullopt},  // no pair id: unpaired
        {0, 1, 1.0, 15},
        {1, 0, 0.0, 15},
        {0, 1, 1.0, 15},  // three games on one id: unpaired
        {0, 1, 1.0, 16},
        {0, 2, 1.0, 16},  // one id across two different pairings: unpaired
        {0, 1, 1.0, 17},
        {0, 1, 0.0, 17},  // same sides twice, not colour-swapped: unpaired
        {2, 1, 0.0, 20},
        {1, 2, 1.0, 20},  // engine 1 wins both against 2
        {5, 1, 1.0, 21},  // engine 5 does not exist: ignored
    };
    const auto stats = pair_statistics(3, games);
    REQUIRE(stats.size() == 3);

    const auto& ab = stats[0];
    CHECK(ab.a == 0);
    CHECK(ab.b == 1);
    CHECK(ab.results == Trinomial{9, 3, 4});
    CHECK(ab.points == 10.5);
    CHECK(ab.pairs == Pentanomial{{0, 1, 2, 0, 1}});
    CHECK(ab.unpaired_games == 8);
    REQUIRE(ab.elo);
    CHECK(ab.elo->elo == Approx(43.65778777002724).epsilon(1e-10));  // from the 4 pairs only
    CHECK(ab.elo->error == Approx(212.8600580143284).epsilon(1e-10));
    CHECK(ab.los == Approx(0.917241070651265).epsilon(1e-12));  // Phi(5 / sqrt(13))

    const auto& ac = stats[1];
    CHECK(ac.a == 0);
    CHECK(ac.b == 2);
    CHECK(ac.results == Trinomial{1, 0, 0});
    CHECK(ac.unpaired_games == 1);
    CHECK_FALSE(ac.elo);  // 100%: no finite estimate
    CHECK(ac.los == Approx(0.8413447460685429).epsilon(1e-12));

    const auto& bc = stats[2];
    CHECK(bc.a == 1);
    CHECK(bc.b == 2);
    CHECK(bc.pairs == Pentanomial{{0, 0, 0, 0, 1}});
    CHECK(bc.unpaired_games == 0);
}

TEST_CASE("pair statistics from the lower engine's side mirror the higher one's",
          "[tournament][stats]") {
    const std::vector<GameResult> forward{
        {0, 1, 1.0, 1}, {1, 0, 0.5, 1}, {0, 1, 0.0, 2}, {1, 0, 1.0, 2}};
    std::vector<GameResult> mirrored;
    for (const auto& g : forward)
        mirrored.push_back({1 - g.south, 1 - g.north, g.south_points, g.pair_id});
    const auto f = pair_statistics(2, forward);
    const auto m = pair_statistics(2, mirrored);
    REQUIRE(f.size() == 1);
    REQUIRE(m.size() == 1);
    CHECK(f[0].pairs == Pentanomial{{1, 0, 0, 1, 0}});
    CHECK(m[0].pairs == Pentanomial{{0, 1, 0, 0, 1}});
    CHECK(f[0].results == Trinomial{1, 1, 2});
    CHECK(m[0].results == Trinomial{2, 1, 1});
    REQUIRE(f[0].elo);
    REQUIRE(m[0].elo);
    CHECK(f[0].elo->elo == Approx(-m[0].elo->elo).epsilon(1e-12));
}
