// The reference engine's bench: a search to a fixed depth of each of a fixed set of positions
// (standard midgames from self-play, and a few under other presets, so every compiled rules
// instantiation and the run-time fallback are exercised), each with a fresh transposition table.
// The total node count is the search's signature: it changes exactly when the search's behaviour
// does, so a change meant to be a pure speed-up must keep it. Speed is measured in CPU time of
// this thread, so a loaded machine changes the figure less than wall time would.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <vector>

namespace oaq::engines::reference {

struct BenchPosition {
    std::string_view rules;
    std::string_view moves;  // from the start position of the rules
};

// The fixed set.
const std::vector<BenchPosition>& bench_positions();

struct BenchResult {
    std::uint64_t nodes = 0;       // positions searched (the signature)
    std::uint64_t moves_made = 0;  // children made, as perft counts moves
    double cpu_seconds = 0;
    double wall_seconds = 0;
};

inline constexpr int kBenchDepth = 16;

// Searches every bench position to `depth`, printing one line per position and a summary to
// `out` when it is not null.
BenchResult run_bench(int depth, std::ostream* out);

}  // namespace oaq::engines::reference
