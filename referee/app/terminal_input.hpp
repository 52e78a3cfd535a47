// TerminalInput: the lines a person types for `oaq play`, read from a file descriptor (stdin) with
// a wait that a stop request ends. A Ctrl-C while the person is thinking must end the game at
// once, not after the next Enter, and the signal handler may only set a flag (interrupts.hpp), so
// the wait is a poll that looks at the flag between short naps. Lines end at LF; a CR before it is
// the caller's to strip; the last line may lack its LF.
#pragma once

#include <atomic>
#include <chrono>
#include <string>

namespace oaq::app {

class TerminalInput {
  public:
    enum class Got {
        Line,     // `line` holds the next line
        End,      // the input ended (Ctrl-D, a closed pipe, a read error)
        Stopped,  // the stop flag is set (checked first: a stop wins over a typed line)
    };

    // `nap`: how long a wait lasts before the flag is looked at again.
    TerminalInput(int fd, const std::atomic<bool>& stop,
                  std::chrono::milliseconds nap = std::chrono::milliseconds(50));

    Got next(std::string& line);

  private:
    int fd_;
    const std::atomic<bool>& stop_;
    std::chrono::milliseconds nap_;
    std::string pending_;  // read, not yet returned
    bool ended_ = false;
};

}  // namespace oaq::app
