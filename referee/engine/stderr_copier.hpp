// The stderr copier: one thread that copies every engine's standard error from a pipe into its log
// file, up to the engine's LogBudget, then writes one marker line and discards the rest.
//
// Why a pipe and a copier rather than the log file as the engine's stderr: a file another process
// appends to cannot be capped from outside (truncating it does not stop the appends, and
// RLIMIT_FSIZE would kill the engine with SIGXFSZ and cap every file it writes, its own included).
// Why a thread of its own rather than the session's reads: an engine must never block on its
// stderr (its log verbosity would turn into time losses or a failed `quit`), and between games,
// when no session reads, an idle engine may still write. The copier keeps draining after the cap,
// so a flooding engine never blocks; a full disk only drops log bytes.
//
// Invariant: the copier owns the log descriptor and the pipe's read end of each copy, and closes
// both when every writer has closed the pipe (the engine and whatever inherited its stderr ended).
#pragma once

#include <chrono>
#include <memory>

#include "engine/log_budget.hpp"

namespace oaq::engine {

class StderrCopy;

// Starts the copier thread unless it runs (prepare_referee_process() calls it). With no descriptor
// or thread left it starts nothing, and start_stderr_copy() tries again.
void start_stderr_copier();

// A new copy into `log_fd` (an open, appending log; the copier takes it over) under `budget`.
// Returns the descriptor to give the engine as its stderr: the caller closes it after the spawn.
// Throws OaqError when no pipe can be made or the copier cannot start (the referee is out of
// descriptors or threads).
struct StderrSink {
    int child_fd = -1;
    std::shared_ptr<StderrCopy> copy;
};
StderrSink start_stderr_copy(int log_fd, std::shared_ptr<LogBudget> budget);

// Waits until the copy is complete (every writer closed the pipe and the log is closed), or until
// `deadline`. True when complete.
bool wait_stderr_copied(const StderrCopy& copy, std::chrono::steady_clock::time_point deadline);

}  // namespace oaq::engine
