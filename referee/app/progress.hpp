// Progress: what a person (or a script, with --json) sees while games run: a line per finished
// game, standings every N games with games/minute and an ETA, for a match the running score and
// the SPRT state, and the final summary. It also keeps the tallies the SPRT decision is made on.
// Called from the runner's sink, one game at a time.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/standings.hpp"
#include "game/game_record.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/schedule.hpp"
#include "tournament/sprt.hpp"

namespace oaq::app {

class Progress {
  public:
    Progress(std::vector<std::string> engines, std::int64_t total_games, bool json, int every,
             std::optional<tournament::SprtParams> sprt);

    // A game stored by an earlier run (resume): counts in standings and SPRT, prints nothing.
    void add_stored(int south, int north, rules::Result result, std::int64_t pair_index);
    void start(const std::string& name, std::size_t already_done);
    void game_finished(const tournament::Pairing& pairing, const game::GameRecord& record,
                       std::optional<std::int64_t> game_id);
    void finish(bool finished, const std::string& resume_command);

    std::vector<StandingsLine> standings() const;
    bool sprt_decided() const { return decision_ != tournament::SprtDecision::Continue; }
    std::string sprt_outcome_json() const;

  private:
    void add_result(int south, int north, rules::Result result, std::int64_t pair_index,
                    bool failure_by_south, bool failure_by_north);
    void print_standings();
    void print_match_line();
    double llr() const;
    std::string sprt_line() const;
    std::string sprt_json(const char* type) const;

    std::vector<std::string> engines_;
    std::int64_t total_;
    bool json_;
    int every_;
    std::optional<tournament::SprtParams> sprt_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::int64_t done_before_ = 0;  // stored before this run
    std::int64_t done_now_ = 0;     // finished in this run
    std::int64_t aborted_ = 0;
    std::vector<tournament::GameResult> results_;
    std::vector<std::int64_t> failures_;
    // Engine 0's view of a two-engine run: trinomial and colour-swapped pairs.
    tournament::Trinomial trinomial_;
    tournament::Pentanomial pentanomial_;
    std::map<std::int64_t, double>
        open_pairs_;  // pair index -> engine 0's points in its first game
    std::atomic<tournament::SprtDecision> decision_{tournament::SprtDecision::Continue};
};

}  // namespace oaq::app
