#include "app/table_run.hpp"

#include <fmt/format.h>
#include <chrono>
#include <iostream>
#include <optional>

#include "app/interrupts.hpp"
#include "common/error.hpp"
#include "live/live_run.hpp"
#include "rules/rules.hpp"
#include "store/run_recorder.hpp"
#include "store/store.hpp"
#include "tournament/run_checks.hpp"
#include "tournament/run_name.hpp"
#include "tournament/table_match.hpp"
#include "tournament/table_run_store.hpp"
#include "views/results_views.hpp"
#include "views/round_views.hpp"
#include "views/run_lines.hpp"
#include "views/selection.hpp"
#include "views/table_lines.hpp"

namespace oaq::app {

namespace {

// The run in the store (--db, or memory for a match without one), tournament/table_run_store.hpp.
struct TableStore {
    explicit TableStore(const RunConfig& c)
        : db(c.db ? store::Store::open(*c.db) : store::Store::open_memory()), recorder(db) {}
    store::Store db;
    store::StoreRunRecorder recorder;
    tournament::TableRunStore run{recorder};
};

// --resume: the stored definition, shard and settings become the run's; returns the games stored
// already.
std::vector<std::int64_t> resume(TableStore& s, RunConfig& c) {
    const auto stored = s.recorder.find_run(*c.resume);
    if (!stored) throw OaqError("--resume: no run \"" + *c.resume + "\" in " + *c.db);
    auto d = tournament::run_definition_from_json(stored->definition_json.value_or(""));
    if (!d) throw OaqError("--resume: run \"" + stored->name + "\": " + d.error().message);
    if (c.shard && stored->shard != c.shard)
        throw OaqError("--shard " + views::shard_text(*c.shard) + ": run \"" + stored->name +
                       "\" in " + *c.db + " is " +
                       (stored->shard ? "shard " + views::shard_text(*stored->shard) : "no shard"));
    if (c.resume_games) throw OaqError("--games: a run of tables resumes as it was defined");
    apply_stored_settings(c, *stored);
    c.definition = *d;
    c.shard = stored->shard;
    c.name = stored->name;
    return s.run.resume(*stored);
}

// A tournament ends with its standings over the stored games (the seat-generic results view).
void print_standings(TableStore& stored, const RunConfig& c, const std::string& name) {
    if (c.json || c.definition.format == tournament::Format::Match) return;
    auto& db = stored.db;
    const auto selection = views::select_games(db, {name, {}, {}, {}, {}}, true);
    fmt::print("\n{}", views::standings_view(db, selection, views::OutputFormat::Table));
}

}  // namespace

bool resumes_table(const RunConfig& c) {
    if (!c.resume || !c.db) return false;
    auto db = store::Store::open(*c.db);
    store::StoreRunRecorder recorder(db);
    const auto stored = recorder.find_run(*c.resume);
    if (!stored || !stored->definition_json) return false;
    const auto d = tournament::run_definition_from_json(*stored->definition_json);
    return d && d->rules.players > 2;
}

int run_table(RunConfig& c, const MakePlayers& make_players, live::LiveRun* live) {
    StopRequest stop;
    const auto check = [&c] {
        if (auto checked = tournament::check_table_run(c.definition, c.log_dir, c.concurrency);
            !checked)
            throw OaqError(checked.error().message);
    };
    // A new run is checked before the store opens: refused, it creates no --db file.
    if (!c.resume) check();
    TableStore stored(c);
    std::vector<std::int64_t> done_games;
    if (c.resume) {
        done_games = resume(stored, c);
        check();  // the stored definition's engines and the log directory, as they are now
    }
    const auto& d = c.definition;
    auto plan = tournament::table_plan(d, c.shard, c.concurrency, done_games);
    if (live) plan.observer_for = [live](const auto& g) { return live->table().observer(g); };
    const auto total = tournament::planned_games(d, c.shard);
    views::TableMatchInfo info{
        c.name, d.rules.players, total, {}, views::table_run_kind(d, c.shard)};
    for (const auto& e : d.engines) info.engines.push_back(e.name);
    engine::OptionWarnings warnings([&c](const std::string& engine, const std::string& message) {
        std::cout << views::RunLines(c.json, "").warning(engine, message) << std::flush;
    });
    const auto players = make_players(warnings);
    const tournament::EngineFactory factory = [&](int index) { return players(d, index); };
    tournament::TableTally tally(static_cast<int>(d.engines.size()));
    auto done = static_cast<std::int64_t>(done_games.size());
    const auto started = std::chrono::steady_clock::now();
    plan.on_ready = [&] {
        stored.run.open(info.name, {d, settings_json(c), c.shard, c.name_given});
        std::cout << views::table_match_started(info, c.json) << std::flush;
        if (live) live->table().run_started(info, plan.time_controls);
    };
    const auto sink = [&](const tournament::TableGame& g, const game::GameRecord& record) {
        stored.run.record(g, record);
        tally.add(g, record);
        std::cout << views::table_game_finished(info, g, record, ++done, c.json) << std::flush;
        if (live) live->table().game_finished(g, record, tally, done);
    };
    const auto summary = tournament::run_table_match(plan, factory, sink, stop.flag());
    stored.run.finish(stop.flag());
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - started;
    std::cout << views::table_match_finished(info, tally, summary.played, summary.aborted,
                                             seconds.count(), c.json)
              << std::flush;
    if (live) {  // the viewers get the run's last events first
        live->table().run_finished(tally, summary.played, summary.aborted, seconds.count());
        live->server().stop();
    }
    print_standings(stored, c, info.name);
    // Stopped with games left: how to go on, as a 2-seat run says it.
    if (stop.flag() && c.db && !c.json)
        std::cout << "Continue with: "
                  << tournament::resume_command(command_word(c.mode), info.name, *c.db) << "\n";
    return stop.flag() ? 128 + stop.signal_number() : 0;
}

}  // namespace oaq::app
