#include "tournament/swiss_pairing.hpp"

#include <algorithm>
#include <bit>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>

namespace oaq::tournament {
namespace {

// Better placed first: more points, then the better seed.
std::vector<int> placement(const SwissField& f) {
    std::vector<int> order(f.seed.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
        if (f.half_points[ua] != f.half_points[ub]) return f.half_points[ua] > f.half_points[ub];
        return f.seed[ua] < f.seed[ub];
    });
    return order;
}

Expected<Ok> check_field(const SwissField& f) {
    const auto n = f.seed.size();
    if (n < 2) return fail("a Swiss round needs at least 2 engines");
    if (f.half_points.size() != n || f.had_bye.size() != n || f.met.size() != n)
        return fail("a Swiss field's points, seeds, byes and pairings differ in size");
    for (const auto& row : f.met)
        if (row.size() != n) return fail("a Swiss field's pairings differ in size");
    return Ok{};
}

// Weights are worked out wide and checked to fit 64 bits before Boost sees them.
__extension__ typedef __int128 Wide;

}  // namespace

Expected<SwissWeights> swiss_weights(const SwissField& f) {
    if (auto ok = check_field(f); !ok) return ok.error();
    const int n = static_cast<int>(f.seed.size());
    const auto un = static_cast<std::size_t>(n);
    const auto order = placement(f);
    std::vector<int> from_bottom(un);  // 0: the lowest placed
    for (int i = 0; i < n; ++i)
        from_bottom[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = n - 1 - i;
    const auto [lo, hi] = std::minmax_element(f.half_points.begin(), f.half_points.end());
    const Wide spread = *hi - *lo;
    const Wide pairs = n / 2 + 1;
    // Each weight outranks every sum of the weights below it over one round.
    const Wide seed_w = 1;
    const Wide score_w = pairs * n * seed_w + 1;
    const Wide bye_w = pairs * spread * spread * score_w + pairs * n * seed_w + 1;
    int most_met = 1;
    for (const auto& row : f.met)
        for (int m : row) most_met = std::max(most_met, m);
    const Wide repeat_w = n * bye_w + 1;
    // A second bye is worse than any number of repeat pairings: an engine sits out at most once
    // (always possible while rounds <= engines, which validate() requires).
    const Wide second_bye_w = pairs * most_met * repeat_w + 1;
    const Wide big = second_bye_w + (pairs * most_met + 1) * repeat_w + 1;
    // Boost compares 4 x weight against sums of duals: keep far below the 64-bit limit.
    if (big * pairs * 8 > std::numeric_limits<long long>::max())
        return fail("a Swiss of " + std::to_string(n) +
                    " engines with scores this far apart is beyond the pairing's weights");
    SwissWeights w;
    w.pair.assign(un, std::vector<long long>(un, 0));
    for (std::size_t a = 0; a < un; ++a) {
        for (std::size_t b = 0; b < un; ++b) {
            if (a == b) continue;
            const Wide d = f.half_points[a] - f.half_points[b];
            const Wide penalty = Wide{f.met[a][b]} * repeat_w + d * d * score_w +
                                 Wide{std::abs(f.seed[a] - f.seed[b])} * seed_w;
            w.pair[a][b] = static_cast<long long>(big - penalty);
        }
    }
    if (n % 2 == 1) {
        w.bye.resize(un);
        for (std::size_t a = 0; a < un; ++a) {
            const Wide penalty = (f.had_bye[a] ? second_bye_w : 0) + Wide{from_bottom[a]} * bye_w;
            w.bye[a] = static_cast<long long>(big - penalty);
        }
    }
    return w;
}

bool is_complete(const SwissField& f, const SwissRound& round) {
    const auto n = f.seed.size();
    std::vector<int> seen(n, 0);
    for (auto [a, b] : round.pairs) {
        if (a < 0 || b < 0 || a == b || static_cast<std::size_t>(a) >= n ||
            static_cast<std::size_t>(b) >= n)
            return false;
        ++seen[static_cast<std::size_t>(a)];
        ++seen[static_cast<std::size_t>(b)];
    }
    if (round.bye) {
        if (n % 2 == 0 || *round.bye < 0 || static_cast<std::size_t>(*round.bye) >= n) return false;
        ++seen[static_cast<std::size_t>(*round.bye)];
    } else if (n % 2 == 1) {
        return false;
    }
    return std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; });
}

long long round_weight(const SwissWeights& w, const SwissRound& round) {
    long long total = 0;
    for (auto [a, b] : round.pairs)
        total += w.pair[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
    if (round.bye) total += w.bye[static_cast<std::size_t>(*round.bye)];
    return total;
}

namespace {

// Orders each pair (better placed first), the pairs by their first engine's place, and counts the
// repeats.
SwissRound finish(const SwissField& f, SwissRound round) {
    const auto order = placement(f);
    std::vector<int> place(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        place[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    auto at = [&](int e) { return place[static_cast<std::size_t>(e)]; };
    for (auto& [a, b] : round.pairs)
        if (at(b) < at(a)) std::swap(a, b);
    std::sort(round.pairs.begin(), round.pairs.end(),
              [&](auto x, auto y) { return at(x.first) < at(y.first); });
    round.repeats = 0;
    for (auto [a, b] : round.pairs)
        if (f.met[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] > 0) ++round.repeats;
    if (round.bye && f.had_bye[static_cast<std::size_t>(*round.bye)]) ++round.repeats;
    return round;
}

SwissRound boost_round(const SwissField& f, const SwissWeights& w) {
    using Weight = boost::property<boost::edge_weight_t, long long>;
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS,
                                        boost::no_property, Weight>;
    const auto n = f.seed.size();
    const bool odd = n % 2 == 1;
    Graph g(n + (odd ? 1 : 0));
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) boost::add_edge(a, b, Weight(w.pair[a][b]), g);
    if (odd)
        for (std::size_t a = 0; a < n; ++a) boost::add_edge(a, n, Weight(w.bye[a]), g);
    using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
    std::vector<Vertex> mate(boost::num_vertices(g));
    boost::maximum_weighted_matching(g, mate.data());
    SwissRound round;
    const auto none = boost::graph_traits<Graph>::null_vertex();
    for (std::size_t a = 0; a < n; ++a) {
        const auto m = mate[a];
        if (m == none) continue;
        if (m == n) {
            round.bye = static_cast<int>(a);
        } else if (a < m) {
            round.pairs.emplace_back(static_cast<int>(a), static_cast<int>(m));
        }
    }
    return round;
}

}  // namespace

SwissRound exact_swiss_round(const SwissField& f, const SwissWeights& w) {
    const int n = static_cast<int>(f.seed.size());
    const bool odd = n % 2 == 1;
    const int v = n + (odd ? 1 : 0);  // vertex n: the bye
    auto weight = [&](int a, int b) {
        if (b == n) return w.bye[static_cast<std::size_t>(a)];
        return w.pair[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
    };
    const std::uint32_t full = (std::uint32_t{1} << v) - 1;
    constexpr long long unset = std::numeric_limits<long long>::min();
    // best[mask]: the heaviest perfect matching of the vertices in mask (its lowest vertex paired
    // first, so each matching is counted once).
    std::vector<long long> best(std::size_t{full} + 1, unset);
    std::vector<std::uint8_t> partner(std::size_t{full} + 1, 0);
    best[0] = 0;
    for (std::uint32_t mask = 1; mask <= full; ++mask) {
        if (std::popcount(mask) % 2 != 0) continue;
        const int a = std::countr_zero(mask);
        for (int b = a + 1; b < v; ++b) {
            if (!(mask & (std::uint32_t{1} << b))) continue;
            const auto rest = mask & ~(std::uint32_t{1} << a) & ~(std::uint32_t{1} << b);
            if (best[rest] == unset) continue;
            const long long total = best[rest] + weight(a, b);
            if (total > best[mask]) {
                best[mask] = total;
                partner[mask] = static_cast<std::uint8_t>(b);
            }
        }
    }
    SwissRound round;
    for (std::uint32_t mask = full; mask != 0;) {
        const int a = std::countr_zero(mask);
        const int b = partner[mask];
        if (b == n)
            round.bye = a;
        else
            round.pairs.emplace_back(a, b);
        mask &= ~(std::uint32_t{1} << a) & ~(std::uint32_t{1} << b);
    }
    return finish(f, round);
}

Expected<SwissRound> pair_swiss_round(const SwissField& f) {
    auto w = swiss_weights(f);
    if (!w) return w.error();
    auto round = finish(f, boost_round(f, *w));
    if (is_complete(f, round)) return round;
    // Every pair is an edge, so a complete pairing always exists: Boost missed it.
    if (static_cast<int>(f.seed.size()) <= kExactLimit) return exact_swiss_round(f, *w);
    return fail("the Swiss pairing of " + std::to_string(f.seed.size()) +
                " engines found no complete pairing (Boost's maximum_weighted_matching, "
                "boostorg/graph#399)");
}

}  // namespace oaq::tournament
