// Command-line plumbing shared by every `oaq` subcommand: parse with Boost.Program_options into a
// variables_map, print --help, and turn every option error into one clear line (exit 2 through
// OaqError). Subcommands turn the map into plain config structs; nothing below app/ sees Boost
// program options.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace oaq::app {

namespace po = boost::program_options;

struct CommandLine {
    CommandLine(std::string usage_text, std::string description_text)
        : usage(std::move(usage_text)), description(std::move(description_text)) {}
    std::string usage;        // "oaq rules perft [options] DEPTH"
    std::string description;  // one paragraph shown by --help
    po::options_description options{"Options", 100};
    po::positional_options_description positional;
    po::options_description hidden;  // positional arguments, not listed in --help
    // Old spellings of options, rewritten to the current ones before parsing; not in --help.
    std::vector<std::pair<std::string, std::string>> aliases;
};

// Parses argv (argv[0] is the command name) into a map. Returns nullopt after printing --help.
// Throws OaqError with a one-line message on an unknown or malformed option.
std::optional<po::variables_map> parse(CommandLine& cli, int argc, char** argv);

std::string help_text(const CommandLine& cli);

// A command made of subcommands (`oaq rules perft`, `oaq results standings`): runs the one named
// by argv[1] with argv shifted, prints the list on --help, and throws OaqError naming the known
// subcommands for an unknown one. Exit 2 with the list when none is given.
struct Subcommand {
    const char* name;
    int (*run)(int, char**);
    const char* summary;  // one line in the group's --help
};
// The group's --help: its usage and each subcommand with its one line.
std::string subcommand_list(const std::string& command, const std::vector<Subcommand>& subcommands);

int dispatch(const std::string& command, const std::vector<Subcommand>& subcommands, int argc,
             char** argv);

}  // namespace oaq::app
