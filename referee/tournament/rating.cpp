#include "tournament/rating.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <numbers>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace oaq::tournament {
namespace {

// Ratings are fitted on the natural-log scale (theta = elo * ln10 / 400), where the expected
// score is the logistic sigmoid of the difference (and a strength is exp(theta)).
constexpr double elo_per_theta = 400.0 / std::numbers::ln10;
constexpr double z95 = 1.959963984540054;  // Phi^-1(0.975)

using Matrix = std::vector<std::vector<double>>;

Matrix square(std::size_t n) {
    return Matrix(n, std::vector<double>(n, 0.0));
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

// One stage of a finishing order: among the seats in `mask`, seat `winner` is placed next, with
// weight `weight` (the share of the orders breaking a game's ties that place it so).
struct Stage {
    unsigned mask = 0;
    std::size_t winner = 0;
    double weight = 0.0;
};

// The stages of every order of the seats that agrees with `ranks` (ties broken every way, each
// order weighing the same), merged: a game's log-likelihood is the weighted sum of its stages'
// log-probabilities. At most 4! orders.
std::vector<Stage> tie_pattern_stages(std::span<const int> ranks) {
    std::vector<std::size_t> order(ranks.size());
    for (std::size_t s = 0; s < order.size(); ++s) order[s] = s;
    std::vector<std::vector<std::size_t>> orders;
    do {
        bool agrees = true;
        for (std::size_t k = 0; k + 1 < order.size(); ++k) {
            if (ranks[order[k]] > ranks[order[k + 1]]) agrees = false;
        }
        if (agrees) orders.push_back(order);
    } while (std::next_permutation(order.begin(), order.end()));
    std::map<std::pair<unsigned, std::size_t>, double> merged;
    const double weight = 1.0 / static_cast<double>(orders.size());
    for (const auto& o : orders) {
        unsigned mask = (1u << o.size()) - 1;
        for (std::size_t k = 0; k + 1 < o.size(); ++k) {  // the last place is certain
            merged[{mask, o[k]}] += weight;
            mask &= ~(1u << o[k]);
        }
    }
    std::vector<Stage> stages;
    for (const auto& [key, w] : merged) stages.push_back({key.first, key.second, w});
    return stages;
}

using Members = std::array<int, kMaxTableSeats>;  // ascending engine indices, -1 after the last

struct MembersHash {
    std::size_t operator()(const Members& m) const {
        std::uint64_t h = 1469598103934665603ull;
        for (int e : m) h = (h ^ static_cast<std::uint32_t>(e)) * 1099511628211ull;
        return static_cast<std::size_t>(h);
    }
};

// Every time one of `members` was placed ahead of the others, aggregated: `trials` in all,
// `chosen[a]` of them members[a] (fractional where ties were broken every way).
struct ChoiceSet {
    Members members{};
    std::size_t size = 0;
    double trials = 0.0;
    std::array<double, kMaxTableSeats> chosen{};
};

// The games, aggregated into choice sets: all the likelihood needs.
struct Tally {
    std::vector<ChoiceSet> sets;
    std::unordered_map<Members, std::size_t, MembersHash> where;
    Matrix beats;  // beats[i][j]: weight of i placed ahead of a set holding j
    // The stages of each tie pattern, computed once: indexed by the seat count (2..4) and the
    // ranks (each 1..4, validated) as digits in base 5, below 5^5.
    std::vector<std::optional<std::vector<Stage>>> patterns =
        std::vector<std::optional<std::vector<Stage>>>(5 * 5 * 5 * 5 * 5);

    const std::vector<Stage>& stages(std::span<const int> ranks) {
        std::size_t code = ranks.size();
        for (int r : ranks) code = code * 5 + static_cast<std::size_t>(r);
        auto& entry = patterns[code];
        if (!entry) entry = tie_pattern_stages(ranks);
        return *entry;
    }

    void add(const TableResult& game) {
        const std::span<const int> ranks(game.ranks.data(), game.seats);
        for (const auto& stage : stages(ranks)) {
            Members m;
            m.fill(-1);
            std::size_t size = 0;
            for (std::size_t s = 0; s < game.seats; ++s) {
                if (stage.mask & (1u << s)) m[size++] = game.engines[s];
            }
            for (std::size_t a = 1; a < size; ++a) {  // insertion sort: at most 4
                for (std::size_t b = a; b > 0 && m[b - 1] > m[b]; --b) std::swap(m[b - 1], m[b]);
            }
            auto [it, fresh] = where.try_emplace(m, sets.size());
            if (fresh) sets.push_back({m, size, 0.0, {}});
            auto& set = sets[it->second];
            const int winner = game.engines[stage.winner];
            set.trials += stage.weight;
            for (std::size_t a = 0; a < size; ++a) {
                const auto i = static_cast<std::size_t>(m[a]);
                if (m[a] == winner) {
                    set.chosen[a] += stage.weight;
                } else {
                    beats[static_cast<std::size_t>(winner)][i] += stage.weight;
                }
            }
        }
    }
};

// Strongly connected components of "i was placed ahead of j", by Kosaraju with explicit stacks.
// component[i] numbers components in no particular order.
std::vector<int> strong_components(const Matrix& beats) {
    const auto n = beats.size();
    auto edge = [&](std::size_t from, std::size_t to, bool reversed) {
        return reversed ? beats[to][from] > 0 : beats[from][to] > 0;
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

// A choice set seen from one group: positions of its members within the group.
struct LocalSet {
    std::array<std::size_t, kMaxTableSeats> at{};
    std::size_t size = 0;
    double trials = 0.0;
    std::array<double, kMaxTableSeats> chosen{};
};

// The choice sets of a group: only the placings of its members, among its members. Engines of
// other components sit infinitely below the placed one (else they would share its component),
// so at the maximum they take no probability and drop out (for 2 seats: the group's own games).
std::vector<LocalSet> restrict_to(const std::vector<int>& members, const Tally& t) {
    std::vector<std::ptrdiff_t> local(t.beats.size(), -1);
    for (std::size_t a = 0; a < members.size(); ++a) {
        local[static_cast<std::size_t>(members[a])] = static_cast<std::ptrdiff_t>(a);
    }
    std::vector<LocalSet> out;
    for (const auto& set : t.sets) {
        LocalSet l;
        for (std::size_t a = 0; a < set.size; ++a) {
            const auto at = local[static_cast<std::size_t>(set.members[a])];
            if (at < 0) continue;
            l.at[l.size] = static_cast<std::size_t>(at);
            l.chosen[l.size] = set.chosen[a];
            l.trials += set.chosen[a];
            ++l.size;
        }
        if (l.size >= 2 && l.trials > 0) out.push_back(l);
    }
    return out;
}

struct GroupFit {
    std::vector<double> theta;  // theta[0] == 0: the first member is the reference
    Matrix information;         // Fisher information at the optimum, full k x k
};

// The members' softmax probabilities of being placed first, and their log-normaliser.
double softmax(const LocalSet& l, const std::vector<double>& theta,
               std::array<double, kMaxTableSeats>& p) {
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < l.size; ++a) top = std::max(top, theta[l.at[a]]);
    double sum = 0.0;
    for (std::size_t a = 0; a < l.size; ++a) sum += p[a] = std::exp(theta[l.at[a]] - top);
    for (std::size_t a = 0; a < l.size; ++a) p[a] /= sum;
    return top + std::log(sum);
}

double log_likelihood(const std::vector<LocalSet>& sets, const std::vector<double>& theta) {
    double total = 0.0;
    std::array<double, kMaxTableSeats> p{};
    for (const auto& l : sets) {
        total -= l.trials * softmax(l, theta, p);
        for (std::size_t a = 0; a < l.size; ++a) total += l.chosen[a] * theta[l.at[a]];
    }
    return total;
}

void gradient_and_information(const std::vector<LocalSet>& sets, GroupFit& fit,
                              std::vector<double>& grad) {
    const auto k = fit.theta.size();
    grad.assign(k, 0.0);
    fit.information = square(k);
    std::array<double, kMaxTableSeats> p{};
    for (const auto& l : sets) {
        softmax(l, fit.theta, p);
        for (std::size_t a = 0; a < l.size; ++a) {
            grad[l.at[a]] += l.chosen[a] - l.trials * p[a];
            for (std::size_t b = 0; b < l.size; ++b) {
                const double w = l.trials * p[a] * ((a == b ? 1.0 : 0.0) - p[b]);
                fit.information[l.at[a]][l.at[b]] += w;
            }
        }
    }
}

// Newton's method on the concave log-likelihood with the reference member fixed, halving the step
// whenever it would not increase the likelihood. The group is strongly connected, so the maximum
// exists and is unique (Hunter 2004).
GroupFit fit_group(const std::vector<int>& members, const Tally& t) {
    const auto k = members.size();
    const auto sets = restrict_to(members, t);
    GroupFit fit{std::vector<double>(k, 0.0), square(k)};
    // The gradient is in placings; a residual of 1e-9 per placing is far below any noise, and
    // pushing further only fights the rounding of the likelihood sum.
    double trials = 0.0;
    for (const auto& l : sets) trials += l.trials;
    const double tolerance = 1e-9 * std::max(1.0, trials);
    std::vector<double> grad;
    double current = log_likelihood(sets, fit.theta);
    for (int iteration = 0; iteration < 100; ++iteration) {
        gradient_and_information(sets, fit, grad);
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
        bool improved = false;
        // Halve until the likelihood rises; a step below 1e-12 (1e-10 Elo) changes nothing.
        for (double scale = 1.0; scale * longest > 1e-12 && !improved; scale /= 2) {
            std::vector<double> trial = fit.theta;
            for (std::size_t a = 1; a < k; ++a) trial[a] += scale * step[a];
            const double value = log_likelihood(sets, trial);
            if (value >= current) {
                fit.theta = std::move(trial);
                current = value;
                improved = true;
            }
        }
        if (!improved) break;  // at the optimum to rounding
    }
    gradient_and_information(sets, fit, grad);
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

Expected<Ok> validate_anchor(int engines, const Anchor& anchor) {
    if (engines < 0) return fail("negative engine count");
    if (anchor.engine && (*anchor.engine < 0 || *anchor.engine >= engines)) {
        return fail("anchor engine " + std::to_string(*anchor.engine) + " is out of range");
    }
    return Ok{};
}

std::string where(std::size_t g) {
    return "game " + std::to_string(g + 1) + " of the input: ";  // from 1
}

Expected<Ok> validate(int engines, std::span<const GameResult> games) {
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto& r = games[g];
        if (r.south < 0 || r.south >= engines || r.north < 0 || r.north >= engines) {
            return fail(where(g) + "engine index out of range");
        }
        if (r.south == r.north) return fail(where(g) + "an engine cannot play itself");
        if (r.south_points != 0.0 && r.south_points != 0.5 && r.south_points != 1.0) {
            return fail(where(g) + "points must be 0, 0.5 or 1");
        }
    }
    return Ok{};
}

Expected<Ok> validate(int engines, std::span<const TableResult> games) {
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto& r = games[g];
        if (r.seats < 2 || r.seats > kMaxTableSeats) {
            return fail(where(g) + std::to_string(r.seats) + " seats, not 2 to 4");
        }
        if (r.seats != games.front().seats) {
            return fail(where(g) + std::to_string(r.seats) + " seats where game 1 has " +
                        std::to_string(games.front().seats) +
                        ": ratings never pool different numbers of players");
        }
        for (std::size_t s = 0; s < r.seats; ++s) {
            if (r.engines[s] < 0 || r.engines[s] >= engines) {
                return fail(where(g) + "engine index out of range");
            }
            for (std::size_t t = 0; t < s; ++t) {
                if (r.engines[s] == r.engines[t]) {
                    return fail(where(g) + "an engine cannot play itself");
                }
            }
            if (r.ranks[s] < 1 || r.ranks[s] > static_cast<int>(r.seats)) {
                return fail(where(g) + "rank " + std::to_string(r.ranks[s]) + " of seat " +
                            std::to_string(s + 1) + " is not 1 to " + std::to_string(r.seats));
            }
        }
    }
    return Ok{};
}

// The game as a table: South seat 1, North seat 2; a draw ties them.
TableResult as_table(const GameResult& g) {
    TableResult t;
    t.engines = {g.south, g.north, 0, 0};
    t.ranks = {g.south_points == 0.0 ? 2 : 1, g.south_points == 1.0 ? 2 : 1, 0, 0};
    return t;
}

// Each engine's games, points and wins/draws/losses (table_points() 1, between, 0).
void count_game(const TableResult& game, std::vector<EngineRating>& out) {
    for (std::size_t s = 0; s < game.seats; ++s) {
        auto& e = out[static_cast<std::size_t>(game.engines[s])];
        const double pts = table_points(game, s);
        ++e.games;
        e.points += pts;
        (pts == 1.0 ? e.wins : pts == 0.0 ? e.losses : e.draws) += 1;
    }
}

// The fit from a filled tally (see fit_ratings): components, then one Newton fit per group.
std::vector<EngineRating> fit_tally(const Tally& tally, std::vector<EngineRating> out,
                                    const Anchor& anchor) {
    const auto n = out.size();
    for (auto& e : out) e.score = e.games > 0 ? e.points / static_cast<double>(e.games) : 0.0;
    // A finite maximum exists exactly within each strongly connected component of "placed
    // ahead of" (Zermelo; Ford 1957; Hunter 2004 for Plackett-Luce); placings between components
    // are one-sided and carry no information on the size of the gap, which is infinite.
    const auto component = strong_components(tally.beats);
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
        const auto i = static_cast<std::size_t>(m.front());
        auto& e = out[i];
        bool beaten = false;
        bool beat = false;
        for (std::size_t j = 0; j < n; ++j) {
            beaten = beaten || tally.beats[j][i] > 0;
            beat = beat || tally.beats[i][j] > 0;
        }
        e.status = e.games == 0 ? RatingStatus::NoGames
                   : !beaten    ? RatingStatus::AllWins
                   : !beat      ? RatingStatus::AllLosses
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

// Fits any sequence of games that `table(i)` turns into TableResults.
template <typename Games>
std::vector<EngineRating> fit_games(int engines, const Games& games, const Anchor& anchor) {
    const auto n = static_cast<std::size_t>(engines);
    std::vector<EngineRating> out(n);
    Tally tally;
    tally.beats = square(n);
    // Room for the choice sets at once (no rehash while they arrive): a game of N seats places
    // N - 1 engines, each from a set of 2 to N engines, and there are only so many such sets.
    std::size_t seats = 2;
    if constexpr (!std::is_same_v<typename Games::value_type, GameResult>) {
        if (!std::empty(games)) seats = std::begin(games)->seats;
    }
    double possible = 0.0;
    const auto engines_d = static_cast<double>(n);
    for (double k = 2, c = engines_d * (engines_d - 1) / 2; k <= static_cast<double>(seats);
         ++k, c = c * (engines_d - k + 1) / k) {
        possible += std::max(c, 0.0);
    }
    const double placings = static_cast<double>((seats - 1) * std::size(games));
    tally.where.reserve(static_cast<std::size_t>(std::min({possible, placings, 1e7})));
    for (const auto& g : games) {
        const auto t = [&] {
            if constexpr (std::is_same_v<std::decay_t<decltype(g)>, GameResult>) {
                return as_table(g);
            } else {
                return g;
            }
        }();
        tally.add(t);
        count_game(t, out);
    }
    return fit_tally(tally, std::move(out), anchor);
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

double table_points(const TableResult& game, std::size_t seat) {
    double above = 0.0;
    for (std::size_t s = 0; s < game.seats; ++s) {
        if (s == seat) continue;
        if (game.ranks[seat] < game.ranks[s]) above += 1.0;
        if (game.ranks[seat] == game.ranks[s]) above += 0.5;
    }
    return above / static_cast<double>(game.seats - 1);
}

Expected<std::vector<EngineRating>> fit_ratings(int engines, std::span<const GameResult> games,
                                                const Anchor& anchor) {
    if (auto ok = validate_anchor(engines, anchor); !ok) return ok.error();
    if (auto ok = validate(engines, games); !ok) return ok.error();
    return fit_games(engines, games, anchor);
}

Expected<std::vector<EngineRating>> fit_table_ratings(int engines,
                                                      std::span<const TableResult> games,
                                                      const Anchor& anchor) {
    if (auto ok = validate_anchor(engines, anchor); !ok) return ok.error();
    if (auto ok = validate(engines, games); !ok) return ok.error();
    return fit_games(engines, games, anchor);
}

}  // namespace oaq::tournament
