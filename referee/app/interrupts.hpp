// Interrupts: what the app does when a person or the system stops it (SIGINT from Ctrl-C,
// SIGTERM, SIGHUP when the terminal goes), and the one place it ends every engine process on its
// way out.
//
// - end_all_engines() is the single call site of the engine layer's full cleanup
//   (engine::reap_and_kill_all: every engine group, every process carrying this referee's mark,
//   then the zombies): main calls it on every exit path (return, error, internal error). It is
//   not async-signal-safe; the signal handlers call engine::kill_all_engines(), which is.
// - StopRequest (tournament, match, play): the first signal sets the stop flag a run watches and
//   ends the engines, so every running game ends at once as aborted (never an engine's loss or a
//   person's) and the run is left interrupted; a second signal ends the process at once.
// - EndOnSignal (check-engine: nothing to stop cleanly): a signal ends the engines, then the
//   process, with the signal's usual status.
// Both restore the previous handlers when they go. One of them is alive at a time.
#pragma once

#include <array>
#include <atomic>

namespace oaq::app {

void end_all_engines() noexcept;

// The handlers a StopRequest or EndOnSignal replaced, for SIGINT, SIGTERM and SIGHUP.
using PreviousHandlers = std::array<void (*)(int), 3>;

class StopRequest {
  public:
    StopRequest();
    ~StopRequest();
    StopRequest(const StopRequest&) = delete;
    StopRequest& operator=(const StopRequest&) = delete;

    // Set by the first signal, or by request().
    const std::atomic<bool>& flag() const;
    // Sets the flag as a signal would, without one and without ending the engines: `oaq play`
    // when the person's input ends (the game is aborted, as after Ctrl-C).
    void request();
    // The signal that set it (SIGINT, SIGTERM, SIGHUP), 0 while none came.
    int signal_number() const;

  private:
    PreviousHandlers previous_{};
};

class EndOnSignal {
  public:
    EndOnSignal();
    ~EndOnSignal();
    EndOnSignal(const EndOnSignal&) = delete;
    EndOnSignal& operator=(const EndOnSignal&) = delete;

  private:
    PreviousHandlers previous_{};
};

}  // namespace oaq::app
