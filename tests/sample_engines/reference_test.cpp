#include <catch2/catch.hpp>

#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "reference/bench.hpp"
#include "reference/compiled_rules.hpp"
#include "reference/reference_engine.hpp"
#include "reference/search.hpp"
#include "reference/time_plan.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace ref = oaq::engines::reference;
using oaq::engines::ReferenceEngine;
using oaq::kit::SearchControl;
using oaq::kit::SearchLimits;
using oaq::kit::SearchRequest;
using oaq::rules::Move;
using oaq::rules::Position;
using oaq::rules::Rules;

namespace {

Rules rules_of(const std::string& text) {
    auto r = oaq::rules::parse_rules(text);
    REQUIRE(r);
    return *r;
}

Position position_of(const std::string& text, const Rules& rules) {
    auto p = oaq::rules::parse_position(text, rules);
    REQUIRE(p);
    return *p;
}

SearchLimits depth_limit(int depth) {
    SearchLimits limits;
    limits.depth = depth;
    return limits;
}

Move think(ReferenceEngine& engine, const Rules& rules, const Position& pos,
           const std::vector<Position>& history, const SearchLimits& limits, int ply_limit = 300) {
    std::atomic<bool> stop{false};
    SearchRequest request{rules, pos, history, limits, ply_limit};
    SearchControl control(limits, stop, {});
    return engine.search(request, control);
}

// Every preset, and overrides that no preset names (these run on the run-time fallback).
const std::vector<std::string>& rule_sets() {
    static const std::vector<std::string> sets = {
        "standard",
        "stop-after-capture",
        "quan-non",
        "quan5",
        "no-empty-gap",
        "village",
        "standard,chain=no",
        "standard,direction=ccw,quan_non=3",
        "village,after_capture=relay,end=mandarins_empty",
        "stop-after-capture,empty_quan_gap=no,quan_value=5"};
    return sets;
}

// Positions from seeded random playouts under `rules`, none finished.
std::vector<Position> random_positions(const Rules& rules, std::uint64_t seed, int count) {
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Position pos = oaq::rules::start_position(rules);
        while (!pos.is_over() && static_cast<int>(out.size()) < count) {
            if (rng() % 3 == 0) out.push_back(pos);
            const auto moves = oaq::rules::legal_moves(pos, rules);
            pos =
                oaq::rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("the presets' move rules are compiled in and everything else falls back",
          "[reference][rules]") {
    CHECK(ref::compiled_index(rules_of("standard")) == 0);
    CHECK(ref::compiled_index(rules_of("quan5")) == 0);  // same moves, another score
    CHECK(ref::compiled_index(rules_of("stop-after-capture")) == 1);
    CHECK(ref::compiled_index(rules_of("quan-non")) == 2);
    CHECK(ref::compiled_index(rules_of("standard,quan_non=3")) == 2);
    CHECK(ref::compiled_index(rules_of("no-empty-gap")) == 3);
    CHECK(ref::compiled_index(rules_of("village")) == 4);
    CHECK(ref::compiled_index(rules_of("standard,chain=no")) == -1);
    CHECK(ref::compiled_index(rules_of("standard,direction=cw")) == -1);
}

TEST_CASE("compiled and run-time rules play the same positions under every rule set",
          "[reference][rules]") {
    const std::string text = GENERATE(from_range(rule_sets()));
    INFO(text);
    const Rules rules = rules_of(text);
    for (const Position& pos : random_positions(rules, 17, 300)) {
        for (const Move m : oaq::rules::legal_moves(pos, rules)) {
            const Position expected = oaq::rules::play(pos, m, rules);
            for (const bool compiled : {true, false}) {
                ref::with_compiled_rules(rules, compiled, [&](const auto& r) {
                    CHECK((m.direction == oaq::rules::Direction::L ? r.left() : r.right()));
                    const Position got = m.direction == oaq::rules::Direction::R
                                             ? r.template play<1>(pos, m.square)
                                             : r.template play<-1>(pos, m.square);
                    CHECK(got == expected);
                });
            }
        }
    }
}

TEST_CASE("compiled and run-time rules search the same tree under every rule set",
          "[reference][search]") {
    const std::string text = GENERATE(from_range(rule_sets()));
    INFO(text);
    const Rules rules = rules_of(text);
    for (const Position& pos : random_positions(rules, 5, 4)) {
        INFO(oaq::rules::to_string(pos));
        ReferenceEngine compiled;
        ReferenceEngine fallback;
        fallback.search_options().compiled = false;
        const Move a = think(compiled, rules, pos, {}, depth_limit(7));
        const Move b = think(fallback, rules, pos, {}, depth_limit(7));
        CHECK(a == b);
        CHECK(compiled.last().nodes == fallback.last().nodes);
        CHECK(compiled.last().score == fallback.last().score);
        CHECK(compiled.last().compiled == (ref::compiled_index(rules) >= 0));
        CHECK_FALSE(fallback.last().compiled);
    }
}

TEST_CASE("the reference engine plays only legal moves in random positions under every rule set",
          "[reference][search]") {
    const std::string text = GENERATE(from_range(rule_sets()));
    INFO(text);
    const Rules rules = rules_of(text);
    ReferenceEngine engine;
    for (const Position& pos : random_positions(rules, 99, 40)) {
        INFO(oaq::rules::to_string(pos));
        SearchLimits limits;
        limits.nodes = 3000;
        CHECK(oaq::rules::is_legal(pos, think(engine, rules, pos, {}, limits), rules));
        CHECK(oaq::rules::is_legal(pos, think(engine, rules, pos, {}, depth_limit(3)), rules));
    }
}

TEST_CASE("the bench signature is stable", "[reference][bench]") {
    const ref::BenchResult a = ref::run_bench(8, nullptr);
    const ref::BenchResult b = ref::run_bench(8, nullptr);
    CHECK(a.nodes == b.nodes);
    CHECK(a.nodes > 0);
}

namespace {

// South toggles one citizen between S1 and S2, North between N1 and N2; nothing is ever
// captured. P0 -1R-> P1 -1R-> P2 -2L-> P3 -2L-> P0.
struct Cycle {
    Rules rules = rules_of("standard");
    std::vector<Position> line;  // P0 P1 P2 P3 P0 P1 P2 P3 ...

    explicit Cycle(const std::string& stores) {
        Position p = position_of("Q0,1,0,0,0,0,Q0,1,0,0,0,0 S " + stores + " 0 0", rules);
        const Move moves[4] = {{1, oaq::rules::Direction::R},
                               {1, oaq::rules::Direction::R},
                               {2, oaq::rules::Direction::L},
                               {2, oaq::rules::Direction::L}};
        for (int i = 0; i < 8; ++i) {
            line.push_back(p);
            p = oaq::rules::play(p, moves[i % 4], rules);
        }
    }
};

}  // namespace

TEST_CASE("repetition: the side ahead repeats, the side behind avoids it",
          "[reference][repetition]") {
    // The root is P3 (second time), North to move: 2L gives P0 a third time, which ends the game
    // and settles (21-29 or 29-21).
    const Move repeat{2, oaq::rules::Direction::L};
    SECTION("North ahead takes the repetition") {
        Cycle c("20+0 28+0");
        const std::vector<Position> history(c.line.begin(), c.line.begin() + 7);
        ReferenceEngine engine;
        CHECK(think(engine, c.rules, c.line[7], history, depth_limit(6)) == repeat);
        CHECK(engine.last().score == ref::kWin - 1);
    }
    SECTION("North behind avoids it") {
        Cycle c("28+0 20+0");
        const std::vector<Position> history(c.line.begin(), c.line.begin() + 7);
        ReferenceEngine engine;
        CHECK_FALSE(think(engine, c.rules, c.line[7], history, depth_limit(6)) == repeat);
        CHECK(engine.last().score > -ref::kWin + 1);
    }
    SECTION("without the earlier occurrences nothing ends") {
        Cycle c("28+0 20+0");
        ReferenceEngine engine;
        think(engine, c.rules, c.line[3], {}, depth_limit(1));
        CHECK_FALSE(ref::is_proven(engine.last().score));
    }
}

TEST_CASE("the ply limit ends the game and settles within the search", "[reference][ply-limit]") {
    Cycle c("28+0 20+0");
    ReferenceEngine engine;
    // One ply before the limit every move ends the game: South is ahead 29-21 whatever it plays.
    const std::vector<Position> history(c.line.begin(), c.line.begin() + 4);
    think(engine, c.rules, c.line[4], history, depth_limit(4), 5);
    CHECK(engine.last().score == ref::kWin - 1);
    // With no limit (0) nothing is proven at this depth.
    think(engine, c.rules, c.line[4], history, depth_limit(1), 0);
    CHECK_FALSE(ref::is_proven(engine.last().score));
}

TEST_CASE("the time plan never starts an iteration it expects to overrun", "[reference][time]") {
    using namespace std::chrono_literals;
    SECTION("movetime: the whole budget, but no iteration that would pass it") {
        SearchLimits limits;
        limits.soft_time = limits.hard_time = 100ms;
        ref::TimePlan plan(limits, 10);
        CHECK(plan.may_start(1, 0ms, false));
        plan.iteration_done(1, 0, {1, oaq::rules::Direction::L}, 2ms);
        plan.iteration_done(2, 0, {1, oaq::rules::Direction::L}, 6ms);   // 4 ms, growth ~2
        plan.iteration_done(3, 0, {1, oaq::rules::Direction::L}, 18ms);  // 12 ms, growth ~2.5
        CHECK(plan.may_start(4, 18ms, false));  // ~30 ms more: ends at ~48 ms
        plan.iteration_done(4, 0, {1, oaq::rules::Direction::L}, 48ms);  // 30 ms
        CHECK_FALSE(plan.may_start(5, 48ms, false));  // ~75 ms more would pass 100 ms
        CHECK_FALSE(plan.may_start(2, 1ms, true));    // stop
    }
    SECTION("a clock: the soft limit stretched by an unstable best move") {
        SearchLimits limits;
        limits.soft_time = 100ms;
        limits.hard_time = 300ms;
        ref::TimePlan stable(limits, 10);
        ref::TimePlan unstable(limits, 10);
        for (int d = 1; d <= 6; ++d) {
            const auto at = std::chrono::milliseconds(2 * d);
            stable.iteration_done(d, 0, {1, oaq::rules::Direction::L}, at);
            unstable.iteration_done(
                d, 0, {static_cast<std::uint8_t>(d % 2 + 1), oaq::rules::Direction::L}, at);
        }
        CHECK(stable.target() < 100ms);
        CHECK(unstable.target() > 100ms);
        CHECK(unstable.target() <= 300ms);
    }
    SECTION("a forced move is not searched past the first iteration") {
        SearchLimits limits;
        limits.soft_time = 100ms;
        limits.hard_time = 300ms;
        ref::TimePlan plan(limits, 1);
        CHECK(plan.may_start(1, 0ms, false));
        CHECK_FALSE(plan.may_start(2, 0ms, false));
    }
    SECTION("depth and nodes searches are not timed") {
        ref::TimePlan plan(depth_limit(3), 10);
        CHECK_FALSE(plan.is_timed());
        CHECK(plan.may_start(3, 1h, false));
        CHECK_FALSE(plan.may_start(4, 0ms, false));
    }
}
