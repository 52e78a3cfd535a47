#include "tournament/rating.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <string>

namespace oaq::tournament {
namespace {

// Ratings are fitted on the natural-log scale (theta = elo * ln10 / 400), where the expected
// score is the logistic sigmoid of the difference.
constexpr double elo_per_theta = 400.0 / std::numbers::ln10;
constexpr double z95 = 1.959963984540054;  // Phi^-1(0.975)

using Matrix = std::vector<std::vector<double>>;

Matrix square(std::size_t n) {
    return Matrix(n, std::vector<double>(n, 0.0));
}

double sigmoid(double x) {
    return x >= 0 ? 1.0 / (1.0 + std::exp(-x)) : std::exp(x) / (1.0 + std::exp(x));
}

// log(sigmoid(x)) without overflow for large |x|.
double log_sigmoid(double x) {
    return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

// Inverse of a symmetric positive definite matrix by Gauss-Jordan with partial pivoting. The
// matrices here are reduced Fisher informations of connected groups, so they are invertible.
Matrix inverse(Matrix a) {
    const std::size_t n = a.size();
    Matrix inv = square(n);
    for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1.0;
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r) {
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        }
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double d = a[col][col];
        for (std::size_t c = 0; c < n; ++c) {
            a[col][c] /= d;
            inv[col][c] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col || a[r][col] == 0.0) continue;
            const double f = a[r][col];
            for (std::size_t c = 0; c < n; ++c) {
                a[r][c] -= f * a[col][c];
                inv[r][c] -= f * inv[col][c];
            }
        }
    }
    return inv;
}

// The games between every two engines, aggregated: all the likelihood needs.
struct Tally {
    Matrix games;   // games[i][j] == games[j][i]
    Matrix points;  // points[i][j]: points i took off j
};

// Strongly connected components of "i took points off j", by Kosaraju with explicit stacks.
// component[i] numbers components in no particular order.
std::vector<int> strong_components(const Tally& tally) {
    const auto n = tally.games.size();
    auto edge = [&](std::size_t from, std::size_t to, bool reversed) {
        return reversed ? tally.points[to][from] > 0 : tally.points[from][to] > 0;
    };
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> order;
    for (std::size_t start = 0; start < n; ++start) {
        if (seen[start]) continue;
        std::vector<std::pair<std::size_t, std::size_t>> stack{{start, 0}};
        seen[start] = true;
        while (!stack.empty()) {
            auto& [node, next] = stack.back();
            while (next < n && (seen[next] || !edge(node, next, false))) ++next;
            if (next == n) {
                order.push_back(node);
                stack.pop_back();
                continue;
            }
            seen[next] = true;
            stack.emplace_back(next, 0);
        }
    }
    std::vector<int> component(n, -1);
    int count = 0;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        if (component[*it] >= 0) continue;
        std::vector<std::size_t> stack{*it};
        component[*it] = count;
        while (!stack.empty()) {
            const auto node = stack.back();
            stack.pop_back();
            for (std::size_t other = 0; other < n; ++other) {
                if (component[other] < 0 && edge(node, other, true)) {
                    component[other] = count;
                    stack.push_back(other);
                }
            }
        }
        ++count;
    }
    return component;
}

struct GroupFit {
    std::vector<double> theta;  // theta[0] == 0: the first member is the reference
    Matrix information;         // Fisher information at the optimum, full k x k
};

double log_likelihood(const std::vector<int>& members, const Tally& t,
                      const std::vector<double>& theta) {
    double sum = 0.0;
    for (std::size_t a = 0; a < members.size(); ++a) {
        for (std::size_t b = a + 1; b < members.size(); ++b) {
            const auto i = static_cast<std::size_t>(members[a]);
            const auto j = static_cast<std::size_t>(members[b]);
            if (t.games[i][j] == 0) continue;
            const double d = theta[a] - theta[b];
            sum += t.points[i][j] * log_sigmoid(d) + t.points[j][i] * log_sigmoid(-d);
        }
    }
    return sum;
}

// Newton's method on the concave log-likelihood with the reference member fixed, halving the step
// whenever it would not increase the likelihood. The group is strongly connected, so the maximum
// exists and is unique.
GroupFit fit_group(const std::vector<int>& members, const Tally& t) {
    const auto k = members.size();
    GroupFit fit{std::vector<double>(k, 0.0), square(k)};
    auto gradient_and_information = [&](std::vector<double>& grad) {
        grad.assign(k, 0.0);
        fit.information = square(k);
        for (std::size_t a = 0; a < k; ++a) {
            for (std::size_t b = 0; b < k; ++b) {
                const auto i = static_cast<std::size_t>(members[a]);
                const auto j = static_cast<std::size_t>(members[b]);
                if (a == b || t.games[i][j] == 0) continue;
                const double p = sigmoid(fit.theta[a] - fit.theta[b]);
                grad[a] += t.points[i][j] - t.games[i][j] * p;
                const double w = t.games[i][j] * p * (1.0 - p);
                fit.information[a][a] += w;
                fit.information[a][b] -= w;
            }
        }
    };
    // The gradient is in points; a residual of 1e-9 points per game is far below any noise, and
    // pushing further only fights the rounding of the likelihood sum.
    double games = 0.0;
    for (std::size_t a = 0; a < k; ++a) {
        for (std::size_t b = a + 1; b < k; ++b) {
            games +=
                t.games[static_cast<std::size_t>(members[a])][static_cast<std::size_t>(members[b])];
        }
    }
    const double tolerance = 1e-9 * std::max(1.0, games);
    std::vector<double> grad;
    double current = log_likelihood(members, t, fit.theta);
    for (int iteration = 0; iteration < 100; ++iteration) {
        gradient_and_information(grad);
        double largest = 0.0;
        for (std::size_t a = 1; a < k; ++a) largest = std::max(largest, std::abs(grad[a]));
        if (largest < tolerance) break;
        Matrix reduced = square(k - 1);
        for (std::size_t a = 1; a < k; ++a) {
            for (std::size_t b = 1; b < k; ++b) reduced[a - 1][b - 1] = fit.information[a][b];
        }
        const Matrix inv = inverse(reduced);
        std::vector<double> step(k, 0.0);
        for (std::size_t a = 1; a < k; ++a) {
            for (std::size_t b = 1; b < k; ++b) step[a] += inv[a - 1][b - 1] * grad[b];
        }
        double longest = 0.0;
        for (double d : step) longest = std::max(longest, std::abs(d));
        double scale = 1.0;
        bool improved = false;
        // Halve until the likelihood rises; a step below 1e-12 (1e-10 Elo) changes nothing.
        for (; scale * longest > 1e-12 && !improved; scale /= 2) {
            std::vector<double> trial = fit.theta;
            for (std::size_t a = 1; a < k; ++a) trial[a] += scale * step[a];
            const double value = log_likelihood(members, t, trial);
            if (value >= current) {
                fit.theta = std::move(trial);
                current = value;
                improved = true;
            }
        }
        if (!improved) break;  // at the optimum to rounding
    }
    gradient_and_information(grad);
    return fit;
}

// Covariance of theta under the anchor constraint: either member `fixed` is held at 0, or (when
// `fixed` is empty) the mean is held at 0, which projects the fixed-reference covariance C0 onto
// the zero-mean subspace: P C0 P with P = I - 11'/k.
Matrix covariance(const Matrix& information, std::optional<std::size_t> fixed) {
    const auto k = information.size();
    const std::size_t ref = fixed.value_or(0);
    Matrix reduced = square(k - 1);
    for (std::size_t a = 0, ra = 0; a < k; ++a) {
        if (a == ref) continue;
        for (std::size_t b = 0, rb = 0; b < k; ++b) {
            if (b == ref) continue;
            reduced[ra][rb++] = information[a][b];
        }
        ++ra;
    }
    const Matrix inv = inverse(reduced);
    Matrix c0 = square(k);
    for (std::size_t a = 0, ra = 0; a < k; ++a) {
        if (a == ref) continue;
        for (std::size_t b = 0, rb = 0; b < k; ++b) {
            if (b == ref) continue;
            c0[a][b] = inv[ra][rb++];
        }
        ++ra;
    }
    if (fixed) return c0;
    const double kd = static_cast<double>(k);
    std::vector<double> row_mean(k, 0.0);
    double total_mean = 0.0;
    for (std::size_t a = 0; a < k; ++a) {
        for (std::size_t b = 0; b < k; ++b) row_mean[a] += c0[a][b] / kd;
        total_mean += row_mean[a] / kd;
    }
    // c0 is symmetric, so column means equal row means.
    Matrix c = square(k);
    for (std::size_t a = 0; a < k; ++a) {
        for (std::size_t b = 0; b < k; ++b)
            c[a][b] = c0[a][b] - row_mean[a] - row_mean[b] + total_mean;
    }
    return c;
}

Expected<Ok> validate(int engines, std::span<const GameResult> games, const Anchor& anchor) {
    if (engines < 0) return fail("negative engine count");
    if (anchor.engine && (*anchor.engine < 0 || *anchor.engine >= engines)) {
        return fail("anchor engine " + std::to_string(*anchor.engine) + " is out of range");
    }
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto& r = games[g];
        const auto where = "game " + std::to_string(g + 1) + " of the input: ";  // from 1
        if (r.south < 0 || r.south >= engines || r.north < 0 || r.north >= engines) {
            return fail(where + "engine index out of range");
        }
        if (r.south == r.north) return fail(where + "an engine cannot play itself");
        if (r.south_points != 0.0 && r.south_points != 0.5 && r.south_points != 1.0) {
            return fail(where + "points must be 0, 0.5 or 1");
        }
    }
    return Ok{};
}

}  // namespace

double elo_from_score(double score) {
    if (score <= 0.0) return -std::numeric_limits<double>::infinity();
    if (score >= 1.0) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

Expected<std::vector<EngineRating>> fit_ratings(int engines, std::span<const GameResult> games,
                                                const Anchor& anchor) {
    if (auto ok = validate(engines, games, anchor); !ok) return ok.error();
    const auto n = static_cast<std::size_t>(engines);
    std::vector<EngineRating> out(n);
    Tally tally{square(n), square(n)};
    for (const auto& g : games) {
        const auto s = static_cast<std::size_t>(g.south);
        const auto w = static_cast<std::size_t>(g.north);
        tally.games[s][w] += 1;
        tally.games[w][s] += 1;
        tally.points[s][w] += g.south_points;
        tally.points[w][s] += 1.0 - g.south_points;
        for (auto [who, pts] : {std::pair{s, g.south_points}, std::pair{w, 1.0 - g.south_points}}) {
            auto& e = out[who];
            ++e.games;
            e.points += pts;
            (pts == 1.0 ? e.wins : pts == 0.5 ? e.draws : e.losses) += 1;
        }
    }
    for (auto& e : out) e.score = e.games > 0 ? e.points / static_cast<double>(e.games) : 0.0;

    // A finite maximum exists exactly within each strongly connected component of "took points
    // off" (Zermelo, Ford 1957); games between components are one-sided and carry no information
    // on the size of the gap, which is infinite.
    const auto component = strong_components(tally);
    std::vector<std::vector<int>> members;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<std::size_t>(component[i]);
        if (members.size() <= c) members.resize(c + 1);
        members[c].push_back(static_cast<int>(i));
    }
    std::vector<std::vector<int>> groups;
    for (const auto& m : members) {
        if (m.size() >= 2) {
            groups.push_back(m);
            continue;
        }
        auto& e = out[static_cast<std::size_t>(m.front())];
        e.status = e.games == 0                               ? RatingStatus::NoGames
                   : e.points == static_cast<double>(e.games) ? RatingStatus::AllWins
                   : e.points == 0.0                          ? RatingStatus::AllLosses
                                                              : RatingStatus::Unbounded;
    }
    // Number groups by their lowest engine so the output does not depend on traversal order.
    std::sort(groups.begin(), groups.end());

    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        const auto& group = groups[gi];
        std::optional<std::size_t> fixed;
        if (anchor.engine) {
            const auto it = std::find(group.begin(), group.end(), *anchor.engine);
            if (it != group.end()) fixed = static_cast<std::size_t>(it - group.begin());
        }
        const auto fit = fit_group(group, tally);
        const auto cov = covariance(fit.information, fixed);
        double origin = 0.0;
        if (fixed) {
            origin = fit.theta[*fixed];
        } else {
            for (double th : fit.theta) origin += th / static_cast<double>(group.size());
        }
        const bool comparable = groups.size() == 1 || fixed.has_value();
        for (std::size_t a = 0; a < group.size(); ++a) {
            auto& e = out[static_cast<std::size_t>(group[a])];
            e.status = comparable ? RatingStatus::Ok : RatingStatus::Disconnected;
            e.group = static_cast<int>(gi);
            e.rating = anchor.rating + (fit.theta[a] - origin) * elo_per_theta;
            e.error = z95 * std::sqrt(std::max(cov[a][a], 0.0)) * elo_per_theta;
        }
    }
    return out;
}

}  // namespace oaq::tournament
