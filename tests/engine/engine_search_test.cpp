// EngineSession::search against a scripted fake process and a manual clock (fake_process.hpp):
// the deadline (stop, then the grace: protocol-spec 7), searches without one (the stall timeout),
// bestmove lines that cannot be read (protocol violations), ignored lines, info merging and
// floods. Elapsed times are exact: the manual clock moves only to what the engine was scripted to
// do, or to a deadline.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
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

namespace {

// A session with a 50 ms stop grace whose `go movetime 100` (deadline 100 ms) is given no
// bestmove: it must be a time forfeit after exactly 150 ms. Returns the failure's detail.
std::string forfeit_detail(FakeHost& fake, EngineSession& s) {
    REQUIRE(s.prepare(kStandard, kPlies));
    auto r = s.search(kStart, movetime(100), 100ms);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::TimeForfeit);
    CHECK(r.error().elapsed == 150ms);
    CHECK(fake.last().heard.back() == "stop");
    return r.error().detail;
}

EngineConfig with_short_grace() {
    auto c = fake_engine_config();
    c.stop_grace = 50ms;
    return c;
}

}  // namespace

TEST_CASE("a bestmove before the deadline comes back with its think time and gets no stop",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine(60ms));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
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
    REQUIRE(s.prepare(kStandard, kPlies));
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
    EngineSession s(with_short_grace(), fake.host());
    CHECK(forfeit_detail(fake, s) == "no bestmove 100 ms after go, nor 50 ms after stop");
    expect_killed(s, fake);
}

TEST_CASE("go infinite with a deadline gets stop and its bestmove comes back at the deadline",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
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
        REQUIRE(s.prepare(kStandard, kPlies));
        auto r = s.search(kStart, depth(30), std::nullopt);
        REQUIRE(r);
        CHECK(r->elapsed == 59s);
        CHECK_FALSE(heard(fake.last(), "stop"));
    }
    SECTION("no answer") {
        FakeHost fake(engine_with("go", silent));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
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
    REQUIRE(s.prepare(kStandard, kPlies));
    auto r = s.search(pos, movetime(10), 60ms);
    REQUIRE(r);
    CHECK(r->move == "1L");  // S1 is empty: illegal, but well-formed
    CHECK(s.state() == SessionState::Idle);
}

TEST_CASE("a bestmove that cannot be read is a protocol violation naming the line and the cause",
          "[engine][session]") {
    using Case = std::pair<std::string, std::string>;  // what the engine writes, the detail
    const std::string overlong = "bestmove " + std::string(20000, 'x') + "\n";
    const std::string not_a_move =
        " is not a move: a move is <1-5><L|R>, the mover's own square counted from his left, then "
        "L or R";
    auto [written, detail] = GENERATE_COPY(table<std::string, std::string>({
        Case{"bestmove\n", "bestmove: bestmove without a move"},
        Case{"bestmove 6L\n", "bestmove 6L: \"6L\"" + not_a_move},
        Case{"bestmove 1l\n", "bestmove 1l: \"1l\"" + not_a_move + " (L and R are capitals)"},
        Case{"bestmove 12L\n", "bestmove 12L: \"12L\"" + not_a_move},
        // North numbering its squares as pits: the likely mistake is named.
        Case{"bestmove 7R\n",
             "bestmove 7R: \"7R\"" + not_a_move + " (North's squares are 1-5 too, not pits 7-11)"},
        Case{overlong, overlong.substr(0, 200) + "...: a bestmove line longer than the 16384-byte "
                                                 "limit"},
        Case{"bestmove 1", "bestmove 1: bestmove cut off by the end of the engine's output"},
    }));
    FakeHost fake(engine_with("go", [written = written](Reply& r) {
        r.say("info depth 1").write(written).exit({false, 0});
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
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
    REQUIRE(s.prepare(kStandard, kPlies));
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
    REQUIRE(s.prepare(kStandard, kPlies));
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
    REQUIRE(s.prepare(kStandard, kPlies));
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
    REQUIRE(s.prepare(kStandard, kPlies));
    long infos = 0;
    auto r = s.search(kStart, movetime(10), 60ms, [&](const oaq::protocol::Info&) { ++infos; });
    REQUIRE(r);
    CHECK(infos == 20001);
}

TEST_CASE("an engine flooding info lines without end still meets its deadline",
          "[engine][session]") {
    // The deadline is checked before every line, not only when the pipe runs dry.
    FakeHost fake(engine_with("go", [](Reply& r) { r.flood("info depth 1", 10us); }));
    EngineSession s(with_short_grace(), fake.host());
    forfeit_detail(fake, s);
}

// protocol-spec 4.3 and 5.6: position, isready and go leave in one write, and every line before
// that readyok belongs to the past, so a second bestmove is never played later, nor, when it
// cannot be read, taken for a violation.
TEST_CASE("a stray second bestmove for one go is never taken as the answer to the next search",
          "[engine][session]") {
    const std::string stray = GENERATE(as<std::string>{}, "bestmove 5R", "bestmove");
    FakeHost fake(engine_with("go", [stray](Reply& r) {
        answer(r, first_legal_move(game_heard(r.heard())));
        r.say(stray);
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    REQUIRE(s.search(kStart, movetime(10), 60ms));
    auto second = s.search(PositionCommand{std::nullopt, {"1L"}}, movetime(10), 60ms);
    REQUIRE(second);
    CHECK(second->move == "1L");
    CHECK(s.stray_bestmoves() == 1);
    CHECK(s.warnings().back().rfind("ignored line \"" + stray + "\": a bestmove before the readyok",
                                    0) == 0);
    // Every search is fenced: the third answer is the third search's, not the second's stray.
    auto third = s.search(PositionCommand{std::nullopt, {"1L", "1L"}}, movetime(10), 60ms);
    REQUIRE(third);
    CHECK(third->move == "1L");
    CHECK(s.stray_bestmoves() == 2);
}

TEST_CASE("the search's time runs from the one write, and includes the engine's readyok",
          "[engine][session]") {
    // protocol-spec 7: an engine slow to answer the isready before go is charged for it.
    FakeHost fake(well_behaved_engine(40ms));
    fake.engine.on["isready"] = [](Reply& r) { r.after(30ms).say("readyok"); };
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    auto r = s.search(kStart, movetime(100), 150ms);
    REQUIRE(r);
    // The fake reads go as soon as isready (readyok is scheduled, not waited for): 40 ms of
    // thinking, while the readyok lands at 30 ms.
    CHECK(r->elapsed == 40ms);
    CHECK(fake.last().writes.back() == "position startpos\nisready\ngo movetime 100");
}

TEST_CASE("an engine that never answers the isready of a search loses as if it never moved",
          "[engine][session]") {
    // Its bestmove comes before any readyok, so it belongs to the past: the search times out.
    auto answered = std::make_shared<int>(0);
    FakeHost fake(engine_with("isready", [answered](Reply& r) {
        if ((*answered)++ == 0) r.say("readyok");  // only prepare's
    }));
    EngineSession s(with_short_grace(), fake.host());
    CHECK(forfeit_detail(fake, s) ==
          "no bestmove 100 ms after go, nor 50 ms after stop; no readyok either for the isready "
          "before go");
    CHECK(s.stray_bestmoves() == 1);
}

TEST_CASE("a search that receives nothing at all names the unflushed output", "[engine][session]") {
    // It answers the isready of prepare, then never writes again.
    FakeHost mute(engine_with("isready", [n = 0](Reply& r) mutable {
        if (n++ == 0) r.say("readyok");
    }));
    mute.engine.on["go"] = silent;
    EngineSession quiet(fake_engine_config(), mute.host());
    REQUIRE(quiet.prepare(kStandard, kPlies));
    auto r = quiet.search(kStart, depth(3), std::nullopt);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Stall);
    CHECK(r.error().detail ==
          "no bestmove within 60000 ms; no readyok either for the isready before go: nothing at "
          "all received; is the engine's output flushed after every line?");
}
