// RunFeed: the RunObserver that feeds a running tournament or match into a Feed (`--live`): the
// run's start, each game's start position and every move with every seat's clock and what the
// engine said, each game's end (the live `game` line of docs/json.md, the same object `oaq results
// game NAME#N --json` prints), the standings after every stored game, the SPRT after every game
// of a match with --sprt, and the run's summary. It only builds JSON and hands it to the Feed:
// nothing here waits for a viewer. position_reached comes from every game's worker at once, so
// every call takes the RunFeed's lock.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
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
    using Now = std::function<std::chrono::steady_clock::time_point()>;
    // What the engines say while they search goes to the page at most once per `info_every` per
    // game (an engine may send thousands of lines a second), the latest line first.
    static constexpr std::chrono::milliseconds kInfoEvery{250};

    // `kind`: "tournament" or "match", as the page names the run. `now`: the clock that spaces
    // the info events (tests give their own).
    RunFeed(Feed& feed, std::string kind, Now now = std::chrono::steady_clock::now)
        : feed_(feed), kind_(std::move(kind)), now_(std::move(now)) {}

    bool wants_live() const override { return true; }
    void run_started(const tournament::RunStarted& e) override;
    void position_reached(const tournament::PositionReached& e) override;
    // An `info` event: {"game","seat","ply","depth","seldepth","eval","nodes","nps","time_us",
    // "pv","string"}, at most one per kInfoEvery per game.
    void info_received(const tournament::InfoReceived& e) override;
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
    Now now_;
    std::map<std::int64_t, std::chrono::steady_clock::time_point> info_sent_;  // by game
};

// {"seat":1,"side":"south"}: seats count from 1, as every list of seats is read (docs/json.md).
std::string side_word(int seat, int seats);
// The `info` event: {"game","seat","ply","depth","seldepth","eval","nodes","nps","time_us","pv",
// "string"}; `seat` from 1, `ply` the one searched for.
std::string info_json(std::int64_t game, int seat, int ply, const protocol::Info& info);
// A JSON array of clocks in microseconds, null for a seat without a clock.
std::string clocks_json(const std::vector<std::optional<std::int64_t>>& clocks);

}  // namespace oaq::live
