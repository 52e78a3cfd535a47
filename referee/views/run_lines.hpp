// Run lines: what a person (or a script, with --json) reads while a run plays: a line per game
// started and finished, the standings every N games with games/minute and an ETA, for a match the
// running score and the SPRT state, and the final summary. The JSON lines use the layouts of
// results_json.hpp (docs/json.md): a game line is the game object with its moves and
// "type":"game". The run (tournament/run.hpp) decides and counts; this only turns its events into
// text, each call returning the lines of one event (app/progress.hpp prints them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tournament/run.hpp"
#include "tournament/schedule.hpp"

namespace oaq::views {

// "K/N": a shard of a run, as every message and JSON line writes it.
std::string shard_text(const tournament::Shard& shard);

// The SPRT state as one line: "SPRT: games 10 (cap 200000)  W/D/L 4/3/3  penta [...]  Elo ...
// LLR 0.12 (bounds -2.94, 2.94)  elo0 0 elo1 5 alpha 0.05 beta 0.05". `cap`: the most games the
// test may play (0: not shown); it is an upper limit, not the run's length.
std::string sprt_line(const tournament::SprtStatus& s, std::int64_t cap = 0);

// The referee's own cost in the summary, engines excluded.
struct RefereeCost {
    double cpu_seconds = 0;
    std::int64_t peak_rss_kb = 0;
};

class RunLines {
  public:
    // `resume_command`: printed when the run ends interrupted ("" for none). `sprt`: the run's
    // game count is the SPRT's cap, shown as "at most N" and never as the run's length.
    // `sessions`: the count is the most the sessions can play (one may end early): "at most N".
    RunLines(bool json, std::string resume_command, bool sprt = false, bool sessions = false)
        : json_(json),
          sprt_(sprt),
          at_most_(sprt || sessions),
          resume_command_(std::move(resume_command)) {}

    // Also keeps the run's name, engines, length and shard for the lines that follow.
    std::string run_started(const tournament::RunStarted& e);
    // "Started game cup#3 of 12 (A vs B)" (a game_started line in JSON). A shard: "Started game
    // cup#7, 3 of 6 in shard 1/4 (A vs B)": the run's game number, then its place among the
    // shard's games.
    std::string game_started(const tournament::GameStarted& e) const;
    std::string game_finished(const tournament::GameFinished& e) const;
    // "warning: engine A: ..." (a warning line in JSON).
    std::string warning(const std::string& engine, const std::string& message) const;
    std::string standings_due(const tournament::StandingsDue& e) const;
    std::string run_finished(const tournament::RunFinished& e, const RefereeCost& cost) const;

  private:
    std::string game_json_lines(const tournament::GameFinished& e) const;
    std::string game_text_lines(const tournament::GameFinished& e) const;
    std::string summary_json(const tournament::RunFinished& e, const RefereeCost& cost) const;
    std::string summary_text(const tournament::RunFinished& e) const;

    // "12", or for an SPRT or sessions "at most 200000".
    std::string total_text(std::int64_t total) const;

    bool json_;
    bool sprt_;
    bool at_most_;
    std::string resume_command_;
    std::vector<std::string> engines_;
    std::string name_;        // the run's (tournament's) name: games are numbered within it
    std::int64_t total_ = 0;  // the games this process plays (a shard's)
    std::optional<tournament::Shard> shard_;  // the shard played, if any
};

}  // namespace oaq::views
