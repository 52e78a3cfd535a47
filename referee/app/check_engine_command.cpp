// `oaq check-engine [--rules R] [--json] -- CMD [ARGS...]`: runs the compliance check
// (engine/compliance.hpp) against one engine and prints every step as PASS, WARN or FAIL with its
// one-line reason, or one JSON object. It applies a match's time margin unless told otherwise.
// Exit 0 when no step failed (warnings allowed), 1 when one failed, 2 on bad input. A signal
// (Ctrl-C) ends the engine with the command (interrupts.hpp).
#include <chrono>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "app/two_players.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "engine/compliance.hpp"
#include "game/defaults.hpp"
#include "rules/rules.hpp"
#include "tournament/engine_option.hpp"
#include "tournament/numbers.hpp"

namespace oaq::app {

using tournament::engine_option_setting;
using tournament::unsigned_number;
using tournament::whole_number;
using tournament::WholeRange;

namespace {

// The timeouts in ms: at least 1, at most an hour (a search: a day).
constexpr WholeRange kTimeout{1, 3600000, "ms"};
constexpr WholeRange kStallTimeout{1, 86400000, "ms"};
constexpr WholeRange kMargin{0, 600000, "ms"};

std::string ms(std::chrono::nanoseconds d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
}

std::chrono::milliseconds timeout_option(const po::variables_map& vm, const char* name,
                                         WholeRange range) {
    return std::chrono::milliseconds(
        whole_number(vm[name].as<std::string>(), std::string("--") + name, range));
}

std::uint64_t log_limit_option(const po::variables_map& vm) {
    return unsigned_number(vm["log-limit"].as<std::string>(), "--log-limit");
}

void add_options(CommandLine& cli) {
    const engine::EngineConfig defaults;  // the timeouts a match uses
    const engine::CheckSettings check;
    cli.options.add_options()("rules", po::value<std::string>()->default_value(check.rules),
                              "rules string: a preset, optionally with switch=value overrides")(
        "variant-rules", po::value<std::string>()->default_value(check.variant_rules),
        "rules the test positions are searched under again when the engine declares Rules")(
        "time-margin", po::value<std::string>()->default_value(ms(check.time_margin)),
        "ms an answer may exceed movetime or the clock, as in a match")(
        "option", po::value<std::vector<std::string>>()->composing(),
        "NAME=VALUE (or option.NAME=VALUE, as in --engine) sent with setoption (repeatable)")(
        "dir", po::value<std::string>(), "working directory of the engine")(
        "log", po::value<std::string>(), "append every protocol line, timestamped, to this file")(
        "stderr", po::value<std::string>(), "append the engine's stderr to this file")(
        "handshake-timeout",
        po::value<std::string>()->default_value(ms(defaults.handshake_timeout())),
        "ms for ugi -> ugiok")("ready-timeout",
                               po::value<std::string>()->default_value(ms(defaults.ready_timeout)),
                               "ms for isready -> readyok")(
        "stall-timeout", po::value<std::string>()->default_value(ms(defaults.stall_timeout)),
        "ms for go depth 1 / go nodes 1000 -> bestmove (a match's stall timeout; shorten it to "
        "fail a hanging engine sooner)")("json", "print one JSON object")(
        "log-limit",
        po::value<std::string>()->default_value(std::to_string(defaults.max_log_bytes())),
        "bytes each log (--log, --stderr) may receive; 0: no limit");
    cli.hidden.add_options()("command", po::value<std::vector<std::string>>(), "CMD [ARGS...]");
    cli.positional.add("command", -1);
}

engine::EngineConfig engine_config(const po::variables_map& vm) {
    auto words = vm["command"].as<std::vector<std::string>>();
    engine::EngineConfig config;
    auto& e = config.engine;
    e.command = words.front();
    e.args.assign(words.begin() + 1, words.end());
    e.name = e.command.substr(e.command.find_last_of('/') + 1);
    if (vm.count("dir")) e.dir = vm["dir"].as<std::string>();
    if (vm.count("log")) e.protocol_log = vm["log"].as<std::string>();
    if (vm.count("stderr")) e.stderr_log = vm["stderr"].as<std::string>();
    e.handshake_timeout = timeout_option(vm, "handshake-timeout", kTimeout);
    config.ready_timeout = timeout_option(vm, "ready-timeout", kTimeout);
    config.stall_timeout = timeout_option(vm, "stall-timeout", kStallTimeout);
    e.log_limit = log_limit_option(vm);
    if (vm.count("option")) {
        for (const auto& item : vm["option"].as<std::vector<std::string>>()) {
            auto setting = engine_option_setting(item);
            if (!setting) {
                throw OaqError("check-engine: --option \"" + item +
                               "\" is not NAME=VALUE (or option.NAME=VALUE)");
            }
            e.options.push_back(std::move(*setting));
        }
    }
    return config;
}

struct CheckOutcome {
    const engine::EngineConfig& config;
    const engine::CheckSettings& settings;
    std::string rules;  // expanded
    const std::vector<engine::ComplianceStep>& steps;
    const std::vector<std::string>& warnings;
    bool all_passed;
};

void print_json(const CheckOutcome& o) {
    const auto& [config, settings, rules, steps, warnings, all_passed] = o;
    std::vector<std::string> encoded;
    for (const auto& s : steps) {
        encoded.push_back(Json()
                              .field("name", s.name)
                              .field("passed", s.passed())
                              .field("verdict", engine::to_string(s.verdict))
                              .field("reason", s.reason)
                              .str());
    }
    Json out;
    out.field("engine", config.engine.command)
        .field("rules", rules)
        .field("time_margin_ms", static_cast<std::int64_t>(settings.time_margin.count()))
        .field("passed", all_passed)
        .raw("steps", Json::array(encoded))
        .raw("warnings", Json::string_array(warnings));
    std::cout << out.str() << "\n";
}

void print_text(const CheckOutcome& o) {
    const auto& [config, settings, rules, steps, warnings, all_passed] = o;
    std::cout << "time limits as in a match: margin " << ms(settings.time_margin)
              << " ms (--time-margin)\n";
    for (const auto& s : steps) {
        std::string word(engine::to_string(s.verdict));
        for (auto& c : word) c = static_cast<char>(c - 'a' + 'A');
        std::cout << word << "  " << s.name;
        if (!s.reason.empty()) std::cout << "  (" << s.reason << ")";
        std::cout << "\n";
    }
    for (const auto& w : warnings) std::cout << "NOTE  " << w << "\n";
    for (const auto& s : steps) {
        if (s.passed()) continue;
        if (s.name == engine::kHandshakeStep) {
            std::cout << "note: --handshake-timeout MS sets how long the handshake may take (now "
                      << ms(config.handshake_timeout()) << " ms)\n";
        } else if (s.name == engine::kFirstReadyStep) {
            std::cout << "note: --ready-timeout MS sets how long isready -> readyok may take (now "
                      << ms(config.ready_timeout) << " ms)\n";
        }
    }
    std::cout << (all_passed ? "no step failed\n" : "some steps failed\n");
}

}  // namespace

int run_check_engine(int argc, char** argv) {
    CommandLine cli(
        "oaq check-engine [options] -- CMD [ARGS...]",
        "Walks an engine through the protocol as strictly as a match: handshake, "
        "options, isready, uginewgame, searches with each side to move from the start, "
        "from position strings, after refills and near the end, every time-control "
        "form with a match's time margin, go depth 0 / nodes 0, go infinite + stop, "
        "the positions again under another rule set when Rules is declared, quit. "
        "Every move is checked for legality and a second bestmove is caught. Prints "
        "each step as PASS, WARN or FAIL with a one-line reason (--log: the full "
        "transcript); exits 0 only when no step failed. With --rules ...,players=3 or 4: the "
        "Players declaration, Rules and Players, a search for each seat to move from "
        "the start and from a position string, every seat's clock, a whole game.");
    add_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    if (!vm->count("command")) throw OaqError("check-engine: no engine command (see --help)");

    const auto config = engine_config(*vm);
    engine::CheckSettings settings;
    settings.rules = (*vm)["rules"].as<std::string>();
    settings.variant_rules = (*vm)["variant-rules"].as<std::string>();
    settings.time_margin = timeout_option(*vm, "time-margin", kMargin);
    auto rules = oaq::rules::parse_rules(settings.rules);
    if (!rules) throw OaqError("--rules: " + rules.error().message);
    auto variant = oaq::rules::parse_rules(settings.variant_rules);
    if (!variant) throw OaqError("--variant-rules: " + variant.error().message);
    require_two_players(*variant, "--variant-rules");

    std::vector<std::string> warnings;
    const EndOnSignal end_on_signal;
    auto steps = engine::run_compliance_check(config, settings, &warnings);
    bool all_passed = true;
    for (const auto& s : steps) all_passed = all_passed && s.passed();

    const CheckOutcome outcome{config, settings, oaq::rules::expanded(*rules),
                               steps,  warnings, all_passed};
    if (vm->count("json")) {
        print_json(outcome);
    } else {
        print_text(outcome);
    }
    return all_passed ? 0 : 1;
}

}  // namespace oaq::app
