// Progress: what a person (or a script, with --json) sees while a run plays: a line per finished
// game, the standings every N games with games/minute and an ETA, for a match the running score
// and the SPRT state, and the final summary. The JSON lines use the layouts of
// views/results_json.hpp (docs/json.md): a game line is the game object with its moves and
// "type":"game". It is the app's RunObserver: the run (tournament/ run.hpp) decides and counts,
// this only formats its events as text or JSON lines on stdout.
#pragma once

#include <string>

#include "tournament/run.hpp"

namespace oaq::app {

class Progress : public tournament::RunObserver {
  public:
    // `resume_command`: printed when the run ends interrupted ("" for none). `sprt`: the run's
    // game count is the SPRT's cap, shown as "at most N" and never as the run's length.
    Progress(bool json, std::string resume_command, bool sprt = false)
        : json_(json), sprt_(sprt), resume_command_(std::move(resume_command)) {}

    void run_started(const tournament::RunStarted& e) override;
    // "Started game cup#3 of 12 (A vs B)" (a game_started line in JSON): a long time control
    // otherwise prints nothing for minutes. A shard: "Started game cup#7, 3 of 6 in shard 1/4
    // (A vs B)": the run's game number, then its place among the shard's games.
    void game_started(const tournament::GameStarted& e) override;
    void game_finished(const tournament::GameFinished& e) override;
    // Something about an engine worth fixing that is not a failure (an option it does not
    // declare): "warning: engine A: ..." (a warning line in JSON). Thread-safe.
    void warning(const std::string& engine, const std::string& message) const;
    void standings_due(const tournament::StandingsDue& e) override;
    void run_finished(const tournament::RunFinished& e) override;

  private:
    void print_game_json(const tournament::GameFinished& e) const;
    void print_game_text(const tournament::GameFinished& e) const;
    void print_summary_json(const tournament::RunFinished& e) const;
    void print_summary_text(const tournament::RunFinished& e) const;

    // "12", or for an SPRT "at most 200000".
    std::string total_text(std::int64_t total) const;

    bool json_;
    bool sprt_;
    std::string resume_command_;
    std::vector<std::string> engines_;
    std::string name_;        // the run's (tournament's) name: games are numbered within it
    std::int64_t total_ = 0;  // the games this process plays (a shard's)
    std::optional<tournament::Shard> shard_;  // the shard played, if any
};

// The SPRT state as one line: "SPRT: games 10 (cap 200000)  W/D/L 4/3/3  penta [...]  Elo ...
// LLR 0.12 (bounds -2.94, 2.94)  elo0 0 elo1 5 alpha 0.05 beta 0.05". `cap`: the most games the
// test may play (0: not shown); it is an upper limit, not the run's length.
std::string sprt_line(const tournament::SprtStatus& s, std::int64_t cap = 0);

}  // namespace oaq::app
