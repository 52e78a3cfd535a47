#include "tournament/sprt.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <numeric>

namespace oaq::tournament {
namespace {

// nElo per unit of t-value (fishtest's nelo_divided_by_nt).
constexpr double nelo_per_t = 800.0 / std::numbers::ln10;

template <std::size_t N>
using Cells = std::array<double, N>;

// A discrete distribution over the per-game score values 0, 1/(N-1), ..., 1.
template <std::size_t N>
constexpr Cells<N> score_values() {
    Cells<N> v{};
    for (std::size_t i = 0; i < N; ++i) v[i] = static_cast<double>(i) / static_cast<double>(N - 1);
    return v;
}

template <std::size_t N>
std::pair<double, double> mean_variance(const Cells<N>& values, const Cells<N>& probs) {
    double mean = 0.0;
    for (std::size_t i = 0; i < N; ++i) mean += probs[i] * values[i];
    double var = 0.0;
    for (std::size_t i = 0; i < N; ++i) var += probs[i] * (values[i] - mean) * (values[i] - mean);
    return {mean, var};
}

// Solves the secular equation sum_i p_i a_i / (1 + x a_i) = 0 for x in (-1/max a, -1/min a),
// where the left side falls strictly from +inf to -inf. Newton's method, safeguarded by the
// bracket (bisection whenever Newton would leave it). Returns nothing without a sign change.
template <std::size_t N>
std::optional<double> solve_secular(const Cells<N>& a, const Cells<N>& p) {
    const double lowest = *std::min_element(a.begin(), a.end());
    const double highest = *std::max_element(a.begin(), a.end());
    if (!(lowest < 0.0 && highest > 0.0)) return std::nullopt;
    double lo = -1.0 / highest;
    double hi = -1.0 / lowest;
    double x = 0.0;
    for (int iteration = 0; iteration < 200; ++iteration) {
        double f = 0.0;
        double df = 0.0;
        for (std::size_t i = 0; i < N; ++i) {
            const double d = 1.0 + x * a[i];
            f += p[i] * a[i] / d;
            df -= p[i] * a[i] * a[i] / (d * d);
        }
        if (f == 0.0) break;
        (f > 0.0 ? lo : hi) = x;
        double next = x - f / df;
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        const bool done = std::abs(next - x) <= 1e-15 * std::max(1.0, std::abs(x));
        x = next;
        if (done) break;
    }
    return x;
}

// The distribution closest (maximum likelihood) to the empirical `p` whose mean is `s`
// (support_MLE_multinomial.pdf, Proposition 1.1): q_i = p_i / (1 + x (a_i - s)).
template <std::size_t N>
Cells<N> mle_expected(const Cells<N>& p, double s) {
    const auto values = score_values<N>();
    Cells<N> shifted{};
    for (std::size_t i = 0; i < N; ++i) shifted[i] = values[i] - s;
    const auto x = solve_secular(shifted, p);
    if (!x) return p;
    Cells<N> q{};
    for (std::size_t i = 0; i < N; ++i) q[i] = p[i] / (1.0 + *x * shifted[i]);
    return q;
}

// The distribution closest to `p` whose t-value (mu - ref) / sigma is `t`
// (normalized_elo_practical.pdf, Section 4.1): a fixed-point iteration from the uniform
// distribution, each step solving a secular equation.
template <std::size_t N>
Cells<N> mle_t_value(const Cells<N>& p, double ref, double t) {
    const auto values = score_values<N>();
    Cells<N> q{};
    q.fill(1.0 / static_cast<double>(N));
    for (int iteration = 0; iteration < 100; ++iteration) {
        const auto [mu, var] = mean_variance(values, q);
        const double sigma = std::sqrt(var);
        Cells<N> phi{};
        for (std::size_t i = 0; i < N; ++i) {
            const double z = (mu - values[i]) / sigma;
            phi[i] = values[i] - ref - t * sigma * (1.0 + z * z) / 2.0;
        }
        const auto x = solve_secular(phi, p);
        if (!x) break;
        double change = 0.0;
        for (std::size_t i = 0; i < N; ++i) {
            const double next = p[i] / (1.0 + *x * phi[i]);
            change = std::max(change, std::abs(next - q[i]));
            q[i] = next;
        }
        if (change < 1e-12) break;
    }
    return q;
}

// Counts -> (sample count, empirical distribution), with empty cells set to 1e-3 (fishtest's
// regularize), so every hypothesis has positive likelihood.
template <std::size_t N>
std::pair<double, Cells<N>> regularized(const std::array<std::int64_t, N>& counts) {
    Cells<N> c{};
    for (std::size_t i = 0; i < N; ++i) {
        c[i] = counts[i] == 0 ? 1e-3 : static_cast<double>(counts[i]);
    }
    const double total = std::accumulate(c.begin(), c.end(), 0.0);
    for (auto& v : c) v /= total;
    return {total, c};
}

template <std::size_t N>
double log_ratio(double total, const Cells<N>& p, const Cells<N>& q0, const Cells<N>& q1) {
    double sum = 0.0;
    for (std::size_t i = 0; i < N; ++i) sum += p[i] * (std::log(q1[i]) - std::log(q0[i]));
    return total * sum;
}

template <std::size_t N>
double generic_llr(const SprtParams& params, const std::array<std::int64_t, N>& counts) {
    if (std::all_of(counts.begin(), counts.end(), [](auto c) { return c == 0; })) return 0.0;
    const auto [total, p] = regularized(counts);
    if (!params.is_normalized()) {
        const double s0 = score_from_elo(params.elo0());
        const double s1 = score_from_elo(params.elo1());
        return log_ratio(total, p, mle_expected(p, s0), mle_expected(p, s1));
    }
    // Bounds are per game; the pair's per-game score has sigma / sqrt(2), so its t is sqrt(2) t.
    const double scale = N == 5 ? std::numbers::sqrt2 : 1.0;
    const double t0 = params.elo0() / nelo_per_t * scale;
    const double t1 = params.elo1() / nelo_per_t * scale;
    return log_ratio(total, p, mle_t_value(p, 0.5, t0), mle_t_value(p, 0.5, t1));
}

template <std::size_t N>
std::optional<double> generic_normalized_elo(const std::array<std::int64_t, N>& counts,
                                             double sigma_scale) {
    const auto total = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
    if (total == 0) return std::nullopt;
    Cells<N> p{};
    for (std::size_t i = 0; i < N; ++i) {
        p[i] = static_cast<double>(counts[i]) / static_cast<double>(total);
    }
    const auto [mu, var] = mean_variance(score_values<N>(), p);
    if (var <= 0.0) return std::nullopt;
    return (mu - 0.5) / (sigma_scale * std::sqrt(var)) * nelo_per_t;
}

}  // namespace

Expected<SprtParams> SprtParams::make(Bounds bounds, double lo, double hi, double alpha,
                                      double beta) {
    if (!(lo < hi)) return fail("SPRT needs elo0 < elo1");
    if (!(alpha > 0.0 && alpha < 1.0)) return fail("SPRT alpha must lie strictly between 0 and 1");
    if (!(beta > 0.0 && beta < 1.0)) return fail("SPRT beta must lie strictly between 0 and 1");
    if (!(alpha + beta < 1.0)) return fail("SPRT needs alpha + beta < 1");
    return SprtParams(bounds, alpha, beta);
}

Expected<SprtParams> SprtParams::logistic(LogisticElo elo0, LogisticElo elo1, double alpha,
                                          double beta) {
    return make(Logistic{elo0, elo1}, elo0.value, elo1.value, alpha, beta);
}

Expected<SprtParams> SprtParams::normalized(NormalizedElo elo0, NormalizedElo elo1, double alpha,
                                            double beta) {
    return make(Normalized{elo0, elo1}, elo0.value, elo1.value, alpha, beta);
}

double SprtParams::elo0() const {
    return std::visit([](const auto& b) { return b.elo0.value; }, bounds_);
}

double SprtParams::elo1() const {
    return std::visit([](const auto& b) { return b.elo1.value; }, bounds_);
}

double SprtParams::lower_bound() const {
    return std::log(beta_ / (1.0 - alpha_));
}

double SprtParams::upper_bound() const {
    return std::log((1.0 - beta_) / alpha_);
}

SprtDecision SprtParams::decide(double value) const {
    if (value >= upper_bound()) return SprtDecision::AcceptH1;
    if (value <= lower_bound()) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

double llr(const SprtParams& params, const Pentanomial& pairs) {
    return generic_llr(params, pairs.counts);
}

double llr(const SprtParams& params, const Trinomial& games) {
    return generic_llr<3>(params, {games.losses, games.draws, games.wins});
}

std::optional<double> normalized_elo(const Pentanomial& pairs) {
    return generic_normalized_elo(pairs.counts, std::numbers::sqrt2);
}

std::optional<double> normalized_elo(const Trinomial& games) {
    return generic_normalized_elo<3>({games.losses, games.draws, games.wins}, 1.0);
}

}  // namespace oaq::tournament
