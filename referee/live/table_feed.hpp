// TableFeed: what `--live` shows of a match at a table of 3 or 4 seats
// (tournament/table_match.hpp), the N-seat form of RunFeed: the run's start, each game's start
// position with every seat (its engine and time control), every move with every seat's clock and
// what the engine said, each game's end (views::table_game_finished's JSON line: every seat's
// score, rank and points), the standings after every game (points, average rank, failures) and the
// totals. The same Feed and the same events, so the page draws the ring (board.js) from the
// position strings. Every call takes the TableFeed's lock: a game's moves come from its worker's
// thread.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/table_runner.hpp"
#include "game/time_control.hpp"
#include "live/feed.hpp"
#include "tournament/table_match.hpp"
#include "views/table_lines.hpp"

namespace oaq::live {

class TableFeed {
  public:
    explicit TableFeed(Feed& feed) : feed_(feed) {}

    // `time_controls`: one per engine, in the order of match.engines.
    void run_started(const views::TableMatchInfo& match,
                     const std::vector<game::TimeControl>& time_controls);
    // The hooks of game `g`'s plies (tournament::TablePlan::observer_for).
    game::TableObserver observer(const tournament::TableGame& g);
    // `tally`: the totals with this game in; `done` the games finished so far.
    void game_finished(const tournament::TableGame& g, const game::GameRecord& record,
                       const tournament::TableTally& tally, std::int64_t done);
    void run_finished(const tournament::TableTally& tally, std::int64_t played,
                      std::int64_t aborted, double seconds);

  private:
    void started(const tournament::TableGame& g, const rules::RingPosition& pos);
    void moved(const tournament::TableGame& g, const game::MoveRecord& move,
               const rules::RingPosition& pos);
    void info(const tournament::TableGame& g, int seat, int ply, const protocol::Info& i);
    std::string standings_json(const tournament::TableTally& tally, std::int64_t done) const;

    Feed& feed_;
    std::mutex mutex_;
    views::TableMatchInfo match_;
    std::vector<game::TimeControl> time_controls_;
    // Every running game's clocks in seat order (microseconds; nothing: no clock) and plies, by
    // game.
    std::map<std::int64_t, std::vector<std::optional<std::int64_t>>> clocks_;
    std::map<std::int64_t, int> plies_;
    std::map<std::int64_t, int> to_move_;  // the seat to move, from 0
};

}  // namespace oaq::live
