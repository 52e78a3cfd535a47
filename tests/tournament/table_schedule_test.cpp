// The schedule of tournaments of 3 and 4 seats (tournament/table_schedule.hpp): every table once
// per round, every seating of a table in its group, numbering stable under next/game_at/skip_to,
// and shards holding whole seating groups.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <vector>

#include "tournament/table_match.hpp"
#include "tournament/table_schedule.hpp"

using oaq::tournament::Format;
using oaq::tournament::SeatedGame;
using oaq::tournament::Shard;
using oaq::tournament::shard_games;
using oaq::tournament::shard_holds;
using oaq::tournament::shard_position;
using oaq::tournament::tables_of;
using oaq::tournament::TableSchedule;

namespace {

std::vector<int> seated(const SeatedGame& g) {
    return {g.engines.begin(), g.engines.begin() + static_cast<std::ptrdiff_t>(g.seats)};
}

std::vector<int> table_of(const SeatedGame& g) {
    auto t = seated(g);
    std::sort(t.begin(), t.end());
    return t;
}

std::vector<SeatedGame> all_games(TableSchedule s) {
    std::vector<SeatedGame> out;
    while (auto g = s.next()) out.push_back(*g);
    return out;
}

}  // namespace

TEST_CASE("table counts are binomial coefficients", "[tournament][table_schedule]") {
    CHECK(tables_of(4, 3) == 4);
    CHECK(tables_of(5, 3) == 10);
    CHECK(tables_of(8, 4) == 70);
    CHECK(tables_of(3, 3) == 1);
    CHECK(tables_of(2, 3) == 0);
    CHECK(tables_of(1000, 4) == 41417124750);
    CHECK_FALSE(tables_of(4'000'000'000, 4).has_value());
}

TEST_CASE("a 3-seat round robin of five engines plays every table under every seating",
          "[tournament][table_schedule]") {
    const auto s = TableSchedule::round_robin(5, 3, 2, 0).value();
    CHECK(s.format() == Format::RoundRobin);
    CHECK(s.tables() == 10);
    CHECK(s.group_size() == 6);
    CHECK(s.total_games() == 10 * 6 * 2);
    CHECK(s.total_groups() == 20);
    const auto games = all_games(s);
    REQUIRE(games.size() == 120);
    std::map<std::vector<int>, std::multiset<std::vector<int>>> seatings;  // table -> seatings
    for (const auto& g : games) {
        CHECK(g.seats == 3);
        CHECK(g.group_index == g.game_index / 6);
        CHECK(g.round == g.game_index / 60);
        CHECK(g.opening_index == g.group_index);
        CHECK(g.seating == g.game_index % 6);
        // A seating group is one table.
        CHECK(table_of(g) == table_of(games[static_cast<std::size_t>(g.group_index * 6)]));
        seatings[table_of(g)].insert(seated(g));
    }
    CHECK(seatings.size() == 10);
    for (const auto& [table, orders] : seatings) {
        CHECK(orders.size() == 12);  // 2 rounds x 3!
        auto order = table;
        do {
            CHECK(orders.count(order) == 2);
        } while (std::next_permutation(order.begin(), order.end()));
    }
    // The first table in lexicographic order, its seatings in lexicographic order.
    CHECK(seated(games[0]) == std::vector<int>{0, 1, 2});
    CHECK(seated(games[1]) == std::vector<int>{0, 2, 1});
    CHECK(seated(games[5]) == std::vector<int>{2, 1, 0});
    CHECK(table_of(games[6]) == std::vector<int>{0, 1, 3});
    CHECK(table_of(games[59]) == std::vector<int>{2, 3, 4});
    CHECK(table_of(games[60]) == std::vector<int>{0, 1, 2});
    CHECK(games[60].round == 1);
}

TEST_CASE("every engine sits in every seat equally often in a 4-seat round robin",
          "[tournament][table_schedule]") {
    const auto s = TableSchedule::round_robin(6, 4, 1, 0).value();
    CHECK(s.total_games() == 15 * 24);
    std::map<int, std::array<int, 4>> seat_count;
    for (const auto& g : all_games(s)) {
        for (std::size_t seat = 0; seat < 4; ++seat) ++seat_count[g.engines[seat]][seat];
    }
    // Each engine is at C(5,3) = 10 tables, 6 games in each seat per table.
    for (const auto& [engine, counts] : seat_count) {
        for (int c : counts) CHECK(c == 60);
    }
}

TEST_CASE("a table gauntlet seats the first engine with every choice of the others",
          "[tournament][table_schedule]") {
    const auto s = TableSchedule::gauntlet(5, 3, 1, 4).value();
    CHECK(s.format() == Format::Gauntlet);
    CHECK(s.tables() == 6);  // C(4, 2)
    std::set<std::vector<int>> tables;
    for (const auto& g : all_games(s)) {
        const auto t = table_of(g);
        CHECK(t.front() == 0);
        tables.insert(t);
        CHECK(g.opening_index == g.group_index % 4);
    }
    CHECK(tables.size() == 6);
    CHECK(tables.count({0, 3, 4}) == 1);
}

TEST_CASE("a table match of 14 games ends with a partial seating group",
          "[tournament][table_schedule]") {
    const auto s = TableSchedule::match(3, 14, 0).value();
    CHECK(s.format() == Format::Match);
    CHECK(s.total_games() == 14);
    CHECK(s.total_groups() == 3);
    CHECK(s.rounds() == 3);
    CHECK(s.games_in_group(0) == 6);
    CHECK(s.games_in_group(2) == 2);
    const auto games = all_games(s);
    REQUIRE(games.size() == 14);
    CHECK(games.back().group_index == 2);
    CHECK(games.back().round == 2);
    CHECK(seated(games.back()) == std::vector<int>{0, 2, 1});
    const auto four = TableSchedule::match(4, 24, 0).value();
    CHECK(four.total_groups() == 1);
    CHECK(seated(four.game_at(23)) == std::vector<int>{3, 2, 1, 0});
}

TEST_CASE("the same configuration numbers its games the same way however they are reached",
          "[tournament][table_schedule]") {
    auto s = TableSchedule::round_robin(7, 4, 3, 5).value();
    const auto games = all_games(s);
    CHECK(static_cast<std::int64_t>(games.size()) == s.total_games());
    for (std::int64_t i : {0, 1, 23, 24, 839, 840, 2519}) {
        CHECK(s.game_at(i) == games[static_cast<std::size_t>(i)]);
    }
    s.skip_to(1000);
    CHECK(s.position() == 1000);
    CHECK(*s.next() == games[1000]);
    s.skip_to(s.total_games() + 5);
    CHECK_FALSE(s.next());
}

TEST_CASE("table shards hold whole seating groups and every game exactly once",
          "[tournament][table_schedule]") {
    for (const auto& s :
         {TableSchedule::round_robin(5, 3, 2, 0).value(), TableSchedule::match(4, 50, 0).value(),
          TableSchedule::gauntlet(6, 4, 1, 0).value()}) {
        const auto games = all_games(s);
        for (int count : {1, 2, 3, 7}) {
            std::vector<int> seen(games.size(), 0);
            for (int index = 0; index < count; ++index) {
                const Shard shard{index, count};
                std::int64_t held = 0;
                for (const auto& g : games) {
                    if (!shard_holds(shard, g)) continue;
                    CHECK(shard_position(shard, s, g) == held);
                    ++held;
                    ++seen[static_cast<std::size_t>(g.game_index)];
                    // The whole group goes with it.
                    const auto first = g.group_index * s.group_size();
                    CHECK(shard_holds(shard, games[static_cast<std::size_t>(first)]));
                }
                CHECK(shard_games(s, shard) == held);
            }
            for (int n : seen) CHECK(n == 1);
        }
    }
}

TEST_CASE("impossible table schedules are refused with a reason", "[tournament][table_schedule]") {
    const auto few = TableSchedule::round_robin(3, 4, 1, 0);
    REQUIRE_FALSE(few);
    CHECK(few.error().message == "a round robin of 4 seats needs at least 4 engines, not 3");
    const auto five = TableSchedule::gauntlet(6, 5, 1, 0);
    REQUIRE_FALSE(five);
    CHECK(five.error().message == "a table of 5 seats: players must be 2 to 4");
    CHECK_FALSE(TableSchedule::round_robin(5, 3, 0, 0));
    CHECK_FALSE(TableSchedule::round_robin(5, 3, 1, -1));
    CHECK_FALSE(TableSchedule::match(3, 0, 0));
    CHECK_FALSE(TableSchedule::round_robin(100000, 4, 1000, 0));
}

TEST_CASE("a table match numbers its games as oaq match at a table plays them",
          "[tournament][table_schedule]") {
    // table_match.hpp plays `oaq match --rules ...,players=N`: the same groups and seatings, so
    // a tournament of tables can be played and stored the way a match is.
    for (int seats : {3, 4}) {
        const auto s = TableSchedule::match(seats, 60, 0).value();
        for (std::int64_t i = 0; i < s.total_games(); ++i) {
            const auto mine = s.game_at(i);
            const auto played = oaq::tournament::table_game(i, seats);
            CHECK(mine.group_index == played.group);
            CHECK(seated(mine) == played.seating);
        }
    }
}

TEST_CASE("the games left to play leave out other shards and the games stored already",
          "[tournament][table_schedule]") {
    const auto schedule = oaq::tournament::TableSchedule::round_robin(4, 3, 1, 0).value();
    const auto all = oaq::tournament::table_games(schedule, std::nullopt, {});
    REQUIRE(all.size() == 24);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto g = schedule.game_at(static_cast<std::int64_t>(i));
        CHECK(all[i].game_index == g.game_index);
        CHECK(all[i].group == g.opening_index);
        CHECK(all[i].round == g.round);
        CHECK(all[i].seating == std::vector<int>(g.engines.begin(), g.engines.begin() + 3));
    }
    const auto left = oaq::tournament::table_games(schedule, Shard{1, 2}, {6, 7, 20});
    std::vector<std::int64_t> indices;
    for (const auto& g : left) indices.push_back(g.game_index);
    CHECK(indices == std::vector<std::int64_t>{8, 9, 10, 11, 18, 19, 21, 22, 23});
}
