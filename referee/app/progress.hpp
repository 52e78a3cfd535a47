// Progress: the app's RunObserver: prints the lines views::RunLines makes of each event of the
// run (views/run_lines.hpp: a line per game, the standings every N games, the SPRT state, the
// summary) on stdout as they come, flushed, so a person or a script (--json) follows the run.
#pragma once

#include <string>

#include "tournament/run.hpp"
#include "views/run_lines.hpp"

namespace oaq::app {

class Progress : public tournament::RunObserver {
  public:
    // As views::RunLines: `resume_command` printed when the run ends interrupted ("" for none),
    // `sprt` (the count is the SPRT's cap) and `sessions` (the most the sessions can play) shown
    // as "at most N".
    Progress(bool json, std::string resume_command, bool sprt = false, bool sessions = false)
        : lines_(json, std::move(resume_command), sprt, sessions) {}

    void run_started(const tournament::RunStarted& e) override;
    void game_started(const tournament::GameStarted& e) override;
    void game_finished(const tournament::GameFinished& e) override;
    // Something about an engine worth fixing that is not a failure (an option it does not
    // declare): "warning: engine A: ..." (a warning line in JSON). Thread-safe.
    void warning(const std::string& engine, const std::string& message) const;
    void standings_due(const tournament::StandingsDue& e) override;
    void run_finished(const tournament::RunFinished& e) override;

  private:
    views::RunLines lines_;
};

}  // namespace oaq::app
