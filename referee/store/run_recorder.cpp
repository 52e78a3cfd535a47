#include "store/run_recorder.hpp"

#include <fstream>
#include <map>
#include <sstream>

#include "common/error.hpp"
#include "common/sha256.hpp"
#include "protocol/codec.hpp"
#include "store/results.hpp"
#include "tournament/run_name.hpp"

namespace oaq::store {

std::string file_sha256(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    std::ostringstream data;
    data << in.rdbuf();
    return sha256_hex(data.str());
}

std::string StoreRunRecorder::location() const {
    return db_.path();
}

std::optional<tournament::StoredRun> StoreRunRecorder::find_run(std::string_view name) {
    auto t = db_.find_tournament(name);
    if (!t) return std::nullopt;
    tournament::StoredRun run{t->id,       t->name, t->status, t->definition,
                              t->settings, t->seed, {},        {}};
    for (auto id : t->engine_ids) {
        auto e = db_.engine(id);
        run.engines.push_back(e ? e->name : "#" + std::to_string(id));
    }
    // A shard's own database holds one shard row, played here; a merged run resumes as a whole.
    if (t->shards.size() == 1 && t->shards.front().source.empty())
        run.shard = tournament::Shard{t->shards.front().index, t->shards.front().count};
    return run;
}

std::vector<RowId> StoreRunRecorder::register_engines(const tournament::RunDefinition& d) {
    std::vector<RowId> ids;
    for (const auto& e : d.engines) {
        EngineRow row;
        row.name = e.name;
        row.command = e.command;
        row.args = e.args;
        row.options = e.options;
        row.binary_sha256 = file_sha256(e.command);
        ids.push_back(db_.upsert_engine(row));
    }
    return ids;
}

Expected<tournament::TournamentId> StoreRunRecorder::create_run(const tournament::NewRun& run) {
    const auto& d = run.definition;
    TournamentRow row;
    row.name = run.name;
    row.format = std::string(tournament::to_string(d.format));
    row.rules = rules::expanded(d.rules);
    row.time_control = game::to_string(d.tc);
    row.settings = run.settings_json;
    row.seed = d.seed;
    row.started_at = run.started_at;
    row.engine_ids = register_engines(d);
    row.definition = run.definition_json;
    row.fingerprint = run.fingerprint;
    if (run.shard) {
        row.shards.push_back(ShardRow{run.shard->index, run.shard->count, RunStatus::Running,
                                      run.shard_games, run.run_games, ""});
    }
    auto id = db_.create_tournament(row);
    if (id) {
        std::lock_guard lock(engines_mutex_);
        run_engines_[*id] = row.engine_ids;
    }
    return id;
}

Expected<Ok> StoreRunRecorder::lock_run(tournament::TournamentId run) {
    const RunLockRow mine{run, me_, std::chrono::system_clock::now()};
    auto taken = db_.lock_tournament(
        mine, [](const RunLockRow& held) { return presence(held.holder) == Presence::Gone; });
    if (taken) return Ok{};
    const auto& held = taken.error();
    const auto t = db_.tournament(run);
    std::string message = "run \"" + (t ? t->name : std::to_string(run)) +
                          "\" is being played by pid " + std::to_string(held.holder.pid) +
                          " on host " + held.holder.host + " since " + format_utc(held.since);
    if (held.holder == me_) return fail(message + " (this process)");
    if (presence(held.holder) == Presence::Unknown) {
        // Another host's process cannot be checked from here: a person has to say it is gone.
        return fail(message + "; if that process is gone, remove its lock: sqlite3 " + db_.path() +
                    " \"DELETE FROM run_locks WHERE tournament_id = " + std::to_string(run) + "\"");
    }
    return fail(message + "; stop it first, or wait for it to finish");
}

void StoreRunRecorder::unlock_run(tournament::TournamentId run) noexcept {
    try {
        db_.unlock_tournament(run, me_);
    } catch (...) {
        // Left behind, the row is taken over by the next process: this one is gone by then.
    }
}

void StoreRunRecorder::reopen_run(tournament::TournamentId run,
                                  const tournament::RunDefinition& d) {
    register_engines(d);
    auto set = db_.set_tournament_status(run, RunStatus::Running);
    if (!set) throw OaqError(set.error().message);
}

void StoreRunRecorder::set_definition(tournament::TournamentId run,
                                      const std::string& definition_json,
                                      const std::string& fingerprint) {
    auto set = db_.set_tournament_definition(run, definition_json, fingerprint);
    if (!set) throw OaqError(set.error().message);
}

std::vector<std::int64_t> StoreRunRecorder::completed_games(tournament::TournamentId run) {
    return db_.completed_game_indices(run);
}

TournamentRow StoreRunRecorder::tournament_row(tournament::TournamentId run) {
    auto t = db_.tournament(run);
    if (!t) throw OaqError(db_.path() + ": no tournament with id " + std::to_string(run));
    return *t;
}

std::vector<tournament::ResultRow> StoreRunRecorder::stored_results(tournament::TournamentId run) {
    const auto t = tournament_row(run);
    std::map<RowId, std::int64_t> seat;
    for (std::size_t i = 0; i < t.engine_ids.size(); ++i)
        seat[t.engine_ids[i]] = static_cast<std::int64_t>(i);
    ResultFilter filter;
    filter.tournament_id = run;
    std::vector<tournament::ResultRow> rows;
    for (auto row : db_.result_rows(filter)) {
        // Every game of a run is between two of its seats; anything else is not its result.
        if (!seat.count(row.south) || !seat.count(row.north)) continue;
        row.south = seat[row.south];
        row.north = seat[row.north];
        rows.push_back(row);
    }
    return rows;
}

const std::vector<RowId>* StoreRunRecorder::run_engines(tournament::TournamentId run) {
    std::lock_guard lock(engines_mutex_);
    auto it = run_engines_.find(run);
    if (it == run_engines_.end()) {
        auto t = db_.tournament(run);
        if (!t) return nullptr;
        it = run_engines_.emplace(run, t->engine_ids).first;
    }
    return &it->second;
}

// Each seat's engine id from the run's list, by the index the game carries (the pairing's when a
// record names none). None for a run the file does not hold: the store refuses the game with
// ErrorKind::UnknownTournament.
KnownEngines StoreRunRecorder::known_engines(tournament::TournamentId run,
                                             const tournament::Pairing& p,
                                             const game::GameRecord& record) {
    const auto* ids = run_engines(run);
    KnownEngines known;
    if (!ids) return known;
    for (std::size_t k = 0; k < record.seats.size(); ++k) {
        int engine = record.seats[k].engine;
        if (engine == game::SeatRecord::kNoEngine && k < 2) engine = k == 0 ? p.south : p.north;
        if (engine < 0 || static_cast<std::size_t>(engine) >= ids->size()) {
            throw OaqError(db_.path() + ": " +
                           tournament::game_reference(tournament_row(run).name, p.game_index) +
                           ": run " + std::to_string(run) + " has no engine " +
                           std::to_string(engine + 1));
        }
        known.seats.push_back((*ids)[static_cast<std::size_t>(engine)]);
    }
    return known;
}

Expected<std::int64_t> StoreRunRecorder::record_game(tournament::TournamentId run,
                                                     const tournament::Pairing& p,
                                                     const game::GameRecord& record) {
    auto stored =
        db_.record_game(run, GameSlot{p.game_index, static_cast<int>(p.pair_index), p.round},
                        record, me_.host, nullptr, known_engines(run, p, record));
    if (!stored) return stored.error();
    return *stored;
}

Expected<std::int64_t> StoreRunRecorder::record_session_game(tournament::TournamentId run,
                                                             const tournament::Pairing& p,
                                                             const game::GameRecord& record,
                                                             const tournament::SessionStep& step) {
    auto known = known_engines(run, p, record);
    if (const auto* ids = run_engines(run)) {
        known.first = ids->at(static_cast<std::size_t>(step.first));
        known.second = ids->at(static_cast<std::size_t>(step.second));
    }
    // The players are given by id (known): the slot's names are only for a caller without ids.
    SessionSlot slot{step.session_index,
                     step.game.number,
                     {},
                     {},
                     step.game_limit,
                     step.total,
                     step.game.wealth_after,
                     std::string(rules::to_string(step.end)),
                     std::string(rules::to_string(step.result))};
    auto stored =
        db_.record_game(run, GameSlot{p.game_index, static_cast<int>(p.pair_index), p.round},
                        record, me_.host, &slot, known);
    if (!stored) return stored.error();
    return *stored;
}

std::map<std::int64_t, std::vector<tournament::StoredSessionGame>>
StoreRunRecorder::stored_sessions(tournament::TournamentId run) {
    std::map<std::int64_t, std::vector<tournament::StoredSessionGame>> out;
    for (const auto& e : db_.session_game_ends(run)) {
        out[e.session_index].push_back({e.game_index, e.final_position, e.termination, e.result});
    }
    return out;
}

void StoreRunRecorder::record_bye(tournament::TournamentId run, const tournament::RoundBye& bye) {
    const auto* ids = run_engines(run);
    if (!ids || bye.engine < 0 || static_cast<std::size_t>(bye.engine) >= ids->size())
        throw OaqError("storing a bye: run " + std::to_string(run) + " has no engine " +
                       std::to_string(bye.engine));
    db_.record_bye(
        {run, bye.round, (*ids)[static_cast<std::size_t>(bye.engine)], bye.half_points / 2.0});
}

void StoreRunRecorder::save_identity(const std::string& engine,
                                     const game::PlayerIdentity& identity) {
    auto row = db_.find_engine(engine);
    if (!row) return;
    row->id_name = identity.id_name;
    row->id_author = identity.id_author;
    row->declared_options.clear();
    for (const auto& option : identity.options)
        row->declared_options += protocol::encode(protocol::Reply{option}) + "\n";
    db_.upsert_engine(*row);
}

void StoreRunRecorder::set_status(tournament::TournamentId run, tournament::RunStatus status,
                                  std::optional<tournament::WallTime> finished_at) {
    auto set = db_.set_tournament_status(run, status, finished_at);
    if (!set) throw OaqError(set.error().message);
}

void StoreRunRecorder::set_outcome(tournament::TournamentId run, const std::string& outcome_json) {
    auto set = db_.set_tournament_outcome(run, outcome_json);
    if (!set) throw OaqError(set.error().message);
}

void StoreRunRecorder::save_snapshot(tournament::TournamentId run,
                                     const tournament::Snapshot& snapshot) {
    const auto t = tournament_row(run);
    auto by_id = snapshot;
    for (auto& e : by_id.entries) e.key = t.engine_ids.at(static_cast<std::size_t>(e.key));
    db_.save_rating_snapshot(
        snapshot_row(by_id, t.id, t.rules, "tournament=" + std::to_string(t.id)));
}

}  // namespace oaq::store
