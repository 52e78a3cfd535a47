// LiveRun: what `--live [ADDR:]PORT` adds to a tournament or match: a Feed, the RunFeed observer
// that fills it and the Server that shows it, started before the run plays and stopped after it
// (the viewers get the run's last events first). A match at a table feeds it through table().
#pragma once

#include <memory>
#include <string>

#include "live/feed.hpp"
#include "live/run_feed.hpp"
#include "live/server.hpp"
#include "live/table_feed.hpp"

namespace oaq::live {

class LiveRun {
  public:
    // `listen`: "[ADDR:]PORT" (parse_listen_address); `kind`: "tournament" or "match". Throws
    // OaqError when the text is not an address or it cannot be bound.
    LiveRun(const std::string& listen, std::string kind, ServerOptions options = {});

    tournament::RunObserver& observer() { return observer_; }
    // The feed of a match at a table of 3 or 4 seats (the same Feed, the same page).
    TableFeed& table() { return table_; }
    Server& server() { return *server_; }
    const Feed& feed() const { return feed_; }
    // What to tell people: "live page: http://127.0.0.1:8080/", and a warning line first when
    // the address is not a loopback one (other machines can reach it).
    std::string announcement() const;
    // {"type":"live","url":..,"address":..,"port":..}
    std::string announcement_json() const;

  private:
    Feed feed_;
    RunFeed observer_;
    TableFeed table_{feed_};
    std::unique_ptr<Server> server_;
};

}  // namespace oaq::live
