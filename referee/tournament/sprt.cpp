#include "tournament/sprt.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

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
// bracket (bisection whenever Newton would leave it). Nothing without a sign change in `a`.
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

template <std::size_t N>
double log_likelihood(const Cells<N>& p, const Cells<N>& q) {
    double sum = 0.0;
    for (std::size_t i = 0; i < N; ++i) sum += p[i] * std::log(q[i]);
    return sum;
}

// The largest log-likelihood sum_i p_i log q_i of a distribution q whose mean is `s`
// (support_MLE_multinomial.pdf, Proposition 1.1): q_i = p_i / (1 + x (a_i - s)).
template <std::size_t N>
std::optional<double> mean_fit(const Cells<N>& p, double s) {
    const auto values = score_values<N>();
    Cells<N> shifted{};
    for (std::size_t i = 0; i < N; ++i) shifted[i] = values[i] - s;
    const auto x = solve_secular(shifted, p);
    if (!x) return std::nullopt;
    Cells<N> q{};
    for (std::size_t i = 0; i < N; ++i) q[i] = p[i] / (1.0 + *x * shifted[i]);
    return log_likelihood(p, q);
}

// x with h x = g for a symmetric positive definite 3x3 h (Cholesky); nothing when h is not.
inline std::optional<std::array<double, 3>> solve3(const std::array<std::array<double, 3>, 3>& h,
                                                   const std::array<double, 3>& g) {
    std::array<std::array<double, 3>, 3> l{};
    for (std::size_t i = 0; i < 3; ++i) {
        for (std::size_t j = 0; j <= i; ++j) {
            double sum = h[i][j];
            for (std::size_t k = 0; k < j; ++k) sum -= l[i][k] * l[j][k];
            if (i == j) {
                if (!(sum > 0.0)) return std::nullopt;
                l[i][i] = std::sqrt(sum);
            } else {
                l[i][j] = sum / l[j][j];
            }
        }
    }
    std::array<double, 3> y{};
    for (std::size_t i = 0; i < 3; ++i) {
        double sum = g[i];
        for (std::size_t k = 0; k < i; ++k) sum -= l[i][k] * y[k];
        y[i] = sum / l[i][i];
    }
    std::array<double, 3> x{};
    for (std::size_t i = 3; i-- > 0;) {
        double sum = y[i];
        for (std::size_t k = i + 1; k < 3; ++k) sum -= l[k][i] * x[k];
        x[i] = sum / l[i][i];
    }
    return x;
}

// A fit of moment_fit: its log-likelihood when it converged; when it did not, an upper bound of
// it (the dual's value at any point bounds the maximum from above).
struct MomentFit {
    double log_likelihood;
    bool converged;
};

// The largest log-likelihood of a distribution with mean m and second moment v, all p_i > 0,
// by the empirical-likelihood dual: q_i = p_i / u(a_i) for the quadratic u > 0 at every a_i that
// minimizes the convex Phi(u) = -sum_i p_i log u(a_i) + E[u], where E[u] = c0 + c1 m + c2 v for
// u = c0 + c1 a + c2 a^2 (at its minimum q has the moments). Newton's method with a backtracking
// line search. u is held by its values at three nodes, the three where it is smallest: where the
// fit puts far more mass than p (u tiny) the value is a variable, never the small difference of
// large coefficients, so empty cells of a long match keep full precision. `u` holds u(a_i): a
// warm start (any positive values do), updated.
template <std::size_t N>
MomentFit moment_fit(const Cells<N>& p, double m, double v, Cells<N>& u) {
    const auto a = score_values<N>();
    if (!std::all_of(u.begin(), u.end(), [](double x) { return x > 0.0; })) u.fill(1.0);
    const auto phi = [&](const Cells<N>& w, const std::array<double, 3>& mean_of_basis,
                         const std::array<std::size_t, 3>& nodes) {
        double sum = 0.0;
        for (std::size_t i = 0; i < N; ++i) {
            if (!(w[i] > 0.0)) return std::numeric_limits<double>::infinity();
            sum -= p[i] * std::log(w[i]);
        }
        for (std::size_t j = 0; j < 3; ++j) sum += mean_of_basis[j] * w[nodes[j]];
        return sum;
    };
    for (int iteration = 0; iteration < 500; ++iteration) {
        // The three nodes where u is smallest, and the Lagrange basis on them: basis[i][j] is
        // the j-th basis quadratic at a_i, mean_of_basis[j] its E[.] under the moments (m, v).
        std::array<std::size_t, N> order{};
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::partial_sort(order.begin(), order.begin() + 3, order.end(),
                          [&](std::size_t x, std::size_t y) { return u[x] < u[y]; });
        const std::array<std::size_t, 3> nodes{order[0], order[1], order[2]};
        std::array<std::array<double, 3>, N> basis{};
        std::array<double, 3> mean_of_basis{};
        for (std::size_t j = 0; j < 3; ++j) {
            const double x = a[nodes[(j + 1) % 3]];
            const double y = a[nodes[(j + 2) % 3]];
            const double scale = (a[nodes[j]] - x) * (a[nodes[j]] - y);
            for (std::size_t i = 0; i < N; ++i) basis[i][j] = (a[i] - x) * (a[i] - y) / scale;
            mean_of_basis[j] = (v - (x + y) * m + x * y) / scale;
        }
        // u at the other nodes from its values at the three (exactly 0 or 1 at the three).
        for (std::size_t i = 0; i < N; ++i) {
            if (i == nodes[0] || i == nodes[1] || i == nodes[2]) continue;
            u[i] =
                basis[i][0] * u[nodes[0]] + basis[i][1] * u[nodes[1]] + basis[i][2] * u[nodes[2]];
        }
        const double value = phi(u, mean_of_basis, nodes);
        if (!std::isfinite(value)) return {std::numeric_limits<double>::infinity(), false};
        std::array<double, 3> g = mean_of_basis;
        std::array<std::array<double, 3>, 3> h{};
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t j = 0; j < 3; ++j) {
                g[j] -= p[i] * basis[i][j] / u[i];
                for (std::size_t k = 0; k < 3; ++k)
                    h[j][k] += p[i] * basis[i][j] * basis[i][k] / (u[i] * u[i]);
            }
        }
        const auto step = solve3(h, g);
        if (!step) return {std::numeric_limits<double>::infinity(), false};
        const double decrement = (*step)[0] * g[0] + (*step)[1] * g[1] + (*step)[2] * g[2];
        // The dual's value: the maximum to second order in the distance from the minimum
        // (the likelihood of q itself would be off to first order in its moments' error).
        const double bound = log_likelihood(p, p) + value - 1.0;
        if (decrement < 1e-20) return {bound, true};
        double t = 1.0;
        for (;;) {
            Cells<N> next = u;
            for (std::size_t i = 0; i < N; ++i) {
                next[i] -= t * (basis[i][0] * (*step)[0] + basis[i][1] * (*step)[1] +
                                basis[i][2] * (*step)[2]);
            }
            for (std::size_t j = 0; j < 3; ++j) next[nodes[j]] = u[nodes[j]] - t * (*step)[j];
            const double after = phi(next, mean_of_basis, nodes);
            // Close to the minimum (Newton decrement below 0.1, where the full step of a
            // self-concordant function stays inside and converges quadratically) rounding may
            // hide the decrease: take the step.
            if ((decrement < 0.01 && t == 1.0 && std::isfinite(after)) ||
                (after < value && after <= value - 0.25 * t * decrement)) {
                u = next;
                break;
            }
            t *= 0.5;
            // No decrease left above rounding: converged if the expected gain is that small.
            // Otherwise the dual's value bounds the maximum from above.
            if (t < 1e-12) return {bound, decrement < 1e-12};
        }
    }
    return {std::numeric_limits<double>::infinity(), false};
}

// Whether (m, v) lies strictly inside the moments' polygon, the convex hull of the points
// (a_i, a_i^2): below the chord from (0, 0) to (1, 1), above the chords between neighbours.
template <std::size_t N>
bool moments_inside(double m, double v) {
    constexpr double margin = 1e-13;
    if (!(m > 0.0 && m < 1.0 && v < m - margin)) return false;
    const double step = 1.0 / static_cast<double>(N - 1);
    const double k = std::min(std::floor(m / step), static_cast<double>(N - 2));
    const double a = k * step;
    const double b = a + step;
    return v > a * a + (a + b) * (m - a) + margin;
}

// The maximum of `f` on [a, b] given x inside with f(x) >= f(a), f(b): golden-section search
// that keeps the best point found inside the bracket, so it never loses f(x), even where f is
// -inf (infeasible) near both ends.
template <typename F>
double bracketed_maximum(F f, double a, double x, double b) {
    constexpr double golden = 0.3819660112501051;  // 2 - the golden ratio
    double fx = f(x);
    for (int iteration = 0; iteration < 300 && b - a > 1e-15 * b; ++iteration) {
        const bool left = x - a > b - x;
        const double u = left ? x - golden * (x - a) : x + golden * (b - x);
        const double fu = f(u);
        if (fu > fx) {
            (left ? b : a) = x;
            x = u;
            fx = fu;
        } else {
            (left ? a : b) = u;
        }
    }
    return fx;
}

// The points where t_value_fit looks at its profile, as distances d = |mu - ref| in (0, span):
// evenly spaced, so that no interval of the feasible set is missed, and geometrically spaced in
// sigma = d / |t| from 1e-10 on, so that a maximum at a tiny sigma (results nearly all one
// value) is seen at its scale. Sorted, with 0 and span at the ends.
std::vector<double> profile_grid(double span, double t) {
    constexpr int even = 128;
    constexpr int geometric = 96;
    std::vector<double> d{0.0, span};
    for (int k = 1; k <= even; ++k) d.push_back(span * (k - 0.5) / even);
    for (int k = 0; k < geometric; ++k) {
        const double at = std::abs(t) * 1e-10 * std::pow(0.5e10, k / (geometric - 1.0));
        if (at < span) d.push_back(at);
    }
    std::sort(d.begin(), d.end());
    return d;
}

// The largest log-likelihood of a distribution whose t-value (mu - ref) / sigma is `t`
// (normalized_elo_practical.pdf, Section 4.1, where fishtest iterates a fixed point from the
// uniform distribution: that point does not exist past |t| = 2 sqrt(2) / 3 for 5 cells, about
// 230 nElo). Here exactly, whatever t: on the constraint sigma = (mu - ref) / t, so for each
// mean mu the second moment is v = mu^2 + ((mu - ref) / t)^2, and the best distribution with
// moments (mu, v) is a convex problem (moment_fit). The profile over mu need not be unimodal
// (its feasible set can even be several intervals), so it is scanned on a grid first and then
// each local maximum of the grid is refined by golden-section search. Nothing if a fit that did
// not converge might have been the best (one near the edge of the feasible set, far below the
// best, does not matter).
template <std::size_t N>
std::optional<double> t_value_fit(const Cells<N>& p, double ref, double t) {
    if (t == 0.0) return mean_fit(p, ref);
    constexpr double none = -std::numeric_limits<double>::infinity();
    Cells<N> warm{};
    double unsure = none;  // the highest upper bound of a fit that did not converge
    // The profile at distance d from ref on the side of t's sign.
    const auto profile = [&](double d) {
        const double mu = t > 0.0 ? ref + d : ref - d;
        const double sigma = d / std::abs(t);
        const double v = mu * mu + sigma * sigma;
        if (!moments_inside<N>(mu, v)) return none;
        const auto fit = moment_fit(p, mu, v, warm);
        if (fit.converged) return fit.log_likelihood;
        unsure = std::max(unsure, fit.log_likelihood);
        return none;
    };
    const auto d = profile_grid(t > 0.0 ? 1.0 - ref : ref, t);
    std::vector<double> f(d.size(), none);
    for (std::size_t k = 1; k + 1 < d.size(); ++k) f[k] = profile(d[k]);
    double best = none;
    for (std::size_t k = 1; k + 1 < d.size(); ++k) {
        if (std::isfinite(f[k]) && f[k] >= f[k - 1] && f[k] >= f[k + 1])
            best = std::max(best, bracketed_maximum(profile, d[k - 1], d[k], d[k + 1]));
    }
    if (!std::isfinite(best) || unsure >= best) return std::nullopt;
    return best;
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
double generic_llr(const SprtParams& params, const std::array<std::int64_t, N>& counts) {
    if (std::all_of(counts.begin(), counts.end(), [](auto c) { return c == 0; })) return 0.0;
    const auto [total, p] = regularized(counts);
    std::optional<double> f0;
    std::optional<double> f1;
    if (params.is_normalized()) {
        // Bounds are per game; the pair's per-game score has sigma / sqrt(2), so its t is
        // sqrt(2) t.
        const double scale = N == 5 ? std::numbers::sqrt2 : 1.0;
        f0 = t_value_fit(p, 0.5, params.elo0() / nelo_per_t * scale);
        f1 = t_value_fit(p, 0.5, params.elo1() / nelo_per_t * scale);
    } else {
        f0 = mean_fit(p, score_from_elo(params.elo0()));
        f1 = mean_fit(p, score_from_elo(params.elo1()));
    }
    if (!f0 || !f1) {
        std::ostringstream text;
        text << "SPRT: the maximum-likelihood fit for elo" << (f0 ? "1=" : "0=")
             << (f0 ? params.elo1() : params.elo0()) << " ("
             << (params.is_normalized() ? "normalized" : "logistic")
             << ") did not converge on the counts [";
        for (std::size_t i = 0; i < N; ++i) text << (i ? ", " : "") << counts[i];
        throw SprtFitError(text.str() + "]");
    }
    return total * (*f1 - *f0);
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
    const auto text = [](double v) {
        std::ostringstream out;
        out << v;
        return out.str();
    };
    for (const double bound : {lo, hi}) {
        if (!(std::abs(bound) <= kMaxSprtElo)) {
            return fail("SPRT bound " + text(bound) + " is outside -" + text(kMaxSprtElo) + ".." +
                        text(kMaxSprtElo));
        }
    }
    if (!(lo < hi)) {
        return fail("SPRT needs elo0 < elo1, got elo0=" + text(lo) + " and elo1=" + text(hi));
    }
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
