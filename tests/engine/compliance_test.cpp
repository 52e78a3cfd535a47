// The compliance checker (`oaq check-engine`) against scripted fake engines: a correct engine
// passes every step; each misbehaviour fails the step that covers it, and the check still reports
// the other steps. The real sample engines and the test engine go through it in
// tests/integration/referee_test.py.
#include "engine/compliance.hpp"

#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <memory>

#include "fake_engines.hpp"
#include "fake_process.hpp"
#include "rules/turn.hpp"

using namespace oaq::engine;
using namespace oaq::engine::test;
using namespace std::chrono_literals;

namespace {

std::vector<ComplianceStep> check(FakeHost& fake, const std::string& rules = "standard") {
    return run_compliance_check(fake_engine_config(), rules, nullptr, fake.host());
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

// A well-formed move that is not legal in the position heard, else the first legal move.
std::string first_illegal_move(const HeardGame& game) {
    auto legal = oaq::rules::legal_moves(game.position, game.rules);
    for (const char* token : {"1L", "1R", "2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"}) {
        if (!legal.contains(*oaq::rules::parse_move(token))) return token;
    }
    return first_legal_move(game);
}

}  // namespace

TEST_CASE("a compliant engine passes every step", "[engine][compliance]") {
    auto rules = GENERATE(as<std::string>{}, "standard", "village", "quan-non");
    FakeHost fake(well_behaved_engine(5ms));
    auto steps = check(fake, rules);
    CHECK(failed(steps) == std::vector<std::string>{});
    CHECK(steps.size() >= 13);
    CHECK(fake.launches() == 1);
    CHECK(fake.last().heard.back() == "quit");
}

TEST_CASE("an engine that never sends ugiok fails the handshake and the rest is skipped",
          "[engine][compliance]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) { r.say("id name mute"); }));
    auto steps = check(fake);
    REQUIRE(steps.size() == 2);
    CHECK(steps[0].reason == "stall: no ugiok within 10000 ms");
    CHECK(steps[1].name == "remaining steps");
    CHECK(steps[1].reason == "skipped: no handshake");
    CHECK(fake.launches() == 1);
}

TEST_CASE("an illegal mover fails the search steps with the reason", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["go"] = [](Reply& r) {
        if (r.line().find("infinite") == std::string::npos)
            answer(r, first_illegal_move(game_heard(r.heard())));
    };
    engine.on["stop"] = [](Reply& r) { answer(r, first_illegal_move(game_heard(r.heard()))); };
    FakeHost fake(engine);
    auto steps = check(fake);
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
    CHECK_FALSE(failed_step_starts_with(steps, "position startpos"));  // all 10 moves are legal
    CHECK_FALSE(failed_step_starts_with(steps, "handshake"));
}

TEST_CASE("each misbehaviour fails its own step", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    std::string rules = "standard";
    std::string expected;
    SECTION("no Rules option under non-standard rules: the rest runs under standard rules") {
        engine.on["ugi"] = [](Reply& r) { r.say("id name plain").say("ugiok"); };
        rules = "village";
        expected = "Rules option";
    }
    SECTION("ignoring quit") {
        engine.on["quit"] = [](Reply&) {};
        expected = "quit";
    }
    SECTION("an option declared with a default outside its range") {
        engine.on["ugi"] = [](Reply& r) {
            r.say("id name sloppy")
                .say("option name Hash type spin default 2000 min 1 max 1024")
                .say("ugiok");
        };
        expected = "declared options are well-formed";
    }
    SECTION("go infinite answered before stop") {
        engine.on["go"] = [](Reply& r) { answer(r, first_legal_move(game_heard(r.heard()))); };
        expected = "go infinite";
    }
    FakeHost fake(engine);
    auto steps = check(fake, rules);
    INFO(steps.size() << " steps");
    REQUIRE(failed(steps).size() == 1);
    CHECK(failed_step_starts_with(steps, expected));
}

TEST_CASE("a slow thinker fails the timed steps but not go infinite", "[engine][compliance]") {
    FakeHost fake(well_behaved_engine(600ms));
    auto steps = check(fake);
    CHECK(failed_step_starts_with(steps, "position startpos + go movetime"));
    CHECK_FALSE(failed_step_starts_with(steps, "go infinite"));
    CHECK_FALSE(failed_step_starts_with(steps, "go depth"));
}

TEST_CASE("a crash fails its step only: the engine is restarted for the next ones",
          "[engine][compliance]") {
    auto first_search_crashes = std::make_shared<bool>(true);  // shared by every process
    auto engine = well_behaved_engine();
    engine.on["go"] = [crash = first_search_crashes, go = engine.on["go"]](Reply& r) {
        if (*crash)
            r.exit({true, SIGABRT});
        else
            go(r);
        *crash = false;
    };
    FakeHost fake(engine);
    auto steps = check(fake);
    CHECK(failed(steps) == std::vector<std::string>{"position startpos + go movetime 200 | crash: "
                                                    "signal 6 (SIGABRT)"});
    CHECK(fake.launches() == 2);
}

TEST_CASE("junk lines pass the check but come back as warnings", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["go"] = [go = engine.on["go"]](Reply& r) {
        r.say("hello referee").say("info depth nonsense");
        go(r);
    };
    FakeHost fake(engine);
    auto c = fake_engine_config();
    c.options = {{"NoSuchOption", "1"}};
    std::vector<std::string> warnings;
    auto steps = run_compliance_check(c, "standard", &warnings, fake.host());
    CHECK(failed(steps) == std::vector<std::string>{});
    REQUIRE(warnings.size() >= 3);
    CHECK(warnings[0] == "option \"NoSuchOption\" is not declared by the engine; not sent");
    CHECK(warnings[1].rfind("ignored line \"hello referee\"", 0) == 0);
}
