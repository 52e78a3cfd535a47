// StoreFeed: `oaq serve --db FILE`: a stored tournament fed into a Feed, as the live page of a run
// would have shown it: each stored game (its start, every move with the position after it, as the
// report replays it, and its end: the `game` object of docs/json.md), the standings (the report's),
// the tournament's status. poll() reads what was stored since the last call, so a page follows a
// run another process is writing (the file is opened read-only; SQLite's WAL lets a reader see
// every committed game while the writer goes on). It uses the store's public queries only: a
// count of the tournament's games, and the report's loader when that count changed.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "live/feed.hpp"
#include "store/store.hpp"

namespace oaq::live {

class StoreFeed {
  public:
    // `tournament`: its name; nothing: the newest tournament in the file when the first poll finds
    // one (polls look again until there is one; then that one is followed).
    StoreFeed(Feed& feed, store::Store& db, std::optional<std::string> tournament)
        : feed_(feed), db_(db), tournament_(std::move(tournament)) {}

    // Feeds the games stored since the last poll (the first: all) and the standings after them.
    // Returns how many games it fed; fails (nothing fed) when the named tournament is not there.
    Expected<std::int64_t> poll();
    // The tournament followed ("" before there is one).
    const std::string& name() const { return name_; }

  private:
    Feed& feed_;
    store::Store& db_;
    std::optional<std::string> tournament_;
    std::string name_;
    std::int64_t seen_count_ = -1;
    std::set<std::int64_t> fed_;  // the games' database ids
    bool ended_ = false;
};

}  // namespace oaq::live
