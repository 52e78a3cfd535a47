#include "app/cli.hpp"

#include <iostream>
#include <sstream>

#include "common/error.hpp"
#include "common/suggest.hpp"

namespace oaq::app {

std::string help_text(const CommandLine& cli) {
    std::ostringstream out;
    out << "Usage: " << cli.usage << "\n\n" << cli.description << "\n\n" << cli.options;
    return out.str();
}

namespace {

// Suggest, never guess: Boost's default style takes "--con" for "--concurrency" when it is the
// only option starting so; oaq refuses it and names the option it probably meant.
constexpr int kStyle =
    po::command_line_style::default_style & ~po::command_line_style::allow_guessing;

std::vector<std::string> option_names(const po::options_description& options) {
    std::vector<std::string> names;
    for (const auto& o : options.options()) {
        if (!o->long_name().empty()) names.push_back(o->long_name());
    }
    return names;
}

std::string unknown_option_line(const std::string& command, const std::string& option,
                                const po::options_description& options) {
    const auto bare = option.substr(0, option.find('='));
    auto word = bare;
    while (!word.empty() && word.front() == '-') word.erase(0, 1);
    return command + ": unknown option " + bare + did_you_mean(word, option_names(options), "--") +
           " (see --help)";
}

}  // namespace

std::optional<po::variables_map> parse(CommandLine& cli, int argc, char** argv) {
    cli.options.add_options()("help,h", "show this help and exit");
    po::options_description all;
    all.add(cli.options).add(cli.hidden);
    // Old spellings become the current ones ("--timemargin 50", "--timemargin=50").
    std::vector<std::string> rewritten(argv, argv + argc);
    for (auto& arg : rewritten) {
        for (const auto& [old_name, new_name] : cli.aliases) {
            if (arg == old_name)
                arg = new_name;
            else if (arg.rfind(old_name + "=", 0) == 0)
                arg = new_name + arg.substr(old_name.size());
        }
    }
    std::vector<char*> args;
    for (auto& arg : rewritten) args.push_back(arg.data());
    argc = static_cast<int>(args.size());
    argv = args.data();
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(argc, argv)
                      .options(all)
                      .positional(cli.positional)
                      .style(kStyle)
                      .run(),
                  vm);
        if (vm.count("help")) {
            std::cout << help_text(cli);
            return std::nullopt;
        }
        po::notify(vm);
    } catch (const po::unknown_option& e) {
        throw OaqError(unknown_option_line(argv[0], e.get_option_name(), cli.options));
    } catch (const po::error& e) {
        throw OaqError(std::string(argv[0]) + ": " + e.what() + " (see --help)");
    }
    return vm;
}

std::string subcommand_list(const std::string& command,
                            const std::vector<Subcommand>& subcommands) {
    std::string out = "Usage: oaq " + command + " <subcommand> [options]   (oaq " + command +
                      " <subcommand> --help for details)\n\nSubcommands:\n";
    for (const auto& s : subcommands) {
        const std::string name = s.name;
        out += "  " + name + std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') + s.summary +
               "\n";
    }
    return out;
}

int dispatch(const std::string& command, const std::vector<Subcommand>& subcommands, int argc,
             char** argv) {
    if (argc < 2) {
        std::cerr << subcommand_list(command, subcommands);
        return 2;
    }
    const std::string sub = argv[1];
    if (sub == "--help" || sub == "-h") {
        std::cout << subcommand_list(command, subcommands);
        return 0;
    }
    std::vector<std::string> names;
    for (const auto& s : subcommands) {
        if (sub == s.name) return s.run(argc - 1, argv + 1);
        names.emplace_back(s.name);
    }
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    throw OaqError(command + ": unknown subcommand \"" + sub + "\"" + did_you_mean(sub, names) +
                   " (" + list + "; see oaq " + command + " --help)");
}

}  // namespace oaq::app
