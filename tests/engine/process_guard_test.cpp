// The process guard and the capped stderr log against real processes (the test engine): children
// that leave the engine's group, orphans that would stay zombies, restarts every game, a thread
// that spawns and exits, the stderr cap across restarts, running out of descriptors. `kill -9` of
// a whole referee is tests/integration/engine_edges_test.py's (it needs the oaq binary). Tagged
// [integration]: labels.cmake labels these integration.
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "common/error.hpp"
#include "engine/engine_process.hpp"
#include "engine/engine_session.hpp"
#include "game/defaults.hpp"
#include "process_check.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"

using namespace oaq::engine;
using namespace std::chrono_literals;
using oaq::protocol::Go;
using oaq::protocol::PositionCommand;

namespace {

const oaq::rules::Rules kStandard{};
constexpr int kPlies = oaq::game::kDefaultPlyLimit;

// Live (not zombie) processes carrying this process's engine mark (process_guard.hpp).
int marked_processes() {
    const std::string needle = "OAQ_ENGINE_OF=" + std::to_string(::getpid()) + ".";
    int n = 0;
    for (const auto& p : test::all_processes()) {
        if (p.state == 'Z') continue;
        std::ifstream in("/proc/" + std::to_string(p.pid) + "/environ");
        std::string environment((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
        if (environment.find(needle) != std::string::npos) ++n;
    }
    return n;
}

// Waits (a little) until `count()` reaches `want`: a child forks and setsids on its own time.
template <typename Count>
bool eventually(Count count, int want) {
    for (int i = 0; i < 200; ++i) {
        if (count() == want) return true;
        std::this_thread::sleep_for(10ms);
    }
    return count() == want;
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

ProcessSpec test_engine_with(std::vector<std::string> args) {
    return ProcessSpec{test::test_engine(), std::move(args), {}, {}, {}};
}

Go movetime(int ms) {
    Go go;
    go.movetime = std::chrono::milliseconds(ms);
    return go;
}

}  // namespace

TEST_CASE("an engine's child that moved into its own session is killed when the engine ends",
          "[engine][guard][integration]") {
    {
        EngineProcess p(test_engine_with({"--setsid-child"}));
        REQUIRE(p.write_line("ugi", Clock::now() + 1s) == WriteStatus::Ok);
        REQUIRE(p.read_line(Clock::now() + 5s).status == ReadStatus::Line);
        REQUIRE(eventually(marked_processes, 2));  // the engine and its escaped child
        // The child left the group: it is counted (marked) from its fork, before its setsid().
        const auto pid = p.pid();
        CHECK(eventually([pid] { return test::processes_in_group(pid); }, 1));
        CHECK(p.stop("quit", 2s).describe() == "exit code 0");
        CHECK(marked_processes() == 0);
    }
    CHECK(test::children() == 0);
}

TEST_CASE("children an engine never reaped do not stay zombies of the referee",
          "[engine][guard][integration]") {
    EngineProcess p(test_engine_with({"--orphan-child"}));
    REQUIRE(p.write_line("ugi", Clock::now() + 1s) == WriteStatus::Ok);
    REQUIRE(p.read_line(Clock::now() + 5s).status == ReadStatus::Line);
    p.kill();
    CHECK(test::children() == 0);
}

TEST_CASE("with a fresh process every game nothing accumulates: no zombie, no escaped child",
          "[engine][guard][integration]") {
    // Issue 11: 16 zombies after 16 games with restart=on.
    auto c = test::test_engine_config({"--orphan-child", "--setsid-child"});
    c.engine.restart_every_game = true;
    c.quit_grace = 200ms;
    EngineSession s(c);
    for (int game = 0; game < 16; ++game) {
        REQUIRE(s.prepare(kStandard, kPlies));
        REQUIRE(s.search(PositionCommand{}, movetime(10), 2s));
        // The engine, its escaped child, and its orphan for the moment it lives: never 16.
        CHECK(test::children() <= 2);
        CHECK(marked_processes() <= 3);
    }
    s.shutdown();
    CHECK(test::children() == 0);
    CHECK(marked_processes() == 0);
}

TEST_CASE("reap_and_kill_all ends every engine and all they started, and sessions still end well",
          "[engine][guard][integration]") {
    // What the app calls on its exit paths.
    EngineSession a(test::test_engine_config({"--setsid-child", "--ignore-quit"}));
    EngineSession b(test::test_engine_config({"--spawn-child"}));
    REQUIRE(a.prepare(kStandard, kPlies));
    REQUIRE(b.prepare(kStandard, kPlies));
    REQUIRE(eventually(marked_processes, 4));
    reap_and_kill_all();
    CHECK(marked_processes() == 0);
    a.shutdown();
    b.shutdown();
    CHECK(a.last_exit() == "signal 9 (SIGKILL)");
    CHECK(test::children() == 0);
    CHECK(live_engine_count() == 0);
}

TEST_CASE("an engine started by a thread that has ended lives on: the spawner thread forks it",
          "[engine][guard][integration]") {
    // PR_SET_PDEATHSIG fires when the forking thread exits: a tournament's worker threads end
    // while engines they started still play for other workers.
    EngineSession s(test::test_engine_config({}));
    std::thread starter([&] { REQUIRE(s.prepare(kStandard, kPlies)); });
    starter.join();
    std::this_thread::sleep_for(50ms);
    auto r = s.search(PositionCommand{}, movetime(10), 2s);
    REQUIRE(r);
    CHECK(r->move == "1L");
    s.shutdown();
    CHECK(s.last_exit() == "exit code 0");
}

TEST_CASE("a second bestmove through real pipes is never played", "[engine][guard][integration]") {
    EngineSession s(test::test_engine_config({"--double-bestmove"}));
    REQUIRE(s.prepare(kStandard, kPlies));
    PositionCommand position;
    for (int ply = 0; ply < 6; ++ply) {
        auto r = s.search(position, movetime(10), 2s);
        REQUIRE(r);
        // The test engine's first bestmove is the first legal move; its second another one.
        auto legal = oaq::rules::legal_moves(
            [&] {
                auto p = oaq::rules::start_position(kStandard);
                for (const auto& m : position.moves)
                    p = oaq::rules::play(p, *oaq::rules::parse_move(m), kStandard);
                return p;
            }(),
            kStandard);
        CHECK(r->move == oaq::rules::to_string(legal[0]));
        position.moves.push_back(r->move);
    }
    CHECK(s.stray_bestmoves() >= 5);
}

TEST_CASE("the stderr log stops at the engine's limit, across restarts, and never blocks it",
          "[engine][guard][integration]") {
    auto log = std::filesystem::temp_directory_path() /
               ("oaq-stderr-cap-" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    const std::string marker =
        "\n[oaq] stderr log cut here: this engine's limit of 150000 bytes is reached, the rest is "
        "discarded\n";
    {
        // 200 KB of stderr per move, more than a pipe holds: an undrained engine would block.
        auto c = test::test_engine_config({"--stderr-flood", "200000"});
        c.engine.stderr_log = log;
        c.engine.log_limit = 150000;
        c.engine.restart_every_game = true;
        EngineSession s(c);
        for (int game = 0; game < 2; ++game) {
            REQUIRE(s.prepare(kStandard, kPlies));
            for (int move = 0; move < 3; ++move)
                REQUIRE(s.search(PositionCommand{}, movetime(10), 5s));
        }
    }
    const std::string text = read_file(log);
    CHECK(text.size() == 150000 + marker.size());
    CHECK(text.substr(150000) == marker);
    std::filesystem::remove(log);
}

TEST_CASE("running out of descriptors is named, never \"Success\"",
          "[engine][guard][integration]") {
    // Issue 11: the error of a failed spawn was read too late.
#ifdef OAQ_SANITIZED
    // UBSan's vptr check probes memory through a pipe of its own: with no descriptor left it
    // reports every object as invalid. The Release suite runs this case.
    WARN("skipped under sanitizers: their runtime needs descriptors this case takes away");
    return;
#endif
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
    // Fill the holes below the highest descriptor, so that the limit decides which open fails.
    std::vector<int> fillers;
    int highest = 0;
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd"))
        highest = std::max(highest, std::stoi(e.path().filename().string()));
    for (int fd; (fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;) {
        fillers.push_back(fd);
        if (fd >= highest) break;
    }
    highest = fillers.empty() ? highest : std::max(highest, fillers.back());
    int refused = 0;
    for (int extra = 1; extra <= 10; ++extra) {
        rlimit low = saved;
        low.rlim_cur = static_cast<rlim_t>(highest + extra);
        REQUIRE(::setrlimit(RLIMIT_NOFILE, &low) == 0);
        std::string message;
        try {
            EngineProcess p(ProcessSpec{"cat", {}, {}, {}, {}});  // found in PATH
        } catch (const oaq::OaqError& e) {
            message = e.what();
        }
        ::setrlimit(RLIMIT_NOFILE, &saved);
        if (message.empty()) continue;
        ++refused;
        INFO(message);
        CHECK(message.find("Too many open files") != std::string::npos);
        CHECK(message.find("Success") == std::string::npos);
    }
    for (int fd : fillers) ::close(fd);
    CHECK(refused > 0);
    CHECK(test::children() == 0);
}

namespace {

// Threads of this process, from /proc/self/status.
int threads_of_this_process() {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
    }
    return -1;
}

void limit_tasks(rlim_t soft) {
    rlimit limit{};
    REQUIRE(::getrlimit(RLIMIT_NPROC, &limit) == 0);
    limit.rlim_cur = std::min(soft, limit.rlim_max);
    REQUIRE(::setrlimit(RLIMIT_NPROC, &limit) == 0);
}

}  // namespace

// Hidden: it runs as a user of its own for the rest of the process, so CTest runs it alone, in its
// own process (tests/engine/CMakeLists.txt), before anything there has started an engine.
TEST_CASE("a referee thread that cannot start fails that engine's start, and the next start works",
          "[.][engine][guard][integration]") {
#ifdef OAQ_SANITIZED
    WARN("skipped under sanitizers: their runtime may need threads this case takes away");
    return;
#endif
    if (::geteuid() != 0) {
        WARN("skipped: it needs root, to become a user whose every thread it can count");
        return;
    }
    const auto dir =
        std::filesystem::temp_directory_path() / ("oaq-threads-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    // A user no other process runs as: RLIMIT_NPROC counts that user's threads, here ours alone.
    if (::chown(dir.c_str(), 54321, 54321) != 0 || ::setuid(54321) != 0) {
        std::filesystem::remove_all(dir);
        WARN("skipped: cannot run as user 54321");
        return;
    }
    const int threads = threads_of_this_process();
    REQUIRE(threads >= 1);
    ProcessSpec spec{"/bin/sh",          {"-c", "echo started >&2; exec cat"}, dir, {},
                     dir / "engine.log", std::make_shared<LogBudget>(100000)};

    // No thread at all: the guardian's fork fails (silently: the other mechanisms remain), and so
    // does the spawner thread, which names itself.
    limit_tasks(static_cast<rlim_t>(threads));
    std::string message;
    try {
        EngineProcess p(spec);
    } catch (const oaq::OaqError& e) {
        message = e.what();
    }
    INFO(message);
    CHECK(message.find("cannot start engine \"/bin/sh\": cannot start the spawner thread") !=
          std::string::npos);

    // One thread: the spawner starts, the stderr copier cannot, and the engine's start says so.
    limit_tasks(static_cast<rlim_t>(threads + 1));
    message.clear();
    try {
        EngineProcess p(spec);
    } catch (const oaq::OaqError& e) {
        message = e.what();
    }
    INFO(message);
    CHECK(message.find("cannot start the stderr copier") != std::string::npos);
    CHECK(threads_of_this_process() == threads + 1);

    // Threads again: the next start starts the copier, which copies the engine's stderr.
    limit_tasks(RLIM_INFINITY);
    {
        EngineProcess p(spec);
        CHECK(eventually([&] { return read_file(dir / "engine.log") == "started\n" ? 1 : 0; }, 1));
    }
    CHECK(threads_of_this_process() == threads + 2);
    std::filesystem::remove_all(dir);
}
