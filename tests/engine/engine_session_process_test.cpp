// EngineSession over real processes (the test engine): only what a fake cannot show. A game
// through real pipes that leaves nothing behind; a real crash seen through EOF and the pidfd; a
// process group with a child killed on shutdown; descriptors kept from concurrent spawns
// (O_CLOEXEC). The protocol state machine itself is tested against the fake in
// engine_session_test.cpp. Tagged [integration]: labels.cmake labels these integration.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "engine/engine_process.hpp"
#include "engine/engine_session.hpp"
#include "game/defaults.hpp"
#include "process_check.hpp"
#include "rules/rules.hpp"

using namespace oaq::engine;
using namespace std::chrono_literals;
using oaq::game::Termination;
using oaq::protocol::Go;
using oaq::protocol::PositionCommand;

namespace {

const oaq::rules::Rules kStandard{};
constexpr int kPlies = oaq::game::kDefaultPlyLimit;
const PositionCommand kStart{};

EngineConfig config(std::vector<std::string> args) {
    return test::test_engine_config(std::move(args));
}

Go movetime(int ms) {
    Go go;
    go.movetime = std::chrono::milliseconds(ms);
    return go;
}

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

TEST_CASE("a real engine plays a game through the session and leaves nothing behind",
          "[engine][session][integration]") {
    NoLeaks leaks;
    EngineSession s(config({}));
    REQUIRE(s.prepare(kStandard, kPlies));
    CHECK(s.identity().id_name == "oaq-test-engine");
    CHECK(live_engine_count() == 1);
    CHECK(test::processes_in_group(s.pid()) == 1);
    REQUIRE(s.new_game());
    auto r = s.search(kStart, movetime(100), 1s);
    REQUIRE(r);
    CHECK(r->move == "1L");
    Go depth;
    depth.depth = 3;
    REQUIRE(s.search(PositionCommand{std::nullopt, {"1L"}}, depth, std::nullopt));
    REQUIRE(s.ping());
    s.shutdown();
    CHECK(s.last_exit() == "exit code 0");
}

TEST_CASE("a real engine that aborts during a search is a crash with SIGABRT",
          "[engine][session][integration]") {
    NoLeaks leaks;
    EngineSession s(config({"--crash-at-ply", "0"}));
    REQUIRE(s.prepare(kStandard, kPlies));
    auto r = s.search(kStart, movetime(100), 1s);
    REQUIRE_FALSE(r);
    CHECK(r.error().termination == Termination::Crash);
    CHECK(r.error().detail == "signal 6 (SIGABRT)");
}

TEST_CASE("an engine ignoring quit, with a child, is killed with its group on shutdown",
          "[engine][session][integration]") {
    NoLeaks leaks;
    auto c = config({"--ignore-quit", "--spawn-child"});
    c.quit_grace = 100ms;
    EngineSession s(c);
    REQUIRE(s.prepare(kStandard, kPlies));
    int pgid = s.pid();
    CHECK(test::processes_in_group(pgid) == 2);
    s.shutdown();
    CHECK(s.last_exit() == "signal 9 (SIGKILL)");
    CHECK(s.last_exit_forced());
    CHECK(test::processes_in_group(pgid) == 0);
}

TEST_CASE("sessions on several threads at once keep their pipes to themselves",
          "[engine][session][integration]") {
    NoLeaks leaks;
    // Concurrent spawns: a child must never inherit another engine's pipe (O_CLOEXEC), or that
    // engine would not see EOF when its referee side closes. Each session plays 100 plies.
    std::vector<std::thread> threads;
    std::atomic<int> good{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&good] {
            for (int game = 0; game < 3; ++game) {
                EngineSession s(config({}));
                if (!s.prepare(kStandard, kPlies)) return;
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

TEST_CASE("an engine's only descriptors are its three standard streams",
          "[engine][session][integration]") {
    NoLeaks leaks;
    // Another engine is running, so its pipes exist in the referee while this one starts.
    EngineSession other(config({}));
    REQUIRE(other.prepare(kStandard, kPlies));
    // ls lists its own descriptors: 0, 1, 2 and 3, the directory it is reading.
    EngineProcess p(ProcessSpec{"/bin/ls", {"-m", "/proc/self/fd"}, {}, {}, {}});
    auto r = p.read_line(Clock::now() + 5s);
    REQUIRE(r.status == ReadStatus::Line);
    CHECK(r.line == "0, 1, 2, 3");
}
