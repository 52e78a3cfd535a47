// ProcessPort: the seam between the protocol session and an engine process. Everything the
// session and the compliance checker need from a running engine goes through it: a line written
// by a deadline, a line read by a deadline, exit status, stop (quit line + grace) and kill. The
// real implementation is EngineProcess (pipes, a process group, a pidfd); unit tests put a scripted
// fake behind it (tests/engine/fake_process.hpp) driven by a manual clock, so the state machine is
// tested without processes or sleeps.
//
// ProcessHost bundles what a session takes from the operating system: how an engine process is
// started (a ProcessLauncher) and what time it is (a ClockSource). Deadlines passed through a port
// are time points of that clock: a host must pair a launcher with the clock its ports wait on (the
// real process waits on std::chrono::steady_clock; the fake on its manual clock).
//
// Contract of every port: no call blocks past its deadline; a misbehaving engine is a status
// value, never an exception; after kill() (or a stop() that had to kill) nothing of the process is
// left, and calling kill() or stop() again returns the same status.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/log_budget.hpp"

namespace oaq::engine {

using Clock = std::chrono::steady_clock;

struct ProcessSpec {
    std::string command;  // a path (relative to the current directory) or a name found in PATH
    std::vector<std::string> args;
    std::filesystem::path working_dir;                     // empty: the current directory
    std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing) ours
    std::filesystem::path stderr_log;                      // empty: /dev/null
    // Caps what reaches stderr_log (the engine's, across its restarts); null: no cap.
    std::shared_ptr<LogBudget> stderr_budget = nullptr;
};

// How a process ended: "exit code 3" or "signal 11 (SIGSEGV)".
struct ExitStatus {
    bool signaled = false;
    int code = 0;  // exit code, or signal number when signaled
    std::string describe() const;
    friend bool operator==(const ExitStatus&, const ExitStatus&) = default;
};

enum class ReadStatus { Line, Timeout, Eof };

struct ReadResult {
    ReadStatus status = ReadStatus::Timeout;
    std::string line;       // for Line: without LF (a trailing CR is kept: the codec accepts it)
    bool overlong = false;  // longer than the maximum: `line` holds only its first bytes
    bool unterminated = false;  // the bytes after the last LF at end of output: not a protocol line
};

enum class WriteStatus { Ok, Broken, Timeout };

class ProcessPort {
  public:
    virtual ~ProcessPort() = default;

    // The process id, which is also its process group id.
    virtual pid_t pid() const = 0;

    // Writes `text` plus LF (`text` may hold several lines separated by LF: one write). Broken
    // when the engine no longer reads (exited or closed its input), Timeout when it does not read
    // and the write cannot finish by `deadline`.
    virtual WriteStatus write_line(std::string_view text, Clock::time_point deadline) = 0;

    // The next complete line, or Timeout once `deadline` passes, or Eof when the output closed
    // (or the process exited) and every buffered line has been returned; the bytes after the last
    // LF come back once, flagged `unterminated`. A line already available is returned even when
    // `deadline` has passed.
    virtual ReadResult read_line(Clock::time_point deadline) = 0;

    // True when a complete line has already been received (read_line would not wait). False does
    // not mean none is on its way: it may still be in the pipe.
    virtual bool has_buffered_line() const = 0;

    // The exit status once the process has exited (and reaps it), else nullopt; never blocks.
    virtual std::optional<ExitStatus> poll_exit() = 0;
    // Waits until the process exits or `deadline` passes.
    virtual std::optional<ExitStatus> wait_exit(Clock::time_point deadline) = 0;

    // `quit_line` (when not empty), up to `grace` for the process to exit, then a kill of the
    // whole group. Returns how the main process ended. Idempotent.
    virtual ExitStatus stop(std::string_view quit_line, std::chrono::nanoseconds grace) = 0;

    // Kills the whole group now and reaps it.
    virtual ExitStatus kill() = 0;

    // True when the process did not exit by itself: kill() (or stop() after its grace) ended it.
    virtual bool was_killed() const = 0;
};

// Starts an engine process. Throws OaqError when it cannot be started at all (not found, not
// executable, bad working directory, log not writable): that is configuration, not a game.
using ProcessLauncher = std::function<std::unique_ptr<ProcessPort>(const ProcessSpec&)>;

// The time on the monotonic clock that deadlines and elapsed times are measured on.
using ClockSource = std::function<Clock::time_point()>;

// The real launcher: an EngineProcess (engine_process.hpp) with the protocol's line limit.
std::unique_ptr<ProcessPort> start_engine_process(const ProcessSpec& spec);

// What a session runs on. The defaults are the operating system: real processes, steady_clock.
struct ProcessHost {
    ProcessLauncher launch = start_engine_process;
    ClockSource now = [] { return Clock::now(); };
};

}  // namespace oaq::engine
