// The kit's bench, for every kit engine (as chess engines answer `bench`): a search of each of a
// fixed set of positions to a fixed depth, from a fresh game (`new_game`), single-threaded, with
// the default options. The total node count the engine reports (through SearchControl: the highest
// count given to should_stop or sent in an `info`) is its search signature: it changes exactly
// when the search's behaviour does, so a change meant as a pure speed-up must keep it. No I/O
// except the optional report.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <vector>

#include "kit/engine.hpp"

namespace oaq::kit {

struct BenchLine {
    std::string_view rules;
    std::string_view moves;  // from the start position of the rules
};

// The fixed set: the standard start, standard midgames, and one position under each other preset.
const std::vector<BenchLine>& bench_lines();

struct BenchTotals {
    std::uint64_t nodes = 0;  // the signature
    int positions = 0;
    double cpu_seconds = 0;
};

// Searches every bench position to `depth` with `engine`, printing one line per position and the
// summary line "bench: N nodes ..." to `out` when it is not null.
BenchTotals run_bench(Engine& engine, int depth, std::ostream* out);

// For main(): `PROGRAM bench [DEPTH]` runs the bench (depth engine.bench_depth() by default) and
// exits 0 (2 on a bad depth, with a usage line naming `program`); no arguments runs the protocol on
// stdin/stdout (run_stdio).
int run_main(Engine& engine, int argc, char** argv, std::string_view program);

}  // namespace oaq::kit
