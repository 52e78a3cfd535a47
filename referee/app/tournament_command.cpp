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
#include "tournament/table_match.hpp"
#include "views/pgn_out.hpp"
#include "views/round_views.hpp"
#include "views/run_lines.hpp"
#include "views/table_lines.hpp"

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

// A match at a table is played in one go: its games are stored, but it is not resumed yet.
void refuse_table_resume(const tournament::StoredRun& stored) {
    if (!stored.definition_json) return;
    const auto d = tournament::run_definition_from_json(*stored.definition_json);
    if (!d || d->rules.players == 2) return;
    throw OaqError("--resume: run \"" + stored.name + "\" is a match at a table of " +
                   std::to_string(d->rules.players) +
                   " seats, which is not resumed yet: its finished games are stored; start a new "
                   "match for the rest");
}

tournament::Run open_run(RunMode mode, RunConfig& c, tournament::RunRecorder& recorder) {
    if (c.resume) {
        if (auto stored = recorder.find_run(*c.resume)) {
            refuse_table_resume(*stored);
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

// --db for a table: the match is a run of the store, written once its engines passed the check
// (a refused engine leaves nothing behind), each finished game stored with its seats.
class TableStore {
  public:
    explicit TableStore(const RunConfig& c) : config_(c) {
        if (c.db) db_.emplace(store::Store::open(*c.db));
        if (db_) recorder_.emplace(*db_);
    }
    ~TableStore() {
        if (id_) recorder_->unlock_run(*id_);
    }
    TableStore(const TableStore&) = delete;
    TableStore& operator=(const TableStore&) = delete;

    // Writes the run (a default name that is taken gets a suffix, as for 2 seats).
    void create(std::string& name) {
        if (!recorder_) return;
        const auto& d = config_.definition;
        const std::string base = name;
        for (int n = 2;; ++n) {
            tournament::NewRun row{name,
                                   d,
                                   tournament::to_json(d),
                                   tournament::fingerprint(d),
                                   settings_json(config_),
                                   std::chrono::system_clock::now(),
                                   std::nullopt,
                                   d.games,
                                   d.games};
            auto id = recorder_->create_run(row);
            if (id) {
                id_ = *id;
                break;
            }
            if (config_.name_given || !taken(id.error()) || n > kNameSuffixes)
                throw OaqError("run \"" + name + "\": " + id.error().message);
            name = base + "-" + std::to_string(n);
        }
        if (auto locked = recorder_->lock_run(*id_); !locked)
            throw OaqError(locked.error().message);
    }
    void record(const tournament::TableGame& g, const game::GameRecord& record) {
        if (!id_ || record.termination == game::Termination::Aborted) return;
        const tournament::Pairing p{g.game_index, g.group, 0, g.group, g.seating[0], g.seating[1]};
        if (auto stored = recorder_->record_game(*id_, p, record); !stored)
            throw OaqError(stored.error().message);
    }
    void finish(bool interrupted) {
        if (!id_) return;
        recorder_->set_status(
            *id_,
            interrupted ? tournament::RunStatus::Interrupted : tournament::RunStatus::Finished,
            std::chrono::system_clock::now());
    }

  private:
    const RunConfig& config_;
    std::optional<store::Store> db_;
    std::optional<store::StoreRunRecorder> recorder_;
    std::optional<tournament::RunId> id_;
};

tournament::TablePlan table_plan(const RunConfig& c) {
    const auto& d = c.definition;
    tournament::TablePlan plan;
    plan.settings.rules = d.rules;
    plan.settings.max_plies = d.max_plies;
    plan.settings.margin = d.time_margin;
    for (std::size_t i = 0; i < d.engines.size(); ++i)
        plan.time_controls.push_back(d.time_control(i));
    plan.games = d.games;
    plan.concurrency = c.concurrency;
    if (d.openings.kind == tournament::OpeningsDefinition::Kind::Random) {
        plan.opening_for = [rules = d.rules, openings = d.openings](std::int64_t group) {
            return tournament::random_ring_opening(rules, openings.plies, openings.seed, group);
        };
    }
    return plan;
}

// A match of N engines at a table of N seats (run_config.cpp refused what a table does not do):
// seating groups under real clocks, K at a time, a line per game, the totals at the end.
int run_table(RunConfig& c) {
    StopRequest stop;
    const auto& d = c.definition;
    // What a 2-seat run checks before anything (tournament/run_checks.hpp), N engines at a time.
    for (auto checked :
         {tournament::validate(d), tournament::check_engines(d),
          c.log_dir.empty() ? Expected<Ok>(Ok{}) : tournament::check_log_dir(c.log_dir),
          tournament::check_descriptors((c.concurrency * d.rules.players + 1) / 2,
                                        static_cast<int>(d.engines.size()))}) {
        if (!checked) throw OaqError(checked.error().message);
    }
    TableStore stored(c);
    auto plan = table_plan(c);
    auto live = start_live(RunMode::Match, c);
    if (live) plan.observer_for = [&](const auto& g) { return live->table().observer(g); };
    views::TableMatchInfo info{c.name, d.rules.players, d.games, {}};
    for (const auto& e : d.engines) info.engines.push_back(e.name);
    engine::OptionWarnings warnings([&c](const std::string& engine, const std::string& message) {
        std::cout << views::RunLines(c.json, "").warning(engine, message) << std::flush;
    });
    const auto players = engine_factory(c.log_dir, warnings);
    const tournament::EngineFactory factory = [&](int index) { return players(d, index); };
    tournament::TableTally tally(static_cast<int>(d.engines.size()));
    std::int64_t done = 0;
    const auto started = std::chrono::steady_clock::now();
    plan.on_ready = [&] {
        stored.create(info.name);
        std::cout << views::table_match_started(info, c.json) << std::flush;
        if (live) live->table().run_started(info, plan.time_controls);
    };
    const auto sink = [&](const tournament::TableGame& g, const game::GameRecord& record) {
        stored.record(g, record);
        tally.add(g, record);
        std::cout << views::table_game_finished(info, g, record, ++done, c.json) << std::flush;
        if (live) live->table().game_finished(g, record, tally, done);
    };
    const auto summary = tournament::run_table_match(plan, factory, sink, stop.flag());
    stored.finish(stop.flag());
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - started;
    std::cout << views::table_match_finished(info, tally, summary.played, summary.aborted,
                                             seconds.count(), c.json)
              << std::flush;
    if (live) {  // the viewers get the run's last events first
        live->table().run_finished(tally, summary.played, summary.aborted, seconds.count());
        live->server().stop();
    }
    return stop.flag() ? 128 + stop.signal_number() : 0;
}

int run(RunMode mode, RunConfig& c) {
    if (c.definition.rules.players > 2) return run_table(c);
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
