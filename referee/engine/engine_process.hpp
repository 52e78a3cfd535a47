// EngineProcess: one running engine program and its pipes, the real ProcessPort. The only unit
// that includes Boost.Process. The engine runs in its own process group with stdin and stdout on
// pipes; its stderr goes to a log file (through the stderr copier when the log has a budget,
// stderr_copier.hpp) or to /dev/null, and is never parsed. Reading is line by line with a deadline
// (ppoll on the pipe, no sleeping loops) through a protocol::LineBuffer, which truncates a line
// longer than the protocol maximum, so a flooding engine cannot grow our memory. Exit is seen
// through a pidfd.
//
// Invariants: every descriptor we hold is O_CLOEXEC (a concurrent spawn on another thread never
// leaks our pipes into its child); the destructor kills the whole process group, reaps every
// process of it and the orphans it leaves (process_guard.hpp: also a child that left the group),
// so no process, zombie or descriptor outlives the object. Each engine carries the referee's mark
// in its environment and dies with the referee (the process guard's parent-death signal).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string_view>

#include "engine/process_guard.hpp"
#include "engine/process_port.hpp"
#include "protocol/line_buffer.hpp"

namespace oaq::engine {

class StderrCopy;

class EngineProcess final : public ProcessPort {
  public:
    // Starts the program. Throws OaqError when it cannot be started at all (not found, not
    // executable, bad working directory, log not writable, out of descriptors), naming the cause:
    // that is configuration or environment, not a game.
    explicit EngineProcess(const ProcessSpec& spec,
                           std::size_t max_line_length = protocol::kMaxLineLength);
    ~EngineProcess() override;
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // The ProcessPort contract (process_port.hpp). Deadlines are steady_clock time points; a
    // kill is SIGKILL to the whole process group, and every member of it is reaped.
    pid_t pid() const override { return pid_; }
    WriteStatus write_line(std::string_view text, Clock::time_point deadline) override;
    ReadResult read_line(Clock::time_point deadline) override;
    bool has_buffered_line() const override;
    std::optional<ExitStatus> poll_exit() override;
    std::optional<ExitStatus> wait_exit(Clock::time_point deadline) override;
    ExitStatus stop(std::string_view quit_line, std::chrono::nanoseconds grace) override;
    ExitStatus kill() override;
    bool was_killed() const override { return killed_; }

    bool has_exited() const { return exit_.has_value(); }

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
    std::shared_ptr<StderrCopy> stderr_copy_;  // null: stderr goes straight to a file
};

}  // namespace oaq::engine
