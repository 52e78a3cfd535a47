// SearchControl: what a running search asks the kit. should_stop() turns `stop`, the node limit and
// the hard time limit into one answer; may_start_iteration() adds the soft time limit and the depth
// limit for iterative deepening; info() sends an `info` line (filling in time and nps). The stop
// flag is an atomic owned by the protocol loop; everything else belongs to the search thread.
// Reading the clock costs more than a node of search, so should_stop() reads it only every
// kClockInterval calls; stop itself is seen at the next call.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "kit/time_manager.hpp"
#include "protocol/messages.hpp"

namespace oaq::kit {

using Clock = std::chrono::steady_clock;

class SearchControl {
  public:
    using InfoSink = std::function<void(const protocol::Info&)>;
    static constexpr std::uint32_t kClockInterval = 256;

    SearchControl(const SearchLimits& limits, const std::atomic<bool>& stop_requested,
                  InfoSink sink, Clock::time_point start = Clock::now());

    // True once the search must return: `stop` arrived, `nodes` reached the node limit, or the
    // hard time limit passed. Sticky: once true it stays true.
    bool should_stop(std::uint64_t nodes);

    // For iterative deepening before starting iteration `depth` (1-based): false when the search
    // must stop, `depth` exceeds the depth limit, or the soft time limit has passed.
    bool may_start_iteration(int depth);

    // True when `stop` arrived (not a limit): a search told to stop must not start anything new.
    bool stop_requested() const { return stop_requested_.load(std::memory_order_relaxed); }

    const SearchLimits& limits() const { return limits_; }
    // The highest node count given to should_stop() so far (the bench's signature, kit/bench.hpp).
    std::uint64_t nodes_seen() const { return nodes_seen_; }
    Clock::duration elapsed() const { return Clock::now() - start_; }

    // Sends `info`; when info.nodes is set and time/nps are not, fills them in from the clock.
    void info(protocol::Info info);
    void info_string(std::string text);

  private:
    SearchLimits limits_;
    const std::atomic<bool>& stop_requested_;
    InfoSink sink_;
    Clock::time_point start_;
    std::uint32_t calls_ = 0;
    bool stopped_ = false;
    std::uint64_t nodes_seen_ = 0;
};

}  // namespace oaq::kit
