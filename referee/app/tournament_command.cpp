// `oaq tournament` and `oaq match`: the command line around tournament::Run. It parses the
// arguments, opens the database, hands the run its checks (tournament/run_checks.hpp: nothing is
// written before they pass), turns SIGINT, SIGTERM and SIGHUP into the run's stop flag, makes
// engine processes for the run's player factory, prints the run's events (Progress) and maps the
// result to an exit code: 0 done, 128 + the signal when stopped by one, 2 when an environment
// failure stopped it (the run is left interrupted and the resume command printed). What a run does
// lives in the tournament layer (tournament/run.hpp).
#include <fmt/format.h>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "app/progress.hpp"
#include "app/run_config.hpp"
#include "app/table_run.hpp"
#include "common/error.hpp"
#include "engine/engine_session.hpp"
#include "engine/option_warnings.hpp"
#include "live/live_run.hpp"
#include "rules/rules.hpp"
#include "store/run_recorder.hpp"
#include "store/store.hpp"
#include "tournament/engine_specs.hpp"
#include "tournament/run.hpp"
#include "tournament/run_checks.hpp"
#include "tournament/run_name.hpp"
#include "tournament/seeding.hpp"
#include "tournament/shard_option.hpp"
#include "views/pgn_out.hpp"
#include "views/round_views.hpp"
#include "views/run_lines.hpp"

namespace oaq::app {

using views::shard_text;

namespace {

// Engine processes for the run, with their logs in --log DIR when given (checked and made before
// the run started). Log files are named after the engine made safe as a file name, numbered per
// instance, so no name can write outside the directory or collide with another engine's.
tournament::PlayerFactory engine_factory(const std::string& log_dir,
                                         engine::OptionWarnings& warnings) {
    auto instances = std::make_shared<std::atomic<int>>(0);
    return [log_dir, instances, &warnings](const tournament::RunDefinition& d,
                                           int index) -> std::unique_ptr<game::Player> {
        engine::EngineConfig config{d.engines[static_cast<std::size_t>(index)]};
        config.stall_timeout = d.stall_timeout;
        // An engine's own stderr= / log= win over --log for that log (every instance appends).
        if (!log_dir.empty()) {
            auto stem = std::filesystem::path(log_dir) /
                        fmt::format("{}-{}", tournament::safe_file_name(config.engine.name),
                                    (*instances)++);
            auto& e = config.engine;
            if (e.stderr_log.empty()) e.stderr_log = stem.string() + ".stderr.log";
            if (e.protocol_log.empty()) e.protocol_log = stem.string() + ".protocol.log";
        }
        auto options = config.engine.options;
        return warnings.watch(std::make_unique<engine::EngineSession>(std::move(config)),
                              std::move(options));
    };
}

// --live: the live page's server, started before the run plays; its address on stderr (and as a
// JSON line with --json), so a person or a script (port 0) finds it.
std::unique_ptr<live::LiveRun> start_live(RunMode mode, const RunConfig& c) {
    if (!c.live) return nullptr;
    auto live =
        std::make_unique<live::LiveRun>(*c.live, mode == RunMode::Match ? "match" : "tournament");
    std::cerr << live->announcement() << std::flush;
    if (c.json) std::cout << live->announcement_json() << std::endl;
    return live;
}

constexpr int kNameSuffixes = 1000;

bool taken(const Error& e) {
    return e.kind == ErrorKind::NameTaken;
}

tournament::Run open_run(RunMode mode, RunConfig& c, tournament::RunRecorder& recorder) {
    if (c.resume) {
        if (auto stored = recorder.find_run(*c.resume)) {
            apply_stored_settings(c, *stored);
            // A shard resumes as itself: --shard may repeat it, never change it.
            if (c.shard && stored->shard != c.shard)
                throw OaqError(
                    "--shard " + shard_text(*c.shard) + ": run \"" + stored->name + "\" in " +
                    *c.db + " is " +
                    (stored->shard ? "shard " + shard_text(*stored->shard) : "no shard"));
        }
        auto run = tournament::Run::resume(
            recorder, *c.resume,
            [mode](const tournament::StoredRun& stored) { return legacy_definition(mode, stored); },
            {}, tournament::run_inputs(c.log_dir, c.pgn_out, c.concurrency), c.resume_games);
        if (!run) throw OaqError("--resume: " + run.error().message);
        return std::move(*run);
    }
    auto run = tournament::Run::create(recorder, c.name, c.definition, settings_json(c), {},
                                       tournament::run_inputs(c.log_dir, c.pgn_out, c.concurrency),
                                       c.shard);
    // The default name has one-second resolution: scripts that start runs back to back get
    // match-20261201-160000, match-20261201-160000-2, ... (a --name of their own is never changed).
    const std::string base = c.name;
    for (int n = 2; !run && !c.name_given && n <= kNameSuffixes && taken(run.error()); ++n) {
        c.name = base + "-" + std::to_string(n);
        run = tournament::Run::create(recorder, c.name, c.definition, settings_json(c), {},
                                      tournament::run_inputs(c.log_dir, c.pgn_out, c.concurrency),
                                      c.shard);
    }
    if (!run) {
        throw OaqError(run.error().message +
                       (c.db && taken(run.error())
                            ? " (resume it with " +
                                  tournament::resume_command(command_word(mode), c.name, *c.db) +
                                  ", or pick another --name)"
                            : ""));
    }
    return std::move(*run);
}

// --seeding ratings: the engines in the order of the newest rating table saved for the run's rules
// (oaq ratings --save), engines not in it after them in --seed order. Resolved once, stored with
// the run.
void seed_by_ratings(store::Store& db, RunConfig& c) {
    auto& d = c.definition;
    const auto snapshot = db.latest_rating_snapshot(std::nullopt, rules::expanded(d.rules));
    if (!snapshot)
        throw OaqError("--seeding ratings: " + c.db.value_or("the database") +
                       " holds no saved ratings for these rules (save them with oaq ratings "
                       "--save, or use --seeding random|given)");
    // By rank: the table's own order also places the engines it cannot rate (all wins, ...).
    std::map<std::string, double> ratings;
    for (const auto& e : snapshot->entries) ratings[e.engine] = -e.rank;
    d.seeding =
        tournament::seed_order(d.engine_names(), tournament::Seeding::Ratings, d.seed, ratings);
}

// A new run into a --db file that does not exist yet: every check the run makes (its name, book,
// engines, log directory, descriptors, --seeding ratings) is made first against an empty store
// in memory, so a refused run creates no file. Nothing is ever removed afterwards: a file another
// process creates at the same moment is never touched.
void check_before_creating(RunMode mode, const RunConfig& c) {
    std::error_code ec;
    if (!c.db || c.resume || std::filesystem::exists(std::filesystem::symlink_status(*c.db, ec)))
        return;
    store::Store scratch = store::Store::open_memory();
    store::StoreRunRecorder recorder(scratch);
    RunConfig trial = c;
    if (trial.seeding == tournament::Seeding::Ratings) seed_by_ratings(scratch, trial);
    open_run(mode, trial, recorder);
}

int run(RunMode mode, RunConfig& c) {
    // A run to resume is in a file: a missing one is a mistyped path, not a new database.
    if (c.resume && c.db && !std::filesystem::exists(*c.db))
        throw OaqError("--resume: " + *c.db + ": no such database file");
    if (c.definition.rules.players > 2 || resumes_table(c)) {
        auto live = start_live(mode, c);
        return run_table(
            c,
            [&c](engine::OptionWarnings& warnings) { return engine_factory(c.log_dir, warnings); },
            live.get());
    }
    check_before_creating(mode, c);
    // From here on a signal stops the run cleanly (before play() starts: it plays nothing).
    StopRequest stop;
    auto live = start_live(mode, c);
    // A file, or memory for a match without --db.
    store::Store db = c.db ? store::Store::open(*c.db) : store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    if (!c.resume && c.seeding == tournament::Seeding::Ratings) seed_by_ratings(db, c);
    auto run = open_run(mode, c, recorder);
    Progress progress(c.json,
                      c.db ? tournament::resume_command(command_word(mode), run.name(), *c.db) : "",
                      run.definition().sprt.has_value(), run.definition().session_games != 0);
    std::optional<views::PgnOut> pgn;
    if (!c.pgn_out.empty()) pgn.emplace(c.pgn_out);
    std::vector<tournament::RunObserver*> watching{&progress};
    if (pgn) watching.push_back(&*pgn);
    if (live) watching.push_back(&live->observer());
    views::RunObservers observers(std::move(watching));
    engine::OptionWarnings warnings(
        [&progress](const std::string& engine, const std::string& message) {
            progress.warning(engine, message);
        });
    const auto result = run.play(engine_factory(c.log_dir, warnings), observers, stop.flag(),
                                 {c.concurrency, c.progress_every});
    // A Swiss or knockout ends with its own table too (its tie-breaks, its bracket).
    if (!c.json) {
        if (auto row = db.find_tournament(run.name()))
            fmt::print("\n{}", views::round_format_view(db, *row, views::OutputFormat::Table));
    }
    if (live) live->server().stop();  // the viewers get the run's last events first
    return result.interrupted ? 128 + stop.signal_number() : 0;
}

int run_command(RunMode mode, int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    auto config = parse_run_config(mode, args);
    if (!config) return 0;
    return run(mode, *config);
}

}  // namespace

int run_tournament(int argc, char** argv) {
    return run_command(RunMode::Tournament, argc, argv);
}
int run_match(int argc, char** argv) {
    return run_command(RunMode::Match, argc, argv);
}

}  // namespace oaq::app
