#include "tournament/schedule.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <set>
#include <utility>
#include <vector>

using oaq::tournament::Format;
using oaq::tournament::Pairing;
using oaq::tournament::Schedule;

namespace {

std::vector<Pairing> drain(Schedule schedule) {
    std::vector<Pairing> games;
    while (auto p = schedule.next()) games.push_back(*p);
    return games;
}

std::vector<std::pair<int, int>> sides(const std::vector<Pairing>& games) {
    std::vector<std::pair<int, int>> out;
    for (const auto& g : games) out.emplace_back(g.south, g.north);
    return out;
}

// Properties every schedule has: consecutive numbering, colour-swapped pairs sharing an opening,
// and next() agreeing with pairing_at().
void check_pair_structure(const Schedule& schedule, const std::vector<Pairing>& games) {
    REQUIRE(static_cast<std::int64_t>(games.size()) == schedule.total_games());
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = games[i];
        CHECK(g.game_index == static_cast<std::int64_t>(i));
        CHECK(g.pair_index == g.game_index / 2);
        CHECK(g == schedule.pairing_at(g.game_index));
        CHECK(g.south != g.north);
        if (i % 2 == 1) {
            const auto& first = games[i - 1];
            CHECK(g.south == first.north);
            CHECK(g.north == first.south);
            CHECK(g.opening_index == first.opening_index);
            CHECK(g.round == first.round);
        }
    }
}

}  // namespace

TEST_CASE("a round robin of four engines follows the circle method", "[tournament][schedule]") {
    auto schedule = Schedule::round_robin(4, 1, 0);
    REQUIRE(schedule);
    const std::vector<std::pair<int, int>> expected{
        {0, 3}, {3, 0}, {1, 2}, {2, 1},  // circle round 0
        {3, 1}, {1, 3}, {2, 0}, {0, 2},  // circle round 1: the fixed engine 3 starts South
        {2, 3}, {3, 2}, {0, 1}, {1, 0},  // circle round 2
    };
    CHECK(sides(drain(*schedule)) == expected);
}

TEST_CASE("a round robin of three engines gives each engine one bye per cycle",
          "[tournament][schedule]") {
    auto schedule = Schedule::round_robin(3, 1, 0);
    REQUIRE(schedule);
    const std::vector<std::pair<int, int>> expected{{1, 2}, {2, 1}, {2, 0}, {0, 2}, {0, 1}, {1, 0}};
    CHECK(sides(drain(*schedule)) == expected);
}

TEST_CASE("every pair of a round robin meets twice per round with colours swapped",
          "[tournament][schedule]") {
    const int engines = GENERATE(2, 3, 4, 5, 6, 7);
    const int rounds = GENERATE(1, 2, 3);
    auto schedule = Schedule::round_robin(engines, rounds, 0);
    REQUIRE(schedule);
    CHECK(schedule->format() == Format::RoundRobin);
    CHECK(schedule->total_games() == std::int64_t{engines} * (engines - 1) * rounds);
    const auto games = drain(*schedule);
    check_pair_structure(*schedule, games);

    std::map<std::pair<int, int>, int> met;
    std::map<int, int> south, north;
    for (const auto& g : games) {
        ++met[{std::min(g.south, g.north), std::max(g.south, g.north)}];
        ++south[g.south];
        ++north[g.north];
        CHECK(g.round == g.pair_index / (engines * (engines - 1) / 2));
        CHECK(g.opening_index == g.pair_index);
    }
    CHECK(met.size() == static_cast<std::size_t>(engines * (engines - 1) / 2));
    for (const auto& [pair, count] : met) CHECK(count == 2 * rounds);
    for (int e = 0; e < engines; ++e) {
        CHECK(south[e] == (engines - 1) * rounds);
        CHECK(north[e] == (engines - 1) * rounds);
    }

    // Each block of floor(engines/2) consecutive pairs is one circle round: nobody plays twice.
    const auto block = static_cast<std::size_t>(2 * (engines / 2));
    for (std::size_t start = 0; start < games.size(); start += block) {
        std::set<int> seen;
        for (std::size_t i = start; i < start + block; i += 2) {
            CHECK(seen.insert(games[i].south).second);
            CHECK(seen.insert(games[i].north).second);
        }
    }
}

TEST_CASE("a gauntlet pairs engine 0 with every other engine", "[tournament][schedule]") {
    const int engines = GENERATE(2, 3, 4, 5, 6, 7);
    const int rounds = GENERATE(1, 2);
    auto schedule = Schedule::gauntlet(engines, rounds, 0);
    REQUIRE(schedule);
    CHECK(schedule->total_games() == 2 * std::int64_t{engines - 1} * rounds);
    const auto games = drain(*schedule);
    check_pair_structure(*schedule, games);
    std::map<int, int> met;
    int zero_south = 0;
    for (const auto& g : games) {
        REQUIRE((g.south == 0 || g.north == 0));
        ++met[g.south == 0 ? g.north : g.south];
        zero_south += g.south == 0 ? 1 : 0;
        CHECK(g.round == g.pair_index / (engines - 1));
    }
    CHECK(met.size() == static_cast<std::size_t>(engines - 1));
    for (const auto& [opponent, count] : met) CHECK(count == 2 * rounds);
    CHECK(zero_south * 2 == static_cast<int>(games.size()));
    // Opponents come in order, and engine 0 alternates the side it starts on.
    if (engines >= 3) {
        CHECK(sides({games[0], games[2]}) == std::vector<std::pair<int, int>>{{0, 1}, {2, 0}});
    }
}

TEST_CASE("a match plays its games in colour-swapped pairs", "[tournament][schedule]") {
    SECTION("an even count") {
        auto schedule = Schedule::match(6, 0);
        REQUIRE(schedule);
        const auto games = drain(*schedule);
        check_pair_structure(*schedule, games);
        CHECK(sides(games) ==
              std::vector<std::pair<int, int>>{{0, 1}, {1, 0}, {0, 1}, {1, 0}, {0, 1}, {1, 0}});
        CHECK(games.back().round == 2);
        CHECK(schedule->total_pairs() == 3);
    }
    SECTION("an odd count ends with a lone game") {
        auto schedule = Schedule::match(5, 0);
        REQUIRE(schedule);
        const auto games = drain(*schedule);
        check_pair_structure(*schedule, games);
        REQUIRE(games.size() == 5);
        CHECK(games.back().pair_index == 2);
        CHECK(games.back().south == 0);
        CHECK(schedule->total_pairs() == 3);
    }
}

TEST_CASE("openings cycle through the book, one per colour-swapped pair",
          "[tournament][schedule]") {
    auto schedule = Schedule::round_robin(3, 2, 4);
    REQUIRE(schedule);
    const auto games = drain(*schedule);
    check_pair_structure(*schedule, games);
    for (const auto& g : games) CHECK(g.opening_index == g.pair_index % 4);
    CHECK(games[8].opening_index == 0);  // pair 4 wraps around

    auto generated = Schedule::gauntlet(3, 3, 0);
    REQUIRE(generated);
    for (const auto& g : drain(*generated)) CHECK(g.opening_index == g.pair_index);
}

TEST_CASE("next() resumes where skip_to() points and stops at the end", "[tournament][schedule]") {
    auto schedule = Schedule::round_robin(5, 2, 3);
    REQUIRE(schedule);
    const auto all = drain(*schedule);
    schedule->skip_to(17);
    CHECK(schedule->position() == 17);
    const auto rest = drain(*schedule);
    REQUIRE(rest.size() == all.size() - 17);
    CHECK(rest.front() == all[17]);
    CHECK(rest.back() == all.back());

    schedule->skip_to(schedule->total_games());
    CHECK_FALSE(schedule->next().has_value());
    schedule->skip_to(-5);
    CHECK(schedule->position() == 0);
    schedule->skip_to(1'000'000);
    CHECK(schedule->position() == schedule->total_games());
    CHECK_FALSE(schedule->next().has_value());
}

TEST_CASE("a million-game schedule costs nothing up front and jumps to its last game",
          "[tournament][schedule]") {
    static_assert(sizeof(Schedule) <= 64, "a schedule holds a few integers, never its games");
    auto schedule = Schedule::round_robin(5, 50'000, 1000);  // 10 pairs x 2 games x 50000 rounds
    REQUIRE(schedule);
    REQUIRE(schedule->total_games() == 1'000'000);
    schedule->skip_to(999'999);
    const auto last = schedule->next();
    REQUIRE(last.has_value());
    CHECK(last->game_index == 999'999);
    CHECK(last->pair_index == 499'999);
    CHECK(last->round == 49'999);
    CHECK(last->opening_index == 999);
    // The last pair of a 5-engine cycle is circle round 4's second pair, seats 4+2 and 4-2 mod 5:
    // (1, 2), and game 999999 is its colour-swapped second game.
    CHECK(last->south == 2);
    CHECK(last->north == 1);
    CHECK_FALSE(schedule->next().has_value());

    auto match = Schedule::match(1'000'000, 0);
    REQUIRE(match);
    CHECK(match->pairing_at(999'999).south == 1);
}

TEST_CASE("impossible schedules are refused with a reason", "[tournament][schedule]") {
    CHECK_FALSE(Schedule::round_robin(1, 1, 0));
    CHECK_FALSE(Schedule::round_robin(4, 0, 0));
    CHECK_FALSE(Schedule::round_robin(4, 1, -1));
    CHECK_FALSE(Schedule::gauntlet(1, 1, 0));
    CHECK_FALSE(Schedule::gauntlet(3, 0, 0));
    CHECK_FALSE(Schedule::match(0, 0));
    CHECK_FALSE(Schedule::round_robin(1'000'000, 2'000'000'000, 0));
    CHECK(Schedule::round_robin(1, 1, 0).error().message.find("2 engines") != std::string::npos);
}

TEST_CASE("shards hold whole colour-swapped pairs and together every game once",
          "[tournament][schedule][shard]") {
    for (std::int64_t games : {1, 2, 7, 10, 33}) {
        for (int count : {1, 2, 3, 4, 7, 40}) {
            auto schedule = oaq::tournament::Schedule::match(games, 0).value();
            std::vector<int> seen(static_cast<std::size_t>(games), 0);
            std::int64_t sum = 0;
            for (int k = 0; k < count; ++k) {
                const oaq::tournament::Shard shard{k, count};
                std::int64_t mine = 0;
                for (std::int64_t i = 0; i < games; ++i) {
                    const auto p = schedule.pairing_at(i);
                    if (!shard.contains(p)) continue;
                    ++seen[static_cast<std::size_t>(i)];
                    // Its place among the shard's games counts them in schedule order.
                    CHECK(shard.position(p) == mine);
                    ++mine;
                    // The other game of the pair is in the same shard.
                    const auto other = i % 2 == 0 ? i + 1 : i - 1;
                    if (other < games) CHECK(shard.contains(schedule.pairing_at(other)));
                }
                CHECK(oaq::tournament::shard_games(schedule, shard) == mine);
                sum += mine;
            }
            CHECK(sum == games);
            for (int s : seen) CHECK(s == 1);
        }
    }
}
