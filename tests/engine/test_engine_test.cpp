// oaq-test-engine does what its flags say, seen on the raw pipe (EngineProcess): the real-process
// session tests and tests/integration rely on it, so its own behaviour is pinned here. Real
// processes: tagged [integration].
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>

#include "engine/engine_process.hpp"
#include "process_check.hpp"

using namespace oaq::engine;
using namespace std::chrono_literals;

namespace {

// Sends the commands of one move and returns every line up to and including the bestmove.
std::vector<ReadResult> one_move(EngineProcess& p) {
    for (const char* line : {"ugi", "isready", "position startpos", "go movetime 10"}) {
        REQUIRE(p.write_line(line, Clock::now() + 1s) == WriteStatus::Ok);
    }
    std::vector<ReadResult> lines;
    for (;;) {
        auto r = p.read_line(Clock::now() + 5s);
        REQUIRE(r.status == ReadStatus::Line);
        lines.push_back(r);
        if (r.line.rfind("bestmove ", 0) == 0) return lines;
    }
}

}  // namespace

TEST_CASE("the test engine answers the handshake, isready and go",
          "[engine][test-engine][integration]") {
    EngineProcess p(ProcessSpec{test::test_engine(), {}, {}, {}, {}});
    auto lines = one_move(p);
    REQUIRE(lines.size() == 8);
    CHECK(lines[0].line == "id name oaq-test-engine");
    CHECK(lines[2].line == "option name Rules type string default standard");
    CHECK(lines[4].line == "ugiok");
    CHECK(lines[5].line == "readyok");
    CHECK(lines[7].line == "bestmove 1L");
    CHECK(p.stop("quit", 1s).describe() == "exit code 0");
}

TEST_CASE("the test engine with --crlf ends every line with CR LF",
          "[engine][test-engine][integration]") {
    EngineProcess p(ProcessSpec{test::test_engine(), {"--crlf"}, {}, {}, {}});
    for (const auto& r : one_move(p)) CHECK(r.line.back() == '\r');
}

TEST_CASE(
    "the test engine with --info-flood, --long-line and --garbage-before-bestmove prints what they "
    "say",
    "[engine][test-engine][integration]") {
    EngineProcess p(
        ProcessSpec{test::test_engine(),
                    {"--info-flood", "5", "--long-line", "20000", "--garbage-before-bestmove"},
                    {},
                    {},
                    {}});
    auto lines = one_move(p);
    int infos = 0, overlong = 0;
    for (const auto& r : lines) {
        infos += r.line.rfind("info depth", 0) == 0;
        overlong += r.overlong;
    }
    CHECK(infos == 7);  // 5 of the flood, "info depth nonsense" and the last one
    CHECK(overlong == 1);
    CHECK(lines.size() == 6 + 5 + 1 + 4 + 1 + 1);
}

TEST_CASE("the test engine with --stderr-flood writes its bytes to the stderr log, not to stdout",
          "[engine][test-engine][integration]") {
    auto log = std::filesystem::temp_directory_path() /
               ("oaq-test-engine-stderr-" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(log);
    {
        ProcessSpec spec{test::test_engine(), {"--stderr-flood", "100000"}, {}, {}, log};
        EngineProcess p(spec);
        CHECK(one_move(p).size() == 8);
    }
    CHECK(std::filesystem::file_size(log) == 100000);
    std::filesystem::remove(log);
}
