// `oaq tournament` and `oaq match`: wires the parsed RunConfig to the store, the engine sessions,
// the tournament runner and the progress printer. Everything here is glue; the decisions live in
// the libraries.
#include <fmt/format.h>
#include <atomic>
#include <csignal>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "app/run_config.hpp"
#include "common/error.hpp"
#include "common/sha256.hpp"
#include "engine/engine_process.hpp"
#include "engine/engine_session.hpp"
#include "protocol/codec.hpp"
#include "store/store.hpp"
#include "tournament/openings.hpp"
#include "tournament/runner.hpp"

namespace oaq::app {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
    // A second Ctrl-C while stopping means "now": the default action ends the process.
    if (g_interrupted.exchange(true)) {
        std::signal(SIGINT, SIG_DFL);
        std::raise(SIGINT);
        return;
    }
    // Killing the engines ends every running search at once; the games then end as aborted.
    engine::kill_all_engines();
}

std::string file_sha256(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    std::ostringstream data;
    data << in.rdbuf();
    return sha256_hex(data.str());
}

std::vector<game::Opening> read_opening_file(const RunConfig& c) {
    std::ifstream in(c.openings.file);
    if (!in) throw OaqError("--openings file=" + c.openings.file + ": cannot open the file");
    std::vector<game::Opening> out;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
        auto opening = tournament::parse_opening_line(line, c.rules, c.max_plies);
        if (!opening) {
            throw OaqError(
                fmt::format("{}:{}: {}", c.openings.file, number, opening.error().message));
        }
        out.push_back(*opening);
    }
    if (out.empty())
        throw OaqError("--openings file=" + c.openings.file + ": no openings in the file");
    return out;
}

tournament::Schedule make_schedule(const RunConfig& c, std::int64_t openings) {
    const int n = static_cast<int>(c.engines.size());
    auto s = c.format == tournament::Format::Match ? tournament::Schedule::match(c.games, openings)
             : c.format == tournament::Format::Gauntlet
                 ? tournament::Schedule::gauntlet(n, c.rounds, openings)
                 : tournament::Schedule::round_robin(n, c.rounds, openings);
    if (!s) throw OaqError("schedule: " + s.error().message);
    return *s;
}

int run(RunConfig c, RunMode mode) {
    // ---- the database: a file, or memory for a match without --db ----
    store::Store db = c.db ? store::Store::open(*c.db) : store::Store::open_memory();
    std::optional<store::TournamentRow> existing;
    if (c.resume) {
        existing = db.find_tournament(*c.resume);
        if (!existing) throw OaqError("--resume: no run named \"" + *c.resume + "\" in " + *c.db);
        if (existing->status == store::TournamentStatus::Finished) {
            throw OaqError("--resume: \"" + *c.resume + "\" has finished already");
        }
        std::vector<std::string> args{mode == RunMode::Match ? "match" : "tournament"};
        for (auto& a : stored_arguments(existing->settings)) args.push_back(a);
        auto stored = parse_run_config(mode, args);
        if (!stored) throw OaqError("--resume: the stored arguments did not parse");
        stored->db = c.db;
        stored->json = c.json;
        stored->name = existing->name;
        stored->seed = existing->seed;
        c = *stored;
    }

    // ---- engines and the tournament row ----
    std::vector<store::RowId> engine_ids;
    for (const auto& e : c.engines) {
        store::EngineRow row;
        row.name = e.name;
        row.command = e.command;
        row.args = e.args;
        row.options = e.options;
        row.binary_sha256 = file_sha256(e.command);
        engine_ids.push_back(db.upsert_engine(row));
    }
    store::RowId tournament_id = 0;
    if (existing) {
        tournament_id = existing->id;
        db.set_tournament_status(tournament_id, store::TournamentStatus::Running);
    } else {
        store::TournamentRow row;
        row.name = c.name;
        row.format = std::string(tournament::to_string(c.format));
        row.rules = rules::expanded(c.rules);
        row.time_control = game::to_string(c.tc);
        row.settings = settings_json(c);
        row.seed = c.seed;
        row.started_at = std::chrono::system_clock::now();
        row.engine_ids = engine_ids;
        auto created = db.create_tournament(row);
        if (!created) {
            throw OaqError("run \"" + c.name + "\": " + created.error().message +
                           (c.db ? " (resume it with --resume " + c.name + " --db " + *c.db +
                                       ", or pick another --name)"
                                 : ""));
        }
        tournament_id = *created;
    }

    // ---- openings and schedule ----
    std::vector<game::Opening> book;
    if (c.openings.kind == OpeningSource::Kind::File) book = read_opening_file(c);
    tournament::TournamentPlan plan{make_schedule(c, static_cast<std::int64_t>(book.size())),
                                    {},
                                    {},
                                    {},
                                    c.concurrency,
                                    {},
                                    {}};
    plan.settings.rules = c.rules;
    plan.settings.max_plies = c.max_plies;
    plan.settings.margin = c.margin;
    for (const auto& e : c.engines)
        plan.time_controls.push_back(e.tc ? game::parse_time_control(*e.tc).value() : c.tc);
    if (!book.empty()) {
        plan.opening_for = [&book](std::int64_t i) {
            return book[static_cast<std::size_t>(i) % book.size()];
        };
    } else if (c.openings.kind == OpeningSource::Kind::Random) {
        plan.opening_for = [&c](std::int64_t i) {
            return tournament::random_opening(c.rules, c.openings.plies, *c.openings.seed, i);
        };
    }
    for (auto index : db.completed_game_indices(tournament_id)) plan.skip.insert(index);
    // What each engine said at its handshake, kept with the engine once the run is over.
    std::vector<std::optional<game::PlayerIdentity>> identities(c.engines.size());
    plan.on_engine_done = [&](int index, const game::Player& e) {
        auto& slot = identities[static_cast<std::size_t>(index)];
        auto id = e.identity();
        if (!slot && !id.id_name.empty()) slot = std::move(id);
    };

    // ---- progress, primed with the games stored before a resume ----
    std::vector<std::string> names;
    for (const auto& e : c.engines) names.push_back(e.name);
    Progress progress(names, plan.schedule.total_games(), c.json, c.progress_every, c.sprt);
    {
        std::map<store::RowId, int> index_of;
        for (std::size_t i = 0; i < engine_ids.size(); ++i)
            index_of[engine_ids[i]] = static_cast<int>(i);
        for (const auto& g : db.rated_games(tournament_id)) {
            progress.add_stored(index_of.at(g.south_engine_id), index_of.at(g.north_engine_id),
                                g.result, g.pair_index);
        }
    }
    progress.start(c.name, plan.skip.size());

    // ---- engine processes ----
    std::atomic<int> instances{0};
    tournament::EngineFactory factory = [&](int index) -> std::unique_ptr<game::Player> {
        auto config = to_engine_config(c.engines[static_cast<std::size_t>(index)]);
        config.stall_timeout = c.stall_timeout;
        if (!c.log_dir.empty()) {
            std::filesystem::create_directories(c.log_dir);
            auto stem =
                std::filesystem::path(c.log_dir) / fmt::format("{}-{}", config.name, instances++);
            config.stderr_log = stem.string() + ".stderr.log";
            config.protocol_log = stem.string() + ".protocol.log";
        }
        return std::make_unique<engine::EngineSession>(std::move(config));
    };
    tournament::GameSink sink = [&](const tournament::Pairing& p, const game::GameRecord& record) {
        std::optional<store::RowId> game_id;
        if (record.termination != game::Termination::Aborted) {
            auto stored = db.record_game(
                tournament_id, {p.game_index, static_cast<int>(p.pair_index), p.round}, record);
            if (!stored)
                throw OaqError("storing game " + std::to_string(p.game_index) + ": " +
                               stored.error().message);
            game_id = *stored;
        }
        progress.game_finished(p, record, game_id);
    };

    g_interrupted = false;
    auto previous_int = std::signal(SIGINT, on_interrupt);
    auto previous_term = std::signal(SIGTERM, on_interrupt);
    auto summary = tournament::run_tournament(std::move(plan), factory, sink, g_interrupted,
                                              [&] { return progress.sprt_decided(); });
    std::signal(SIGINT, previous_int);
    std::signal(SIGTERM, previous_term);
    for (std::size_t i = 0; i < c.engines.size(); ++i) {
        if (!identities[i]) continue;
        auto row = db.engine(engine_ids[i]);
        if (!row) continue;
        row->id_name = identities[i]->id_name;
        row->id_author = identities[i]->id_author;
        row->declared_options.clear();
        for (const auto& option : identities[i]->options)
            row->declared_options += protocol::encode(protocol::Reply{option}) + "\n";
        db.upsert_engine(*row);
    }

    const bool finished = !g_interrupted && (summary.exhausted || progress.sprt_decided());
    db.set_tournament_status(
        tournament_id,
        finished ? store::TournamentStatus::Finished : store::TournamentStatus::Interrupted,
        std::chrono::system_clock::now());
    if (c.sprt) db.set_tournament_outcome(tournament_id, progress.sprt_outcome_json());

    // A rating snapshot of the whole run, stored with how it was computed.
    auto lines = progress.standings();
    store::RatingSnapshot snapshot;
    snapshot.tournament_id = tournament_id;
    snapshot.rules = rules::expanded(c.rules);
    snapshot.method = "bradley_terry_mle";
    snapshot.parameters =
        R"({"scale":"logistic_elo","draws":"half_point","anchor":"pool_mean_0","interval":0.95})";
    snapshot.games_spec = "tournament=" + std::to_string(tournament_id);
    snapshot.game_count =
        db.count_games(store::GameFilter{tournament_id, {}, {}, {}, {}, {}, {}, {}, 0});
    for (const auto& l : lines) {
        store::RatingEntry entry;
        entry.engine_id = engine_ids[static_cast<std::size_t>(
            std::find(names.begin(), names.end(), l.engine) - names.begin())];
        entry.rank = l.rank;
        entry.rating = l.rating.rating;
        if (l.rating.status == tournament::RatingStatus::Ok ||
            l.rating.status == tournament::RatingStatus::Disconnected) {
            entry.error = l.rating.error;
        }
        entry.games = static_cast<int>(l.rating.games);
        entry.points = l.rating.points;
        entry.wins = static_cast<int>(l.rating.wins);
        entry.draws = static_cast<int>(l.rating.draws);
        entry.losses = static_cast<int>(l.rating.losses);
        snapshot.entries.push_back(entry);
    }
    if (snapshot.game_count > 0) db.save_rating_snapshot(snapshot);

    progress.finish(
        finished, c.db ? fmt::format("oaq {} --resume {} --db {}",
                                     mode == RunMode::Match ? "match" : "tournament", c.name, *c.db)
                       : "");
    return g_interrupted ? 130 : 0;
}

int run_command(RunMode mode, int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    auto config = parse_run_config(mode, args);
    if (!config) return 0;
    return run(std::move(*config), mode);
}

}  // namespace

int run_tournament(int argc, char** argv) {
    return run_command(RunMode::Tournament, argc, argv);
}
int run_match(int argc, char** argv) {
    return run_command(RunMode::Match, argc, argv);
}

}  // namespace oaq::app
