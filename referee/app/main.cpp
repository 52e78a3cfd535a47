// `oaq`: the referee's command line. main() only dispatches to a subcommand and turns exceptions
// into exit codes in two tiers: OaqError (bad input or environment) prints one line and exits 2;
// anything else is a bug and exits 70 with "internal error". Every way out ends every engine
// process first (end_all_engines, interrupts.hpp).
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "common/error.hpp"
#include "common/suggest.hpp"

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
    {"serve", oaq::app::run_serve, "serve the live page of a stored (or running) tournament"},
    {"results", oaq::app::run_results, "stored results: standings, crosstable, h2h, games, export"},
    {"ratings", oaq::app::run_ratings,
     "fit Elo ratings over stored games (--save keeps a snapshot)"},
    {"merge", oaq::app::run_merge, "merge shard databases (oaq tournament --shard) into one"},
};

constexpr const char* kVersion = "oaq 0.1.0 (engine protocol 1)";

void print_usage(std::ostream& out) {
    out << "Usage: oaq <command> [options]   (oaq <command> --help, or oaq help <command>)\n\n"
           "oaq is a tournament referee for O an quan engines.\n\nCommands:\n";
    for (const auto& c : kSubcommands) {
        out << "  " << c.name << std::string(16 - c.name.size(), ' ') << c.summary << "\n";
    }
    out << "  help COMMAND    the same as oaq COMMAND --help (oaq help results standings too)\n"
           "\nOptions:\n"
           "  -h, --help      show this help and exit\n"
           "  --version       print the version and the engine protocol version, and exit\n";
}

const Subcommand* find_command(std::string_view name) {
    for (const auto& c : kSubcommands) {
        if (c.name == name) return &c;
    }
    return nullptr;
}

int unknown_command(std::string_view name) {
    std::vector<std::string> names;
    for (const auto& c : kSubcommands) names.emplace_back(c.name);
    names.emplace_back("help");
    std::cerr << "oaq: unknown command \"" << name << "\"" << oaq::did_you_mean(name, names)
              << " (see oaq --help)\n";
    return 2;
}

// `oaq help X [Y...]`: runs `oaq X [Y...] --help`, so a command's help is written once.
int help(int argc, char** argv) {
    if (argc < 3) {
        print_usage(std::cout);
        return 0;
    }
    const auto* c = find_command(argv[2]);
    if (!c) return unknown_command(argv[2]);
    std::vector<std::string> args(argv + 2, argv + argc);
    args.emplace_back("--help");
    std::vector<char*> ptrs;
    for (auto& a : args) ptrs.push_back(a.data());
    return c->run(static_cast<int>(ptrs.size()), ptrs.data());
}

int dispatch(int argc, char** argv) {
    if (argc < 2) {
        print_usage(std::cerr);
        return 2;
    }
    const std::string_view first = argv[1];
    if (first == "--help" || first == "-h") {
        print_usage(std::cout);
        return 0;
    }
    if (first == "help") return help(argc, argv);
    if (first == "--version" || first == "-V") {
        std::cout << kVersion << "\n";
        return 0;
    }
    if (const auto* c = find_command(first)) return c->run(argc - 1, argv + 1);
    return unknown_command(first);
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
