// The process guard: nothing an engine started outlives the referee, however the referee ends, and
// no zombie accumulates while it runs (issue 11). No single mechanism covers every way an engine
// escapes or a referee ends, so there are five, each covering what the others miss:
//
//  1. The registry of live engine process groups (the one process-wide object STYLE.md allows).
//     EngineProcess kills its own group when it ends; kill_all_engines() SIGKILLs every group and
//     is async-signal-safe, for a SIGINT handler.
//  2. A mark in every engine's environment, OAQ_ENGINE_OF=<referee pid>.<nonce>.<engine number>,
//     inherited by whatever the engine starts, also by a child that leaves its process group
//     (setsid). It tells an engine's descendants apart from every other process.
//  3. The referee is a child subreaper, so an engine's orphans become its children. After every
//     engine ends, reap_orphans() kills the adopted children marked by an engine that is no longer
//     live and reaps every child that is not a live engine (never a live engine's pid: its
//     EngineProcess reaps it and reads its exit status).
//  4. PR_SET_PDEATHSIG = SIGKILL in each engine, so an engine dies with the referee even after
//     `kill -9`. It fires when the *thread* that forked exits, so every engine is forked by one
//     spawner thread that lives as long as the process (run_on_spawner), never by a tournament's
//     worker threads, which come and go.
//  5. A guardian process, started once and not a child of the referee (double fork), waits for
//     the end of a pipe only the referee holds: when the referee ends in any way, `kill -9`
//     included, it kills every process carrying the referee's mark (an engine's grandchildren,
//     which the parent-death signal does not reach) and exits.
//
// Invariant: the referee forks nothing but engines (the guardian is not its child), so every child
// that is not a live engine is an engine's orphan. Spawning and reap_orphans() are serialised, so
// a child between fork and registration is never mistaken for an orphan.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>

namespace oaq::engine {

// Before every engine start. Once per process: SIGPIPE ignored (writing to a dead engine is an
// error value), the guardian started, then the child subreaper set. Then the spawner and stderr
// copier threads, unless they run. Thread-safe, idempotent. Throws OaqError when the spawner thread
// cannot start (no thread left).
void prepare_referee_process();

// The environment variable that marks a new engine and its descendants.
struct EngineMark {
    std::string name;      // OAQ_ENGINE_OF
    std::string value;     // <referee pid>.<nonce>.<number>
    std::uint64_t number;  // this engine's, unique in the process
};
EngineMark next_engine_mark();

// Runs `spawn` on the spawner thread and waits for it; its exception comes back here. Spawns are
// serialised with each other and with reap_orphans().
void run_on_spawner(const std::function<void()>& spawn);

// The registry (called by EngineProcess, under run_on_spawner for registration).
void register_engine(pid_t pgid, std::uint64_t number) noexcept;
void unregister_engine(pid_t pgid) noexcept;

// SIGKILLs every registered engine group. Async-signal-safe (lock-free atomics and kill(2) only):
// a SIGINT handler may call it directly.
void kill_all_engines() noexcept;

// How many engine process groups are registered (for tests).
int live_engine_count() noexcept;

// Kills the adopted children marked by engines that are no longer live (and then their own
// orphans), and reaps every child that is neither a live engine nor alive. Called by EngineProcess
// after each engine ends; cheap enough for that (one pass over /proc).
void reap_orphans();

// For the app's exit paths (normal return, error, after an interrupt): SIGKILLs every engine
// group and every process carrying this referee's mark, then reaps what is not a live engine's
// pid. Call it last, after the sessions are gone. Not async-signal-safe (a handler calls
// kill_all_engines()); what it misses at `kill -9` the guardian and the parent-death signal do.
void reap_and_kill_all() noexcept;

}  // namespace oaq::engine
