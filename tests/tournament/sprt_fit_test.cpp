// The SPRT's maximum-likelihood fits against a brute-force fit written here, for every kind of
// count vector and bound up to the widest one SprtParams accepts.
//
// The brute force is the method of Lagrange multipliers done by exhaustion: a constrained
// maximum with every p_i > 0 lies inside the simplex, so it is a stationary point
// q_i = p_i / (1 + theta phi_i(q)), where phi depends on q only through its mean mu (on the
// constraint sigma = (mu - 1/2) / t). For each mu of a fine grid theta is found by bisection and
// the points where the mean of q comes back to mu are bracketed and bisected: every stationary
// point is found, and the best is the maximum. The brute force itself is checked against random
// distributions on the constraint surface: none may beat it.
#include "tournament/sprt.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "tournament/rating.hpp"

using oaq::tournament::kMaxSprtElo;
using oaq::tournament::llr;
using oaq::tournament::LogisticElo;
using oaq::tournament::NormalizedElo;
using oaq::tournament::Pentanomial;
using oaq::tournament::score_from_elo;
using oaq::tournament::SprtParams;
using oaq::tournament::Trinomial;

namespace {

constexpr double kNeloPerT = 800.0 / std::numbers::ln10;
constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

using Cells = std::vector<double>;

Cells values_of(std::size_t n) {
    Cells v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<double>(i) / static_cast<double>(n - 1);
    return v;
}

double log_likelihood(const Cells& p, const Cells& q) {
    double sum = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) sum += p[i] * std::log(q[i]);
    return sum;
}

double t_value(const Cells& q) {
    const auto a = values_of(q.size());
    double mu = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i) mu += q[i] * a[i];
    double var = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i) var += q[i] * (a[i] - mu) * (a[i] - mu);
    return (mu - 0.5) / std::sqrt(var);
}

// theta with sum_i p_i phi_i / (1 + theta phi_i) = 0, by bisection; nothing without a sign
// change in phi.
std::optional<double> theta_of(const Cells& p, const Cells& phi) {
    // 1 + theta phi_i > 0 for every i.
    double lo = kMinusInfinity;
    double hi = -kMinusInfinity;
    for (const double f : phi) {
        if (f > 0.0) lo = std::max(lo, -1.0 / f);
        if (f < 0.0) hi = std::min(hi, -1.0 / f);
    }
    if (!std::isfinite(lo) || !std::isfinite(hi)) return std::nullopt;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        double s = 0.0;
        for (std::size_t j = 0; j < p.size(); ++j) s += p[j] * phi[j] / (1.0 + mid * phi[j]);
        (s > 0.0 ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

Cells tilted(const Cells& p, const Cells& phi, double theta) {
    Cells q(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) q[i] = p[i] / (1.0 + theta * phi[i]);
    return q;
}

// The stationary distribution for mean mu on the constraint t-value = t, if there is one.
std::optional<Cells> stationary(const Cells& p, double t, double mu) {
    const auto a = values_of(p.size());
    const double sigma = (mu - 0.5) / t;
    Cells phi(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double z = (mu - a[i]) / sigma;
        phi[i] = a[i] - 0.5 - t * sigma * (1.0 + z * z) / 2.0;
    }
    const auto theta = theta_of(p, phi);
    if (!theta) return std::nullopt;
    return tilted(p, phi, *theta);
}

double mean_of(const Cells& q) {
    const auto a = values_of(q.size());
    double mu = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i) mu += q[i] * a[i];
    return mu;
}

// The largest log-likelihood of a distribution with t-value t, by exhaustion of the
// stationary points.
double brute_t_fit(const Cells& p, double t) {
    if (t == 0.0) {
        const auto a = values_of(p.size());
        Cells phi(p.size());
        for (std::size_t i = 0; i < p.size(); ++i) phi[i] = a[i] - 0.5;
        return log_likelihood(p, tilted(p, phi, *theta_of(p, phi)));
    }
    const double lo = t > 0.0 ? 0.5 : 0.0;
    const double hi = t > 0.0 ? 1.0 : 0.5;
    const auto residual = [&](double mu) -> std::optional<double> {
        const auto q = stationary(p, t, mu);
        if (!q) return std::nullopt;
        return mean_of(*q) - mu;
    };
    // Evenly spaced, and geometrically near 1/2 for maxima at a tiny sigma.
    std::vector<double> grid;
    for (int k = 1; k < 3000; ++k) grid.push_back(lo + (hi - lo) * k / 3000.0);
    for (int k = 0; k < 1500; ++k) {
        const double d = 1e-13 * std::pow(0.5e13, k / 1500.0);
        grid.push_back(t > 0.0 ? 0.5 + d : 0.5 - d);
    }
    std::sort(grid.begin(), grid.end());
    double best = kMinusInfinity;
    std::optional<double> previous;
    double previous_mu = lo;
    for (const double mu : grid) {
        const auto r = residual(mu);
        if (r && previous && (*r > 0.0) != (*previous > 0.0)) {
            double a = previous_mu;
            double b = mu;
            const bool rising = *r > 0.0;
            for (int i = 0; i < 100; ++i) {
                const double mid = 0.5 * (a + b);
                const auto rm = residual(mid);
                if (!rm) break;
                ((*rm > 0.0) == rising ? b : a) = mid;
            }
            const auto q = stationary(p, t, 0.5 * (a + b));
            // A true root puts q on the constraint; a jump of theta would not.
            if (q && std::abs(t_value(*q) - t) < 1e-6) best = std::max(best, log_likelihood(p, *q));
        }
        previous = r;
        previous_mu = mu;
    }
    return best;
}

// The largest log-likelihood of a distribution with mean s (logistic bounds): the stationary
// point is unique, theta by bisection.
double brute_mean_fit(const Cells& p, double s) {
    const auto a = values_of(p.size());
    Cells phi(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) phi[i] = a[i] - s;
    return log_likelihood(p, tilted(p, phi, *theta_of(p, phi)));
}

// Random distributions on the constraint surface: a uniform draw from the simplex mixed with
// the point mass at 1 (to raise its t-value or mean) or at 0 (to lower it) until the
// constraint holds. The best log-likelihood among `draws` of them.
template <typename Measure>
double sampled_best(const Cells& p, double target, Measure measure, int draws, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    double best = kMinusInfinity;
    for (int d = 0; d < draws; ++d) {
        Cells x(p.size());
        for (auto& v : x) v = -std::log((static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53);
        const double sum = std::accumulate(x.begin(), x.end(), 0.0);
        for (auto& v : x) v /= sum;
        const std::size_t corner = measure(x) < target ? p.size() - 1 : 0;
        const auto mixed = [&](double s) {
            Cells q(x.size());
            for (std::size_t i = 0; i < x.size(); ++i) q[i] = (1.0 - s) * x[i];
            q[corner] += s;
            return q;
        };
        double lo = 0.0;
        double hi = 1.0 - 1e-12;
        const bool raise = corner != 0;
        if ((measure(mixed(hi)) < target) == raise) continue;
        for (int i = 0; i < 100; ++i) {
            const double mid = 0.5 * (lo + hi);
            ((measure(mixed(mid)) < target) == raise ? lo : hi) = mid;
        }
        best = std::max(best, log_likelihood(p, mixed(0.5 * (lo + hi))));
    }
    return best;
}

// Counts -> (count, distribution) with empty cells 1e-3, as fishtest and sprt.cpp.
std::pair<double, Cells> regularized(const std::vector<std::int64_t>& counts) {
    Cells c(counts.size());
    for (std::size_t i = 0; i < counts.size(); ++i)
        c[i] = counts[i] == 0 ? 1e-3 : static_cast<double>(counts[i]);
    const double total = std::accumulate(c.begin(), c.end(), 0.0);
    for (auto& v : c) v /= total;
    return {total, c};
}

struct Bounds {
    double elo0;
    double elo1;
};

// The bounds of the issue (past the old fit's reach of about 230 nElo), ordinary ones, and the
// widest accepted.
const std::vector<Bounds> kBounds = {
    {0, 240},    {-240, 0},  {0, 300},     {-300, -250},         {250, 300},    {-300, 300},
    {0, 5},      {-5, 5},    {0, 2},       {500, kMaxSprtElo},   {-1000, 1000}, {-1000, -990},
    {990, 1000}, {229, 233}, {-233, -229}, {-kMaxSprtElo, -500}, {0, 1000},     {-1000, 0},
};

std::vector<std::vector<std::int64_t>> pentanomial_counts() {
    std::vector<std::vector<std::int64_t>> counts = {
        {0, 0, 0, 0, 4},     {4, 0, 0, 0, 0},
        {0, 0, 0, 0, 300},   {300, 0, 0, 0, 0},
        {0, 0, 10, 0, 0},    {1, 0, 0, 0, 1},
        {0, 3, 0, 7, 0},     {5, 20, 40, 25, 10},
        {0, 0, 1, 2, 50},    {12, 0, 0, 0, 3},
        {0, 1, 0, 0, 0},     {2, 2, 2, 2, 2},
        {0, 0, 150, 0, 150}, {39, 2226, 31451, 2412, 40},
        {0, 0, 0, 1, 0},     {1, 0, 0, 0, 0},
        {0, 0, 0, 5, 95},    {95, 5, 0, 0, 0},
    };
    std::mt19937_64 rng(20261203);
    for (int i = 0; i < 12; ++i) {
        std::vector<std::int64_t> c(5);
        for (auto& v : c) v = static_cast<std::int64_t>(rng() % 4 == 0 ? 0 : rng() % 60);
        counts.push_back(c);
    }
    return counts;
}

double brute_llr(bool normalized, const std::vector<std::int64_t>& counts, Bounds b) {
    const auto [total, p] = regularized(counts);
    if (!normalized) {
        return total * (brute_mean_fit(p, score_from_elo(b.elo1)) -
                        brute_mean_fit(p, score_from_elo(b.elo0)));
    }
    const double scale = counts.size() == 5 ? std::numbers::sqrt2 : 1.0;
    return total * (brute_t_fit(p, b.elo1 / kNeloPerT * scale) -
                    brute_t_fit(p, b.elo0 / kNeloPerT * scale));
}

SprtParams params_of(bool normalized, Bounds b) {
    auto p = normalized
                 ? SprtParams::normalized(NormalizedElo{b.elo0}, NormalizedElo{b.elo1}, 0.05, 0.05)
                 : SprtParams::logistic(LogisticElo{b.elo0}, LogisticElo{b.elo1}, 0.05, 0.05);
    REQUIRE(p);
    return *p;
}

std::string text_of(const std::vector<std::int64_t>& counts, Bounds b) {
    std::string s = "[";
    for (const auto c : counts) s += std::to_string(c) + " ";
    return s + "] elo0=" + std::to_string(b.elo0) + " elo1=" + std::to_string(b.elo1);
}

}  // namespace

TEST_CASE("the brute-force fit is beaten by no random distribution on the constraint",
          "[tournament][sprt]") {
    std::uint64_t seed = 7;
    for (const auto& counts : {std::vector<std::int64_t>{0, 0, 0, 0, 4},
                               {5, 20, 40, 25, 10},
                               {0, 3, 0, 7, 0},
                               {12, 0, 0, 0, 3},
                               {0, 0, 150, 0, 150}}) {
        const auto p = regularized(counts).second;
        for (const double t : {-3.0, -0.977, -0.3, 0.0, 0.5, 0.977, 1.22, 4.07}) {
            INFO("counts " << text_of(counts, {t, t}));
            const double brute = brute_t_fit(p, t);
            REQUIRE(std::isfinite(brute));
            CHECK(sampled_best(p, t, t_value, 3000, ++seed) <= brute + 1e-9);
        }
    }
}

TEST_CASE("the normalized pentanomial LLR equals the brute-force fit's at every bound",
          "[tournament][sprt]") {
    for (const auto& counts : pentanomial_counts()) {
        for (const auto bounds : kBounds) {
            const auto expected = brute_llr(true, counts, bounds);
            INFO(text_of(counts, bounds) << " brute force " << expected);
            REQUIRE(std::isfinite(expected));
            const Pentanomial penta{{counts[0], counts[1], counts[2], counts[3], counts[4]}};
            CHECK(llr(params_of(true, bounds), penta) ==
                  Approx(expected).epsilon(1e-6).margin(1e-6));
        }
    }
}

TEST_CASE("the normalized trinomial LLR equals the brute-force fit's at every bound",
          "[tournament][sprt]") {
    const std::vector<std::vector<std::int64_t>> games = {
        {0, 0, 8}, {8, 0, 0}, {0, 5, 0}, {3, 0, 9}, {50, 40, 30}, {0, 2, 40}, {1, 1, 1}, {7, 1, 0}};
    for (const auto& counts : games) {
        for (const auto bounds : kBounds) {
            const auto expected = brute_llr(true, counts, bounds);
            INFO(text_of(counts, bounds) << " brute force " << expected);
            REQUIRE(std::isfinite(expected));
            CHECK(llr(params_of(true, bounds), Trinomial{counts[2], counts[1], counts[0]}) ==
                  Approx(expected).epsilon(1e-6).margin(1e-6));
        }
    }
}

TEST_CASE("the logistic LLR equals the brute-force fit's at every bound", "[tournament][sprt]") {
    for (const auto& counts : pentanomial_counts()) {
        for (const auto bounds : kBounds) {
            const auto expected = brute_llr(false, counts, bounds);
            INFO(text_of(counts, bounds) << " brute force " << expected);
            const Pentanomial penta{{counts[0], counts[1], counts[2], counts[3], counts[4]}};
            CHECK(llr(params_of(false, bounds), penta) ==
                  Approx(expected).epsilon(1e-6).margin(1e-6));
        }
    }
    const auto p = regularized({0, 0, 0, 0, 4}).second;
    CHECK(sampled_best(p, score_from_elo(kMaxSprtElo), mean_of, 3000, 99) <=
          brute_mean_fit(p, score_from_elo(kMaxSprtElo)) + 1e-9);
}

TEST_CASE("a normalized SPRT past 230 nElo follows the evidence", "[tournament][sprt]") {
    // Greedy winning 4 pairs of 4 against random: the old fit fell back to the uniform
    // distribution and accepted H0 of SPRT[0, 240].
    CHECK(llr(params_of(true, {0, 240}), Pentanomial{{0, 0, 0, 0, 4}}) > 0.0);
    // The old fit kept LLR 0 here for 600 games of a far stronger engine.
    CHECK(llr(params_of(true, {-300, -250}), Pentanomial{{0, 0, 150, 0, 150}}) > 2.95);
    CHECK(llr(params_of(true, {-300, -250}), Pentanomial{{290, 10, 0, 0, 0}}) < -2.95);
}

TEST_CASE("SPRT bounds past the widest accepted are refused, naming the bound",
          "[tournament][sprt]") {
    const auto wide = SprtParams::normalized(NormalizedElo{0}, NormalizedElo{1001}, 0.05, 0.05);
    REQUIRE_FALSE(wide);
    CHECK(wide.error().message == "SPRT bound 1001 is outside -1000..1000");
    const auto swapped = SprtParams::logistic(LogisticElo{5}, LogisticElo{0}, 0.05, 0.05);
    REQUIRE_FALSE(swapped);
    CHECK(swapped.error().message == "SPRT needs elo0 < elo1, got elo0=5 and elo1=0");
}

TEST_CASE("long runs with empty cells fit at every bound without error", "[tournament][sprt]") {
    // Two deterministic engines share every pair: an empty cell holds 1e-3 of a count among
    // millions, where the fit puts far more mass than that.
    for (const std::int64_t n : {120, 5000, 1000000}) {
        for (const auto bounds : kBounds) {
            for (const auto& cells : {std::array<std::int64_t, 5>{0, 0, n, 0, 0},
                                      {0, 0, 0, 0, n},
                                      {n, 0, 0, 0, 0},
                                      {0, n, 0, n, 0},
                                      {n, 0, n, 0, n}}) {
                INFO(n << " pairs, " << text_of({cells.begin(), cells.end()}, bounds));
                const double value = llr(params_of(true, bounds), Pentanomial{cells});
                CHECK(std::isfinite(value));
            }
        }
    }
    // Symmetric bounds on symmetric results: no evidence either way.
    CHECK(std::abs(llr(params_of(true, {-1000, 1000}), Pentanomial{{0, 0, 1000000, 0, 0}})) < 1e-3);
}
