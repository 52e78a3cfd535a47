#include "app/run_config.hpp"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>

#include "app/cli.hpp"
#include "app/session_options.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "common/json_reader.hpp"
#include "live/server.hpp"
#include "rules/ring_game.hpp"
#include "tournament/definition_text.hpp"
#include "tournament/engine_specs.hpp"
#include "tournament/numbers.hpp"
#include "tournament/run_checks.hpp"
#include "tournament/run_name.hpp"
#include "tournament/run_settings.hpp"
#include "tournament/seeding.hpp"
#include "tournament/shard_option.hpp"

namespace oaq::app {

using tournament::parse_shard;

using tournament::draws_from_seed;
using tournament::int_number;
using tournament::parse_engine_specs;
using tournament::parse_openings;
using tournament::parse_sprt;
using tournament::real_number;
using tournament::RealRange;
using tournament::split_engine_arguments;
using tournament::split_key_value;
using tournament::SplitArguments;
using tournament::sprt_words;
using tournament::unsigned_number;
using tournament::whole_number;
using tournament::WholeRange;

namespace {

// The ranges of the numeric options: wide enough for any real run, narrow enough that no count,
// deadline or total computed from them overflows.
constexpr WholeRange kTimeMargin{0, 600000, "ms"};
constexpr WholeRange kStallTimeout{1, 86400000, "ms"};
constexpr WholeRange kMaxPlies{0, 1000000};
constexpr WholeRange kMaxHandshakeFailures{0, 1000000};
constexpr WholeRange kConcurrency{1, 256};
constexpr WholeRange kProgress{0, 1000000000};
constexpr WholeRange kGames{1, 1000000000};
constexpr WholeRange kRounds{1, 100000};

// A numeric option's text (they are read as text so that numbers.hpp range-checks every one).
std::string text_of(const po::variables_map& vm, const char* name) {
    return vm[name].as<std::string>();
}

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
               "as soon as the test accepts H0 or H1. With --rules ...,players=3 or 4 it seats "
               "that "
               "many engines at one table (each must declare option Players) and plays seating "
               "groups: every order of the seats from one opening (N! games; --games counts "
               "games), with every seat's score, rank and points.\n" +
               keys;
    }
    return "Runs a round robin, gauntlet, Swiss or knockout, K games at once, storing every game "
           "in an SQLite file (docs/tournaments.md). "
           "Ctrl-C stops cleanly; --resume NAME continues where it stopped.\n" +
           keys;
}

void add_common_options(CommandLine& cli, RunMode mode) {
    cli.options.add_options()("engine", "an engine: key=value... (repeat for each engine)")(
        "each", "key=value... applied to every engine")(
        "rules", po::value<std::string>()->default_value("standard"),
        "rules string (preset[,switch=value...])")(
        "tc", po::value<std::string>()->default_value(game::to_string(game::kDefaultTimeControl)),
        "time control for engines without tc=")(
        "time-margin",
        po::value<std::string>()->default_value(std::to_string(game::kDefaultTimeMargin.count())),
        "milliseconds an engine may exceed its time before it forfeits")(
        "stall-timeout",
        po::value<std::string>()->default_value(std::to_string(game::kDefaultStallTimeout.count())),
        "milliseconds a depth/nodes search may take before it is a stall")(
        "max-plies",
        po::value<std::string>()->default_value(std::to_string(game::kDefaultPlyLimit)),
        "ply limit of a game (0: none)")(
        "max-handshake-failures",
        po::value<std::string>()->default_value(std::to_string(game::kDefaultMaxHandshakeFailures)),
        "games in a row an engine may fail to start before its remaining games are recorded as "
        "its losses without starting it (0: never give up)")(
        "openings", po::value<std::vector<std::string>>()->multitoken(),
        "plies=N [seed=S] | file=F [order=sequential|random] [start=N] (each opening is played "
        "twice, colours swapped; order=random is seeded by --seed and stored)")(
        "concurrency", po::value<std::string>()->default_value("1"), "games played at once")(
        "db", po::value<std::string>(),
        mode == RunMode::Match ? "store the games in this SQLite file"
                               : "SQLite file (default oaq.db)")(
        "name", po::value<std::string>(),
        "name of the run in the database (default: format and time)")(
        "seed", po::value<std::string>(),
        "the run's seed, for generated or shuffled openings (default: drawn at random; with "
        "--shard derived from --name and the definition, so every shard has the same; stored)")(
        "log", po::value<std::string>(), "directory for engine stderr and protocol logs")(
        "pgnout", po::value<std::string>(),
        "append each finished game to FILE as PGN, flushed as it ends (kept with the run: "
        "--resume appends to the same file unless it is given --pgnout FILE of its own)")(
        "shard", po::value<std::string>(),
        "K/N | slurm | k8s[/N]: play only shard K of N (whole colour-swapped pairs), for "
        "clusters; every shard needs the same --name; merge the shard files with oaq merge")(
        "progress", po::value<std::string>()->default_value(mode == RunMode::Match ? "0" : "10"),
        "print standings every N games (0: only at the end)")(
        "live", po::value<std::string>(),
        "[ADDR:]PORT: serve a live page of the run at http://ADDR:PORT/ (every running game's "
        "board, clocks and engine output, the standings, the SPRT); ADDR defaults to 127.0.0.1, "
        "PORT 0 picks a free port (printed on stderr)")("json", "print JSON lines instead of text");
}

void add_mode_options(CommandLine& cli, RunMode mode) {
    if (mode == RunMode::Match) {
        cli.options.add_options()("games", po::value<std::string>()->default_value("2"),
                                  "games to play (a cap with --sprt)")(
            "rounds", po::value<std::string>(),
            "colour-swapped pairs to play, as in a tournament (--rounds N = --games 2N)")(
            "sprt", po::value<std::vector<std::string>>()->multitoken(),
            "[elo0=0] [elo1=5] [alpha=0.05] [beta=0.05] [model=normalized|logistic]: stop at a "
            "verdict; "
            "bounds are in the model's unit (normalized Elo by default)")(
            "resume", po::value<std::string>(), "continue the stored match NAME (with --db)");
    } else {
        cli.options.add_options()("format", po::value<std::string>()->default_value("round_robin"),
                                  "round_robin, gauntlet (first engine against all others), swiss "
                                  "or knockout; roundrobin is read as round_robin")(
            "rounds", po::value<std::string>()->default_value("1"),
            "times every pairing is played (each as a colour-swapped pair); a Swiss: its rounds")(
            "games", po::value<std::string>(),
            "games of every pairing, as in a match (even: --games 2N = --rounds N); a Swiss "
            "pairing or knockout match: its games (default 2, one colour-swapped pair)")(
            "seeding", po::value<std::string>()->default_value("random"),
            "swiss, knockout: random (shuffled by --seed) | given (the --engine order) | ratings "
            "(the ratings stored by oaq ratings --save, for these rules)")(
            "bye-points", po::value<std::string>(),
            "swiss: the points of a bye (default: a pairing won, --games points)")(
            "tiebreak-pairs", po::value<std::string>()->default_value("1"),
            "knockout: colour-swapped pairs a tied match plays before the higher seed goes "
            "through")("resume", po::value<std::string>(), "continue the stored tournament NAME");
    }
}

// --rules, --tc, --time-margin, --stall-timeout, --max-plies, --max-handshake-failures into the
// definition.
void read_game_options(const po::variables_map& vm, tournament::RunDefinition& d) {
    auto rules = rules::parse_rules(vm["rules"].as<std::string>());
    if (!rules) throw OaqError("--rules: " + rules.error().message);
    d.rules = *rules;
    auto tc = game::parse_time_control(vm["tc"].as<std::string>());
    if (!tc) throw OaqError("--tc: " + tc.error().message);
    d.tc = *tc;
    d.time_margin =
        game::Milliseconds(whole_number(text_of(vm, "time-margin"), "--time-margin", kTimeMargin));
    d.stall_timeout = game::Milliseconds(
        whole_number(text_of(vm, "stall-timeout"), "--stall-timeout", kStallTimeout));
    d.max_plies = int_number(text_of(vm, "max-plies"), "--max-plies", kMaxPlies);
    d.max_handshake_failures = int_number(text_of(vm, "max-handshake-failures"),
                                          "--max-handshake-failures", kMaxHandshakeFailures);
}

// --seed and --openings: the run's seed is drawn once here and stored; generated openings without
// a seed of their own use it.
void read_seed_and_openings(const po::variables_map& vm, RunConfig& c) {
    auto& d = c.definition;
    d.seed =
        vm.count("seed") ? unsigned_number(text_of(vm, "seed"), "--seed") : std::random_device{}();
    if (!vm.count("openings")) return;
    auto src = parse_openings(vm["openings"].as<std::vector<std::string>>());
    d.openings = src.definition;
    c.openings_seed_given = src.seed.has_value();
    d.openings.seed = src.seed.value_or(d.seed);
    if (!draws_from_seed(d.openings)) d.openings.seed = 0;
}

void read_match_options(const po::variables_map& vm, RunConfig& c) {
    auto& d = c.definition;
    d.format = tournament::Format::Match;
    d.games = whole_number(text_of(vm, "games"), "--games", kGames);
    const bool games_given = !vm["games"].defaulted();
    if (vm.count("rounds")) {
        if (games_given)
            throw OaqError("--games and --rounds both give the length of the match: give one");
        d.games = 2 * int_number(text_of(vm, "rounds"), "--rounds", kRounds);
    }
    if (!vm.count("sprt")) return;
    const auto& tokens = vm["sprt"].as<std::vector<std::string>>();
    d.sprt = parse_sprt(tokens);
    for (const auto& t : sprt_words(tokens)) c.sprt_text += (c.sprt_text.empty() ? "" : " ") + t;
    // Without an explicit cap an SPRT runs until it decides (fishtest's default cap is large).
    if (!games_given && !vm.count("rounds")) d.games = 200000;
}

// --format swiss|knockout: --rounds (a Swiss's), --games per pairing, --seeding, --bye-points,
// --tiebreak-pairs. The seeding is resolved here, except by ratings (the store is not open yet:
// tournament_command.cpp reads them).
void read_round_format_options(const po::variables_map& vm, RunConfig& c) {
    auto& d = c.definition;
    const bool swiss = d.format == tournament::Format::Swiss;
    if (swiss) {
        d.rounds = int_number(text_of(vm, "rounds"), "--rounds", kRounds);
    } else if (!vm["rounds"].defaulted()) {
        throw OaqError(
            "--rounds: a knockout plays until one engine is left (give --games for "
            "the games of each match)");
    }
    d.games = 2;
    if (vm.count("games")) {
        d.games = int_number(text_of(vm, "games"), "--games", {2, 2 * kRounds.max});
        if (d.games % 2 != 0)
            throw OaqError("--games: " + std::to_string(d.games) +
                           " is odd, and every pairing plays colour-swapped pairs");
    }
    const auto seeding = tournament::kSeedingWords.find(vm["seeding"].as<std::string>());
    if (!seeding)
        throw OaqError("--seeding: \"" + vm["seeding"].as<std::string>() +
                       "\" is not random, given or ratings");
    c.seeding = *seeding;
    d.seeding = tournament::seed_order(d.engine_names(), *seeding, d.seed);
    d.bye_points = static_cast<double>(d.games);
    if (vm.count("bye-points")) {
        if (!swiss) throw OaqError("--bye-points: a knockout has no byes that score");
        d.bye_points = real_number(text_of(vm, "bye-points"), "--bye-points", {0, 500});
        if (d.bye_points * 2 != std::floor(d.bye_points * 2))
            throw OaqError("--bye-points: " + text_of(vm, "bye-points") +
                           " is not a multiple of 0.5");
    }
    if (swiss && !vm["tiebreak-pairs"].defaulted())
        throw OaqError("--tiebreak-pairs is for a knockout: a Swiss ranks ties by its tie-breaks");
    d.tiebreak_pairs = int_number(text_of(vm, "tiebreak-pairs"), "--tiebreak-pairs", {0, 100});
    if (auto valid = tournament::validate(d); !valid)
        throw OaqError("--format " + std::string(to_string(d.format)) + ": " +
                       valid.error().message);
}

void read_tournament_options(const po::variables_map& vm, RunConfig& c) {
    auto& d = c.definition;
    const auto format = vm["format"].as<std::string>();
    // round_robin, as the run is stored and printed; roundrobin, oaq 0.1's word, is still read.
    if (format == "round_robin" || format == "roundrobin")
        d.format = tournament::Format::RoundRobin;
    else if (format == "gauntlet")
        d.format = tournament::Format::Gauntlet;
    else if (auto round_format = tournament::kFormatWords.find(format);
             round_format && (*round_format == tournament::Format::Swiss ||
                              *round_format == tournament::Format::Knockout))
        d.format = *round_format;
    else
        throw OaqError("--format: \"" + format +
                       "\" is not round_robin, gauntlet, swiss or knockout");
    if (d.format == tournament::Format::Swiss || d.format == tournament::Format::Knockout)
        return read_round_format_options(vm, c);
    for (const char* name : {"seeding", "bye-points", "tiebreak-pairs"}) {
        if (vm.count(name) && !vm[name].defaulted())
            throw OaqError(std::string("--") + name + " is for --format swiss or knockout");
    }
    d.rounds = int_number(text_of(vm, "rounds"), "--rounds", kRounds);
    if (vm.count("games")) {
        if (!vm["rounds"].defaulted())
            throw OaqError("--games and --rounds both give how often a pairing plays: give one");
        const auto games = int_number(text_of(vm, "games"), "--games", {2, 2 * kRounds.max});
        if (games % 2 != 0) {
            throw OaqError("--games: " + std::to_string(games) +
                           " is odd, and every pairing plays colour-swapped pairs (--games 2N = "
                           "--rounds N)");
        }
        d.rounds = games / 2;
    }
}

void check_seats(const po::variables_map& vm, RunConfig& c) {
    const tournament::SeatOptions options{
        c.mode == RunMode::Tournament, [&vm](const char* o) { return vm.count(o) > 0; },
        [&vm](const char* o) { return vm.count(o) > 0 && !vm[o].defaulted(); }};
    if (auto settled = tournament::settle_seats(c.definition, options); !settled)
        throw OaqError(settled.error().message);
}

std::string default_name(RunMode mode) {
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::gmtime(&now));
    return std::string(mode == RunMode::Match ? "match-" : "tournament-") + buf;
}

void read_engines(const SplitArguments& split, RunConfig& c) {
    const auto specs = parse_engine_specs(split);
    if (specs.size() < 2) throw OaqError("tournament: at least two --engine are needed");
    c.definition.engines = specs;
}

// The options that say how this process runs: output, concurrency, logs, name.
void read_process_options(const po::variables_map& vm, RunConfig& c) {
    c.concurrency = int_number(text_of(vm, "concurrency"), "--concurrency", kConcurrency);
    if (vm.count("log")) {
        c.log_dir = vm["log"].as<std::string>();
        if (c.log_dir.empty()) throw OaqError("--log: \"\" is not a directory name");
    }
    if (vm.count("pgnout")) {
        c.pgn_out = vm["pgnout"].as<std::string>();
        if (c.pgn_out.empty()) throw OaqError("--pgnout: \"\" is not a file name");
    }
    c.progress_every = int_number(text_of(vm, "progress"), "--progress", kProgress);
    if (vm.count("shard")) c.shard = parse_shard(vm["shard"].as<std::string>());
    if (vm.count("name")) {
        c.name = vm["name"].as<std::string>();
        c.name_given = true;
        // Refused before the database is opened: the run's games would be unreachable as NAME#N.
        if (auto named = tournament::check_run_name(c.name); !named)
            throw OaqError("--name: " + named.error().message);
    } else {
        c.name = default_name(c.mode);
    }
}

// On --resume the stored definition is played as it is: an option that would change it is
// refused rather than ignored, except a match's --games, the new cap of its SPRT.
void read_resume_games(const po::variables_map& vm, RunConfig& c) {
    for (const char* name :
         {"rules", "tc", "time-margin", "stall-timeout", "max-plies", "max-handshake-failures",
          "openings", "seed", "sprt", "rounds", "session", "format", "games", "seeding",
          "bye-points", "tiebreak-pairs"}) {
        if (!vm.count(name) || vm[name].defaulted()) continue;
        if (c.mode == RunMode::Match && std::string_view(name) == "games") continue;
        throw OaqError(std::string("--resume takes no --") + name +
                       ": the stored run keeps its definition (only an SPRT match's cap may "
                       "change, with --games)");
    }
    if (c.mode == RunMode::Match && !vm["games"].defaulted())
        c.resume_games = whole_number(text_of(vm, "games"), "--games", kGames);
}

}  // namespace

std::optional<RunConfig> parse_run_config(RunMode mode, const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    auto split = split_engine_arguments(static_cast<int>(argv.size()), argv.data());

    CommandLine cli(usage_for(mode), description_for(mode));
    // The spellings of oaq 0.1, still accepted (stored runs resume with them), never in --help.
    cli.aliases = {{"--timemargin", "--time-margin"}, {"--stalltimeout", "--stall-timeout"}};
    add_common_options(cli, mode);
    add_mode_options(cli, mode);
    add_session_option(cli);
    std::vector<char*> rest;
    for (auto& a : split.rest) rest.push_back(a.data());
    auto vm = parse(cli, static_cast<int>(rest.size()), rest.data());
    if (!vm) return std::nullopt;

    RunConfig c;
    c.mode = mode;
    c.argv.assign(args.begin() + 1, args.end());
    c.json = vm->count("json") > 0;
    if (vm->count("live")) {
        c.live = (*vm)["live"].as<std::string>();
        if (auto a = live::parse_listen_address(*c.live); !a)
            throw OaqError("--live " + a.error().message);
    }
    if (vm->count("db"))
        c.db = (*vm)["db"].as<std::string>();
    else if (mode == RunMode::Tournament)
        c.db = "oaq.db";
    // SQLite would make "" a temporary file, and the whole run would vanish at its end.
    if (c.db && c.db->empty()) throw OaqError("--db: \"\" is not a file name");
    if (vm->count("resume")) {
        c.resume = (*vm)["resume"].as<std::string>();
        if (!split.engines.empty())
            throw OaqError("--resume takes no --engine: the stored run knows its engines");
        if (!c.db) throw OaqError("--resume needs --db FILE");
        read_resume_games(*vm, c);
        read_process_options(*vm, c);
        c.concurrency_given = !(*vm)["concurrency"].defaulted();
        c.log_given = vm->count("log") > 0;
        c.pgn_out_given = vm->count("pgnout") > 0;
        c.progress_given = !(*vm)["progress"].defaulted();
        return c;
    }
    read_engines(split, c);
    read_game_options(*vm, c.definition);
    read_seed_and_openings(*vm, c);
    read_session_option(*vm, c.definition);
    read_process_options(*vm, c);
    if (mode == RunMode::Match)
        read_match_options(*vm, c);
    else
        read_tournament_options(*vm, c);
    check_seats(*vm, c);
    if (c.shard) {
        c.seed_derived = tournament::settle_shard(
            c.definition, c.name, {c.name_given, vm->count("seed") > 0, c.openings_seed_given});
    }
    return c;
}

std::string settings_json(const RunConfig& c) {
    return tournament::settings_json(
        {c.argv, c.concurrency, c.log_dir, c.pgn_out, c.progress_every});
}

void apply_stored_settings(RunConfig& c, const tournament::StoredRun& run) {
    const auto s = tournament::stored_settings(run.settings_json);
    std::optional<RunConfig> legacy;
    if (!s.log_kept || !s.progress_kept) {
        // Settings written before these were kept: read them from the stored arguments.
        auto args = tournament::stored_arguments(run.settings_json);
        if (args) {
            args->insert(args->begin(), command_word(c.mode));
            legacy = parse_run_config(c.mode, *args);
        }
    }
    if (!c.concurrency_given && s.concurrency) c.concurrency = *s.concurrency;
    if (!c.log_given && s.log_dir) c.log_dir = *s.log_dir;
    if (!c.log_given && !s.log_kept && legacy) c.log_dir = legacy->log_dir;
    if (!c.pgn_out_given && s.pgn_out) c.pgn_out = *s.pgn_out;
    if (!c.progress_given && s.progress_every) c.progress_every = *s.progress_every;
    if (!c.progress_given && !s.progress_kept && legacy) c.progress_every = legacy->progress_every;
}

Expected<tournament::RunDefinition> legacy_definition(RunMode mode,
                                                      const tournament::StoredRun& run) {
    auto stored = tournament::stored_arguments(run.settings_json);
    if (!stored) return stored.error();
    std::vector<std::string> args{command_word(mode)};
    args.insert(args.end(), stored->begin(), stored->end());
    auto config = parse_run_config(mode, args);
    if (!config || config->resume) return fail("the stored arguments did not parse");
    auto d = config->definition;
    // The seed drawn when the run started, not a new one (which would change the openings).
    d.seed = run.seed;
    if (draws_from_seed(d.openings) && !config->openings_seed_given) d.openings.seed = run.seed;
    return d;
}

const char* command_word(RunMode mode) {
    return mode == RunMode::Match ? "match" : "tournament";
}

}  // namespace oaq::app
