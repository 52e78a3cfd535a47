#include <catch2/catch.hpp>

#include <atomic>

#include "kit/search_control.hpp"

using namespace std::chrono_literals;
using oaq::kit::Clock;
using oaq::kit::SearchControl;
using oaq::kit::SearchLimits;

TEST_CASE("the node limit and stop end a search and stay ended", "[kit][control]") {
    std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.nodes = 100;
    SearchControl control(limits, stop, {});
    CHECK_FALSE(control.should_stop(99));
    CHECK(control.should_stop(100));
    CHECK(control.should_stop(0));

    SearchControl unlimited(SearchLimits{}, stop, {});
    CHECK_FALSE(unlimited.should_stop(1'000'000));
    stop = true;
    CHECK(unlimited.should_stop(0));
    CHECK(unlimited.stop_requested());
    CHECK_FALSE(unlimited.may_start_iteration(1));
}

TEST_CASE("iterations stop at the depth limit and after the soft time", "[kit][control]") {
    std::atomic<bool> stop{false};
    SearchLimits limits;
    limits.depth = 3;
    SearchControl control(limits, stop, {});
    CHECK(control.may_start_iteration(3));
    CHECK_FALSE(control.may_start_iteration(4));

    SearchLimits timed;
    timed.soft_time = 50ms;
    timed.hard_time = 200ms;
    // A start one minute ago stands in for a clock that has run: nothing sleeps.
    SearchControl late(timed, stop, {}, Clock::now() - 1min);
    CHECK_FALSE(late.may_start_iteration(2));
    bool stopped = false;
    for (std::uint32_t i = 0; i < SearchControl::kClockInterval && !stopped; ++i)
        stopped = late.should_stop(i);
    CHECK(stopped);

    SearchControl early(timed, stop, {}, Clock::now() + 1min);
    CHECK(early.may_start_iteration(2));
}

TEST_CASE("info fills in time and nps from the node count", "[kit][control]") {
    std::atomic<bool> stop{false};
    oaq::protocol::Info seen;
    SearchControl control(
        SearchLimits{}, stop, [&](const oaq::protocol::Info& i) { seen = i; }, Clock::now() - 2s);
    oaq::protocol::Info info;
    info.depth = 4;
    info.nodes = 2000;
    control.info(info);
    REQUIRE(seen.time);
    CHECK(*seen.time >= 2000ms);
    REQUIRE(seen.nps);
    // nodes per second of the reported time (to the millisecond), whatever the machine's speed.
    const auto ms = static_cast<std::uint64_t>(seen.time->count());
    CHECK(*seen.nps <= 1000);
    CHECK(*seen.nps >= 2000 * 1000 / (ms + 1));
    control.info_string("hello");
    CHECK(seen.string == "hello");
}
