// TimeManager: turns the limits of a `go` command into the limits a search obeys. Clock fields
// (p1time..p4time/p1inc..p4inc, p1 = South or seat 1; the clock read is the seat to move's) give a
// soft limit (do not start another iteration after it) and a hard limit (return at once);
// `movetime` gives both as the move time minus a margin for the pipe and the referee's scheduling.
// depth, nodes and infinite pass through. Pure arithmetic on std::chrono durations: no clock is
// read here, so tests give exact numbers. Invariants: soft <= hard; hard never exceeds the time
// left minus the safety margin (or half the time left when that is smaller), and every limit is at
// least 1 ms.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "protocol/messages.hpp"
#include "rules/position.hpp"

namespace oaq::kit {

using Milliseconds = std::chrono::milliseconds;

struct SearchLimits {
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    std::optional<Milliseconds> soft_time;  // past it, do not start a new iteration
    std::optional<Milliseconds> hard_time;  // past it, return the best move found so far
    bool infinite = false;                  // search until `stop` (the kit holds bestmove back)
    // The side to move's clock and increment in a clock game, for engines that budget their own
    // time within the limits above.
    std::optional<Milliseconds> time_left;
    std::optional<Milliseconds> increment;
};

// Where the game is, for spreading a clock over the moves left: the plies played, the plies left
// before the ply limit (nullopt: no limit), and how many seats take turns.
struct GameProgress {
    int plies_played = 0;
    std::optional<int> plies_left;
    int seats = 2;
};

// The moves a clock is spread over: `base` at the start of a game; with no increment one more for
// every two of the engine's own moves played (the clock only runs down, and a fixed count would
// leave (1 - 1/base)^n of it after n moves: milliseconds a move in a game that reaches the ply
// limit); never more than the engine's own moves left before the ply limit, so that the clock is
// not left unspent. At least 1.
int moves_to_go(int base, const GameProgress& progress, Milliseconds increment);

struct TimeManagerConfig {
    int moves_to_go = 25;              // the clock is spread over this many moves (moves_to_go())
    double increment_share = 0.8;      // part of the increment spent on top of that
    int hard_factor = 3;               // hard = soft x this, within the safety cap
    Milliseconds safety{30};           // never plan to use the last this-much of the clock
    Milliseconds movetime_margin{10};  // kept back from a fixed movetime (plus 5% of it)
};

class TimeManager {
  public:
    explicit TimeManager(TimeManagerConfig config = {}) : config_(config) {}

    // The limits for the side to move, `progress` into its game. With no limit at all in `go` the
    // search is infinite.
    SearchLimits limits(const protocol::Go& go, rules::Side side_to_move,
                        const GameProgress& progress = {}) const;
    // The same for seat `seat` (from 0: p<seat+1>time and p<seat+1>inc) of a game of any size.
    SearchLimits limits(const protocol::Go& go, int seat, const GameProgress& progress = {}) const;

  private:
    TimeManagerConfig config_;
};

}  // namespace oaq::kit
