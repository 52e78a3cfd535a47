// Run: one tournament or match from its definition to its stored end. It is the product's
// behaviour that used to live in the command line: a new run or a resumed one (rebuilt from the
// definition stored with it, never from the command line again), the schedule and the games still
// to play, the engine pool (players come from an injected factory), recording every finished game
// through a RunRecorder, the engines' identities, the status (running, finished, interrupted) and
// outcome (the SPRT verdict), and the end-of-run rating snapshot. What a person sees is not its
// business: it emits plain events to a RunObserver (the app prints them as text or JSON).
//
// Everything it touches is injected, so a unit test runs it with scripted players, an in-memory
// recorder, a fixed clock and its own interruption flag:
//   auto run = Run::create(recorder, "cup", definition).value();
//   auto result = run.play(factory, observer, interrupted, {.concurrency = 2});
//
// Before anything is written (a new run) or played (a resume), everything the run needs is checked:
// the definition, the openings (each leaves a game to play under the ply limit), and the caller's
// environment checks (RunInputs: executables, log directory, descriptors), so a run is never
// created, or reopened, only to fail at its first game. A run holds the run lock
// (RunRecorder::lock_run) from create/resume until play() returns (or the Run is destroyed
// unplayed): a second process on the same run is refused up front. play() is called once.
//
// Stopping: `interrupted` (Ctrl-C in the app) ends running games as aborted (they are not stored;
// resume plays them again) and the run is left Interrupted; an SPRT verdict lets running games
// finish and the run is Finished; otherwise it is Finished when every game is stored. An
// environment failure during play (disk full, a lock held too long, an engine that cannot be
// started) also leaves it Interrupted, with a RunFinished event saying why, and is rethrown.
// Observer calls come from the worker threads one at a time (never two at once), in finishing
// order.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "game/opening.hpp"
#include "game/player.hpp"
#include "tournament/match_tally.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "tournament/run_definition.hpp"
#include "tournament/run_recorder.hpp"
#include "tournament/schedule.hpp"
#include "tournament/session_runner.hpp"

namespace oaq::tournament {

// The clocks a run reads: monotonic for rates and ETAs, wall time for what it stores.
struct RunClock {
    std::function<std::chrono::steady_clock::time_point()> steady = [] {
        return std::chrono::steady_clock::now();
    };
    std::function<WallTime()> wall = [] { return std::chrono::system_clock::now(); };
};

// Makes a player for engine `engine_index` of the definition (a process in the app, a scripted
// fake in tests). Called when the pool needs one more instance of that engine.
using PlayerFactory =
    std::function<std::unique_ptr<game::Player>(const RunDefinition&, int engine_index)>;

// What a run needs from its caller besides the definition, checked before the run is written or
// reopened. Either may be empty (nothing to read, nothing to check).
struct RunInputs {
    // The opening lines of a file= source; errors name the file (and line). Without it the book
    // is not checked before the run is written, and play() must be given it.
    std::function<Expected<std::vector<game::Opening>>(const RunDefinition&)> read_book;
    // The caller's environment: executables, working directories, log directory, descriptors.
    std::function<Expected<Ok>(const RunDefinition&)> check_environment;
};

// ---- events ---------------------------------------------------------------------------------

struct RunStarted {
    std::string name;
    std::vector<std::string> engines;  // seat order
    std::int64_t total_games = 0;
    std::int64_t already_done = 0;  // stored before this run (resume)
    bool resumed = false;
    // A shard (Run::create's `shard`): which one, the games of the whole run (total_games is
    // the shard's) and the run's seed, which every shard of the run shares.
    std::optional<Shard> shard;
    std::int64_t run_games = 0;
    std::uint64_t seed = 0;
    // A book file's lines and the colour-swapped pairs the whole run draws from it (both 0 without
    // a book, and for Swiss and knockout, whose pairs are not known at the start). More pairs than
    // lines replay lines, and engines replay a line nearly identically: the views warn.
    std::int64_t book_lines = 0;
    std::int64_t book_pairs = 0;
};

struct GameStarted {
    Pairing pairing;
    std::string south;
    std::string north;
};

struct GameFinished {
    Pairing pairing;
    game::GameRecord record;
    bool aborted = false;                 // not stored: resume plays it again
    std::optional<std::int64_t> game_id;  // the stored game's id
    std::int64_t done = 0;                // games stored, earlier runs included
    std::int64_t total = 0;
    std::optional<MatchTally> match;     // two-engine runs: the tally after this game
    std::optional<SessionStep> session;  // a session game: the session after it
};

// A position of a running game: its start (ply 0, no move) or the one after a ply, with the move
// and what its engine said. Unlike the other events, it comes from the game's own worker thread:
// games played at once report at the same time, so an observer that keeps state locks it.
struct PositionReached {
    Pairing pairing;
    int ply = 0;   // plies played in the game so far (0: the start position)
    int seat = 0;  // the seat that moved (turn order: 0 South, 1 North); the one to move at ply 0
    const game::MoveRecord* move = nullptr;        // the ply's move (nullptr at ply 0)
    std::string position;                          // the position string after it
    std::vector<game::TimeControl> time_controls;  // every seat's, in seat order
};

// What an engine said while it searched for a ply (each `info` line), from the game's worker
// thread like PositionReached.
struct InfoReceived {
    Pairing pairing;
    int seat = 0;  // the searching seat (turn order)
    int ply = 0;   // the ply it searches for (1 for the first move of the game)
    const protocol::Info* info = nullptr;
};

struct StandingsDue {
    std::int64_t done = 0;
    std::int64_t total = 0;
    double games_per_minute = 0;        // games finished in this run per minute so far
    std::optional<double> eta_seconds;  // nothing before the rate is known
    std::vector<RankedLine> standings;
};

struct RunFinished {
    std::string name;
    std::vector<std::string> engines;
    RunStatus status = RunStatus::Running;
    bool interrupted = false;
    std::int64_t done = 0;  // games stored, earlier runs included
    std::int64_t total = 0;
    std::int64_t played = 0;   // games stored by this run
    std::int64_t aborted = 0;  // games this run aborted
    double seconds = 0;        // this run's duration
    std::vector<RankedLine> standings;
    std::optional<PairStats> pair;    // two-engine runs: the head-to-head statistics
    std::optional<MatchTally> match;  // two-engine runs: the tally (with the SPRT)
    std::string failure;              // why an environment failure stopped it ("" for none)
};

class RunObserver {
  public:
    virtual ~RunObserver() = default;
    virtual void run_started(const RunStarted&) {}
    virtual void game_started(const GameStarted&) {}
    virtual void game_finished(const GameFinished&) {}
    // Only for observers that want a live view (wants_live() true): every position of every game
    // (see PositionReached), what the engines say while they search (InfoReceived) and the
    // standings after every stored game (a fit per game).
    virtual bool wants_live() const { return false; }
    virtual void position_reached(const PositionReached&) {}
    virtual void info_received(const InfoReceived&) {}
    virtual void standings_changed(const StandingsDue&) {}
    virtual void standings_due(const StandingsDue&) {}
    virtual void run_finished(const RunFinished&) {}
};

// ---- the run --------------------------------------------------------------------------------

struct RunOptions {
    int concurrency = 1;      // games played at once
    int standings_every = 0;  // StandingsDue after every N stored games (0: never)
};

struct RunResult {
    RunStatus status = RunStatus::Running;
    bool interrupted = false;
    std::int64_t played = 0;   // games stored by this run
    std::int64_t aborted = 0;  // games aborted by this run
    SprtDecision decision = SprtDecision::Continue;
};

class Run {
  public:
    // A run stored before run definitions were kept: rebuild its definition from what was stored
    // (the app re-reads the stored command line). Without one, such a run cannot resume.
    using LegacyDefinition = std::function<Expected<RunDefinition>(const StoredRun&)>;

    // Checks `definition` and `inputs`, writes the new run and takes its lock. Fails, with nothing
    // written, for an invalid definition, openings or environment, or a name already taken.
    // `shard`: only that shard's games are played (and counted); the definition and its
    // fingerprint stay those of the whole run, so every shard's database says the same.
    static Expected<Run> create(RunRecorder& recorder, std::string name, RunDefinition definition,
                                std::string settings_json = "{}", RunClock clock = {},
                                const RunInputs& inputs = {}, std::optional<Shard> shard = {});
    // Finds a stored run, rebuilds its definition, checks it and `inputs` and takes its lock.
    // Fails for an unknown name, a finished run, a stored definition that does not read back, a
    // failed check or a lock another process holds. Writes only the lock (play() reopens it).
    // `games`: a new cap for an SPRT match without a verdict (one that stopped at its cap may
    // then go on), above the games it has played; play() stores it with the definition. Fails
    // for any other run.
    static Expected<Run> resume(RunRecorder& recorder, std::string_view name,
                                const LegacyDefinition& legacy = {}, RunClock clock = {},
                                const RunInputs& inputs = {},
                                std::optional<std::int64_t> games = std::nullopt);

    ~Run();
    Run(Run&& other) noexcept;
    Run& operator=(Run&& other) noexcept;
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;

    const std::string& name() const { return name_; }
    TournamentId id() const { return id_; }
    bool resumed() const { return resumed_; }
    const RunDefinition& definition() const { return definition_; }
    // The games this run plays: the whole schedule, or its shard's part of it.
    std::int64_t total_games() const;
    const std::optional<Shard>& shard() const { return shard_; }

    // Plays every game not stored yet, to the end, an SPRT verdict or an interruption. `book`:
    // the opening lines when the definition's openings come from a file (default: what
    // RunInputs::read_book gave). Blocks until every game and engine is done; an exception (from
    // the recorder, or an engine that cannot start) leaves the run Interrupted and propagates.
    RunResult play(const PlayerFactory& players, RunObserver& observer,
                   const std::atomic<bool>& interrupted, const RunOptions& options = {},
                   std::vector<game::Opening> book = {});

  private:
    Run(RunRecorder& recorder, RunClock clock) : recorder_(&recorder), clock_(std::move(clock)) {}
    // Checks the definition and inputs; keeps the book.
    Expected<Ok> check(const RunInputs& inputs);
    RunStarted started_event(std::int64_t already_done) const;
    // Sets the cap of a resumed SPRT match (see resume).
    Expected<Ok> change_cap(std::int64_t games);
    void release_lock() noexcept;

    RunRecorder* recorder_;
    RunClock clock_;
    std::string name_;
    TournamentId id_ = 0;
    bool resumed_ = false;
    bool locked_ = false;
    bool cap_changed_ = false;  // resumed with a new cap: play() writes the definition
    RunDefinition definition_;
    std::optional<Shard> shard_;
    std::vector<game::Opening> book_;
};

}  // namespace oaq::tournament
