// EngineSession's protocol state machine against a scripted fake process and a manual clock
// (fake_process.hpp), outside the search (engine_search_test.cpp): start, handshake, options and
// Rules, isready, crashes, restarts, shutdown and the protocol log, with a correct engine and with
// each misbehaviour of protocol-spec section 8, giving exactly the right failure kind and detail.
// No process, no sleep: a timeout moves the manual clock, so times are exact.
#include "engine/engine_session.hpp"

#include <signal.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "common/error.hpp"
#include "fake_engines.hpp"
#include "fake_process.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"
#include "session_fixture.hpp"

using namespace oaq::engine;
using namespace oaq::engine::test;
using namespace std::chrono_literals;
using oaq::game::Termination;
using oaq::protocol::Go;
using oaq::protocol::PositionCommand;

TEST_CASE("a well-behaved engine plays a game through the session", "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    EngineSession s(fake_engine_config(), fake.host());
    CHECK(s.state() == SessionState::NotStarted);
    CHECK(fake.launches() == 0);
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(s.state() == SessionState::Idle);
    CHECK(s.pid() == 1000);
    CHECK(s.identity().id_name == "fake-engine");
    CHECK(s.identity().id_author == "oaq");
    REQUIRE(s.identity().options.size() == 3);
    CHECK(s.identity().options[0].name == "Rules");
    REQUIRE(s.new_game());

    int infos = 0;
    auto r = s.search(kStart, movetime(100), 150ms, [&](const oaq::protocol::Info&) { ++infos; });
    REQUIRE(r);
    CHECK(r->move == "1L");
    CHECK(r->elapsed == 0ms);
    CHECK(infos == 1);
    CHECK(r->info.depth == 1);
    CHECK(r->info.pv == std::vector<std::string>{"1L"});
    REQUIRE(s.search(PositionCommand{std::nullopt, {"1L"}}, depth(3), std::nullopt));
    CHECK(s.state() == SessionState::Idle);
    REQUIRE(s.ping());
    s.shutdown();
    CHECK(s.state() == SessionState::Stopped);
    CHECK(s.last_exit() == "exit code 0");
    CHECK_FALSE(s.last_exit_forced());
    s.shutdown();  // idempotent

    CHECK(fake.launches() == 1);
    CHECK(fake.last().heard ==
          std::vector<std::string>{"ugi", "isready", "uginewgame", "isready", "position startpos",
                                   "isready", "go movetime 100", "position startpos moves 1L",
                                   "isready", "go depth 3", "isready", "quit"});
    // position, isready and go leave in one write (protocol-spec 4.3): the think time starts when
    // all three are written.
    CHECK(fake.last().writes[4] == "position startpos\nisready\ngo movetime 100");
    CHECK(fake.clock.elapsed() == 0ms);  // nothing had to wait
}

TEST_CASE("the process is started from the configured command, arguments, directory and logs",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    auto c = fake_engine_config();
    c.engine.args = {"--hash", "64"};
    c.engine.dir = "/tmp";
    c.engine.env = {{"OAQ_X", "1"}};
    c.engine.stderr_log = "/tmp/fake.err";
    EngineSession s(c, fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    const ProcessSpec& spec = fake.last().spec;
    CHECK(spec.command == "fake-engine");
    CHECK(spec.args == c.engine.args);
    CHECK(spec.working_dir == "/tmp");
    CHECK(spec.env == c.engine.env);
    CHECK(spec.stderr_log == "/tmp/fake.err");
}

TEST_CASE("an engine that cannot be started throws OaqError from prepare", "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    fake.engine.cannot_start = "cannot start engine: \"fake-engine\" not found in PATH";
    EngineSession s(fake_engine_config(), fake.host());
    CHECK_THROWS_AS(s.prepare(kStandard, kPlies), oaq::OaqError);
}

TEST_CASE("a missing ugiok is a stall after exactly the handshake timeout", "[engine][session]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) { r.say("id name mute"); }));
    EngineSession s(fake_engine_config(), fake.host());
    auto r = s.prepare(kStandard, kPlies);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Stall);
    CHECK(r.error().detail == "no ugiok within 10000 ms (last line received: \"id name mute\")");
    CHECK(fake.clock.elapsed() == 10s);
    expect_killed(s, fake);
}

TEST_CASE("a slow start within the handshake timeout is fine, beyond it a stall",
          "[engine][session]") {
    auto engine = well_behaved_engine();
    engine.on["ugi"] = [ugi = engine.on["ugi"]](Reply& r) { ugi(r.after(300ms)); };
    FakeHost fake(engine);
    auto c = fake_engine_config();
    c.engine.handshake_timeout = 100ms;
    EngineSession impatient(c, fake.host());
    auto r = impatient.prepare(kStandard, kPlies);
    REQUIRE_FALSE(r);
    // Nothing at all came: the likely cause is named (protocol-spec 2: flush after every line).
    CHECK(r.error().detail ==
          "no ugiok within 100 ms: nothing at all received; is the engine's output flushed after "
          "every line?");
    CHECK(fake.clock.elapsed() == 100ms);

    c.engine.handshake_timeout = 2s;
    EngineSession patient(c, fake.host());
    CHECK(patient.prepare(kStandard, kPlies));
    CHECK(fake.clock.elapsed() == 400ms);
}

TEST_CASE("lines before ugiok that are not part of the handshake are ignored",
          "[engine][session]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) {
        r.say("readyok")
            .say("bestmove 1L")
            .say("bestmove")
            .say("id name early")
            .say("id author someone")
            .say("id protocol 1")  // protocol-spec 5.1: must not overwrite the author
            .say("ugiok");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(s.identity().id_name == "early");
    CHECK(s.identity().id_author == "someone");
    // One warning per reason, with the count and the first line.
    CHECK(s.warnings() ==
          std::vector<std::string>{
              "ignored 3 lines (the first: \"readyok\"): not expected before ugiok"});
}

TEST_CASE("an engine flooding garbage during the handshake still stalls on time",
          "[engine][session]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) { r.flood("garbage", 10us); }));
    auto c = fake_engine_config();
    c.engine.handshake_timeout = 100ms;
    EngineSession s(c, fake.host());
    auto r = s.prepare(kStandard, kPlies);
    REQUIRE_FALSE(r);
    CHECK(r.error().detail == "no ugiok within 100 ms (last line received: \"garbage\")");
    CHECK(fake.clock.elapsed() == 100ms);
    REQUIRE(s.warnings().size() == 1);  // one reason: one warning, however many lines
    CHECK(s.warnings()[0].rfind("ignored ", 0) == 0);
    CHECK(s.warnings()[0].find(" lines (the first: \"garbage\"): ") != std::string::npos);
}

TEST_CASE("configured options are sent when declared, by the declared name, and reported when not",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    auto c = fake_engine_config();
    c.engine.options = {{"hash", "64"}, {"Threads", "2"}};  // protocol-spec 4.2: names ignore case
    EngineSession s(c, fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(heard(fake.last(), "setoption name Hash value 64"));
    CHECK(s.warnings() ==
          std::vector<std::string>{"option \"Threads\" is not declared by the engine; not sent"});
    CHECK(fake.last().heard.size() == 3);  // ugi, the one setoption, isready
}

TEST_CASE("non-standard rules go to the engine with the Rules option, and back when they change",
          "[engine][session]") {
    auto village = *oaq::rules::parse_rules("standard,direction=ccw");
    const std::string to_village = "setoption name Rules value " + oaq::rules::expanded(village);
    const std::string to_standard = "setoption name Rules value " + oaq::rules::expanded(kStandard);
    FakeHost fake(well_behaved_engine());
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(village, kPlies));
    CHECK(heard(fake.last(), to_village));
    auto r = s.search(kStart, movetime(10), 60ms);
    REQUIRE(r);
    // Counter-clockwise only: the first legal move is not standard's 1L.
    auto first = oaq::rules::legal_moves(oaq::rules::start_position(village), village)[0];
    CHECK(r->move == oaq::rules::to_string(first));
    CHECK(r->move != "1L");  // so the rules did reach the engine
    REQUIRE(s.prepare(village, kPlies));
    CHECK(std::count(fake.last().heard.begin(), fake.last().heard.end(), to_village) == 1);
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(fake.last().heard.back() == "isready");
    CHECK(heard(fake.last(), to_standard));
    CHECK(s.search(kStart, movetime(10), 60ms)->move == "1L");
}

TEST_CASE("non-standard rules without a declared Rules option are a protocol violation",
          "[engine][session]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) { r.say("id name plain").say("ugiok"); }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));  // standard rules need no option
    auto r = s.prepare(*oaq::rules::parse_rules("village"), kPlies);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::ProtocolViolation);
    CHECK(r.error().detail == "engine does not declare option Rules");
    expect_killed(s, fake);
}

TEST_CASE("PlyLimit is sent before the isready of a game whenever it differs from what was told",
          "[engine][session]") {
    // protocol-spec 6.1: a fresh process is at its declared default (300 for the fake).
    FakeHost fake(well_behaved_engine());
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, 300));
    CHECK_FALSE(heard(fake.last(), "setoption name PlyLimit value 300"));
    REQUIRE(s.prepare(kStandard, 40));
    REQUIRE(fake.last().heard.size() >= 2);
    CHECK(fake.last().heard[fake.last().heard.size() - 2] == "setoption name PlyLimit value 40");
    CHECK(fake.last().heard.back() == "isready");
    const auto told = fake.last().heard.size();
    REQUIRE(s.prepare(kStandard, 40));
    CHECK(fake.last().heard.size() == told + 1);  // only the isready: nothing changed
    REQUIRE(s.prepare(kStandard, 0));
    CHECK(heard(fake.last(), "setoption name PlyLimit value 0"));  // 0: no limit

    SECTION("an engine that does not declare PlyLimit is never told") {
        FakeHost plain(engine_with("ugi", [](Reply& r) { r.say("id name plain").say("ugiok"); }));
        EngineSession p(fake_engine_config(), plain.host());
        REQUIRE(p.prepare(kStandard, 40));
        for (const auto& line : plain.last().heard)
            CHECK(line.find("PlyLimit") == std::string::npos);
    }
}

TEST_CASE("failed handshakes are counted, and past the configured number the engine is not started",
          "[engine][session]") {
    FakeHost fake(engine_with("ugi", silent));
    auto c = fake_engine_config();
    c.engine.handshake_timeout = 100ms;
    c.max_handshake_failures = 2;
    EngineSession s(c, fake.host());
    CHECK_FALSE(s.prepare(kStandard, kPlies));
    CHECK(s.consecutive_handshake_failures() == 1);
    CHECK_FALSE(s.prepare(kStandard, kPlies));
    CHECK(s.consecutive_handshake_failures() == 2);
    CHECK(fake.clock.elapsed() == 200ms);
    auto r = s.prepare(kStandard, kPlies);  // given up: no process, no wait
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Stall);
    CHECK(r.error().detail.rfind("not started again after 2 failed handshakes in a row; the last: "
                                 "no ugiok within 100 ms",
                                 0) == 0);
    CHECK(fake.launches() == 2);
    CHECK(fake.clock.elapsed() == 200ms);

    SECTION("a good handshake resets the count") {
        FakeHost flaky(engine_with("ugi", silent));
        c.max_handshake_failures = 0;  // never give up
        EngineSession again(c, flaky.host());
        CHECK_FALSE(again.prepare(kStandard, kPlies));
        CHECK(again.consecutive_handshake_failures() == 1);
        flaky.engine = well_behaved_engine();
        REQUIRE(again.prepare(kStandard, kPlies));
        CHECK(again.consecutive_handshake_failures() == 0);
    }
}

TEST_CASE("a missing readyok is a stall that says which isready went unanswered",
          "[engine][session]") {
    auto answered = GENERATE(0, 1, 2);
    FakeHost fake(engine_with("isready", [answered, n = 0](Reply& r) mutable {
        if (n++ < answered) r.say("readyok");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    auto r = s.prepare(kStandard, kPlies);
    if (answered >= 1) {
        REQUIRE(r);
        r = s.new_game();
    }
    if (answered >= 2) {
        REQUIRE(r);
        r = s.ping();
    }
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Stall);
    CHECK(r.error().detail == (answered == 1 ? "no readyok after uginewgame within 5000 ms"
                                             : "no readyok within 5000 ms"));
    CHECK(fake.clock.elapsed() == 5s);
    expect_killed(s, fake);
}

TEST_CASE("lines while waiting for readyok are ignored", "[engine][session]") {
    FakeHost fake(engine_with("isready", [](Reply& r) {
        r.say("info depth 3").say("bestmove 1L").say("ugiok").say("readyok");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(s.warnings() == std::vector<std::string>{"ignored 3 lines (the first: \"info depth 3\"): "
                                                   "not expected while waiting for readyok"});
}

TEST_CASE("an engine that exits at start is a crash with its exit code", "[engine][session]") {
    FakeEngine quitter;
    quitter.at_start = [](Reply& r) { r.exit({false, 3}); };
    FakeHost fake(quitter);
    EngineSession s(fake_engine_config(), fake.host());
    auto r = s.prepare(kStandard, kPlies);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Crash);
    CHECK(r.error().detail == "exit code 3");
    CHECK(s.state() == SessionState::Failed);
    CHECK(s.last_exit() == "exit code 3");
}

TEST_CASE("a crash in each state is a crash with its signal", "[engine][session]") {
    auto crash = [](Reply& r) { r.after(20ms).exit({true, SIGSEGV}); };
    SECTION("during the handshake") {
        FakeHost fake(engine_with("ugi", [&](Reply& r) { crash(r.say("id name x")); }));
        EngineSession s(fake_engine_config(), fake.host());
        auto r = s.prepare(kStandard, kPlies);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Crash);
        CHECK(r.error().detail == "signal 11 (SIGSEGV)");
    }
    SECTION("waiting for readyok") {
        FakeHost fake(engine_with("isready", crash));
        EngineSession s(fake_engine_config(), fake.host());
        auto r = s.prepare(kStandard, kPlies);
        REQUIRE_FALSE(r);
        CHECK(r.error().detail == "signal 11 (SIGSEGV)");
    }
    SECTION("during a search, with the time since go") {
        FakeHost fake(engine_with("go", [&](Reply& r) { crash(r.say("info depth 1")); }));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
        auto r = s.search(kStart, movetime(100), 150ms);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Crash);
        CHECK(r.error().detail == "signal 11 (SIGSEGV)");
        CHECK(r.error().elapsed == 20ms);
        CHECK(s.state() == SessionState::Failed);
        CHECK_FALSE(s.last_exit_forced());
    }
}

TEST_CASE("an engine closing its output or its input while alive is a crash, and it is killed",
          "[engine][session]") {
    SECTION("output: it gets the exit wait to exit") {
        FakeHost fake(engine_with("go", [](Reply& r) { r.close_output(); }));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
        auto r = s.search(kStart, movetime(100), 150ms);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Crash);
        CHECK(r.error().detail == "closed its output without exiting");
        CHECK(fake.clock.elapsed() == 500ms);  // the exit wait
        expect_killed(s, fake);
    }
    SECTION("input") {
        FakeHost fake(engine_with("ugi", [](Reply& r) { r.say("ugiok").close_input(); }));
        EngineSession s(fake_engine_config(), fake.host());
        auto r = s.prepare(kStandard, kPlies);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Crash);
        CHECK(r.error().detail == "closed its input without exiting");
        expect_killed(s, fake);
    }
}

TEST_CASE("an engine that stops reading its input is a stall once a write blocks",
          "[engine][session]") {
    SECTION("before a game: the write blocks for the ready timeout") {
        FakeHost fake(engine_with("isready", [](Reply& r) { r.say("readyok").stop_reading(); }));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
        auto r = s.new_game();
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Stall);
        CHECK(r.error().detail == "does not read its input");
        CHECK(fake.clock.elapsed() == 5s);
        expect_killed(s, fake);
    }
    SECTION("at the deadline, when stop cannot be written") {
        FakeHost fake(engine_with("go", [](Reply& r) { r.stop_reading(); }));
        EngineSession s(fake_engine_config(), fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
        auto r = s.search(kStart, movetime(100), 100ms);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Stall);
        CHECK(r.error().detail == "does not read its input");
        CHECK(r.error().elapsed == 100ms);
    }
}

TEST_CASE("the next prepare after a failure starts a fresh process", "[engine][session]") {
    // Each process crashes at its second search: a fresh process starts its count again.
    FakeHost fake(engine_with("go", [searches = 0](Reply& r) mutable {
        if (searches++ == 1)
            r.exit({true, SIGABRT});
        else
            answer(r, "1L");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    REQUIRE(s.search(kStart, movetime(10), 60ms));
    auto r = s.search(PositionCommand{std::nullopt, {"1L"}}, movetime(10), 60ms);
    REQUIRE_FALSE(r);
    CHECK(r.error().detail == "signal 6 (SIGABRT)");
    CHECK(s.pid() == -1);
    auto again = s.search(kStart, movetime(10), 60ms);
    REQUIRE_FALSE(again);
    CHECK(again.error().termination == Termination::Crash);
    CHECK(again.error().detail == "engine is not running");
    CHECK_FALSE(s.new_game());
    CHECK_FALSE(s.ping());
    CHECK(fake.launches() == 1);
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(fake.launches() == 2);
    CHECK(s.pid() == 1001);
    CHECK(fake.last().heard.front() == "ugi");  // a full handshake
    CHECK(s.search(kStart, movetime(10), 60ms));
}

TEST_CASE("restart every game gives each game a fresh process and quits the old one",
          "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    auto c = fake_engine_config();
    c.engine.restart_every_game = true;
    EngineSession s(c, fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    REQUIRE(s.prepare(kStandard, kPlies));
    REQUIRE(fake.launches() == 2);
    CHECK(fake.processes()[0].heard.back() == "quit");
    CHECK(fake.processes()[0].exit == ExitStatus{false, 0});
    CHECK_FALSE(fake.processes()[0].killed);
    CHECK(s.pid() == 1001);

    SECTION("while restart on failure keeps one process across games") {
        EngineSession kept(fake_engine_config(), fake.host());
        REQUIRE(kept.prepare(kStandard, kPlies));
        REQUIRE(kept.prepare(kStandard, kPlies));
        CHECK(fake.launches() == 3);
    }
}

TEST_CASE("shutdown of a searching engine sends stop, then quit", "[engine][session]") {
    // A search abandoned by an exception (here from the info callback) leaves the engine searching.
    FakeHost fake(
        engine_with("go", [](Reply& r) { r.say("info depth 1").after(1s).say("bestmove 1L"); }));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    auto abandon = [](const oaq::protocol::Info&) { throw std::runtime_error("abandoned"); };
    CHECK_THROWS(s.search(kStart, movetime(100), 150ms, abandon));
    CHECK(s.state() == SessionState::Searching);
    s.shutdown();
    CHECK(s.state() == SessionState::Stopped);
    const auto& said = fake.last().heard;
    REQUIRE(said.size() >= 2);
    CHECK(said[said.size() - 2] == "stop");
    CHECK(said.back() == "quit");
    CHECK(s.last_exit() == "exit code 0");
}

TEST_CASE("an engine ignoring quit is killed after the quit grace", "[engine][session]") {
    FakeHost fake(engine_with("quit", silent));
    EngineSession s(fake_engine_config(), fake.host());
    REQUIRE(s.prepare(kStandard, kPlies));
    s.shutdown();
    CHECK(s.last_exit() == "signal 9 (SIGKILL)");
    CHECK(s.last_exit_forced());
    CHECK(fake.clock.elapsed() == 500ms);
}

TEST_CASE("shutdown before any prepare starts nothing", "[engine][session]") {
    FakeHost fake(well_behaved_engine());
    {
        EngineSession s(fake_engine_config(), fake.host());
        s.shutdown();
        CHECK(s.state() == SessionState::NotStarted);
    }
    CHECK(fake.launches() == 0);
}

TEST_CASE("the protocol log records every line in and out, stamped by the session's clock",
          "[engine][session]") {
    auto log = std::filesystem::temp_directory_path() /
               ("oaq-fake-protocol-" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    {
        FakeHost fake(well_behaved_engine(60ms));
        auto c = fake_engine_config();
        c.engine.protocol_log = log;
        EngineSession s(c, fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
        REQUIRE(s.search(kStart, movetime(100), 150ms));
    }
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("     0.000 fake ! started pid 1000\n") != std::string::npos);
    CHECK(text.find("     0.000 fake > ugi\n") != std::string::npos);
    CHECK(text.find("     0.000 fake < ugiok\n") != std::string::npos);
    CHECK(text.find("     0.000 fake > position startpos\n") != std::string::npos);
    CHECK(text.find("     0.000 fake > go movetime 100\n") != std::string::npos);
    CHECK(text.find("     0.060 fake < bestmove 1L\n") != std::string::npos);
    CHECK(text.find("     0.060 fake > quit\n") != std::string::npos);
    CHECK(text.find("     0.060 fake ! ended: exit code 0\n") != std::string::npos);
    std::filesystem::remove(log);
}

TEST_CASE("the protocol log stops at the engine's limit with a marker where it was cut",
          "[engine][session]") {
    auto log = std::filesystem::temp_directory_path() /
               ("oaq-fake-protocol-cap-" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    {
        // An info flood (issue 11: 103 MB of protocol log in 2 s).
        FakeHost fake(engine_with("go", [](Reply& r) {
            for (int i = 0; i < 5000; ++i) r.say("info depth 1 nodes " + std::to_string(i));
            answer(r, "1L");
        }));
        auto c = fake_engine_config();
        c.engine.protocol_log = log;
        c.engine.log_limit = 20000;
        EngineSession s(c, fake.host());
        REQUIRE(s.prepare(kStandard, kPlies));
        REQUIRE(s.search(kStart, movetime(100), 150ms));
        REQUIRE(s.search(kStart, movetime(100), 150ms));  // still played: only the log stops
    }
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string marker =
        "\n[oaq] protocol log cut here: this engine's limit of 20000 bytes is reached, the rest is "
        "discarded\n";
    CHECK(text.size() == 20000 + marker.size());
    CHECK(text.substr(20000) == marker);
    std::filesystem::remove(log);
}

TEST_CASE("a table of three sends Players 3 once to an engine that declares it, and never for two",
          "[engine][session][table]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) {
        r.say("id name ring")
            .say("option name Rules type string default standard")
            .say("option name Players type spin default 2 min 2 max 4")
            .say("ugiok");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    const auto three = oaq::rules::parse_rules("standard,players=3").value();
    REQUIRE(s.prepare(three, 450));
    REQUIRE(s.prepare(three, 450));
    REQUIRE(s.prepare(kStandard, kPlies));
    const std::vector<std::string> expected{
        "ugi",
        "setoption name Rules value " + oaq::rules::expanded(three),
        "setoption name Players value 3",
        "isready",
        "isready",
        "setoption name Rules value " + oaq::rules::expanded(kStandard),
        "isready"};
    CHECK(fake.last().heard == expected);
}

TEST_CASE("an engine without Players max >= N cannot be prepared for a table of N",
          "[engine][session][table]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) {
        r.say("option name Rules type string default standard")
            .say("option name Players type spin default 2 min 2 max 3")
            .say("ugiok");
    }));
    EngineSession s(fake_engine_config(), fake.host());
    auto r = s.prepare(oaq::rules::parse_rules("standard,players=4").value(), 600);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::ProtocolViolation);
    CHECK(r.error().detail ==
          "engine \"fake\" cannot play 4-seat games: it declares no option Players with max >= 4 "
          "(protocol-spec section 6.3)");
    CHECK_FALSE(heard(fake.last(), "setoption name Players value 4"));
}
