// oaq-tablegen: builds the reference engine's endgame table for one rule set and writes it where
// the engine's TablePath finds it (reference/endgame_table.hpp). Prints the table's size, the
// time it took, the sweeps and the share of exact values by citizens on the board.
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>

#include "common/help_flag.hpp"
#include "reference/endgame_table.hpp"

namespace {

int usage(std::ostream& out = std::cerr, int code = 2) {
    out << "usage: oaq-tablegen [--rules R] [--citizens N (1.."
        << oaq::engines::reference::kMaxTableCitizens
        << ", default 8)] [--sweeps K (default 400)] [--threads T] [--out DIR (default .)] "
           "[--quiet]\n";
    return code;
}

bool parse_int(std::string_view text, int& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
    namespace ref = oaq::engines::reference;
    std::string rules_text = "standard";
    std::string out_dir = ".";
    int citizens = 8;
    int sweeps = 400;
    bool quiet = false;
    int threads = 1;
    if (oaq::wants_help(argc, argv)) return usage(std::cout, 0);
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--rules" && has_value) {
            rules_text = argv[++i];
        } else if (arg == "--citizens" && has_value) {
            if (!parse_int(argv[++i], citizens) || citizens < 1 ||
                citizens > ref::kMaxTableCitizens)
                return usage();
        } else if (arg == "--sweeps" && has_value) {
            if (!parse_int(argv[++i], sweeps) || sweeps < 1) return usage();
        } else if (arg == "--threads" && has_value) {
            if (!parse_int(argv[++i], threads) || threads < 1 || threads > 64) return usage();
        } else if (arg == "--out" && has_value) {
            out_dir = argv[++i];
        } else if (arg == "--quiet") {
            quiet = true;
        } else {
            return usage();
        }
    }
    const auto rules = oaq::rules::parse_rules(rules_text);
    if (!rules) {
        std::cerr << "oaq-tablegen: " << rules.error().message << '\n';
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    ref::TableStats stats;
    const auto table = ref::EndgameTables::build(
        *rules, citizens, sweeps, threads, &stats, [quiet](int sweep, std::uint64_t changed) {
            if (!quiet) std::cerr << "sweep " << sweep << ": " << changed << " changed\n";
        });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    const std::string path =
        (std::filesystem::path(out_dir) / ref::EndgameTables::file_name(*rules)).string();
    if (auto saved = table.save(path); !saved) {
        std::cerr << "oaq-tablegen: " << saved.error().message << '\n';
        return 2;
    }
    std::cout << "rules " << oaq::rules::expanded(*rules) << '\n'
              << "file " << path << " (" << std::filesystem::file_size(path, ec) << " bytes)\n"
              << "indices " << table.index().size() << ", positions " << stats.positions
              << ", exact " << stats.exact << " ("
              << (stats.positions ? 100.0 * static_cast<double>(stats.exact) /
                                        static_cast<double>(stats.positions)
                                  : 0.0)
              << "%)\n"
              << "sweeps " << stats.sweeps
              << (stats.converged ? " (converged)"
                                  : " (stopped: some values on cycles never settle; unknown)")
              << ", build " << seconds << " s\n";
    for (std::size_t n = 0; n < stats.positions_by_citizens.size(); ++n) {
        const auto all = stats.positions_by_citizens[n];
        std::cout << "  " << n << " citizens: " << stats.exact_by_citizens[n] << " / " << all
                  << " exact\n";
    }
    return 0;
}
