// `--help` (or `-h`) among a small tool's arguments: the tools outside `oaq` itself (benchmarks,
// oaq-tablegen, oaq-tune) print their usage on stdout and exit 0 instead of running; a benchmark
// started by `--help` would hold the machine for minutes.
#pragma once

#include <string_view>

namespace oaq {

inline bool wants_help(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") return true;
    }
    return false;
}

}  // namespace oaq
