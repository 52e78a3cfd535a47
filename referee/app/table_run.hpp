// `oaq match` and `oaq tournament` at tables of 3 or 4 seats (--rules R,players=N): a match of N
// engines, or a round robin or gauntlet of K >= N engines playing every table of its schedule
// (tournament/table_schedule.hpp) in seating groups, K games at a time, each game stored with its
// seats (--db; a match without one keeps them in memory). --resume continues a stored run from its
// stored definition, replaying the games that were not stored (aborted or unfinished ones), so a
// resumed run plays the same games as one never stopped; --shard K/N plays whole seating groups.
#pragma once

#include <functional>
#include <string>

#include "app/run_config.hpp"
#include "engine/option_warnings.hpp"
#include "tournament/run.hpp"

namespace oaq::live {
class LiveRun;
}

namespace oaq::app {

using MakePlayers = std::function<tournament::PlayerFactory(engine::OptionWarnings&)>;

// Whether --resume names a stored run of 3 or 4 seats (false without --resume or such a run).
bool resumes_table(const RunConfig& c);
// Plays the run; the exit code as for 2 seats (0 done, 128 + the signal when stopped by one).
// `live`: the live page's server (--live), fed every game's plies and ends; nullptr: none.
int run_table(RunConfig& c, const MakePlayers& make_players, live::LiveRun* live = nullptr);

}  // namespace oaq::app
