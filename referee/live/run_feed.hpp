// RunFeed: the RunObserver that feeds a running tournament or match into a Feed (`--live`): the
// run's start, each game's start position and every move with every seat's clock and what the
// engine said, each game's end (the live `game` line of docs/json.md, the same object `oaq results
// game NAME#N --json` prints), the standings after every stored game, the SPRT after every game
// of a match with --sprt, and the run's summary. It only builds JSON and hands it to the Feed:
// nothing here waits for a viewer. position_reached comes from every game's worker at once, so
// every call takes the RunFeed's lock.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "live/feed.hpp"
#include "tournament/run.hpp"
#include "views/run_lines.hpp"

namespace oaq::live {

class RunFeed : public tournament::RunObserver {
  public:
    // `kind`: "tournament" or "match", as the page names the run.
    RunFeed(Feed& feed, std::string kind) : feed_(feed), kind_(std::move(kind)) {}

    bool wants_live() const override { return true; }
    void run_started(const tournament::RunStarted& e) override;
    void position_reached(const tournament::PositionReached& e) override;
    void game_finished(const tournament::GameFinished& e) override;
    void standings_changed(const tournament::StandingsDue& e) override;
    void run_finished(const tournament::RunFinished& e) override;

  private:
    std::string start_json(const tournament::PositionReached& e,
                           const std::vector<std::optional<std::int64_t>>& clocks) const;
    std::string move_json(const tournament::PositionReached& e,
                          const std::vector<std::optional<std::int64_t>>& clocks) const;

    Feed& feed_;
    std::string kind_;
    std::mutex mutex_;
    views::RunLines lines_{true, ""};
    std::string name_;
    std::vector<std::string> engines_;
    // Every running game's clocks in seat order (microseconds; nothing: no clock), by game.
    std::map<std::int64_t, std::vector<std::optional<std::int64_t>>> clocks_;
    std::int64_t sprt_pairs_ = -1;  // the SPRT's complete pairs last sent
};

// {"seat":1,"side":"south"}: seats count from 1, as every list of seats is read (docs/json.md).
std::string side_word(int seat, int seats);
// A JSON array of clocks in microseconds, null for a seat without a clock.
std::string clocks_json(const std::vector<std::optional<std::int64_t>>& clocks);

}  // namespace oaq::live
