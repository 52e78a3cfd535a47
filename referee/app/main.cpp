// `oaq`: the referee's command line. main() only dispatches to a subcommand and turns exceptions
// into exit codes in two tiers: OaqError (bad input or environment) prints one line and exits 2;
// anything else is a bug and exits 70 with "internal error". Every way out ends every engine
// process first (end_all_engines, interrupts.hpp).
#include <cstring>
#include <exception>
#include <iostream>
#include <string_view>

#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "common/error.hpp"

namespace {

struct Subcommand {
    std::string_view name;
    int (*run)(int, char**);
    std::string_view summary;
};

constexpr Subcommand kSubcommands[] = {
    {"match", oaq::app::run_match, "play two engines in colour-swapped pairs (optionally SPRT)"},
    {"tournament", oaq::app::run_tournament,
     "round robin or gauntlet into an SQLite file, resumable"},
    {"check-engine", oaq::app::run_check_engine,
     "walk a bot through the protocol and say what it does wrong"},
    {"play", oaq::app::run_play, "play an engine yourself in the terminal"},
    {"rules", oaq::app::run_rules, "perft, play moves, show a position (the rules library)"},
    {"report", oaq::app::run_report, "write a static HTML report page"},
    {"results", oaq::app::run_results, "stored results: standings, crosstable, h2h, games, export"},
    {"ratings", oaq::app::run_ratings, "fit Elo ratings over stored games and keep a snapshot"},
    {"merge", oaq::app::run_merge, "merge shard databases (oaq tournament --shard) into one"},
};

void print_usage(std::ostream& out) {
    out << "Usage: oaq <command> [options]   (oaq <command> --help for details)\n\n"
           "oaq is a tournament referee for O an quan engines.\n\nCommands:\n";
    for (const auto& c : kSubcommands) {
        out << "  " << c.name << std::string(16 - c.name.size(), ' ') << c.summary << "\n";
    }
}

int dispatch(int argc, char** argv) {
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
        std::strcmp(argv[1], "help") == 0) {
        print_usage(std::cout);
        return argc < 2 ? 2 : 0;
    }
    if (std::strcmp(argv[1], "--version") == 0) {
        std::cout << "oaq 0.1.0 (engine protocol 1)\n";
        return 0;
    }
    for (const auto& c : kSubcommands) {
        if (c.name == argv[1]) return c.run(argc - 1, argv + 1);
    }
    std::cerr << "oaq: unknown command \"" << argv[1] << "\" (see oaq --help)\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    int status = 70;
    try {
        status = dispatch(argc, argv);
    } catch (const oaq::OaqError& e) {
        std::cerr << "oaq: " << e.what() << "\n";
        status = 2;
    } catch (const std::exception& e) {
        std::cerr << "oaq: internal error: " << e.what() << "\n";
        status = 70;
    }
    oaq::app::end_all_engines();
    return status;
}
