#include "tournament/swiss_pairing.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "tournament/round_formats.hpp"
#include "tournament/swiss_standings.hpp"

using oaq::tournament::exact_swiss_round;
using oaq::tournament::is_complete;
using oaq::tournament::is_played;
using oaq::tournament::pair_swiss_round;
using oaq::tournament::PairResults;
using oaq::tournament::replay_swiss;
using oaq::tournament::round_weight;
using oaq::tournament::RoundParams;
using oaq::tournament::swiss_standings;
using oaq::tournament::swiss_weights;
using oaq::tournament::SwissByeResult;
using oaq::tournament::SwissField;
using oaq::tournament::SwissGame;

namespace {

SwissField empty_field(int n) {
    const auto un = static_cast<std::size_t>(n);
    SwissField f;
    f.half_points.assign(un, 0);
    for (int i = 0; i < n; ++i) f.seed.push_back(i);
    f.had_bye.assign(un, false);
    f.met.assign(un, std::vector<int>(un, 0));
    return f;
}

// Whether the field has a complete pairing with no pair that met and no second bye (brute force).
bool has_fresh_pairing(const SwissField& f) {
    const int n = static_cast<int>(f.seed.size());
    const int v = n + n % 2;
    std::vector<char> ok(std::size_t{1} << v, 0);
    ok[0] = 1;
    for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << v); ++mask) {
        if (std::popcount(mask) % 2 != 0) continue;
        const int a = std::countr_zero(mask);
        for (int b = a + 1; b < v && !ok[mask]; ++b) {
            if (!(mask & (1u << b))) continue;
            const bool fresh =
                b == n ? !f.had_bye[static_cast<std::size_t>(a)]
                       : f.met[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] == 0;
            if (fresh && ok[mask & ~(1u << a) & ~(1u << b)]) ok[mask] = 1;
        }
    }
    return ok[(std::size_t{1} << v) - 1] != 0;
}

SwissField random_field(std::mt19937& rng, int n) {
    auto f = empty_field(n);
    std::shuffle(f.seed.begin(), f.seed.end(), rng);
    std::uniform_int_distribution<int> points(0, 12), coin(0, 3);
    for (int a = 0; a < n; ++a) {
        f.half_points[static_cast<std::size_t>(a)] = points(rng);
        f.had_bye[static_cast<std::size_t>(a)] = coin(rng) == 0;
        for (int b = a + 1; b < n; ++b) {
            const int met = coin(rng) == 0 ? 1 : 0;
            f.met[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = met;
            f.met[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = met;
        }
    }
    return f;
}

}  // namespace

TEST_CASE("the first Swiss round pairs neighbouring seeds of an even field", "[swiss]") {
    auto f = empty_field(6);
    auto round = pair_swiss_round(f).value();
    CHECK(round.pairs == std::vector<std::pair<int, int>>{{0, 1}, {2, 3}, {4, 5}});
    CHECK_FALSE(round.bye);
    CHECK(round.repeats == 0);
}

TEST_CASE("a Swiss round pairs equal scores before close seeds", "[swiss]") {
    auto f = empty_field(4);
    f.half_points = {2, 0, 2, 0};  // seeds 0 and 2 won, 1 and 3 lost
    auto round = pair_swiss_round(f).value();
    CHECK(round.pairs == std::vector<std::pair<int, int>>{{0, 2}, {1, 3}});
}

TEST_CASE("a Swiss round never repeats a pairing while a fresh complete one exists", "[swiss]") {
    auto f = empty_field(4);
    f.met[0][1] = f.met[1][0] = 1;
    f.met[2][3] = f.met[3][2] = 1;
    f.half_points = {2, 0, 2, 0};
    auto round = pair_swiss_round(f).value();
    CHECK(round.repeats == 0);
    CHECK(round.pairs == std::vector<std::pair<int, int>>{{0, 2}, {1, 3}});
}

TEST_CASE("an odd Swiss field gives the bye to the lowest-placed engine without one", "[swiss]") {
    auto f = empty_field(5);
    f.half_points = {4, 2, 2, 0, 0};
    auto round = pair_swiss_round(f).value();
    REQUIRE(round.bye);
    CHECK(*round.bye == 4);  // equal on points with engine 3, the worse seed
    f.had_bye[4] = true;
    round = pair_swiss_round(f).value();
    CHECK(*round.bye == 3);
}

TEST_CASE("Boost's Swiss matching weighs as much as the exact search on random fields",
          "[swiss][property]") {
    std::mt19937 rng(20261203);
    for (int trial = 0; trial < 400; ++trial) {
        const int n = 2 + trial % 13;
        const auto f = random_field(rng, n);
        INFO("trial " << trial << ", " << n << " engines");
        const auto w = swiss_weights(f).value();
        const auto round = pair_swiss_round(f).value();
        REQUIRE(is_complete(f, round));
        CHECK(round_weight(w, round) == round_weight(w, exact_swiss_round(f, w)));
        CHECK((round.repeats == 0) == has_fresh_pairing(f));
    }
}

TEST_CASE(
    "seeded random Swiss tournaments pair without repeats, one bye each and every engine "
    "each round",
    "[swiss][property]") {
    std::mt19937 rng(29);
    std::uniform_int_distribution<int> result(0, 2);
    for (int trial = 0; trial < 150; ++trial) {
        const int n = 2 + trial % 12;
        RoundParams p;
        p.engines = n;
        for (int i = 0; i < n; ++i) p.seed_order.push_back(i);
        std::shuffle(p.seed_order.begin(), p.seed_order.end(), rng);
        p.rounds = 1 + static_cast<int>(rng() % static_cast<unsigned>(n % 2 == 0 ? n - 1 : n));
        p.pairs = 1 + trial % 2;
        p.bye_half_points = 2 * p.pairs * 2;
        INFO("trial " << trial << ": " << n << " engines, " << p.rounds << " rounds");
        PairResults results;
        int phases = 0;
        std::vector<SwissGame> played;
        while (true) {
            auto replay = replay_swiss(p, results).value();
            if (!replay.next) {
                REQUIRE(static_cast<int>(replay.rounds.size()) == p.rounds);
                std::set<std::pair<int, int>> met;
                std::vector<int> byes(static_cast<std::size_t>(n), 0);
                auto field = empty_field(n);
                for (int i = 0; i < n; ++i)
                    field
                        .seed[static_cast<std::size_t>(p.seed_order[static_cast<std::size_t>(i)])] =
                        i;
                double points = 0;
                for (const auto& round : replay.rounds) {
                    // Every engine paired once, or given the bye.
                    std::vector<int> seen(static_cast<std::size_t>(n), 0);
                    for (const auto& pp : round.pairings) {
                        ++seen[static_cast<std::size_t>(pp.first)];
                        ++seen[static_cast<std::size_t>(pp.second)];
                        CHECK(is_played(pp, results));
                    }
                    if (round.bye) {
                        ++seen[static_cast<std::size_t>(round.bye->engine)];
                        ++byes[static_cast<std::size_t>(round.bye->engine)];
                        points += round.bye->half_points / 2.0;
                    }
                    for (int s : seen) CHECK(s == 1);
                    CHECK(round.bye.has_value() == (n % 2 == 1));
                    // A repeat only when the field had no fresh complete pairing left.
                    CHECK((round.repeats == 0) == has_fresh_pairing(field));
                    for (const auto& pp : round.pairings) {
                        const auto a = std::min(pp.first, pp.second),
                                   b = std::max(pp.first, pp.second);
                        if (round.repeats == 0) CHECK(met.insert({a, b}).second);
                        met.insert({a, b});
                        ++field.met[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
                        ++field.met[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)];
                    }
                    if (round.bye)
                        field.had_bye[static_cast<std::size_t>(round.bye->engine)] = true;
                }
                for (int b : byes) CHECK(b <= 1);
                // Points add up: every game gives out one point, every bye its points.
                std::vector<SwissByeResult> bye_results;
                for (const auto& round : replay.rounds)
                    if (round.bye)
                        bye_results.push_back(
                            {round.bye->engine, round.bye->half_points / 2.0, 2 * p.pairs});
                double table = 0;
                for (const auto& line : swiss_standings(field.seed, played, bye_results))
                    table += line.points;
                CHECK(table == Approx(points + static_cast<double>(played.size())));
                CHECK(played.size() == static_cast<std::size_t>(p.rounds * (n / 2) * 2 * p.pairs));
                break;
            }
            REQUIRE(++phases <= p.rounds);
            for (const auto& pp : replay.next->pairings) {
                for (int j = 0; j < pp.pairs; ++j)
                    for (int g = 0; g < 2; ++g) {
                        const double south = result(rng) / 2.0;
                        const int s_engine = g == 0 ? pp.first : pp.second;
                        const int n_engine = g == 0 ? pp.second : pp.first;
                        results.add(pp.first_pair + j, s_engine, south);
                        played.push_back({s_engine, n_engine, south});
                    }
            }
        }
    }
}

TEST_CASE("a Swiss replayed from the same stored games pairs every round the same", "[swiss]") {
    RoundParams p;
    p.engines = 7;
    p.seed_order = {3, 0, 6, 1, 5, 2, 4};
    p.rounds = 5;
    PairResults results;
    std::mt19937 rng(7);
    for (int r = 0; r < p.rounds; ++r) {
        auto next = replay_swiss(p, results).value().next.value();
        // Half of the round stored (an interruption), then replayed: the same phase again.
        const auto first = next.pairings.front();
        results.add(first.first_pair, first.first, 1.0);
        auto again = replay_swiss(p, results).value().next.value();
        CHECK(again.pairings == next.pairings);
        CHECK(again.byes == next.byes);
        results.add(first.first_pair, first.second, 0.5);
        for (std::size_t k = 1; k < next.pairings.size(); ++k) {
            const auto& pp = next.pairings[k];
            results.add(pp.first_pair, pp.first, static_cast<double>(rng() % 3) / 2);
            results.add(pp.first_pair, pp.second, static_cast<double>(rng() % 3) / 2);
        }
    }
    CHECK_FALSE(replay_swiss(p, results).value().next);
}
