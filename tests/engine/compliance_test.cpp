// The compliance checker against the test engine: a good engine passes every step; each
// misbehaviour fails the step that covers it, and the check still reports the other steps.
#include "engine/compliance.hpp"

#include <catch2/catch.hpp>
#include <chrono>

#include "engine/engine_process.hpp"
#include "process_check.hpp"

using namespace oaq::engine;
using namespace std::chrono_literals;

namespace {

std::vector<ComplianceStep> check(std::vector<std::string> args,
                                  const std::string& rules = "standard") {
    auto c = test::test_engine_config(std::move(args));
    c.handshake_timeout = 1s;
    return run_compliance_check(c, rules);
}

std::vector<std::string> failed(const std::vector<ComplianceStep>& steps) {
    std::vector<std::string> names;
    for (const auto& s : steps)
        if (!s.passed) names.push_back(s.name + " | " + s.reason);
    return names;
}

bool failed_step_starts_with(const std::vector<ComplianceStep>& steps, const std::string& prefix) {
    for (const auto& s : steps)
        if (!s.passed && s.name.rfind(prefix, 0) == 0) return true;
    return false;
}

}  // namespace

TEST_CASE("a compliant engine passes every step", "[engine][compliance]") {
    for (const char* rules : {"standard", "village", "quan-non"}) {
        INFO(rules);
        auto steps = check({}, rules);
        CHECK(failed(steps) == std::vector<std::string>{});
        CHECK(steps.size() >= 13);
    }
    CHECK(test::children() == 0);
    CHECK(live_engine_count() == 0);
}

TEST_CASE("an illegal mover fails the search steps with the reason", "[engine][compliance]") {
    auto steps = check({"--illegal-move"});
    bool saw_illegal = false;
    for (const auto& s : steps) {
        if (!s.passed) {
            INFO(s.name << ": " << s.reason);
            CHECK(s.reason.rfind("illegal move ", 0) == 0);
            saw_illegal = true;
        }
    }
    CHECK(saw_illegal);
    CHECK(failed_step_starts_with(steps, "position fen <mid-game>"));
    CHECK_FALSE(failed_step_starts_with(steps, "handshake"));
}

TEST_CASE("each misbehaviour fails its own step", "[engine][compliance]") {
    SECTION("no Rules option under non-standard rules") {
        auto steps = check({"--no-rules-option"}, "village");
        CHECK(failed_step_starts_with(steps, "Rules option"));
        CHECK(failed(steps).size() == 1);  // the rest is checked under standard rules
    }
    SECTION("ignoring quit") {
        auto steps = check({"--ignore-quit"});
        REQUIRE(failed(steps).size() == 1);
        CHECK(failed_step_starts_with(steps, "quit"));
    }
    SECTION("no ugiok: the handshake fails and the rest is skipped") {
        auto steps = check({"--no-ugiok"});
        REQUIRE(steps.size() == 2);
        CHECK(steps[0].reason == "stall: no ugiok within 1000 ms");
    }
    SECTION("a slow thinker fails the timed steps") {
        auto steps = check({"--delay", "600"});
        CHECK(failed_step_starts_with(steps, "position startpos + go movetime"));
        CHECK_FALSE(failed_step_starts_with(steps, "go infinite"));
    }
    CHECK(test::children() == 0);
}

TEST_CASE("junk lines pass the check but come back as warnings", "[engine][compliance]") {
    auto c = test::test_engine_config({"--garbage-before-bestmove"});
    c.options = {{"NoSuchOption", "1"}};
    std::vector<std::string> warnings;
    auto steps = run_compliance_check(c, "standard", &warnings);
    CHECK(failed(steps) == std::vector<std::string>{});
    REQUIRE(warnings.size() >= 2);
    CHECK(warnings[0] == "option \"NoSuchOption\" is not declared by the engine; not sent");
}
