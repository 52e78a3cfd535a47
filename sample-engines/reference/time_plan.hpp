// TimePlan: when the reference engine starts another iteration. Pure arithmetic on the kit's
// limits (kit/time_manager.hpp) and the durations of the iterations so far, so tests give exact
// numbers. On a clock (soft < hard) the target is the clock spread over moves_to_go() moves (or the
// soft limit), stretched while the best move or the score is unstable (up to 2.5x, never past hard)
// and shrunk while it is stable; with movetime (soft = hard) the whole budget may be used. Either
// way an iteration starts only when the time it is expected to take ends before the engine's
// deadline: the search never starts what it cannot finish, and the hard limit (polled by the
// search) stays a safety net. The expectation is the last iteration's node count times the
// observed growth in nodes, at the time per node of the whole search so far: node counts do not
// depend on the machine's load, and the average over the search smooths out the tens of
// milliseconds a loaded machine may not schedule the process (an estimate from the last
// iteration's duration alone made the engine stop at a quarter of its movetime under load). A
// forced move is played after the first iteration. With `partial` (option PartialIterations),
// under movetime an iteration starts whenever time is left before the deadline: the one the
// deadline cuts off still counts for every root move it searched in full (the search keeps the
// previous best unless another move was proved better), and the engine uses its whole movetime
// instead of about 55% of it.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "kit/search_control.hpp"
#include "kit/time_manager.hpp"
#include "rules/move.hpp"

namespace oaq::engines::reference {

class TimePlan {
  public:
    using Duration = std::chrono::steady_clock::duration;
    // On a clock (limits.time_left known) the target is time left / moves_to_go() + 0.8 x
    // increment, moves_to_go() being kMovesToGo at the start of a game.
    static constexpr int kMovesToGo = 16;

    // movetime_margin: under movetime the engine's own deadline is max(T/2, T - margin).
    TimePlan(const kit::SearchLimits& limits, std::size_t root_moves,
             Duration movetime_margin = std::chrono::milliseconds(15), bool partial = false,
             kit::GameProgress progress = {});

    bool is_timed() const { return timed_; }

    // The engine's own last moment, earlier than the kit's hard limit so that a loaded machine
    // (a process not scheduled for tens of milliseconds) does not lose on time: with movetime T,
    // max(T/2, T - movetime_margin); on a clock, max(left/2, left - 100 ms); never past the hard
    // limit. nullopt when not timed.
    std::optional<Duration> deadline() const;

    // Whether iteration `depth` may start now (also checks stop and the depth limit).
    bool may_start(int depth, const kit::SearchControl& control) const;
    bool may_start(int depth, Duration elapsed, bool stop_requested) const;

    // After iteration `depth` completed at `elapsed` with `score` and `best`, `nodes` searched
    // since the search began (0: unknown, the prediction then uses durations alone).
    void iteration_done(int depth, int score, rules::Move best, Duration elapsed,
                        std::uint64_t nodes = 0);

    // The current target: soft x instability, within [soft / 2, hard]. Zero when not timed.
    Duration target() const;
    // The expected duration of the next iteration.
    Duration predicted_next() const;
    // The moves a clock is spread over: kit::moves_to_go() from kMovesToGo (with no increment one
    // more for every four plies played; never more than the engine's own moves left).
    int moves_to_go() const { return moves_to_go_; }

  private:
    kit::SearchLimits limits_;
    Duration movetime_margin_;
    bool timed_ = false;
    bool clock_ = false;    // soft < hard: a clock game rather than movetime
    bool forced_ = false;   // one legal move
    bool partial_ = false;  // movetime: start iterations the deadline may cut off
    int moves_to_go_;
    Duration last_end_{};  // elapsed at the end of the last iteration
    Duration last_duration_{};
    double growth_ = 2.0;  // duration ratio of consecutive iterations, smoothed
    std::uint64_t total_nodes_ = 0;
    std::uint64_t last_nodes_ = 0;  // nodes of the last iteration
    double node_growth_ = 2.0;      // node ratio of consecutive iterations, smoothed
    double instability_ = 1.0;
    double changes_ = 0;  // recent best-move changes, decaying
    int last_score_ = 0;
    rules::Move last_best_{};
    int iterations_ = 0;
};

}  // namespace oaq::engines::reference
