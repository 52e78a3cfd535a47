// EngineProcess: one running engine program and its pipes. The only unit that includes
// Boost.Process. The engine runs in its own process group with stdin and stdout on pipes and
// stderr appended to a log file (or /dev/null) and never read. Reading is line by line with a
// deadline (ppoll on the pipe, no sleeping loops) through a protocol::LineBuffer, which truncates
// a line longer than the protocol maximum, so a flooding engine cannot grow our memory. Exit is
// seen through a pidfd.
//
// Invariants: every descriptor we hold is O_CLOEXEC (a concurrent spawn on another thread never
// leaks our pipes into its child); the destructor kills the whole process group and reaps every
// process of it, so no process, zombie or descriptor outlives the object. SIGPIPE is ignored
// process-wide from the first start() on: writing to a dead engine is an error value.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/line_buffer.hpp"

namespace oaq::engine {

using Clock = std::chrono::steady_clock;

struct ProcessSpec {
    std::string command;  // a path (relative to the current directory) or a name found in PATH
    std::vector<std::string> args;
    std::filesystem::path working_dir;                     // empty: the current directory
    std::vector<std::pair<std::string, std::string>> env;  // added to (or replacing) ours
    std::filesystem::path stderr_log;                      // empty: /dev/null
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

class EngineProcess {
  public:
    // Starts the program. Throws OaqError when it cannot be started at all (not found, not
    // executable, bad working directory, log not writable): that is configuration, not a game.
    explicit EngineProcess(const ProcessSpec& spec,
                           std::size_t max_line_length = protocol::kMaxLineLength);
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    pid_t pid() const { return pid_; }

    // Writes `line` plus LF. Broken when the engine no longer reads (exited or closed stdin).
    WriteStatus write_line(std::string_view line, Clock::time_point deadline);

    // The next complete line, or Timeout once `deadline` passes, or Eof when stdout closed (or
    // the process exited) and every buffered line has been returned; the bytes after the last LF
    // come back once, flagged `unterminated`.
    ReadResult read_line(Clock::time_point deadline);

    // True when a complete line is already buffered (read_line would not wait).
    bool has_buffered_line() const;

    // The exit status once the process has exited (reaps it), else nullopt; never blocks.
    std::optional<ExitStatus> poll_exit();
    // Waits until the process exits or `deadline` passes.
    std::optional<ExitStatus> wait_exit(Clock::time_point deadline);

    // `quit_line` (when not empty), up to `grace` for the process to exit, then SIGKILL to the
    // whole group; reaps everything. Returns how the main process ended. Idempotent.
    ExitStatus stop(std::string_view quit_line, std::chrono::nanoseconds grace);

    // SIGKILL to the whole group and reap, now.
    ExitStatus kill();

    bool has_exited() const { return exit_.has_value(); }
    // True when the process did not exit by itself: kill() (or stop() after its grace) ended it.
    bool was_killed() const { return killed_; }

  private:
    void kill_group_and_reap();
    void close_fds();

    pid_t pid_ = -1;
    int stdin_fd_ = -1;
    int stdout_fd_ = -1;
    int pidfd_ = -1;
    bool eof_ = false;
    bool pid_exited_ = false;
    bool killed_ = false;  // the pidfd said the process exited (not yet reaped)
    std::optional<ExitStatus> exit_;
    protocol::LineBuffer lines_;
};

// The process-wide registry of live engine process groups (the one global STYLE.md allows).
// SIGKILLs every registered group. Async-signal-safe (lock-free atomics and kill(2) only), so a
// SIGINT handler may call it directly; the app should also call it on every exit path.
void kill_all_engines() noexcept;

// How many engine process groups are registered (for tests).
int live_engine_count() noexcept;

}  // namespace oaq::engine
