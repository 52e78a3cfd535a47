// Sessions as a run's unit of work (rules.md section 9): every pairing of the schedule is one
// session between its two engines, whose games are played one after the other, each from the
// start the session gives it (the shares of the wealth, the sides it decides), until the session
// ends by the rules or at its game limit. Sessions run K at a time; the games of one session never
// overlap. Like the runner it knows nothing of processes or SQL.
//
// Game indices: session s owns the slots s*S .. s*S+S-1, S = session_slots(G) (G rounded up to an
// even count), game k of it is slot s*S+k-1, and pair_index = game_index/2, so the games 1-2, 3-4,
// ... of a session (the players change sides every game) are a colour-swapped pair. Slots of a
// session that ended early stay empty. So a resumed run (the stored games of each session given
// back in `stored`) plays exactly the games an uninterrupted run would have played.
//
// A game a player loses by a failure (time, an illegal move, a crash, a stall) is settled by the
// referee's rule (rules::Session::record_forfeit): the faulty player keeps his score before any
// settlement, his opponent gets T minus that. An aborted game (Ctrl-C) is not part of its session:
// it is handed to the sink without a step and the session stops there; resume plays it again.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "rules/session.hpp"
#include "tournament/runner.hpp"

namespace oaq::tournament {

// Slots per session: G rounded up to an even count.
std::int64_t session_slots(int game_limit);

// One game of a session as it was stored, enough to rebuild the session.
struct StoredSessionGame {
    std::int64_t game_index = 0;
    std::string final_position;
    game::Termination termination = game::Termination::Normal;
    rules::Result result = rules::Result::Draw;
};

// What a session game adds to its GameRecord: the session, its players and where it stands.
struct SessionStep {
    std::int64_t session_index = 0;
    int first = 0;   // engine index of the session's first player (South in game 1)
    int second = 0;  // engine index of the second player
    int game_limit = 0;
    int total = 0;                                    // T
    rules::SessionGame game;                          // number, sides, wealth before and after
    rules::SessionEnd end = rules::SessionEnd::None;  // after this game
    rules::SessionResult result = rules::SessionResult::Ongoing;
};

// Records a finished game into `session`: by the rules from its settled final position, or by the
// failure rule for a game a player lost by a failure. Errors name the game.
Expected<rules::SessionGame> record_session_game(rules::Session& session,
                                                 const std::string& final_position,
                                                 game::Termination termination,
                                                 rules::Result result);

// Rebuilds a session from its stored games (in game order, from its first).
Expected<rules::Session> rebuild_session(const rules::Rules& rules, int game_limit,
                                         const std::vector<StoredSessionGame>& games);

struct SessionPlan {
    TournamentPlan base;  // its schedule's pairs are the sessions; opening_for and skip unused
    int game_limit = rules::kDefaultGameLimit;
    // Each session's stored games, in order (resume). Sessions absent here start afresh.
    std::map<std::int64_t, std::vector<StoredSessionGame>> stored;
};

// Called for every finished game: with its step, or without one for an aborted game.
using SessionSink =
    std::function<void(const Pairing&, const game::GameRecord&, const SessionStep*)>;

// Plays every session to its end, or until an abort. Blocks like run_tournament. A session whose
// stored games cannot be rebuilt, or a game the session refuses, is an OaqError (the run's data
// is inconsistent: nothing an engine did).
RunSummary run_sessions(SessionPlan plan, const EngineFactory& make_engine, const SessionSink& sink,
                        const std::atomic<bool>& abort);

}  // namespace oaq::tournament
