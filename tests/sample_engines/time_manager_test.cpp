#include <catch2/catch.hpp>

#include "kit/time_manager.hpp"

using namespace std::chrono_literals;
using oaq::kit::Milliseconds;
using oaq::kit::TimeManager;
using oaq::protocol::Go;
using oaq::rules::Side;

TEST_CASE("movetime leaves a small margin and soft equals hard", "[kit][time]") {
    Go go;
    go.movetime = 1000ms;
    const auto limits = TimeManager{}.limits(go, Side::South);
    REQUIRE(limits.hard_time);
    CHECK(*limits.hard_time == 940ms);  // 1000 - 10 - 1000/20
    CHECK(limits.soft_time == limits.hard_time);
    CHECK_FALSE(limits.infinite);

    go.movetime = 100ms;
    CHECK(*TimeManager{}.limits(go, Side::North).hard_time == 85ms);
    go.movetime = 10ms;
    CHECK(*TimeManager{}.limits(go, Side::North).hard_time == 5ms);  // never less than half
    go.movetime = 1ms;
    CHECK(*TimeManager{}.limits(go, Side::North).hard_time == 1ms);
}

TEST_CASE("the clock of the side to move gives a soft and a hard limit", "[kit][time]") {
    Go go;
    go.time[0] = 60000ms;
    go.time[1] = 10000ms;
    go.inc[0] = 1000ms;
    go.inc[1] = 0ms;
    const TimeManager tm;
    const auto south = tm.limits(go, Side::South);
    CHECK(*south.soft_time == 60000ms / 25 + 800ms);
    CHECK(*south.hard_time == 3 * *south.soft_time);
    const auto north = tm.limits(go, Side::North);
    CHECK(*north.soft_time == 400ms);
    CHECK(*north.hard_time == 1200ms);
    CHECK_FALSE(north.infinite);
}

TEST_CASE("a nearly empty clock is never overspent", "[kit][time]") {
    Go go;
    go.time[0] = 100ms;
    go.inc[0] = 2000ms;  // a large increment must not push the budget past the clock
    const auto limits = TimeManager{}.limits(go, Side::South);
    CHECK(*limits.hard_time <= 70ms);
    CHECK(*limits.soft_time <= *limits.hard_time);

    go.time[0] = 20ms;
    const auto tiny = TimeManager{}.limits(go, Side::South);
    CHECK(*tiny.hard_time <= 10ms);  // at most half the clock once the safety margin is more
    CHECK(*tiny.hard_time >= 1ms);
    go.time[0] = 0ms;
    CHECK(*TimeManager{}.limits(go, Side::South).hard_time == 1ms);
}

TEST_CASE("depth, nodes and infinite pass through, and no limit at all means infinite",
          "[kit][time]") {
    Go go;
    go.depth = 7;
    go.nodes = 5000;
    auto limits = TimeManager{}.limits(go, Side::South);
    CHECK(limits.depth == 7);
    CHECK(limits.nodes == 5000u);
    CHECK_FALSE(limits.hard_time);
    CHECK_FALSE(limits.infinite);

    CHECK(TimeManager{}.limits(Go{}, Side::South).infinite);
    Go only_north_clock;
    only_north_clock.time[1] = 1000ms;
    CHECK(TimeManager{}.limits(only_north_clock, Side::South).infinite);
}

TEST_CASE("with movetime and a clock together the smaller budget wins", "[kit][time]") {
    Go go;
    go.movetime = 1000ms;
    go.time[0] = 5000ms;
    const auto limits = TimeManager{}.limits(go, Side::South);
    CHECK(*limits.soft_time == 200ms);  // 5000 / 25
    CHECK(*limits.hard_time == 600ms);  // 3 x soft, below the movetime budget of 940
    go.time[0] = 100000ms;
    CHECK(*TimeManager{}.limits(go, Side::South).hard_time == 940ms);
}

TEST_CASE(
    "a sudden-death clock is spread over more moves as the game goes on, never past the limit",
    "[kit][time]") {
    using oaq::kit::GameProgress;
    using oaq::kit::moves_to_go;
    CHECK(moves_to_go(25, {}, 0ms) == 25);
    CHECK(moves_to_go(25, {100, 200, 2}, 0ms) == 25 + 25);  // 50 own moves played: 25 more
    CHECK(moves_to_go(25, {100, std::nullopt, 2}, 0ms) == 50);
    CHECK(moves_to_go(25, {100, 200, 2}, 100ms) == 25);  // an increment keeps the clock up
    // The engine's own moves left: of 3 plies, this one and the one after next.
    CHECK(moves_to_go(25, {297, 3, 2}, 100ms) == 2);
    CHECK(moves_to_go(25, {299, 1, 2}, 0ms) == 1);
    CHECK(moves_to_go(25, {300, 0, 2}, 0ms) == 1);
    // Four seats: 16 own moves played, and of 10 plies left 3 are the engine's.
    CHECK(moves_to_go(25, {64, std::nullopt, 4}, 0ms) == 25 + 8);
    CHECK(moves_to_go(25, {64, 10, 4}, 0ms) == 3);

    Go go;
    go.time[1] = 10000ms;
    go.inc[1] = 0ms;
    const TimeManager tm;
    CHECK(*tm.limits(go, Side::North).soft_time == 400ms);
    const auto late = tm.limits(go, Side::North, GameProgress{101, 199, 2});
    CHECK(*late.soft_time == 10000ms / 50);
    CHECK(*late.hard_time == 3 * *late.soft_time);
    const auto seat = tm.limits(go, 1, GameProgress{101, 199, 2});
    CHECK(*seat.soft_time == *late.soft_time);
}
