// RunRecorder: what a run (tournament/run.hpp) needs to keep and find again, as a small interface
// the results database implements (store/run_recorder.hpp, over SQLite) and tests fake in memory.
// The run speaks of engines by name and index (seat order); ids and tables are the recorder's
// business. Environment failures (a database that cannot be written) are exceptions (OaqError);
// refusals that follow from the data (a name taken, a game index stored twice) are values.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "game/player.hpp"
#include "tournament/rating_input.hpp"
#include "tournament/round_formats.hpp"
#include "tournament/run_definition.hpp"
#include "tournament/run_status.hpp"
#include "tournament/schedule.hpp"
#include "tournament/session_runner.hpp"
#include "tournament/snapshot.hpp"

namespace oaq::tournament {

using TournamentId = std::int64_t;  // a tournaments row's id (games.tournament_id)
using WallTime = std::chrono::system_clock::time_point;

// A new run as it is first written.
struct NewRun {
    std::string name;
    RunDefinition definition;
    std::string definition_json;       // to_json(definition)
    std::string fingerprint;           // fingerprint(definition)
    std::string settings_json = "{}";  // how it was started (command line, concurrency): for people
    WallTime started_at{};
    // A shard of the run (--shard K/N): which one, the games it holds and the whole run's games.
    std::optional<Shard> shard;
    std::int64_t shard_games = 0;
    std::int64_t run_games = 0;
};

// A run as the recorder finds it again.
struct StoredRun {
    TournamentId id = 0;
    std::string name;
    RunStatus status = RunStatus::Running;
    std::optional<std::string> definition_json;  // nothing: written before definitions were kept
    std::string settings_json = "{}";
    std::uint64_t seed = 0;
    std::vector<std::string> engines;  // names in seat order
    std::optional<Shard> shard;        // the shard of the run this database plays
};

class RunRecorder {
  public:
    virtual ~RunRecorder() = default;

    // Where the runs are kept, for messages ("oaq.db").
    virtual std::string location() const = 0;

    virtual std::optional<StoredRun> find_run(std::string_view name) = 0;
    // Writes the run and its engines (in seat order). Fails when the name is taken (kind
    // NameTaken).
    virtual Expected<TournamentId> create_run(const NewRun& run) = 0;
    // The run lock: at most one process plays a run at a time. Fails, naming the process that
    // holds it (pid, host, since when), while another live process holds it; a lock left by a
    // process that is gone (kill -9) is taken over. unlock_run gives it back (never throws).
    virtual Expected<Ok> lock_run(TournamentId run) = 0;
    virtual void unlock_run(TournamentId run) noexcept = 0;
    // A resumed run: its engines are written again (what the definition says about them) and its
    // status becomes running.
    virtual void reopen_run(TournamentId run, const RunDefinition& definition) = 0;
    // A resumed run whose definition changed (an SPRT match's new cap): its definition and
    // fingerprint are written again.
    virtual void set_definition(TournamentId run, const std::string& definition_json,
                                const std::string& fingerprint) = 0;

    // The game_index of every game stored for the run (resume plays the others).
    virtual std::vector<std::int64_t> completed_games(TournamentId run) = 0;
    // The finished games stored for the run, as rating rows whose engine keys are seat indices.
    virtual std::vector<ResultRow> stored_results(TournamentId run) = 0;
    // Stores one finished (not aborted) game; returns its id. Fails (nothing written) for a game
    // index stored already (kind DuplicateGame) or a record the store refuses (InvalidRecord), with
    // a message that names the game as views do (game_reference: "cup#7").
    virtual Expected<std::int64_t> record_game(TournamentId run, const Pairing& pairing,
                                               const game::GameRecord& record) = 0;
    // Stores one game of a session and where its session stands after it (the session row, the
    // game's place in it, the wealth after it, the end) in one transaction. Fails like record_game.
    virtual Expected<std::int64_t> record_session_game(TournamentId run, const Pairing& pairing,
                                                       const game::GameRecord& record,
                                                       const SessionStep& step) = 0;
    // The stored games of each session of the run (by session index), in game order (resume).
    virtual std::map<std::int64_t, std::vector<StoredSessionGame>> stored_sessions(
        TournamentId run) = 0;

    // A Swiss round's bye (round_formats.hpp): never a game. Written when its round starts; the
    // same round's bye written again (a resumed round) changes nothing.
    virtual void record_bye(TournamentId run, const RoundBye& bye) = 0;

    // What engine `name` said about itself at its handshake.
    virtual void save_identity(const std::string& engine, const game::PlayerIdentity& identity) = 0;
    virtual void set_status(TournamentId run, RunStatus status,
                            std::optional<WallTime> finished_at) = 0;
    virtual void set_outcome(TournamentId run, const std::string& outcome_json) = 0;
    // The rating snapshot of the whole run; entries name engines (their keys are seat indices).
    virtual void save_snapshot(TournamentId run, const Snapshot& snapshot) = 0;
};

}  // namespace oaq::tournament
