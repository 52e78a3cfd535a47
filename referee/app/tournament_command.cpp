// `oaq tournament` and `oaq match`: the command line around tournament::Run. It parses the
// arguments, opens the database, turns Ctrl-C into the run's interruption flag, makes engine
// processes for the run's player factory, prints the run's events (Progress) and maps the result
// to an exit code. What a run does lives in the tournament layer (tournament/run.hpp).
#include <fmt/format.h>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/commands.hpp"
#include "app/engine_specs.hpp"
#include "app/pgn_out.hpp"
#include "app/progress.hpp"
#include "app/run_config.hpp"
#include "common/error.hpp"
#include "engine/engine_process.hpp"
#include "engine/engine_session.hpp"
#include "store/run_recorder.hpp"
#include "store/store.hpp"
#include "tournament/openings.hpp"
#include "tournament/run.hpp"

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

// SIGINT and SIGTERM set g_interrupted while it lives; the previous handlers come back after.
class InterruptHandlers {
  public:
    InterruptHandlers() {
        g_interrupted = false;
        previous_int_ = std::signal(SIGINT, on_interrupt);
        previous_term_ = std::signal(SIGTERM, on_interrupt);
    }
    ~InterruptHandlers() {
        std::signal(SIGINT, previous_int_);
        std::signal(SIGTERM, previous_term_);
    }
    InterruptHandlers(const InterruptHandlers&) = delete;
    InterruptHandlers& operator=(const InterruptHandlers&) = delete;

  private:
    void (*previous_int_)(int) = SIG_DFL;
    void (*previous_term_)(int) = SIG_DFL;
};

// The opening lines of a file= source; errors name the file (and line).
std::vector<game::Opening> read_book(const tournament::RunDefinition& d) {
    if (d.openings.kind != tournament::OpeningsDefinition::Kind::File) return {};
    const auto& file = d.openings.file;
    std::ifstream in(file);
    if (!in) throw OaqError("--openings file=" + file + ": cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    auto book = tournament::parse_opening_book(text.str(), file, d.rules, d.max_plies);
    if (!book) throw OaqError(book.error().message);
    if (book->empty()) throw OaqError("--openings file=" + file + ": no openings in the file");
    return *book;
}

// Engine processes for the run, with their logs in --log DIR when given.
tournament::PlayerFactory engine_factory(const std::string& log_dir) {
    auto instances = std::make_shared<std::atomic<int>>(0);
    return [log_dir, instances](const tournament::RunDefinition& d,
                                int index) -> std::unique_ptr<game::Player> {
        auto config = to_engine_config(d.engines[static_cast<std::size_t>(index)]);
        config.stall_timeout = d.stall_timeout;
        if (!log_dir.empty()) {
            std::filesystem::create_directories(log_dir);
            auto stem =
                std::filesystem::path(log_dir) / fmt::format("{}-{}", config.name, (*instances)++);
            config.stderr_log = stem.string() + ".stderr.log";
            config.protocol_log = stem.string() + ".protocol.log";
        }
        return std::make_unique<engine::EngineSession>(std::move(config));
    };
}

const char* command_name(RunMode mode) {
    return mode == RunMode::Match ? "match" : "tournament";
}

tournament::Run open_run(RunMode mode, RunConfig& c, tournament::RunRecorder& recorder) {
    if (c.resume) {
        if (auto stored = recorder.find_run(*c.resume)) apply_stored_settings(c, *stored);
        auto run = tournament::Run::resume(recorder, *c.resume,
                                           [mode](const tournament::StoredRun& stored) {
                                               return legacy_definition(mode, stored);
                                           });
        if (!run) throw OaqError("--resume: " + run.error().message);
        return std::move(*run);
    }
    read_book(c.definition);  // a bad book is refused before anything is written
    auto run = tournament::Run::create(recorder, c.name, c.definition, settings_json(c));
    if (!run) {
        throw OaqError(run.error().message +
                       (c.db ? " (resume it with --resume " + c.name + " --db " + *c.db +
                                   ", or pick another --name)"
                             : ""));
    }
    return std::move(*run);
}

int run(RunMode mode, RunConfig& c) {
    // A file, or memory for a match without --db.
    store::Store db = c.db ? store::Store::open(*c.db) : store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    auto run = open_run(mode, c, recorder);
    const auto book = read_book(run.definition());
    Progress progress(c.json, c.db ? fmt::format("oaq {} --resume {} --db {}", command_name(mode),
                                                 run.name(), *c.db)
                                   : "");
    std::optional<PgnOut> pgn;
    if (!c.pgn_out.empty()) pgn.emplace(c.pgn_out);
    RunObservers observers(pgn ? std::vector<tournament::RunObserver*>{&progress, &*pgn}
                               : std::vector<tournament::RunObserver*>{&progress});
    tournament::RunResult result;
    {
        InterruptHandlers handlers;
        result = run.play(engine_factory(c.log_dir), observers, g_interrupted,
                          {c.concurrency, c.progress_every}, book);
    }
    return result.interrupted ? 130 : 0;
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
