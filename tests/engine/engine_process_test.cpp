// EngineProcess against real programs (sh, cat, the test engine): lines in and out, deadlines,
// exit statuses, group kill, and nothing left behind (descriptors, processes, zombies). Tagged
// [integration] (labels.cmake), except the exit status wording, which runs no process.
#include "engine/engine_process.hpp"

#include <signal.h>
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/error.hpp"
#include "process_check.hpp"

using namespace oaq::engine;
using namespace std::chrono_literals;
using oaq::engine::test::children;
using oaq::engine::test::count_fds;
using oaq::engine::test::processes_in_group;

namespace {

ProcessSpec sh(const std::string& script) {
    return ProcessSpec{"/bin/sh", {"-c", script}, {}, {}, {}};
}

long max_rss_kb() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

}  // namespace

TEST_CASE("an exit status reads as an exit code or a named signal", "[engine][process]") {
    CHECK(ExitStatus{false, 3}.describe() == "exit code 3");
    CHECK(ExitStatus{true, 11}.describe() == "signal 11 (SIGSEGV)");
    CHECK(ExitStatus{true, 6}.describe() == "signal 6 (SIGABRT)");
}

TEST_CASE("a line written comes back through cat, and the process leaves nothing behind",
          "[engine][process][integration]") {
    int fds = count_fds();
    {
        EngineProcess p(ProcessSpec{"cat", {}, {}, {}, {}});
        REQUIRE(p.write_line("hello world", Clock::now() + 1s) == WriteStatus::Ok);
        auto r = p.read_line(Clock::now() + 5s);
        REQUIRE(r.status == ReadStatus::Line);
        CHECK(r.line == "hello world");
        CHECK_FALSE(r.overlong);
        CHECK(live_engine_count() == 1);
    }
    CHECK(live_engine_count() == 0);
    CHECK(count_fds() == fds);
    CHECK(children() == 0);
}

TEST_CASE("read_line returns Timeout at its deadline, not much later",
          "[engine][process][integration]") {
    EngineProcess p(sh("sleep 10"));
    auto start = Clock::now();
    auto r = p.read_line(start + 50ms);
    auto took = Clock::now() - start;
    CHECK(r.status == ReadStatus::Timeout);
    CHECK(took >= 50ms);
    CHECK(took < 250ms);
    auto s = p.kill();
    CHECK(s.describe() == "signal 9 (SIGKILL)");
}

TEST_CASE("an exit is seen as Eof after the last lines, with its exit code",
          "[engine][process][integration]") {
    EngineProcess p(sh("echo one; printf 'two'; exit 7"));
    auto a = p.read_line(Clock::now() + 5s);
    REQUIRE(a.status == ReadStatus::Line);
    CHECK(a.line == "one");
    auto b = p.read_line(Clock::now() + 5s);
    REQUIRE(b.status == ReadStatus::Line);
    CHECK(b.line == "two");
    CHECK(b.unterminated);
    CHECK(p.read_line(Clock::now() + 5s).status == ReadStatus::Eof);
    auto s = p.wait_exit(Clock::now() + 5s);
    REQUIRE(s);
    CHECK(s->describe() == "exit code 7");
    CHECK(children() == 0);
}

TEST_CASE("an engine's environment is its own: nothing leaks into the referee or other engines",
          "[engine][process][integration]") {
    // Boost's this_process::environment() is the referee's own: assigning to it is setenv(), so
    // an engine's env.K=V and its mark once leaked into the referee and every later engine (and
    // concurrent spawns raced on environ).
    auto spec = sh("echo ${OAQ_ENV_TEST-unset} ${OAQ_ENGINE_OF:+marked}");
    spec.env = {{"OAQ_ENV_TEST", "mine"}};
    {
        EngineProcess p(spec);
        auto r = p.read_line(Clock::now() + 5s);
        REQUIRE(r.status == ReadStatus::Line);
        CHECK(r.line == "mine marked");
    }
    CHECK(std::getenv("OAQ_ENV_TEST") == nullptr);
    CHECK(std::getenv("OAQ_ENGINE_OF") == nullptr);
    EngineProcess other(sh("echo ${OAQ_ENV_TEST-unset}"));
    auto r = other.read_line(Clock::now() + 5s);
    REQUIRE(r.status == ReadStatus::Line);
    CHECK(r.line == "unset");
}

TEST_CASE("a crash by signal is reported with the signal's name",
          "[engine][process][integration]") {
    EngineProcess p(sh("kill -SEGV $$"));
    CHECK(p.read_line(Clock::now() + 5s).status == ReadStatus::Eof);
    auto s = p.wait_exit(Clock::now() + 5s);
    REQUIRE(s);
    CHECK(s->describe() == "signal 11 (SIGSEGV)");
}

TEST_CASE("a dead engine is seen even when its child still holds stdout open",
          "[engine][process][integration]") {
    // The child keeps the pipe open, so EOF never comes: the pidfd tells us the engine is gone.
    EngineProcess p(sh("sleep 30 & exit 5"));
    auto start = Clock::now();
    CHECK(p.read_line(start + 5s).status == ReadStatus::Eof);
    CHECK(Clock::now() - start < 1s);
    auto s = p.wait_exit(Clock::now() + 1s);
    REQUIRE(s);
    CHECK(s->describe() == "exit code 5");
    CHECK(processes_in_group(p.pid()) == 0);  // the sleeping child was killed and reaped
    CHECK(children() == 0);
}

TEST_CASE("writing to an engine that has exited is an error value, not SIGPIPE",
          "[engine][process][integration]") {
    EngineProcess p(sh("exit 0"));
    REQUIRE(p.wait_exit(Clock::now() + 5s));
    CHECK(p.write_line("ugi", Clock::now() + 1s) == WriteStatus::Broken);
}

TEST_CASE("an engine that does not read its input makes write_line time out",
          "[engine][process][integration]") {
    EngineProcess p(sh("exec sleep 30"));
    std::string big(100000, 'x');
    CHECK(p.write_line(big, Clock::now() + 50ms) == WriteStatus::Timeout);
}

TEST_CASE("stop kills the whole process group, children included, and reaps them",
          "[engine][process][integration]") {
    int fds = count_fds();
    pid_t pgid = 0;
    {
        EngineProcess p(
            ProcessSpec{test::test_engine(), {"--spawn-child", "--ignore-quit"}, {}, {}, {}});
        pgid = p.pid();
        REQUIRE(p.write_line("ugi", Clock::now() + 1s) == WriteStatus::Ok);
        REQUIRE(p.read_line(Clock::now() + 5s).status == ReadStatus::Line);
        CHECK(processes_in_group(pgid) == 2);
        auto start = Clock::now();
        auto s = p.stop("quit", 50ms);
        CHECK(Clock::now() - start < 1s);
        CHECK(s.describe() == "signal 9 (SIGKILL)");
        CHECK(processes_in_group(pgid) == 0);
    }
    CHECK(count_fds() == fds);
    CHECK(children() == 0);
}

TEST_CASE("a polite engine exits on quit within the grace period",
          "[engine][process][integration]") {
    EngineProcess p(ProcessSpec{test::test_engine(), {}, {}, {}, {}});
    auto start = Clock::now();
    auto s = p.stop("quit", 2s);
    CHECK(s.describe() == "exit code 0");
    CHECK(Clock::now() - start < 1s);
}

TEST_CASE("kill_all_engines kills every registered engine group",
          "[engine][process][integration]") {
    EngineProcess a(sh("exec sleep 30"));
    EngineProcess b(sh("exec sleep 30"));
    CHECK(live_engine_count() == 2);
    kill_all_engines();
    auto sa = a.wait_exit(Clock::now() + 2s);
    auto sb = b.wait_exit(Clock::now() + 2s);
    REQUIRE(sa);
    REQUIRE(sb);
    CHECK(sa->describe() == "signal 9 (SIGKILL)");
    CHECK(live_engine_count() == 0);
}

TEST_CASE("a line longer than the maximum is cut and the rest dropped, with bounded memory",
          "[engine][process][integration]") {
    long rss_before = max_rss_kb();
    // 50 MB without a newline, then a normal line.
    EngineProcess p(sh("head -c 50000000 /dev/zero | tr '\\0' x; echo; echo after"));
    auto a = p.read_line(Clock::now() + 20s);
    REQUIRE(a.status == ReadStatus::Line);
    CHECK(a.overlong);
    CHECK(a.line.size() == oaq::protocol::kMaxLineLength);
    auto b = p.read_line(Clock::now() + 5s);
    REQUIRE(b.status == ReadStatus::Line);
    CHECK(b.line == "after");
    CHECK(max_rss_kb() - rss_before < 8 * 1024);
}

TEST_CASE("stderr is appended to the log file, and env and working directory are passed",
          "[engine][process][integration]") {
    auto dir =
        std::filesystem::temp_directory_path() / ("oaq-engine-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto log = dir / "engine.log";
    {
        std::ofstream(log) << "earlier\n";
        ProcessSpec spec = sh("echo to-stderr >&2; echo \"$OAQ_X\"; pwd");
        spec.stderr_log = log;
        spec.working_dir = dir;
        spec.env = {{"OAQ_X", "forty-two"}};
        EngineProcess p(spec);
        CHECK(p.read_line(Clock::now() + 5s).line == "forty-two");
        CHECK(std::filesystem::path(p.read_line(Clock::now() + 5s).line) ==
              std::filesystem::canonical(dir));
        p.wait_exit(Clock::now() + 5s);
    }
    std::ifstream in(log);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "earlier\nto-stderr\n");
    std::filesystem::remove_all(dir);
}

TEST_CASE("a command that cannot be started throws OaqError and leaks nothing",
          "[engine][process][integration]") {
    int fds = count_fds();
    CHECK_THROWS_AS(EngineProcess(ProcessSpec{"no-such-engine-oaq", {}, {}, {}, {}}),
                    oaq::OaqError);
    CHECK_THROWS_AS(EngineProcess(ProcessSpec{"./no/such/engine", {}, {}, {}, {}}), oaq::OaqError);
    CHECK_THROWS_AS(EngineProcess(ProcessSpec{"/bin/sh", {}, "/no/such/dir", {}, {}}),
                    oaq::OaqError);
    // Executable but not a program: fork succeeds, execve fails; the child must be reaped.
    auto junk = std::filesystem::temp_directory_path() / ("oaq-junk-" + std::to_string(::getpid()));
    std::ofstream(junk) << "\x7f\x01\x02 not a program";
    std::filesystem::permissions(junk, std::filesystem::perms::owner_all);
    CHECK_THROWS_AS(EngineProcess(ProcessSpec{junk.string(), {}, {}, {}, {}}), oaq::OaqError);
    std::filesystem::remove(junk);
    CHECK(count_fds() == fds);
    CHECK(children() == 0);
}
