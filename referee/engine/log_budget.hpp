// LogBudget: how many more bytes one engine may write to one of its logs (its stderr log, its
// protocol log), so that an engine flooding `info` lines or its standard error cannot fill the
// disk (issue 11: 103 MB of protocol log in 2 s; a 3 MB stderr flood ended a run on a small disk).
// One budget lasts for the whole life of the engine's session: a restarted process continues the
// count. It is shared by the threads that write the log (the session, the stderr copier), so it is
// lock-free. When it runs out, the writer adds one marker line where the log was cut.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace oaq::engine {

class LogBudget {
  public:
    explicit LogBudget(std::uint64_t limit) : limit_(limit), left_(limit) {}

    // How many of the next `n` bytes may be written (0..n); the rest must be dropped.
    std::size_t take(std::size_t n) {
        std::uint64_t left = left_.load();
        for (;;) {
            const std::uint64_t granted = std::min<std::uint64_t>(left, n);
            if (left_.compare_exchange_weak(left, left - granted)) {
                if (granted < n) refused_.store(true);
                return static_cast<std::size_t>(granted);
            }
        }
    }

    // True exactly once, after take() first dropped bytes: the moment to write cut_marker().
    bool should_mark_cut() { return refused_.load() && !marked_.exchange(true); }

    // True once the cut marker has been asked for: nothing more is written to this log.
    bool is_cut() const { return marked_.load(); }

    // The line written where `log` ("stderr", "protocol") was cut, with its LF.
    std::string cut_marker(std::string_view log) const {
        return "\n[oaq] " + std::string(log) + " log cut here: this engine's limit of " +
               std::to_string(limit_) + " bytes is reached, the rest is discarded\n";
    }

    std::uint64_t limit() const { return limit_; }

  private:
    const std::uint64_t limit_;
    std::atomic<std::uint64_t> left_;
    std::atomic<bool> refused_{false};
    std::atomic<bool> marked_{false};
};

}  // namespace oaq::engine
