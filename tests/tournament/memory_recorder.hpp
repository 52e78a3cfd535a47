// MemoryRecorder: a tournament::RunRecorder that keeps everything in memory, for unit tests of
// tournament::Run without SQLite.
#pragma once

#include <algorithm>
#include <map>
#include <mutex>

#include "tournament/run_recorder.hpp"

namespace oaq::testing {

class MemoryRecorder : public tournament::RunRecorder {
  public:
    struct Game {
        tournament::Pairing pairing;
        game::GameRecord record;
        std::optional<tournament::SessionStep> session;
    };
    struct Run {
        tournament::StoredRun stored;
        std::string fingerprint;
        std::vector<Game> games;
        std::optional<std::string> outcome;
        std::vector<tournament::Snapshot> snapshots;
        std::optional<tournament::WallTime> finished_at;
        int reopened = 0;
        std::optional<std::string> lock;  // who holds the run lock
        std::vector<tournament::RoundBye> byes;
    };

    // Who this recorder takes locks as (tests pretend to be two processes with two recorders
    // over one set of runs).
    std::string holder = "this process";
    int unlocks = 0;

    std::map<tournament::TournamentId, Run> runs;
    std::map<std::string, game::PlayerIdentity> identities;

    Run& run(const std::string& name) {
        for (auto& [id, r] : runs) {
            if (r.stored.name == name) return r;
        }
        throw std::runtime_error("no run " + name);
    }

    std::string location() const override { return "memory"; }
    std::optional<tournament::StoredRun> find_run(std::string_view name) override {
        for (auto& [id, r] : runs) {
            if (r.stored.name == name) return r.stored;
        }
        return std::nullopt;
    }
    Expected<tournament::TournamentId> create_run(const tournament::NewRun& n) override {
        if (find_run(n.name))
            return fail(ErrorKind::NameTaken,
                        "a tournament named \"" + n.name + "\" already exists");
        const auto id = static_cast<tournament::TournamentId>(runs.size()) + 1;
        Run r;
        r.stored = {id,
                    n.name,
                    tournament::RunStatus::Running,
                    n.definition_json,
                    n.settings_json,
                    n.definition.seed,
                    n.definition.engine_names(),
                    n.shard};
        r.fingerprint = n.fingerprint;
        runs[id] = r;
        return id;
    }
    Expected<Ok> lock_run(tournament::TournamentId id) override {
        auto& lock = runs.at(id).lock;
        if (lock) return fail("run is being played by " + *lock);
        lock = holder;
        return Ok{};
    }
    void unlock_run(tournament::TournamentId id) noexcept override {
        auto& lock = runs.at(id).lock;
        if (lock == holder) lock.reset();
        ++unlocks;
    }
    void reopen_run(tournament::TournamentId id, const tournament::RunDefinition&) override {
        runs.at(id).stored.status = tournament::RunStatus::Running;
        ++runs.at(id).reopened;
    }
    void set_definition(tournament::TournamentId id, const std::string& definition_json,
                        const std::string& fingerprint) override {
        runs.at(id).stored.definition_json = definition_json;
        runs.at(id).fingerprint = fingerprint;
    }
    std::vector<std::int64_t> completed_games(tournament::TournamentId id) override {
        std::vector<std::int64_t> out;
        for (const auto& g : runs.at(id).games) out.push_back(g.pairing.game_index);
        return out;
    }
    std::vector<tournament::ResultRow> stored_results(tournament::TournamentId id) override {
        std::vector<tournament::ResultRow> out;
        std::int64_t n = 0;
        for (const auto& g : runs.at(id).games) {
            out.push_back({++n, id, g.pairing.pair_index, g.pairing.south, g.pairing.north,
                           g.record.result, g.record.termination});
        }
        return out;
    }
    Expected<std::int64_t> record_game(tournament::TournamentId id, const tournament::Pairing& p,
                                       const game::GameRecord& record) override {
        std::lock_guard lock(mutex_);
        auto& games = runs.at(id).games;
        for (const auto& g : games) {
            if (g.pairing.game_index == p.game_index)
                return fail(ErrorKind::DuplicateGame, "game index stored twice");
        }
        games.push_back({p, record, {}});
        return ++next_game_id_;
    }
    Expected<std::int64_t> record_session_game(tournament::TournamentId id,
                                               const tournament::Pairing& p,
                                               const game::GameRecord& record,
                                               const tournament::SessionStep& step) override {
        auto stored = record_game(id, p, record);
        if (stored) {
            std::lock_guard lock(mutex_);
            runs.at(id).games.back().session = step;
        }
        return stored;
    }
    std::map<std::int64_t, std::vector<tournament::StoredSessionGame>> stored_sessions(
        tournament::TournamentId id) override {
        std::map<std::int64_t, std::vector<tournament::StoredSessionGame>> out;
        auto games = runs.at(id).games;
        std::sort(games.begin(), games.end(), [](const Game& a, const Game& b) {
            return a.pairing.game_index < b.pairing.game_index;
        });
        for (const auto& g : games) {
            if (!g.session) continue;
            out[g.session->session_index].push_back({g.pairing.game_index, g.record.final_position,
                                                     g.record.termination, g.record.result});
        }
        return out;
    }
    void record_bye(tournament::TournamentId id, const tournament::RoundBye& bye) override {
        auto& byes = runs.at(id).byes;
        for (const auto& b : byes)
            if (b.round == bye.round) return;
        byes.push_back(bye);
    }
    void save_identity(const std::string& engine, const game::PlayerIdentity& id) override {
        identities[engine] = id;
    }
    void set_status(tournament::TournamentId id, tournament::RunStatus status,
                    std::optional<tournament::WallTime> finished_at) override {
        runs.at(id).stored.status = status;
        runs.at(id).finished_at = finished_at;
    }
    void set_outcome(tournament::TournamentId id, const std::string& json) override {
        runs.at(id).outcome = json;
    }
    void save_snapshot(tournament::TournamentId id, const tournament::Snapshot& s) override {
        runs.at(id).snapshots.push_back(s);
    }

  private:
    std::mutex mutex_;
    std::int64_t next_game_id_ = 0;
};

}  // namespace oaq::testing
