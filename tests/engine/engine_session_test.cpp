// EngineSession against the real test engine: a normal game, and each misbehaviour giving exactly
// the right failure kind and detail, with nothing left behind (processes, zombies, descriptors).
#include "engine/engine_session.hpp"

#include <sys/resource.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/engine_process.hpp"
#include "process_check.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"

using namespace oaq::engine;
using namespace std::chrono_literals;
using oaq::game::Termination;
using oaq::protocol::Go;
using oaq::protocol::PositionCommand;

namespace {

const oaq::rules::Rules kStandard{};

EngineConfig config(std::vector<std::string> args) {
    return test::test_engine_config(std::move(args));
}

Go movetime(int ms) {
    Go go;
    go.movetime = std::chrono::milliseconds(ms);
    return go;
}

const PositionCommand kStart{};

// Checks, at the end of a test, that the session left nothing behind.
struct NoLeaks {
    int fds = test::count_fds();
    ~NoLeaks() {
        CHECK(test::count_fds() == fds);
        CHECK(test::children() == 0);
        CHECK(live_engine_count() == 0);
    }
};

}  // namespace

TEST_CASE("a well-behaved engine plays a game through the session", "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({}));
    CHECK(s.state() == SessionState::NotStarted);
    REQUIRE(s.prepare(kStandard));
    CHECK(s.state() == SessionState::Idle);
    CHECK(s.identity().id_name == "oaq-test-engine");
    CHECK(s.identity().id_author == "oaq");
    REQUIRE(s.identity().options.size() == 2);
    CHECK(s.identity().options[0].name == "Rules");
    REQUIRE(s.new_game());

    int infos = 0;
    auto r = s.search(kStart, movetime(100), 1s, [&](const oaq::protocol::Info&) { ++infos; });
    REQUIRE(r);
    CHECK(r->move == "1L");
    CHECK(r->elapsed < 100ms);
    CHECK(infos == 1);
    CHECK(r->info.depth == 1);
    CHECK(r->info.pv == std::vector<std::string>{"1L"});

    PositionCommand after{std::nullopt, {"1L"}};
    Go depth;
    depth.depth = 3;
    auto r2 = s.search(after, depth, std::nullopt);
    REQUIRE(r2);
    CHECK(s.state() == SessionState::Idle);
    REQUIRE(s.ping());
    s.shutdown();
    CHECK(s.state() == SessionState::Stopped);
    CHECK(s.last_exit() == "exit code 0");
    s.shutdown();  // idempotent
}

TEST_CASE("non-standard rules need the Rules option", "[engine][session]") {
    NoLeaks leaks;
    // Counter-clockwise only: the first legal move is an R move, where standard's is 1L.
    auto village_rules = *oaq::rules::parse_rules("standard,direction=ccw");
    const auto& village = village_rules;
    // The test engine plays the first legal move.
    auto village_first = oaq::rules::to_string(
        oaq::rules::legal_moves(oaq::rules::start_position(village_rules), village_rules)[0]);
    SECTION("declared: the engine gets the rules and plays under them") {
        EngineSession s(config({}));
        REQUIRE(s.prepare(village));
        auto r = s.search(kStart, movetime(10), 1s);
        REQUIRE(r);
        CHECK(r->move == village_first);
        CHECK(village_first != "1L");  // so the rules did reach the engine
        // Back to standard: the engine must hear it.
        REQUIRE(s.prepare(kStandard));
        CHECK(s.search(kStart, movetime(10), 1s)->move == "1L");
    }
    SECTION("not declared: a protocol violation") {
        EngineSession s(config({"--no-rules-option"}));
        auto r = s.prepare(village);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::ProtocolViolation);
        CHECK(r.error().detail == "engine does not declare option Rules");
        CHECK(s.state() == SessionState::Failed);
    }
}

TEST_CASE("an engine that exits at start is a crash with its exit code", "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({"--exit-at-start"}));
    auto r = s.prepare(kStandard);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Crash);
    CHECK(r.error().detail == "exit code 3");
}

TEST_CASE("an engine that aborts during a search is a crash with SIGABRT", "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({"--crash-at-ply", "0"}));
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(100), 1s);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Crash);
    CHECK(r.error().detail == "signal 6 (SIGABRT)");
}

TEST_CASE("missing ugiok and readyok are stalls that say what went unanswered",
          "[engine][session]") {
    NoLeaks leaks;
    SECTION("ugiok") {
        auto c = config({"--no-ugiok"});
        c.handshake_timeout = 200ms;
        EngineSession s(c);
        auto start = Clock::now();
        auto r = s.prepare(kStandard);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Stall);
        CHECK(r.error().detail == "no ugiok within 200 ms");
        CHECK(Clock::now() - start < 700ms);
    }
    SECTION("readyok") {
        auto c = config({"--no-readyok"});
        c.ready_timeout = 200ms;
        EngineSession s(c);
        auto r = s.prepare(kStandard);
        REQUIRE_FALSE(r);
        CHECK(r.error().termination == Termination::Stall);
        CHECK(r.error().detail == "no readyok within 200 ms");
    }
    SECTION("a slow start within the handshake timeout is fine, beyond it a stall") {
        auto c = config({"--slow-start", "300"});
        c.handshake_timeout = 100ms;
        EngineSession slow(c);
        auto r = slow.prepare(kStandard);
        REQUIRE_FALSE(r);
        CHECK(r.error().detail == "no ugiok within 100 ms");
        c.handshake_timeout = 2s;
        EngineSession patient(c);
        CHECK(patient.prepare(kStandard));
    }
}

TEST_CASE("a hanging engine is a time forfeit after stop and the grace", "[engine][session]") {
    NoLeaks leaks;
    auto c = config({"--hang-after-go"});
    c.stop_grace = 50ms;
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    auto start = Clock::now();
    auto r = s.search(kStart, movetime(100), 100ms);
    auto took = Clock::now() - start;
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::TimeForfeit);
    CHECK(r.error().detail == "no bestmove 100 ms after go, nor 50 ms after stop");
    CHECK(r.error().elapsed >= 150ms);
    CHECK(took < 400ms);
    CHECK(s.state() == SessionState::Failed);
}

TEST_CASE("a hanging engine without a deadline is a stall after the stall timeout",
          "[engine][session]") {
    NoLeaks leaks;
    auto c = config({"--hang-after-go"});
    c.stall_timeout = 150ms;
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    Go depth;
    depth.depth = 5;
    auto r = s.search(kStart, depth, std::nullopt);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Stall);
    CHECK(r.error().detail == "no bestmove within 150 ms");
}

TEST_CASE("a bestmove without a move is a protocol violation naming the line",
          "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({"--malformed-bestmove"}));
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 1s);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::ProtocolViolation);
    CHECK(r.error().detail == "bestmove");
}

TEST_CASE("garbage lines, CRLF and overlong lines are ignored", "[engine][session]") {
    NoLeaks leaks;
    auto args = GENERATE(std::vector<std::string>{"--garbage-before-bestmove"},
                         std::vector<std::string>{"--crlf"},
                         std::vector<std::string>{"--crlf", "--garbage-before-bestmove"},
                         std::vector<std::string>{"--long-line", "1000000"});
    EngineSession s(config(args));
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 2s);
    REQUIRE(r);
    CHECK(r->move == "1L");
    if (args[0] != "--crlf") CHECK_FALSE(s.warnings().empty());
}

TEST_CASE("illegal and wrong-side moves come back as played: the caller judges them",
          "[engine][session]") {
    NoLeaks leaks;
    // South's squares 1 and 2 are empty; North's square 1 holds 6.
    PositionCommand pos{std::string("Q1,0,0,6,6,6,Q1,6,0,6,6,6 S 6+0 0+0 0 0"), {}};
    EngineSession s(config({"--illegal-move"}));
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 1s);
    REQUIRE(r);
    CHECK(r->move == "1L");  // every South square is full at the start: a legal move
    auto r1 = s.search(pos, movetime(10), 1s);
    REQUIRE(r1);
    CHECK(r1->move == "1L");  // S1 is empty
    EngineSession w(config({"--wrong-side-move"}));
    REQUIRE(w.prepare(kStandard));
    auto r2 = w.search(pos, movetime(10), 1s);
    REQUIRE(r2);
    CHECK(r2->move == "1L");  // legal for North (N1 holds 6), illegal for South (S1 is empty)
}

TEST_CASE("a move token not of the form <1-5><L|R> is a protocol violation", "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({"--bad-move-token"}));
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 1s);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::ProtocolViolation);
    CHECK(r.error().detail == "bestmove 6L");
}

TEST_CASE("a bestmove cut off by the end of the output is a protocol violation",
          "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.command = "/bin/sh";
    c.args = {"-c",
              "read l; echo ugiok; read l; echo readyok; read l; read l; printf 'bestmove 1'"};
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(10), 1s);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::ProtocolViolation);
    CHECK(r.error().detail == "bestmove 1");
}

TEST_CASE("an engine closing its output while alive is a crash", "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.command = "/bin/sh";
    c.args = {"-c", "exec >&-; sleep 30"};
    c.exit_wait = 50ms;
    EngineSession s(c);
    auto r = s.prepare(kStandard);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Crash);
    CHECK(r.error().detail == "closed its output without exiting");
}

TEST_CASE("option names compare without regard to case", "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.options = {{"hash", "64"}};
    c.protocol_log = std::filesystem::temp_directory_path() /
                     ("oaq-case-" + std::to_string(::getpid()) + ".log");
    {
        EngineSession s(c);
        REQUIRE(s.prepare(kStandard));
        CHECK(s.warnings().empty());
    }
    std::ifstream in(c.protocol_log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("> setoption name Hash value 64") != std::string::npos);
    std::filesystem::remove(c.protocol_log);
}

TEST_CASE("an info flood is consumed without growing memory", "[engine][session]") {
    NoLeaks leaks;
    rusage before{};
    ::getrusage(RUSAGE_SELF, &before);
    EngineSession s(config({"--info-flood", "200000", "--stderr-flood", "1000000"}));
    REQUIRE(s.prepare(kStandard));
    long infos = 0;
    auto r = s.search(kStart, movetime(10), 30s, [&](const oaq::protocol::Info&) { ++infos; });
    if (!r) FAIL(r.error().detail);
    CHECK(infos == 200001);
    rusage after{};
    ::getrusage(RUSAGE_SELF, &after);
#ifndef __SANITIZE_ADDRESS__  // AddressSanitizer's quarantine keeps freed memory resident
    // Holding the 200000 lines at once would take tens of MB.
    CHECK(after.ru_maxrss - before.ru_maxrss < 8 * 1024);
#endif
}

TEST_CASE("the next prepare after a failure starts a fresh process", "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({"--crash-at-ply", "1"}));
    REQUIRE(s.prepare(kStandard));
    int first = s.pid();
    REQUIRE(s.search(kStart, movetime(10), 1s));
    auto r = s.search(PositionCommand{std::nullopt, {"1L"}}, movetime(10), 1s);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Crash);
    CHECK(s.pid() == -1);
    auto again = s.search(kStart, movetime(10), 1s);
    REQUIRE_FALSE(again);
    CHECK(again.error().detail == "engine is not running");
    REQUIRE(s.prepare(kStandard));
    CHECK(s.pid() != first);
    CHECK(s.search(kStart, movetime(10), 1s));
}

TEST_CASE("restart every game gives each game a fresh process", "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.restart = RestartPolicy::EveryGame;
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    int first = s.pid();
    REQUIRE(s.prepare(kStandard));
    CHECK(s.pid() != first);
}

TEST_CASE("an engine ignoring quit, with a child, is killed with its group on shutdown",
          "[engine][session]") {
    NoLeaks leaks;
    auto c = config({"--ignore-quit", "--spawn-child"});
    c.quit_grace = 100ms;
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    int pgid = s.pid();
    CHECK(test::processes_in_group(pgid) == 2);
    auto start = Clock::now();
    s.shutdown();
    CHECK(Clock::now() - start < 500ms);
    CHECK(s.last_exit() == "signal 9 (SIGKILL)");
    CHECK(test::processes_in_group(pgid) == 0);
}

TEST_CASE("go infinite with a deadline gets stop and its bestmove comes back late",
          "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({}));
    REQUIRE(s.prepare(kStandard));
    Go go;
    go.infinite = true;
    auto r = s.search(kStart, go, 50ms);
    REQUIRE(r);
    CHECK(r->elapsed >= 50ms);
    CHECK(r->elapsed < 250ms);
}

TEST_CASE("think time is measured from go to bestmove", "[engine][session]") {
    NoLeaks leaks;
    EngineSession s(config({"--delay", "60"}));
    REQUIRE(s.prepare(kStandard));
    auto r = s.search(kStart, movetime(100), 1s);
    REQUIRE(r);
    CHECK(r->elapsed >= 60ms);
    CHECK(r->elapsed < 200ms);
}

TEST_CASE("the protocol log records every line in and out", "[engine][session]") {
    NoLeaks leaks;
    auto log = std::filesystem::temp_directory_path() /
               ("oaq-protocol-" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    {
        auto c = config({});
        c.protocol_log = log;
        EngineSession s(c);
        REQUIRE(s.prepare(kStandard));
        REQUIRE(s.search(kStart, movetime(10), 1s));
    }
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("test > ugi\n") != std::string::npos);
    CHECK(text.find("test < ugiok\n") != std::string::npos);
    CHECK(text.find("test > go movetime 10\n") != std::string::npos);
    CHECK(text.find("test < bestmove 1L\n") != std::string::npos);
    CHECK(text.find("test > quit\n") != std::string::npos);
    std::filesystem::remove(log);
}

TEST_CASE("configured options are sent when declared and reported when not", "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.options = {{"Hash", "64"}, {"Threads", "2"}};
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    REQUIRE(s.warnings().size() == 1);
    CHECK(s.warnings()[0] == "option \"Threads\" is not declared by the engine; not sent");
}

TEST_CASE("sessions on several threads at once keep their pipes to themselves",
          "[engine][session]") {
    NoLeaks leaks;
    // Concurrent spawns: a child must never inherit another engine's pipe (O_CLOEXEC), or that
    // engine would not see EOF when its referee side closes. Each session plays 100 plies.
    std::vector<std::thread> threads;
    std::atomic<int> good{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&good] {
            for (int game = 0; game < 3; ++game) {
                EngineSession s(config({}));
                if (!s.prepare(kStandard)) return;
                PositionCommand pos;
                bool ok = true;
                for (int ply = 0; ply < 100 && ok; ++ply) {
                    auto r = s.search(pos, movetime(10), 2s);
                    ok = bool(r);
                    if (ok && pos.moves.size() < 4) pos.moves.push_back(r->move);
                }
                if (ok) ++good;
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(good == 12);
}

TEST_CASE("an engine's only descriptors are its three standard streams", "[engine][session]") {
    NoLeaks leaks;
    // Another engine is running, so its pipes exist in the referee while this one starts.
    EngineSession other(config({}));
    REQUIRE(other.prepare(kStandard));
    // ls lists its own descriptors: 0, 1, 2 and 3, the directory it is reading.
    EngineProcess p(ProcessSpec{"/bin/ls", {"-m", "/proc/self/fd"}, {}, {}, {}});
    auto r = p.read_line(Clock::now() + 5s);
    REQUIRE(r.status == ReadStatus::Line);
    CHECK(r.line == "0, 1, 2, 3");
}

TEST_CASE("an engine flooding info lines without end still meets its deadline",
          "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.command = "/bin/sh";
    c.args = {"-c", "read l; echo ugiok; read l; echo readyok; read l; exec yes 'info depth 1'"};
    c.stop_grace = 50ms;
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard));
    auto start = Clock::now();
    auto r = s.search(kStart, movetime(100), 100ms);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::TimeForfeit);
    CHECK(Clock::now() - start < 500ms);
}

TEST_CASE("an engine flooding garbage during the handshake still stalls on time",
          "[engine][session]") {
    NoLeaks leaks;
    auto c = config({});
    c.command = "/usr/bin/yes";
    c.args = {"garbage"};
    c.handshake_timeout = 100ms;
    EngineSession s(c);
    auto start = Clock::now();
    auto r = s.prepare(kStandard);
    REQUIRE_FALSE(r);
    CHECK(r.error().detail == "no ugiok within 100 ms");
    CHECK(Clock::now() - start < 500ms);
}
