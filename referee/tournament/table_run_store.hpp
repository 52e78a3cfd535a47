// TableRunStore: a run of tables (3 or 4 seats) in a RunRecorder, the part of `oaq match` and
// `oaq tournament` at tables that is not the command line: the run found again for --resume,
// written once its engines passed the check (a refused engine leaves nothing behind; a default name
// that is taken gets a suffix "-2", "-3"... as for 2 seats), locked while it plays (unlocked when
// the store is destroyed), each finished game stored with its seats (aborted ones are not), and its
// status at the end. table_plan lists the games still to play from the run's schedule.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "tournament/run.hpp"
#include "tournament/run_recorder.hpp"
#include "tournament/table_match.hpp"

namespace oaq::tournament {

class TableRunStore {
  public:
    explicit TableRunStore(RunRecorder& recorder, RunClock clock = {})
        : recorder_(recorder), clock_(std::move(clock)) {}
    ~TableRunStore();
    TableRunStore(const TableRunStore&) = delete;
    TableRunStore& operator=(const TableRunStore&) = delete;

    // --resume: the stored run becomes this store's; returns the games stored already.
    std::vector<std::int64_t> resume(const StoredRun& stored);
    // What a new run writes: its definition, how it was started, its shard, and whether the name
    // was given (a given name that is taken is an error; a default one gets a suffix).
    struct NewTable {
        RunDefinition definition;
        std::string settings_json = "{}";
        std::optional<Shard> shard;
        bool name_given = false;
    };
    // Locks the run (a resumed one is reopened with `t.definition`), or writes it first; `name`
    // becomes the name it was written under. Throws OaqError when it cannot.
    void open(std::string& name, const NewTable& t);
    // Stores a finished game with its seats (an aborted one, or before open(), is not stored).
    void record(const TableGame& g, const game::GameRecord& record);
    // The run's status at its end: Interrupted or Finished.
    void finish(bool interrupted);

  private:
    void lock();

    RunRecorder& recorder_;
    RunClock clock_;
    std::optional<TournamentId> id_;
    bool locked_ = false;
};

// The games to play, listed from the run's schedule (a shard's only), without those in `done`;
// a match's seating groups are its rounds, as a 2-seat match's pairs are. Throws OaqError when the
// definition has no schedule.
TablePlan table_plan(const RunDefinition& d, const std::optional<Shard>& shard, int concurrency,
                     const std::vector<std::int64_t>& done);

}  // namespace oaq::tournament
