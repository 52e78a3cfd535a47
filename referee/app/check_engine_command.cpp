// `oaq check-engine [--rules R] [--json] -- CMD [ARGS...]`: runs the compliance check
// (engine/compliance.hpp) against one engine and prints every step as PASS or FAIL with its reason,
// or one JSON object. Exit 0 when every step passed, 1 when one failed, 2 on bad input. A signal
// (Ctrl-C) ends the engine with the command (interrupts.hpp).
#include <chrono>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "app/numbers.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "engine/compliance.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

namespace {

// The timeouts in ms: at least 1, at most an hour (a search: a day).
constexpr WholeRange kTimeout{1, 3600000, "ms"};
constexpr WholeRange kStallTimeout{1, 86400000, "ms"};

std::string ms(std::chrono::nanoseconds d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
}

std::chrono::milliseconds timeout_option(const po::variables_map& vm, const char* name,
                                         WholeRange range) {
    return std::chrono::milliseconds(
        whole_number(vm[name].as<std::string>(), std::string("--") + name, range));
}

void add_options(CommandLine& cli) {
    const engine::EngineConfig defaults;  // the timeouts a match uses
    cli.options.add_options()("rules", po::value<std::string>()->default_value("standard"),
                              "rules string: a preset, optionally with switch=value overrides")(
        "option", po::value<std::vector<std::string>>()->composing(),
        "NAME=VALUE sent with setoption (repeatable)")("dir", po::value<std::string>(),
                                                       "working directory of the engine")(
        "log", po::value<std::string>(), "append every protocol line, timestamped, to this file")(
        "stderr", po::value<std::string>(), "append the engine's stderr to this file")(
        "handshake-timeout",
        po::value<std::string>()->default_value(ms(defaults.handshake_timeout)),
        "ms for ugi -> ugiok")("ready-timeout",
                               po::value<std::string>()->default_value(ms(defaults.ready_timeout)),
                               "ms for isready -> readyok")(
        "stall-timeout", po::value<std::string>()->default_value("10000"),
        "ms for go depth 1 / go nodes 1000 -> bestmove")("json", "print one JSON object");
    cli.hidden.add_options()("command", po::value<std::vector<std::string>>(), "CMD [ARGS...]");
    cli.positional.add("command", -1);
}

engine::EngineConfig engine_config(const po::variables_map& vm) {
    auto words = vm["command"].as<std::vector<std::string>>();
    engine::EngineConfig config;
    config.command = words.front();
    config.args.assign(words.begin() + 1, words.end());
    config.name = config.command.substr(config.command.find_last_of('/') + 1);
    if (vm.count("dir")) config.working_dir = vm["dir"].as<std::string>();
    if (vm.count("log")) config.protocol_log = vm["log"].as<std::string>();
    if (vm.count("stderr")) config.stderr_log = vm["stderr"].as<std::string>();
    config.handshake_timeout = timeout_option(vm, "handshake-timeout", kTimeout);
    config.ready_timeout = timeout_option(vm, "ready-timeout", kTimeout);
    config.stall_timeout = timeout_option(vm, "stall-timeout", kStallTimeout);
    if (vm.count("option")) {
        for (const auto& item : vm["option"].as<std::vector<std::string>>()) {
            auto eq = item.find('=');
            if (eq == std::string::npos || eq == 0) {
                throw OaqError("check-engine: --option \"" + item + "\" is not NAME=VALUE");
            }
            config.options.emplace_back(item.substr(0, eq), item.substr(eq + 1));
        }
    }
    return config;
}

}  // namespace

int run_check_engine(int argc, char** argv) {
    CommandLine cli("oaq check-engine [options] -- CMD [ARGS...]",
                    "Walks an engine through the protocol: handshake, options, isready, "
                    "uginewgame, searches from startpos and a mid-game position under every "
                    "time-control form, go infinite + stop, quit. Every move is checked for "
                    "legality. Prints each step as PASS or FAIL with the reason; exits 0 only when "
                    "all pass.");
    add_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    if (!vm->count("command")) throw OaqError("check-engine: no engine command (see --help)");

    const auto config = engine_config(*vm);
    const std::string rules_text = (*vm)["rules"].as<std::string>();
    auto rules = oaq::rules::parse_rules(rules_text);
    if (!rules) throw OaqError("--rules: " + rules.error().message);

    std::vector<std::string> warnings;
    const EndOnSignal end_on_signal;
    auto steps = engine::run_compliance_check(config, rules_text, &warnings);
    bool all_passed = true;
    for (const auto& s : steps) all_passed = all_passed && s.passed;

    if (vm->count("json")) {
        std::vector<std::string> encoded;
        for (const auto& s : steps) {
            encoded.push_back(Json()
                                  .field("name", s.name)
                                  .field("passed", s.passed)
                                  .field("reason", s.reason)
                                  .str());
        }
        Json out;
        out.field("engine", config.command)
            .field("rules", oaq::rules::expanded(*rules))
            .field("passed", all_passed)
            .raw("steps", Json::array(encoded))
            .raw("warnings", Json::string_array(warnings));
        std::cout << out.str() << "\n";
    } else {
        for (const auto& s : steps) {
            std::cout << (s.passed ? "PASS  " : "FAIL  ") << s.name;
            if (!s.reason.empty()) std::cout << "  (" << s.reason << ")";
            std::cout << "\n";
        }
        for (const auto& w : warnings) std::cout << "WARN  " << w << "\n";
        std::cout << (all_passed ? "all steps passed\n" : "some steps failed\n");
    }
    return all_passed ? 0 : 1;
}

}  // namespace oaq::app
