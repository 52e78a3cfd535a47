// FakeProcess: a scripted engine behind the ProcessPort seam, so EngineSession and the compliance
// checker are unit-tested without processes or sleeps. Time is a ManualClock: the engine's output
// is scheduled at manual-clock times, and a read or a wait with a deadline moves the clock forward
// to the moment the output arrives, or to the deadline (Timeout). A 10 s timeout costs nothing and
// every elapsed time comes out exact.
//
// The model. A FakeEngine script says what the engine does when it reads a line, by the line's
// first word: reply after a delay, write raw bytes, flood a line for ever, close its output or its
// input, exit with a status, stop reading its input. A written line is read at once (in write
// order; several lines in one write are read one by one) unless the engine has stopped reading,
// in which case the write blocks until its deadline (a full pipe). The engine's output goes through
// a protocol::LineBuffer as the real pipe's does, so overlong and unterminated lines come back as
// from EngineProcess. Output is sequential, as a pipe is: a flood that has filled the "pipe"
// (kPipeLines unread lines) holds back whatever the engine would write after it. An exit closes
// the output, breaks the input and discards everything scheduled later.
//
// The FakeHost owns the clock and a record of every process it launched (what each heard, how it
// ended), so tests can inspect a process after the session dropped it. It must outlive the
// sessions using it. Handlers are copied into each launched process, so a stateful (mutable)
// handler starts fresh with each process, as a restarted engine does.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/process_port.hpp"
#include "protocol/line_buffer.hpp"

namespace oaq::engine::test {

class ManualClock {
  public:
    Clock::time_point now() const { return now_; }
    // Never moves backwards.
    void advance_to(Clock::time_point t) {
        if (t > now_) now_ = t;
    }
    void advance(Clock::duration d) { advance_to(now_ + d); }
    // How far the clock has moved since it was made.
    Clock::duration elapsed() const { return now_ - kStart; }

  private:
    static constexpr Clock::time_point kStart = Clock::time_point{} + std::chrono::hours(1);
    Clock::time_point now_ = kStart;
};

class FakeProcess;

// What a handler uses to make the engine answer the line it just read. Each action happens at the
// reply's time, which starts at the moment the line was read and moves on with after().
class Reply {
  public:
    Reply(FakeProcess& process, std::string line);

    Reply& after(Clock::duration delay);   // later actions happen `delay` later (cumulative)
    Reply& say(std::string_view line);     // the line and an LF
    Reply& write(std::string_view bytes);  // bytes as they are: CRLF, a tail without LF
    Reply& flood(std::string_view line, Clock::duration every);  // the line, for ever
    Reply& close_output();           // stdout closes; the process lives on
    Reply& close_input();            // stdin closes: writes are Broken; the process lives on
    Reply& exit(ExitStatus status);  // the process ends
    Reply& stop_reading();           // its input is never read again: writes block (Timeout)

    const std::string& line() const { return line_; }  // the line read ("" at start)
    // Every line this process has read, the current one last.
    const std::vector<std::string>& heard() const;

  private:
    FakeProcess& process_;
    std::string line_;
    Clock::time_point at_;
};

using Handler = std::function<void(Reply&)>;

struct FakeEngine {
    Handler at_start;                                // when it starts, before reading anything
    std::map<std::string, Handler, std::less<>> on;  // by the first word of the line read
    std::optional<std::string> cannot_start;         // launching throws OaqError with this message
};

// One launched process, as the tests see it afterwards.
struct FakeProcessRecord {
    ProcessSpec spec;
    pid_t pid = 0;
    std::vector<std::string> writes;  // each write_line text, as written
    std::vector<std::string> heard;   // every line the engine read, in order
    std::optional<ExitStatus> exit;   // how it ended, once reaped
    bool killed = false;              // ended by kill(), not by itself
};

class FakeProcess final : public ProcessPort {
  public:
    // Unread lines a flood may leave in the "pipe" before it blocks (as a 64 KB pipe would).
    static constexpr std::size_t kPipeLines = 4096;

    FakeProcess(FakeEngine script, ManualClock& clock, FakeProcessRecord& record);
    ~FakeProcess() override;
    FakeProcess(const FakeProcess&) = delete;
    FakeProcess& operator=(const FakeProcess&) = delete;

    pid_t pid() const override { return record_.pid; }
    WriteStatus write_line(std::string_view text, Clock::time_point deadline) override;
    ReadResult read_line(Clock::time_point deadline) override;
    bool has_buffered_line() const override { return lines_.ready_lines() > 0; }
    std::optional<ExitStatus> poll_exit() override;
    std::optional<ExitStatus> wait_exit(Clock::time_point deadline) override;
    ExitStatus stop(std::string_view quit_line, std::chrono::nanoseconds grace) override;
    ExitStatus kill() override;
    bool was_killed() const override { return killed_; }

  private:
    friend class Reply;
    struct Output {
        enum class Kind { Bytes, Flood, CloseOutput, CloseInput, Exit, StopReading } kind;
        std::string bytes;        // Bytes; Flood: one line with its LF
        Clock::duration every{};  // Flood
        ExitStatus status;        // Exit
    };

    void schedule(Clock::time_point at, Output output);
    // Applies, in time order, everything the engine has done by now.
    void deliver_due();
    std::optional<Clock::time_point> next_output() const;
    std::optional<Clock::time_point> next_exit() const;
    void hear(std::string line);
    void reap();

    FakeEngine script_;
    ManualClock& clock_;
    FakeProcessRecord& record_;
    std::multimap<Clock::time_point, Output> pending_;  // equal times keep their order
    protocol::LineBuffer lines_;
    bool output_closed_ = false;
    bool input_closed_ = false;
    bool reads_input_ = true;
    std::optional<ExitStatus> exit_;  // it has exited (reaped once reaped_)
    bool reaped_ = false;
    bool killed_ = false;
};

class FakeHost {
  public:
    explicit FakeHost(FakeEngine script) : engine(std::move(script)) {}
    FakeHost(const FakeHost&) = delete;
    FakeHost& operator=(const FakeHost&) = delete;

    ManualClock clock;
    FakeEngine engine;  // what every process launched from now on does

    // A launcher of FakeProcesses following `engine`, and this clock. Pids are 1000, 1001, ...
    ProcessHost host();
    const std::deque<FakeProcessRecord>& processes() const { return processes_; }
    const FakeProcessRecord& last() const { return processes_.back(); }
    int launches() const { return static_cast<int>(processes_.size()); }

  private:
    std::deque<FakeProcessRecord> processes_;  // a deque: records never move
};

}  // namespace oaq::engine::test
