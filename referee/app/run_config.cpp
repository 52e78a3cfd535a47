#include "app/run_config.hpp"

#include <charconv>
#include <chrono>
#include <iostream>
#include <random>
#include <sstream>

#include "app/cli.hpp"
#include "common/error.hpp"
#include "common/json.hpp"

namespace oaq::app {

std::string OpeningSource::text() const {
    switch (kind) {
        case Kind::Random:
            return "plies=" + std::to_string(plies) +
                   (seed ? " seed=" + std::to_string(*seed) : "");
        case Kind::File:
            return "file=" + file;
        case Kind::None:
            break;
    }
    return "";
}

namespace {

std::string usage_for(RunMode mode) {
    return mode == RunMode::Match ? "oaq match --engine name=A cmd=PATH [key=value...] --engine "
                                    "name=B cmd=PATH ... [options]"
                                  : "oaq tournament --engine ... --engine ... [--engine ...] "
                                    "[options] | --resume NAME [--db F]";
}

std::string description_for(RunMode mode) {
    std::string keys =
        "Engine keys (after --engine; --each sets them for all): name=N cmd=PATH args=\"A B\" "
        "dir=D "
        "option.<Name>=V tc=TC env.<K>=V restart=on|off.\nTime controls: SECONDS[+INC] (10+0.1), "
        "movetime=MS, depth=N, nodes=N.";
    if (mode == RunMode::Match) {
        return "Plays two engines against each other in colour-swapped pairs and prints a line per "
               "game, then the score with the Elo difference and its 95% error. With --sprt it "
               "stops "
               "as soon as the test accepts H0 or H1.\n" +
               keys;
    }
    return "Runs a round robin or gauntlet, K games at once, storing every game in an SQLite file. "
           "Ctrl-C stops cleanly; --resume NAME continues where it stopped.\n" +
           keys;
}

OpeningSource parse_openings(const std::vector<std::string>& tokens) {
    OpeningSource src;
    for (const auto& t : tokens) {
        const auto [key, value, has_value] = split_key_value(t);
        const auto bad = [&t] {
            return OaqError("--openings: \"" + t + "\" is not plies=N (0..100), seed=S or file=F");
        };
        if (key == "plies") {
            int plies = -1;
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), plies);
            if (ec != std::errc() || end != value.data() + value.size() || plies < 0 || plies > 100)
                throw bad();
            src.kind = OpeningSource::Kind::Random;
            src.plies = plies;
        } else if (key == "seed") {
            std::uint64_t seed = 0;
            auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seed);
            if (value.empty() || ec != std::errc() || end != value.data() + value.size())
                throw bad();
            src.seed = seed;
        } else if (key == "file" && has_value && !value.empty()) {
            src.kind = OpeningSource::Kind::File;
            src.file = value;
        } else {
            throw bad();
        }
    }
    return src;
}

tournament::SprtParams parse_sprt(const std::vector<std::string>& tokens) {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    std::string model = "normalized";
    for (const auto& t : tokens) {
        const auto [key, value, has_value] = split_key_value(t);
        try {
            std::size_t used = 0;
            if (key == "model") {
                model = value;
                continue;
            }
            double v = std::stod(value, &used);
            if (used != value.size()) throw std::invalid_argument("");
            if (key == "elo0")
                elo0 = v;
            else if (key == "elo1")
                elo1 = v;
            else if (key == "alpha")
                alpha = v;
            else if (key == "beta")
                beta = v;
            else
                throw std::invalid_argument("");
        } catch (const std::exception&) {
            throw OaqError(
                "--sprt: \"" + t +
                "\" is not elo0=E, elo1=E, alpha=A, beta=B or model=normalized|logistic");
        }
    }
    Expected<tournament::SprtParams> params =
        model == "normalized" ? tournament::SprtParams::normalized({elo0}, {elo1}, alpha, beta)
        : model == "logistic" ? tournament::SprtParams::logistic({elo0}, {elo1}, alpha, beta)
                              : Expected<tournament::SprtParams>(fail(
                                    "model must be normalized or logistic, got \"" + model + "\""));
    if (!params) throw OaqError("--sprt: " + params.error().message);
    return *params;
}

}  // namespace

std::optional<RunConfig> parse_run_config(RunMode mode, const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    auto split = split_engine_arguments(static_cast<int>(argv.size()), argv.data());

    CommandLine cli(usage_for(mode), description_for(mode));
    // The spellings before protocol-spec 1.1, still accepted (stored runs resume with them).
    cli.aliases = {{"--timemargin", "--time-margin"}, {"--stalltimeout", "--stall-timeout"}};
    cli.options.add_options()("engine", "an engine: key=value... (repeat for each engine)")(
        "each", "key=value... applied to every engine")(
        "rules", po::value<std::string>()->default_value("standard"),
        "rules string (preset[,switch=value...])")(
        "tc", po::value<std::string>()->default_value(game::to_string(game::kDefaultTimeControl)),
        "time control for engines without tc=")(
        "time-margin",
        po::value<int>()->default_value(static_cast<int>(game::kDefaultTimeMargin.count())),
        "milliseconds an engine may exceed its time before it forfeits")(
        "stall-timeout",
        po::value<int>()->default_value(static_cast<int>(game::kDefaultStallTimeout.count())),
        "milliseconds a depth/nodes search may take before it is a stall")(
        "max-plies", po::value<int>()->default_value(game::kDefaultPlyLimit),
        "ply limit of a game (0: none)")(
        "openings", po::value<std::vector<std::string>>()->multitoken(),
        "plies=N [seed=S] | file=F (each opening is played twice, colours swapped)")(
        "concurrency", po::value<int>()->default_value(1), "games played at once")(
        "db", po::value<std::string>(),
        mode == RunMode::Match ? "store the games in this SQLite file"
                               : "SQLite file (default oaq.db)")(
        "name", po::value<std::string>(),
        "name of the run in the database (default: format and time)")(
        "seed", po::value<std::uint64_t>(),
        "seed for generated openings (default: random, stored)")(
        "log", po::value<std::string>(), "directory for engine stderr and protocol logs")(
        "progress", po::value<int>()->default_value(mode == RunMode::Match ? 0 : 10),
        "print standings every N games (0: only at the end)")("json",
                                                              "print JSON lines instead of text");
    if (mode == RunMode::Match) {
        cli.options.add_options()("games", po::value<std::int64_t>()->default_value(2),
                                  "games to play (a cap with --sprt)")(
            "sprt", po::value<std::vector<std::string>>()->multitoken(),
            "[elo0=0] [elo1=5] [alpha=0.05] [beta=0.05] [model=normalized|logistic]: stop at a "
            "verdict; "
            "bounds are in the model's unit (normalized Elo by default)")(
            "resume", po::value<std::string>(), "continue the stored match NAME (with --db)");
    } else {
        cli.options.add_options()("format", po::value<std::string>()->default_value("roundrobin"),
                                  "roundrobin or gauntlet (first engine against all others)")(
            "rounds", po::value<int>()->default_value(1),
            "times every pairing is played (each as a colour-swapped pair)")(
            "resume", po::value<std::string>(), "continue the stored tournament NAME");
    }
    std::vector<char*> rest;
    for (auto& a : split.rest) rest.push_back(a.data());
    auto vm = parse(cli, static_cast<int>(rest.size()), rest.data());
    if (!vm) return std::nullopt;

    RunConfig c;
    c.mode = mode;
    c.argv.assign(args.begin() + 1, args.end());
    c.json = vm->count("json") > 0;
    if (vm->count("db"))
        c.db = (*vm)["db"].as<std::string>();
    else if (mode == RunMode::Tournament)
        c.db = "oaq.db";
    if (vm->count("resume")) {
        c.resume = (*vm)["resume"].as<std::string>();
        if (!split.engines.empty())
            throw OaqError("--resume takes no --engine: the stored run knows its engines");
        if (!c.db) throw OaqError("--resume needs --db FILE");
        return c;
    }
    c.engines = parse_engine_specs(split);
    if (mode == RunMode::Match && c.engines.size() != 2) {
        throw OaqError("match: exactly two --engine are needed, got " +
                       std::to_string(c.engines.size()));
    }
    if (c.engines.size() < 2) throw OaqError("tournament: at least two --engine are needed");

    auto rules = rules::parse_rules((*vm)["rules"].as<std::string>());
    if (!rules) throw OaqError("--rules: " + rules.error().message);
    c.rules = *rules;
    auto tc = game::parse_time_control((*vm)["tc"].as<std::string>());
    if (!tc) throw OaqError("--tc: " + tc.error().message);
    c.tc = *tc;
    for (auto& e : c.engines) {
        if (e.tc && !game::parse_time_control(*e.tc)) {
            throw OaqError("engine " + e.name + ": tc=" + *e.tc + ": " +
                           game::parse_time_control(*e.tc).error().message);
        }
    }
    const int margin = (*vm)["time-margin"].as<int>();
    if (margin < 0 || margin > 600000) throw OaqError("--time-margin must be 0..600000 ms");
    c.margin = game::Milliseconds(margin);
    const int stall = (*vm)["stall-timeout"].as<int>();
    if (stall < 1 || stall > 86400000) throw OaqError("--stall-timeout must be 1..86400000 ms");
    c.stall_timeout = game::Milliseconds(stall);
    c.max_plies = (*vm)["max-plies"].as<int>();
    if (c.max_plies < 0) throw OaqError("--max-plies must be >= 0");
    c.concurrency = (*vm)["concurrency"].as<int>();
    if (c.concurrency < 1 || c.concurrency > 256) throw OaqError("--concurrency must be 1..256");
    if (vm->count("openings"))
        c.openings = parse_openings((*vm)["openings"].as<std::vector<std::string>>());
    c.seed = vm->count("seed") ? (*vm)["seed"].as<std::uint64_t>() : std::random_device{}();
    if (c.openings.kind == OpeningSource::Kind::Random && !c.openings.seed)
        c.openings.seed = c.seed;
    if (vm->count("log")) c.log_dir = (*vm)["log"].as<std::string>();
    c.progress_every = (*vm)["progress"].as<int>();

    if (mode == RunMode::Match) {
        c.format = tournament::Format::Match;
        c.games = (*vm)["games"].as<std::int64_t>();
        if (c.games < 1) throw OaqError("--games must be at least 1");
        if (vm->count("sprt")) {
            const auto& tokens = (*vm)["sprt"].as<std::vector<std::string>>();
            c.sprt = parse_sprt(tokens);
            for (const auto& t : tokens) c.sprt_text += (c.sprt_text.empty() ? "" : " ") + t;
            // Without an explicit cap an SPRT runs until it decides (fishtest's default cap is
            // large).
            if (!vm->count("games") || (*vm)["games"].defaulted()) c.games = 200000;
        }
    } else {
        const auto format = (*vm)["format"].as<std::string>();
        if (format == "roundrobin" || format == "round_robin")
            c.format = tournament::Format::RoundRobin;
        else if (format == "gauntlet")
            c.format = tournament::Format::Gauntlet;
        else
            throw OaqError("--format: \"" + format + "\" is not roundrobin or gauntlet");
        c.rounds = (*vm)["rounds"].as<int>();
        if (c.rounds < 1) throw OaqError("--rounds must be at least 1");
    }
    if (vm->count("name")) {
        c.name = (*vm)["name"].as<std::string>();
        if (c.name.empty()) throw OaqError("--name must not be empty");
    } else {
        auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::gmtime(&now));
        c.name = std::string(mode == RunMode::Match ? "match-" : "tournament-") + buf;
    }
    return c;
}

std::string settings_json(const RunConfig& c) {
    Json j;
    j.raw("argv", Json::string_array(c.argv));
    j.field("concurrency", c.concurrency).field("rounds", c.rounds).field("games", c.games);
    j.field("openings", c.openings.text()).field("max_plies", c.max_plies);
    j.field("margin_ms", static_cast<std::int64_t>(c.margin.count()));
    if (c.sprt) j.field("sprt", c.sprt_text);
    return j.str();
}

std::vector<std::string> stored_arguments(const std::string& settings) {
    // Reads the one array settings_json writes: "argv":["...", ...] with JSON string escapes.
    std::vector<std::string> out;
    auto at = settings.find("\"argv\":[");
    if (at == std::string::npos) throw OaqError("stored run has no arguments to resume from");
    std::size_t i = at + 8;
    while (i < settings.size() && settings[i] != ']') {
        if (settings[i] == ',' || settings[i] == ' ') {
            ++i;
            continue;
        }
        if (settings[i] != '"') throw OaqError("stored run arguments are damaged");
        std::string s;
        for (++i; i < settings.size() && settings[i] != '"'; ++i) {
            if (settings[i] == '\\' && i + 1 < settings.size()) {
                char e = settings[++i];
                if (e == 'n')
                    s += '\n';
                else if (e == 't')
                    s += '\t';
                else if (e == 'r')
                    s += '\r';
                else if (e == 'u' && i + 4 < settings.size()) {
                    s += static_cast<char>(std::stoi(settings.substr(i + 1, 4), nullptr, 16));
                    i += 4;
                } else
                    s += e;
            } else {
                s += settings[i];
            }
        }
        ++i;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace oaq::app
