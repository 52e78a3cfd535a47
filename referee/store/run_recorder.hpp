// StoreRunRecorder: the tournament layer's RunRecorder over the results database. A run is a row
// of `tournaments` (its definition and fingerprint included), its engines are rows of `engines`
// in seat order (with the SHA-256 of the executable, read when the run starts or resumes), its
// games are `games` rows, its identities update the engines, and its snapshot is a rating
// snapshot of the tournament. The run lock is a run_locks row (db/006_run_locks.sql) held by this
// process; a holder is gone when presence() says so on this host.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "store/process_identity.hpp"
#include "store/store.hpp"
#include "tournament/run_recorder.hpp"

namespace oaq::store {

class StoreRunRecorder : public tournament::RunRecorder {
  public:
    // `me`: who takes the run locks (this process; tests pretend to be others).
    explicit StoreRunRecorder(Store& db, ProcessIdentity me = this_process())
        : db_(db), me_(std::move(me)) {}

    std::string location() const override;
    std::optional<tournament::StoredRun> find_run(std::string_view name) override;
    Expected<tournament::TournamentId> create_run(const tournament::NewRun& run) override;
    Expected<Ok> lock_run(tournament::TournamentId run) override;
    void unlock_run(tournament::TournamentId run) noexcept override;
    void reopen_run(tournament::TournamentId run,
                    const tournament::RunDefinition& definition) override;
    void set_definition(tournament::TournamentId run, const std::string& definition_json,
                        const std::string& fingerprint) override;
    std::vector<std::int64_t> completed_games(tournament::TournamentId run) override;
    std::vector<tournament::ResultRow> stored_results(tournament::TournamentId run) override;
    Expected<std::int64_t> record_game(tournament::TournamentId run,
                                       const tournament::Pairing& pairing,
                                       const game::GameRecord& record) override;
    Expected<std::int64_t> record_session_game(tournament::TournamentId run,
                                               const tournament::Pairing& pairing,
                                               const game::GameRecord& record,
                                               const tournament::SessionStep& step) override;
    std::map<std::int64_t, std::vector<tournament::StoredSessionGame>> stored_sessions(
        tournament::TournamentId run) override;
    void record_bye(tournament::TournamentId run, const tournament::RoundBye& bye) override;
    void save_identity(const std::string& engine, const game::PlayerIdentity& identity) override;
    void set_status(tournament::TournamentId run, tournament::RunStatus status,
                    std::optional<tournament::WallTime> finished_at) override;
    void set_outcome(tournament::TournamentId run, const std::string& outcome_json) override;
    void save_snapshot(tournament::TournamentId run, const tournament::Snapshot& snapshot) override;

  private:
    std::vector<RowId> register_engines(const tournament::RunDefinition& definition);
    TournamentRow tournament_row(tournament::TournamentId run);
    // The run's engine ids in seat order, read once per run (kept from create_run) and reused
    // for every game: a game's seats name the run's engines by index, never by name. Null when
    // the file holds no run with that id.
    const std::vector<RowId>* run_engines(tournament::TournamentId run);
    KnownEngines known_engines(tournament::TournamentId run, const tournament::Pairing& pairing,
                               const game::GameRecord& record);

    Store& db_;
    ProcessIdentity me_;
    std::mutex engines_mutex_;
    std::map<tournament::TournamentId, std::vector<RowId>> run_engines_;
};

// The SHA-256 of a file as lowercase hex, "" when it cannot be read.
std::string file_sha256(const std::string& path);

}  // namespace oaq::store
