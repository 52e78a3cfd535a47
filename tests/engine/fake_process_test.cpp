// The fake process keeps the ProcessPort contract the way EngineProcess does (the real one is
// pinned in engine_process_test.cpp), so what the session tests show on it holds for real pipes.
#include "fake_process.hpp"

#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>

using namespace oaq::engine;
using namespace oaq::engine::test;
using namespace std::chrono_literals;

namespace {

FakeEngine echo_after(Clock::duration delay) {
    FakeEngine engine;
    engine.on["echo"] = [delay](Reply& r) { r.after(delay).say(r.line()); };
    return engine;
}

}  // namespace

TEST_CASE("a read moves the manual clock to the answer, or to the deadline", "[engine][fake]") {
    FakeHost fake(echo_after(30ms));
    auto p = fake.host().launch(ProcessSpec{"fake", {}, {}, {}, {}});
    REQUIRE(p->write_line("echo one", fake.clock.now() + 1s) == WriteStatus::Ok);
    CHECK(p->read_line(fake.clock.now() + 10ms).status == ReadStatus::Timeout);
    CHECK(fake.clock.elapsed() == 10ms);
    auto r = p->read_line(fake.clock.now() + 1s);
    REQUIRE(r.status == ReadStatus::Line);
    CHECK(r.line == "echo one");
    CHECK(fake.clock.elapsed() == 30ms);
    CHECK_FALSE(p->has_buffered_line());
    CHECK(p->read_line(fake.clock.now()).status == ReadStatus::Timeout);  // a past deadline
    CHECK(fake.clock.elapsed() == 30ms);
}

TEST_CASE("an exit is Eof after the last lines and the unterminated tail, with its status",
          "[engine][fake]") {
    FakeEngine engine;
    engine.at_start = [](Reply& r) { r.say("one").write("two").after(5ms).exit({false, 7}); };
    FakeHost fake(engine);
    auto p = fake.host().launch(ProcessSpec{});
    CHECK_FALSE(p->poll_exit());
    CHECK(p->read_line(fake.clock.now() + 1s).line == "one");
    auto tail = p->read_line(fake.clock.now() + 1s);
    CHECK(tail.line == "two");
    CHECK(tail.unterminated);
    CHECK(p->read_line(fake.clock.now() + 1s).status == ReadStatus::Eof);
    CHECK(p->write_line("ugi", fake.clock.now() + 1s) == WriteStatus::Broken);
    CHECK(p->wait_exit(fake.clock.now() + 1s) == ExitStatus{false, 7});
    CHECK_FALSE(p->was_killed());
    CHECK(fake.last().exit == ExitStatus{false, 7});
}

TEST_CASE("an engine that stops reading makes a write wait for its deadline", "[engine][fake]") {
    FakeEngine engine;
    engine.on["ugi"] = [](Reply& r) { r.stop_reading(); };
    FakeHost fake(engine);
    auto p = fake.host().launch(ProcessSpec{});
    // Both lines are in one write: the second stays unread in the pipe.
    CHECK(p->write_line("ugi\nisready", fake.clock.now() + 1s) == WriteStatus::Ok);
    CHECK(fake.last().heard == std::vector<std::string>{"ugi"});
    CHECK(p->write_line("isready", fake.clock.now() + 2s) == WriteStatus::Timeout);
    CHECK(fake.clock.elapsed() == 2s);
    CHECK(p->stop("quit", 500ms) == ExitStatus{true, SIGKILL});
    CHECK(p->was_killed());
    CHECK(fake.clock.elapsed() == 2500ms);
}

TEST_CASE("a flood fills the pipe and holds back what the engine writes after it",
          "[engine][fake]") {
    FakeEngine engine;
    engine.at_start = [](Reply& r) { r.flood("info", 1us).after(1s).say("late"); };
    FakeHost fake(engine);
    auto p = fake.host().launch(ProcessSpec{});
    // Nobody reads for two seconds: the pipe holds kPipeLines lines, and "late" never gets in.
    CHECK_FALSE(p->wait_exit(fake.clock.now() + 2s));
    for (std::size_t i = 0; i < FakeProcess::kPipeLines; ++i) {
        REQUIRE(p->read_line(fake.clock.now()).line == "info");
    }
    CHECK(p->has_buffered_line() == false);
    CHECK(p->read_line(fake.clock.now()).line == "info");  // the flood goes on, "late" waits
    CHECK(p->kill() == ExitStatus{true, SIGKILL});
}
