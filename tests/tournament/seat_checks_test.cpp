// settle_seats: what a run at tables of N seats takes from the command line, and its defaults.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include "rules/ring_game.hpp"
#include "rules/rules.hpp"
#include "tournament/run_checks.hpp"

using namespace oaq;

namespace {

tournament::RunDefinition seats(int players, int engines) {
    tournament::RunDefinition d;
    d.rules = rules::parse_rules("standard,players=" + std::to_string(players)).value();
    for (int i = 0; i < engines; ++i) {
        game::EngineDefinition e;
        e.name = "e" + std::to_string(i);
        d.engines.push_back(e);
    }
    return d;
}

// Options with their defaults in `defaults`, given by the person in `given`.
tournament::SeatOptions options(bool tournament, std::set<std::string> defaults,
                                std::set<std::string> given) {
    return {tournament,
            [defaults, given](const char* o) { return defaults.count(o) + given.count(o) > 0; },
            [given](const char* o) { return given.count(o) > 0; }};
}

}  // namespace

TEST_CASE("a match at a table of three gets one seating group and the table's ply limit",
          "[tournament][table]") {
    auto d = seats(3, 3);
    d.format = tournament::Format::Match;
    REQUIRE(tournament::settle_seats(d, options(false, {"games", "max-plies"}, {})));
    CHECK(d.games == 6);
    CHECK(d.max_plies == rules::default_ply_limit(d.rules));

    auto told = seats(3, 3);
    told.games = 4;
    told.max_plies = 50;
    REQUIRE(tournament::settle_seats(told, options(false, {}, {"games", "max-plies"})));
    CHECK(told.games == 4);
    CHECK(told.max_plies == 50);
}

TEST_CASE("what a table does not take is refused with one line naming the option",
          "[tournament][table]") {
    auto two = seats(2, 3);
    CHECK(tournament::settle_seats(two, options(false, {}, {})).error().message ==
          "match: exactly two --engine are needed, got 3");
    auto three = seats(3, 2);
    CHECK(tournament::settle_seats(three, options(false, {}, {})).error().message ==
          "match: --rules players=3: exactly 3 --engine are needed, got 2");
    auto sprt = seats(3, 3);
    CHECK(tournament::settle_seats(sprt, options(false, {}, {"sprt"})).error().message ==
          "--sprt: not for a match of players=3 (a table plays seating groups, from the start "
          "or plies=N openings)");
    auto games = seats(3, 4);
    CHECK(tournament::settle_seats(games, options(true, {"games"}, {})).error().message ==
          "--games: not for a tournament of players=3 (--rounds N: N seating groups per table)");
    auto few = seats(4, 3);
    CHECK(tournament::settle_seats(few, options(true, {}, {})).error().message ==
          "--engine: a tournament of players=4 needs at least 4 engines, got 3");
    auto rounds = seats(3, 4);
    CHECK(tournament::settle_seats(rounds, options(true, {}, {"rounds", "shard"})));
}

TEST_CASE("a run of tables is checked before anything as a 2-seat run is", "[tournament][table]") {
    auto d = seats(3, 3);
    d.format = tournament::Format::Match;
    d.games = 6;
    for (auto& e : d.engines) e.command = "/nonexistent/engine";
    const auto checked = tournament::check_table_run(d, "", 1);
    REQUIRE_FALSE(checked);
    CHECK(checked.error().message == tournament::check_engines(d).error().message);
}
