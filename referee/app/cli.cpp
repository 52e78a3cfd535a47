#include "app/cli.hpp"

#include <iostream>
#include <sstream>

#include "common/error.hpp"

namespace oaq::app {

std::string help_text(const CommandLine& cli) {
    std::ostringstream out;
    out << "Usage: " << cli.usage << "\n\n" << cli.description << "\n\n" << cli.options;
    return out.str();
}

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
        po::store(po::command_line_parser(argc, argv).options(all).positional(cli.positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << help_text(cli);
            return std::nullopt;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        throw OaqError(std::string(argv[0]) + ": " + e.what() + " (see --help)");
    }
    return vm;
}

KeyValue split_key_value(const std::string& token) {
    const auto eq = token.find('=');
    if (eq == std::string::npos) return {token, "", false};
    return {token.substr(0, eq), token.substr(eq + 1), true};
}

int dispatch(const std::string& command, const std::vector<Subcommand>& subcommands, int argc,
             char** argv) {
    std::string names;
    for (const auto& s : subcommands) names += (names.empty() ? "" : "|") + std::string(s.name);
    const std::string usage =
        "Usage: oaq " + command + " <" + names + "> [options]   (--help on each for details)\n";
    if (argc < 2) {
        std::cerr << usage;
        return 2;
    }
    const std::string sub = argv[1];
    if (sub == "--help" || sub == "-h") {
        std::cout << usage;
        return 0;
    }
    for (const auto& s : subcommands) {
        if (sub == s.name) return s.run(argc - 1, argv + 1);
    }
    throw OaqError(command + ": unknown subcommand \"" + sub + "\" (" + names + ")");
}

}  // namespace oaq::app
