// Progress: what a person (or a script, with --json) sees while a run plays: a line per finished
// game, the standings every N games with games/minute and an ETA, for a match the running score
// and the SPRT state, and the final summary. The JSON lines use the layouts of results_json.hpp
// (docs/json.md): a game line is the game object with its moves and "type":"game". It is the app's
// RunObserver: the run (tournament/ run.hpp) decides and counts, this only formats its events as
// text or JSON lines on stdout.
#pragma once

#include <string>

#include "tournament/run.hpp"

namespace oaq::app {

class Progress : public tournament::RunObserver {
  public:
    // `resume_command`: printed when the run ends interrupted ("" for none).
    Progress(bool json, std::string resume_command)
        : json_(json), resume_command_(std::move(resume_command)) {}

    void run_started(const tournament::RunStarted& e) override;
    void game_finished(const tournament::GameFinished& e) override;
    void standings_due(const tournament::StandingsDue& e) override;
    void run_finished(const tournament::RunFinished& e) override;

  private:
    void print_game_json(const tournament::GameFinished& e) const;
    void print_game_text(const tournament::GameFinished& e) const;
    void print_summary_json(const tournament::RunFinished& e) const;
    void print_summary_text(const tournament::RunFinished& e) const;

    bool json_;
    std::string resume_command_;
    std::vector<std::string> engines_;
    std::string name_;  // the run's (tournament's) name: games are numbered within it
};

// The SPRT state as one line: "SPRT: games 10  W/D/L 4/3/3  penta [...]  Elo ...  LLR 0.12 (...)".
std::string sprt_line(const tournament::SprtStatus& s);

}  // namespace oaq::app
