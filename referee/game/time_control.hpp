// TimeControl: how long an engine may think, as given on the command line (`--tc`):
//   "10+0.1"        a clock: 10 s for the game plus 0.1 s added after each move
//   "60"            a clock without increment
//   "movetime=100"  100 ms per move
//   "depth=6"       a fixed search depth (no clock; the stall timeout applies)
//   "nodes=20000"   a fixed node count (no clock; the stall timeout applies)
// Parsing errors name the text, the reason and the accepted range. Every accepted time control fits
// the limits below, and the game layer clamps its deadlines and clocks to kLongestDeadline as well,
// so no duration computed from a time control (deadline = clock + margin, in nanoseconds) can
// overflow. Pure: no I/O.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace oaq::game {

using Milliseconds = std::chrono::milliseconds;

// movetime=MS: 1..kLongestMoveTime; a clock's base and increment: at most kLongestClock.
inline constexpr Milliseconds kLongestMoveTime{86'400'000};       // a day per move
inline constexpr std::chrono::seconds kLongestClock{10'000'000};  // about 115 days
// No deadline or clock reading is ever longer: beyond any accepted time control, far below where
// nanoseconds (292 years) or a steady_clock time point overflow.
inline constexpr std::chrono::hours kLongestDeadline{24 * 366};

struct TimeControl {
    enum class Kind { Clock, MoveTime, Depth, Nodes };
    Kind kind = Kind::Clock;
    Milliseconds base{10000};     // Clock: time for the whole game
    Milliseconds increment{100};  // Clock: added after each move
    Milliseconds movetime{0};     // MoveTime
    int depth = 0;                // Depth
    std::uint64_t nodes = 0;      // Nodes

    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

Expected<TimeControl> parse_time_control(std::string_view text);

// The canonical text, which parse_time_control accepts back: "10+0.1", "movetime=100", ...
std::string to_string(const TimeControl& tc);

}  // namespace oaq::game
