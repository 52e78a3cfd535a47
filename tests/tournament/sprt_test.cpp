#include "tournament/sprt.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <type_traits>

using oaq::tournament::llr;
using oaq::tournament::LogisticElo;
using oaq::tournament::normalized_elo;
using oaq::tournament::NormalizedElo;
using oaq::tournament::Pentanomial;
using oaq::tournament::score_from_elo;
using oaq::tournament::SprtDecision;
using oaq::tournament::SprtParams;
using oaq::tournament::Trinomial;

// The bound units are separate types: a logistic bound cannot reach the normalized model.
static_assert(!std::is_invocable_v<decltype(&SprtParams::normalized), LogisticElo, LogisticElo,
                                   double, double>);
static_assert(!std::is_invocable_v<decltype(&SprtParams::logistic), NormalizedElo, NormalizedElo,
                                   double, double>);
static_assert(!std::is_convertible_v<double, LogisticElo>);

namespace {

SprtParams logistic(double elo0, double elo1) {
    auto p = SprtParams::logistic(LogisticElo{elo0}, LogisticElo{elo1}, 0.05, 0.05);
    REQUIRE(p);
    return *p;
}

SprtParams normalized(double elo0, double elo1) {
    auto p = SprtParams::normalized(NormalizedElo{elo0}, NormalizedElo{elo1}, 0.05, 0.05);
    REQUIRE(p);
    return *p;
}

// Pentanomial from fastchess's Stats(ll, ld, wl, dd, wd, ww) argument order.
Pentanomial fastchess_penta(std::int64_t ll, std::int64_t ld, std::int64_t wl, std::int64_t dd,
                            std::int64_t wd, std::int64_t ww) {
    return Pentanomial{{ll, ld, wl + dd, wd, ww}};
}

// A deterministic uniform double in [0, 1) from a 64-bit generator (same on every platform).
double uniform(std::mt19937_64& rng) {
    return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

// One game between engines `elo` apart with a 40% draw rate when they are equal: the win
// probability is shifted so the expected score is score_from_elo(elo). Returns 0, 1 or 2 half
// points for the stronger side.
int play(std::mt19937_64& rng, double elo) {
    const double s = score_from_elo(elo);
    const double draw = 0.4;
    const double win = s - draw / 2;
    const double u = uniform(rng);
    return u < win ? 2 : u < win + draw ? 1 : 0;
}

// Runs SPRT[elo0, elo1] (logistic, alpha = beta = 0.05) on colour-swapped pairs until it decides
// or `max_pairs` pairs pass.
SprtDecision run_sprt(std::uint64_t seed, double true_elo, const SprtParams& params,
                      int max_pairs) {
    std::mt19937_64 rng(seed);
    Pentanomial counts;
    for (int pair = 0; pair < max_pairs; ++pair) {
        const int half_points = play(rng, true_elo) + play(rng, true_elo);
        ++counts.counts[static_cast<std::size_t>(half_points)];
        const auto decision = params.decide(llr(params, counts));
        if (decision != SprtDecision::Continue) return decision;
    }
    return SprtDecision::Continue;
}

}  // namespace

TEST_CASE("SPRT stopping bounds follow from alpha and beta", "[tournament][sprt]") {
    const auto p = logistic(0, 10);
    CHECK(p.lower_bound() == Approx(-2.9444389791664403).epsilon(1e-12));
    CHECK(p.upper_bound() == Approx(2.9444389791664403).epsilon(1e-12));
    auto q = SprtParams::logistic(LogisticElo{0}, LogisticElo{5}, 0.1, 0.2);
    REQUIRE(q);
    CHECK(q->lower_bound() == Approx(std::log(0.2 / 0.9)).epsilon(1e-12));
    CHECK(q->upper_bound() == Approx(std::log(0.8 / 0.1)).epsilon(1e-12));
    CHECK(p.decide(2.95) == SprtDecision::AcceptH1);
    CHECK(p.decide(-2.95) == SprtDecision::AcceptH0);
    CHECK(p.decide(0.0) == SprtDecision::Continue);
    CHECK_FALSE(p.is_normalized());
    CHECK(normalized(0, 2).is_normalized());
    CHECK(normalized(0, 2).elo1() == 2.0);
}

TEST_CASE("impossible SPRT parameters are refused", "[tournament][sprt]") {
    CHECK_FALSE(SprtParams::logistic(LogisticElo{5}, LogisticElo{5}, 0.05, 0.05));
    CHECK_FALSE(SprtParams::logistic(LogisticElo{5}, LogisticElo{0}, 0.05, 0.05));
    CHECK_FALSE(SprtParams::logistic(LogisticElo{0}, LogisticElo{5}, 0.0, 0.05));
    CHECK_FALSE(SprtParams::logistic(LogisticElo{0}, LogisticElo{5}, 0.05, 1.0));
    CHECK_FALSE(SprtParams::normalized(NormalizedElo{0}, NormalizedElo{5}, 0.6, 0.5));
}

// Reference LLRs: computed with an independent python3 implementation of fishtest's LLRcalc.py
// formulas (LLR_logistic, LLR_normalized: regularize empty cells to 1e-3, MLE by the secular
// equation solved by bisection, t-value MLE by fixed-point iteration), and, where given in
// parentheses, the two-decimal values published in fastchess's app/tests/sprt_test.cpp.
TEST_CASE("the logistic pentanomial LLR matches fishtest's formulas", "[tournament][sprt]") {
    // fishtest stat_util.py's own example run: pentanomial [10789, 19328, 33806, 19402, 10543].
    CHECK(llr(logistic(-3, 1), Pentanomial{{10789, 19328, 33806, 19402, 10543}}) ==
          Approx(2.131067811785).epsilon(1e-7));
    CHECK(llr(logistic(0.2, 0.9), Pentanomial{{39, 2226, 31451, 2412, 40}}) ==
          Approx(2.162542580050).epsilon(1e-7));
    CHECK(llr(logistic(0.5, 2.5), fastchess_penta(223, 9863, 20279, 1000, 10037, 246)) ==
          Approx(-3.074126439587).epsilon(1e-7));  // (-3.07)
    CHECK(llr(logistic(0, 2), fastchess_penta(871, 26175, 55003, 980, 26678, 821)) ==
          Approx(-4.978672863451).epsilon(1e-7));  // (-4.98)
    CHECK(llr(logistic(0, 10), Pentanomial{{5, 20, 40, 25, 10}}) ==
          Approx(0.671579917305).epsilon(1e-7));
}

TEST_CASE("the normalized pentanomial LLR matches fishtest's formulas", "[tournament][sprt]") {
    CHECK(llr(normalized(0.764, 3.439), Pentanomial{{39, 2226, 31451, 2412, 40}}) ==
          Approx(2.162940869585).epsilon(1e-7));
    CHECK(llr(normalized(0, 2), fastchess_penta(365, 16618, 36029, 200, 16974, 390)) ==
          Approx(2.250367703551).epsilon(1e-7));  // (2.25)
    CHECK(llr(normalized(-1.75, 0.25), fastchess_penta(127, 4883, 10311, 401, 5150, 104)) ==
          Approx(3.010154196605).epsilon(1e-7));  // (3.01)
}

TEST_CASE("the trinomial LLR matches fishtest's formulas", "[tournament][sprt]") {
    // fishtest stat_util.py's example run seen as games: W 65388, D 56553, L 65804.
    CHECK(llr(logistic(-3, 1), Trinomial{65388, 56553, 65804}) ==
          Approx(2.049042617982).epsilon(1e-7));
    CHECK(llr(logistic(0.5, 2.5), Trinomial{21404, 40708, 21184}) ==
          Approx(-1.571888792699).epsilon(1e-7));  // (-1.57)
    CHECK(llr(logistic(0, 2), Trinomial{57433, 106593, 57030}) ==
          Approx(-2.593024163529).epsilon(1e-7));  // (-2.59)
    CHECK(llr(normalized(0, 2), Trinomial{36433, 68692, 36027}) ==
          Approx(0.923293450954).epsilon(1e-7));  // (0.92)
    CHECK(llr(normalized(-1.75, 0.25), Trinomial{10871, 20431, 10650}) ==
          Approx(2.297500407108).epsilon(1e-7));  // (2.30)
    CHECK(llr(normalized(0, 5), Trinomial{50, 40, 30}) == Approx(0.340140252947).epsilon(1e-7));
}

TEST_CASE("the LLR is zero before any result and finite after one", "[tournament][sprt]") {
    CHECK(llr(logistic(0, 5), Pentanomial{}) == 0.0);
    CHECK(llr(normalized(0, 5), Trinomial{}) == 0.0);
    const double one_win = llr(logistic(0, 5), Pentanomial{{0, 0, 0, 0, 1}});
    CHECK(std::isfinite(one_win));
    CHECK(one_win > 0.0);
    CHECK(std::isfinite(llr(normalized(0, 5), Pentanomial{{0, 0, 0, 0, 104}})));
}

TEST_CASE("normalized Elo of results follows fishtest's definition", "[tournament][sprt]") {
    // nElo = (mu - 1/2) / sigma_game * 800 / ln 10, sigma_game = sqrt(2) * sigma of the pair's
    // per-game score; references from the same python3 script.
    const auto penta = normalized_elo(Pentanomial{{39, 2226, 31451, 2412, 40}});
    REQUIRE(penta);
    CHECK(*penta == Approx(3.450799606946).epsilon(1e-9));
    const auto small = normalized_elo(Pentanomial{{5, 20, 40, 25, 10}});
    REQUIRE(small);
    CHECK(*small == Approx(36.354622908190).epsilon(1e-9));
    const auto tri = normalized_elo(Trinomial{50, 40, 30});
    REQUIRE(tri);
    CHECK(*tri == Approx(72.445327537822).epsilon(1e-9));
    CHECK_FALSE(normalized_elo(Pentanomial{}));
    CHECK_FALSE(normalized_elo(Trinomial{0, 12, 0}));
}

TEST_CASE("SPRT[0, 10] rarely accepts H1 between equal engines and usually for +30 Elo",
          "[tournament][sprt][simulation]") {
    const auto params = logistic(0, 10);
    int equal_h1 = 0;
    int equal_undecided = 0;
    constexpr int runs = 400;
    for (int run = 0; run < runs; ++run) {
        const auto d = run_sprt(1000 + static_cast<std::uint64_t>(run), 0.0, params, 100'000);
        equal_h1 += d == SprtDecision::AcceptH1 ? 1 : 0;
        equal_undecided += d == SprtDecision::Continue ? 1 : 0;
    }
    INFO("equal engines accepted H1 in " << equal_h1 << " of " << runs << " runs");
    CHECK(equal_undecided == 0);
    CHECK(equal_h1 <= runs * 8 / 100);  // nominal alpha 5%

    int strong_h1 = 0;
    constexpr int strong_runs = 100;
    for (int run = 0; run < strong_runs; ++run) {
        const auto d = run_sprt(5000 + static_cast<std::uint64_t>(run), 30.0, params, 100'000);
        strong_h1 += d == SprtDecision::AcceptH1 ? 1 : 0;
    }
    INFO("+30 Elo accepted H1 in " << strong_h1 << " of " << strong_runs << " runs");
    CHECK(strong_h1 >= strong_runs * 95 / 100);
}
