// EngineSession::search against a scripted fake process and a manual clock (fake_process.hpp):
// the deadline (stop, then the grace: protocol-spec 7), searches without one (the stall timeout),
// bestmove lines that cannot be read (protocol violations), ignored lines, info merging and
// floods. Elapsed times are exact: the manual clock moves only to what the engine was scripted to
// do, or to a deadline.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "engine/engine_session.hpp"
#include "fake_engines.hpp"
#include "fake_process.hpp"
#include "session_fixture.hpp"

using namespace oaq::engine;
using namespace oaq::engine::test;
using namespace std::chrono_literals;
using oaq::game::Termination;
using oaq::protocol::Go;
using oaq::protocol::PositionCommand;

TEST_CASE("a bestmove before the deadline comes back with its think time and gets no stop",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine(60ms));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(100), 150ms);
    REQUIRE(r);
    CHECK(r->elapsed == 60ms);
    CHECK_FALSE(heard(fake.last(), "stop"));
}

TEST_CASE("a bestmove after the deadline but within the stop grace still comes back",
          "[engine][session]") {
    // protocol-spec 7, clock games item 5: the caller decides the time forfeit from the elapsed
    // time.
    FakeHost fake(well_behaved_engine(130ms));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(100), 100ms);
    REQUIRE(r);
    CHECK(r->move == "1L");
    CHECK(r->elapsed == 130ms);
    CHECK(fake.last().heard.back() == "stop");
    CHECK(s.state() == SessionState::Idle);  // the engine is kept
    CHECK(s.pid() == 1000);
}

TEST_CASE("no bestmove by the deadline plus the stop grace is a time forfeit and a kill",
          "[engine][session]") {
    FakeHost fake(engine_with("go", silent));
    auto c = fake_engine_config();
    c.stop_grace = 50ms;
    EngineSession s(c, fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(100), 100ms);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::TimeForfeit);
    CHECK(r.error().detail == "no bestmove 100 ms after go, nor 50 ms after stop");
    CHECK(r.error().elapsed == 150ms);
    CHECK(fake.last().heard.back() == "stop");
    expect_killed(s, fake);
}

TEST_CASE("go infinite with a deadline gets stop and its bestmove comes back at the deadline",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    Go go;
    go.infinite = true;
    auto r = s.search(kStart, go, 50ms);
    REQUIRE(r);
    CHECK(r->elapsed == 50ms);
}

TEST_CASE("a search without a deadline waits the stall timeout, then it is a stall",
          "[engine][session]") {
    SECTION("a slow answer within the stall timeout is fine and gets no stop") {
        FakeHost fake(well_behaved_engine(59s));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard));
        auto r = s.search(kStart, depth(30), std::nullopt);
        REQUIRE(r);
        CHECK(r->elapsed == 59s);
        CHECK_FALSE(heard(fake.last(), "stop"));
    }
    SECTION("no answer") {
        FakeHost fake(engine_with("go", silent));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard));
        Go nodes;
        nodes.nodes = 1000;
        auto r = s.search(kStart, nodes, std::nullopt);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Stall);
        CHECK(r.error().detail == "no bestmove within 60000 ms");
        CHECK(r.error().elapsed == 60s);
        CHECK_FALSE(heard(fake.last(), "stop"));
        expect_killed(s, fake);
    }
}

TEST_CASE("illegal and wrong-side moves come back as played: the caller judges them",
          "[engine][session]") {
    // South's squares 1 and 2 are empty; North's square 1 holds 6.
    PositionCommand pos{std::string("Q1,0,0,6,6,6,Q1,6,0,6,6,6 S 6+0 0+0 0 0"), {}};
    FakeHost fake(engine_with("go", [](Reply& r) { answer(r, "1L"); }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(pos, movetime(10), 60ms);
    REQUIRE(r);
    CHECK(r->move == "1L");  // S1 is empty: illegal, but well-formed
    CHECK(s.state() == SessionState::Idle);
}

TEST_CASE("a bestmove that cannot be read is a protocol violation naming the line",
          "[engine][session]") {
    using Case = std::pair<std::string, std::string>;  // what the engine writes, the detail
    const std::string overlong = "bestmove " + std::string(20000, 'x') + "\n";
    auto [written, detail] = GENERATE_COPY(table<std::string, std::string>({
        Case{"bestmove\n", "bestmove"}, Case{"bestmove 6L\n", "bestmove 6L"},
        Case{"bestmove 1l\n", "bestmove 1l"}, Case{"bestmove 12L\n", "bestmove 12L"},
        Case{overlong, overlong.substr(0, 200)},
        Case{"bestmove 1", "bestmove 1"},  // cut off by the end of the output
    }));
    FakeHost fake(engine_with("go", [written = written](Reply& r) {
        r.say("info depth 1").write(written).exit({false, 0});
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 60ms);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::ProtocolViolation);
    CHECK(r.error().detail == detail);
    CHECK(s.state() == SessionState::Failed);
}

TEST_CASE("junk, blank, unknown and overlong lines during a search are ignored with a warning",
          "[engine][session]") {
    FakeHost fake(engine_with("go", [](Reply& r) {
        r.say("hello referee")
            .say("info depth nonsense")
            .say("bestmovex 1L")
            .say("")
            .say(" \t ")
            .say("readyok")
            .say(std::string(20000, 'x'))
            .say("bestmove 1L");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 60ms);
    REQUIRE(r);
    CHECK(r->move == "1L");
    REQUIRE(s.warnings().size() == 5);
    CHECK(s.warnings()[0].rfind("ignored line \"hello referee\": ", 0) == 0);
    CHECK(s.warnings()[3] == "ignored line \"readyok\": not expected during a search");
    CHECK(s.warnings()[4] == "ignored line \"" + std::string(200, 'x') + "\": line too long");
}

TEST_CASE("an engine ending every line with CR LF is understood without warnings",
          "[engine][session]") {
    FakeEngine crlf;
    crlf.on["ugi"] = [](Reply& r) {
        r.write("id name windows\r\noption name Hash type spin default 1 min 1 max 8\r\nugiok\r\n");
    };
    crlf.on["isready"] = [](Reply& r) { r.write("readyok\r\n"); };
    crlf.on["go"] = [](Reply& r) { r.write("info depth 4 pv 2R\r\nbestmove 2R\r\n"); };
    FakeHost fake(crlf);
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    CHECK(s.identity().id_name == "windows");
    auto r = s.search(kStart, movetime(10), 60ms);
    REQUIRE(r);
    CHECK(r->move == "2R");
    CHECK(r->info.depth == 4);
    CHECK(s.warnings().empty());
}

TEST_CASE("info lines are merged, later fields winning, and each one reaches the callback",
          "[engine][session]") {
    FakeHost fake(engine_with("go", [](Reply& r) {
        r.say("info depth 1 score cp 5 nodes 10 pv 1L 2R")
            .after(5ms)
            .say("info depth 2 nodes 20")
            .say("info string thinking hard")
            .after(5ms)
            .say("bestmove 1L");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    std::vector<oaq::protocol::Info> seen;
    auto r = s.search(kStart, movetime(100), 150ms,
                      [&](const oaq::protocol::Info& info) { seen.push_back(info); });
    REQUIRE(r);
    REQUIRE(seen.size() == 3);
    CHECK(seen[1].depth == 2);
    CHECK_FALSE(seen[1].score);
    CHECK(r->info.depth == 2);
    CHECK(r->info.nodes == 20u);
    CHECK(r->info.score == oaq::protocol::Score{oaq::protocol::Score::Kind::Cp, 5});
    CHECK(r->info.pv == std::vector<std::string>{"1L", "2R"});
    CHECK(r->info.string == "thinking hard");
    CHECK(r->elapsed == 10ms);
}

TEST_CASE("an info flood is consumed and every line reaches the callback", "[engine][session]") {
    FakeHost fake(engine_with("go", [](Reply& r) {
        for (int i = 0; i < 20000; ++i) r.say("info depth " + std::to_string(i % 50 + 1));
        answer(r, "1L");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    long infos = 0;
    auto r = s.search(kStart, movetime(10), 60ms, [&](const oaq::protocol::Info&) { ++infos; });
    REQUIRE(r);
    CHECK(infos == 20001);
}

TEST_CASE("an engine flooding info lines without end still meets its deadline",
          "[engine][session]") {
    // The deadline is checked before every line, not only when the pipe runs dry.
    FakeHost fake(engine_with("go", [](Reply& r) { r.flood("info depth 1", 10us); }));
    auto c = fake_engine_config();
    c.stop_grace = 50ms;
    EngineSession s(c, fake.host());
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(100), 100ms);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::TimeForfeit);
    CHECK(r.error().elapsed == 150ms);
}

// Known gap, planned (the isready-fenced search): the session takes the first bestmove it reads
// as the answer, so a stray second one answers the next search. [!shouldfail] keeps this case
// running until the fix lands; then the tag comes off.
TEST_CASE("a stray second bestmove for one go is never taken as the answer to the next search",
          "[engine][session][!shouldfail]") {
    FakeHost fake(engine_with("go", [](Reply& r) {
        answer(r, first_legal_move(game_heard(r.heard())));
        r.say("bestmove 5R");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard));
    REQUIRE(s.search(kStart, movetime(10), 60ms));
    auto second = s.search(PositionCommand{std::nullopt, {"1L"}}, movetime(10), 60ms);
    REQUIRE(second);
    CHECK(second->move == "1L");
}
