// TournamentRunner: plays the games a Schedule hands out, K at a time, each engine process used by
// one game at a time. It knows nothing of processes or SQLite: engines come from a factory (real
// sessions in the app, scripted fakes in tests) and finished games go to a sink (the store and the
// progress printer). The sink is called from the worker threads one at a time, in finishing order.
//
// Stopping: `abort` (Ctrl-C) makes running games end as Aborted and hands out no new game;
// `should_stop` (e.g. an SPRT verdict) lets running games finish and hands out no new game.
// Games whose index is in `skip` (already stored, on resume) are never played again.
// At most max_engine_instances() engine instances (processes) live at once: the instance idle
// longest is shut down before a new one is made beyond that.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

#include "game/game_runner.hpp"
#include "game/player.hpp"
#include "tournament/schedule.hpp"

namespace oaq::tournament {

struct TournamentPlan {
    Schedule schedule;
    game::GameSettings settings;                   // rules, ply limit, margin (tc per engine below)
    std::vector<game::TimeControl> time_controls;  // one per engine
    std::function<game::Opening(std::int64_t opening_index)>
        opening_for;  // nullptr: start position
    int concurrency = 1;
    std::unordered_set<std::int64_t> skip;  // game indices already played
    // Only games it accepts are played (a shard of the run); empty: every game.
    std::function<bool(const Pairing&)> include;
    // Called once per engine instance when no game uses it any more: after the run, or when the
    // pool retires it to stay within max_engine_instances() (e.g. to keep what the engine said
    // about itself at the handshake). Calls come one at a time.
    std::function<void(int engine_index, const game::Player&)> on_engine_done;
    // Called when a game is handed to a worker, before it starts (with the sink's lock held).
    std::function<void(const Pairing&)> on_game_start;
    // The hooks of one game as it plays (each position and move: a live view), asked for when a
    // worker starts the game; called on that worker's thread, so games played at once call theirs
    // at the same time. nullptr: none.
    std::function<game::GameObserver(const Pairing&)> observe_game = nullptr;
    // After an engine failed to start (handshake, options, isready: GameRecord::failed_to_start)
    // in this many of its games in a row, it is given up on for the rest of the run, as cutechess
    // and fastchess do: its remaining games are played without starting it, each a loss by the
    // termination of its last failure, with a detail that says so ("not started: ..."). A game
    // it starts in resets the count. 0: never give up.
    int max_start_failures = 0;
};

// How many engine instances a run keeps at most: two per game played at once, plus one idle
// instance per engine (so an engine's process is rarely restarted only to make room).
int max_engine_instances(int concurrency, int engines);

using EngineFactory = std::function<std::unique_ptr<game::Player>(int engine_index)>;
using GameSink = std::function<void(const Pairing&, const game::GameRecord&)>;

struct RunSummary {
    std::int64_t played = 0;  // games finished in this run (aborted ones included)
    std::int64_t aborted = 0;
    bool exhausted = false;  // the schedule has no game left
};

// Runs the plan to the end, an abort, or should_stop. Blocks; returns after every worker joined
// and every engine process was shut down.
RunSummary run_tournament(TournamentPlan plan, const EngineFactory& make_engine,
                          const GameSink& sink, const std::atomic<bool>& abort,
                          const std::function<bool()>& should_stop = {});

}  // namespace oaq::tournament
