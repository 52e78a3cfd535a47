// The kit's bench (kit/bench.hpp): a node-count signature for every kit engine.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "alphabeta/alphabeta_engine.hpp"
#include "kit/bench.hpp"
#include "random/random_engine.hpp"
#include "session.hpp"

namespace {

TEST_CASE("the kit bench searches every fixed position and its node count is a stable signature",
          "[kit][bench]") {
    oaq::engines::AlphaBetaEngine engine;
    std::ostringstream report;
    const auto first = oaq::kit::run_bench(engine, 3, &report);
    CHECK(first.positions == static_cast<int>(oaq::kit::bench_lines().size()));
    CHECK(first.nodes > 0);
    CHECK(report.str().find("not playable") == std::string::npos);
    CHECK(report.str().find("bench: " + std::to_string(first.nodes) + " nodes, depth 3") !=
          std::string::npos);
    // A fresh game per position: the same engine object gives the same count again, and deeper
    // searches more.
    CHECK(oaq::kit::run_bench(engine, 3, nullptr).nodes == first.nodes);
    CHECK(oaq::kit::run_bench(engine, 4, nullptr).nodes > first.nodes);
}

TEST_CASE("an engine that does not search still has a bench signature, its own node count",
          "[kit][bench]") {
    // oaq-random asks should_stop once per move: one node per position, at any depth.
    oaq::engines::RandomEngine engine(7);
    const auto totals = oaq::kit::run_bench(engine, 3, nullptr);
    CHECK(totals.positions == static_cast<int>(oaq::kit::bench_lines().size()));
    CHECK(totals.nodes == oaq::kit::run_bench(engine, 9, nullptr).nodes);
}

TEST_CASE("a bench line on the protocol input answers with info strings and a bad depth is refused",
          "[kit][bench][loop]") {
    oaq::engines::AlphaBetaEngine engine;
    const auto lines = oaq::test::run_script(engine, "bench 2\nbench x\nquit\n");
    bool summary = false, refused = false;
    for (const auto& line : lines) {
        summary = summary || line.rfind("info string bench: ", 0) == 0;
        refused = refused || line.find("bench takes a depth from 1 to 100") != std::string::npos;
    }
    CHECK(summary);
    CHECK(refused);
}

}  // namespace
