// Feed: what a live page shows, kept as the events that made it. The run's thread (or the store
// follower) tells it what happened (a game started, a move, a game ended, the standings, the SPRT)
// as ready-made JSON objects in the vocabulary of docs/json.md; the Feed numbers each one as an
// event, keeps the latest in a bounded ring (so a reconnecting page resumes after its
// Last-Event-ID) and keeps the state a page joining late starts from (state_json(): the running
// games with their moves, the latest finished games, the standings, the SPRT's history).
//
// The referee's timing never depends on viewers: a producer call only builds strings and takes the
// Feed's lock for a few pointer moves; it never waits for the network. The server (server.hpp)
// reads from the Feed on its own thread, each viewer through a ViewerQueue: bounded, and a viewer
// that falls further behind than its bound is dropped, never waited for.
//
// Pure: no I/O, no clock; thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace oaq::live {

// One Server-Sent Event, rendered once: "id: N\nevent: TYPE\ndata: JSON\n\n".
struct Event {
    std::uint64_t id = 0;
    std::string type;
    std::string data;   // one JSON object on one line
    std::string frame;  // what is written to every viewer
};
using EventPtr = std::shared_ptr<const Event>;

// The SSE frame of an event (data must hold no line break: oaq's JSON writer never writes one).
std::string sse_frame(std::uint64_t id, const std::string& type, const std::string& data);

struct FeedLimits {
    std::size_t ring = 4096;           // events kept for Last-Event-ID resumes
    std::size_t finished_games = 100;  // finished games kept (with their moves) for the state
    std::size_t sprt_points = 4096;    // SPRT states kept for the LLR chart
};

class Feed {
  public:
    explicit Feed(FeedLimits limits = {});

    // Producers. `json` is one encoded JSON object; `game` the game's number in its run (from 1).
    // run: what the page's title says ({"tournament":..,"engines":[..],"games":..,...}).
    void run(const std::string& json);
    void game_start(std::int64_t game, const std::string& json);
    void move(std::int64_t game, const std::string& json);
    // What an engine said while it searches: an event, and the game's latest in the state.
    void info(std::int64_t game, const std::string& json);
    // Moves the game from the running ones to the finished ones (also a game that never started
    // here: a stored game shown by `oaq serve`).
    void game_end(std::int64_t game, const std::string& json);
    void standings(const std::string& json);
    void sprt(const std::string& json);
    // The run ended ({"status":..,...}); the page says so.
    void run_end(const std::string& json);

    // Readers.
    std::uint64_t last_id() const;
    // The events with ids above `after` that the ring still holds, oldest first, appended to
    // `out`. False when some of them are gone (the caller starts again from state_event()).
    bool since(std::uint64_t after, std::vector<EventPtr>& out) const;
    // {"type":"state","last_event_id":N,"run":..,"running":[games],"finished":[games],
    //  "standings":..,"sprt":[..],"run_end":..}; a game is {"start":..,"moves":[..],"end":..}, and
    //  a running one also "info": the latest info event (null before the first).
    std::string state_json() const;
    // The state as an event ("state", id last_id()): what a new viewer is sent first.
    EventPtr state_event() const;

  private:
    // Every piece of the state is an event already sent (its data), shared with the ring: the
    // state is put together from pointers copied under the lock, and written outside it, so a
    // viewer joining never holds up the run for longer than those copies.
    struct Game {
        EventPtr start, end, info;
        std::vector<EventPtr> moves;
    };
    struct Snapshot {
        std::uint64_t last_id = 0;
        EventPtr run, run_end, standings;
        std::vector<Game> running;
        std::vector<std::shared_ptr<const Game>> finished;
        std::vector<EventPtr> sprt;
    };
    EventPtr push(const std::string& type, const std::string& data);  // lock held
    Snapshot snapshot() const;
    static std::string state_of(const Snapshot& s);
    static std::string game_json(const Game& g, bool running);

    FeedLimits limits_;
    mutable std::mutex mutex_;
    std::uint64_t next_id_ = 1;
    std::deque<EventPtr> ring_;
    EventPtr run_, run_end_, standings_;
    std::map<std::int64_t, Game> running_;
    std::deque<std::shared_ptr<const Game>> finished_;  // oldest first
    std::deque<EventPtr> sprt_;
};

// One viewer's queue of events not yet written to it. The server offers it every new event; it
// keeps them until the server takes them to write. A viewer whose waiting events would exceed the
// limit (it reads slower than the run plays, or not at all) is dropped: offer() returns false and
// the server closes its connection. Not thread-safe (the server's thread owns it).
class ViewerQueue {
  public:
    // `after`: the id of the last event the viewer has (events up to it are skipped).
    ViewerQueue(std::size_t limit, std::uint64_t after) : limit_(limit), last_(after) {}

    bool offer(const EventPtr& event);
    bool offer(const std::vector<EventPtr>& events);
    // Starts over from a state event (the viewer missed events the ring no longer holds).
    bool reset(const EventPtr& state);
    // The frames of every waiting event, concatenated; the queue is then empty.
    std::string take();
    bool empty() const { return waiting_.empty(); }
    std::size_t size() const { return waiting_.size(); }
    bool dropped() const { return dropped_; }
    std::uint64_t last_id() const { return last_; }

  private:
    std::size_t limit_;
    std::uint64_t last_;
    std::deque<EventPtr> waiting_;
    bool dropped_ = false;
};

// How many viewers are watching and how many the server would take: acquire() fails at the limit.
class ViewerSlots {
  public:
    explicit ViewerSlots(std::size_t limit) : limit_(limit) {}
    bool acquire();
    void release();
    std::size_t used() const { return used_; }
    std::size_t limit() const { return limit_; }

  private:
    std::size_t limit_;
    std::size_t used_ = 0;
};

}  // namespace oaq::live
