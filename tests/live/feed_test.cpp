// The live Feed and the viewers' queues: event ids and frames, the bounded ring and Last-Event-ID
// resumes, the state a late page starts from, a slow viewer dropped at its bound, the viewer limit.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "live/feed.hpp"
#include "live/server.hpp"

using namespace oaq::live;

namespace {

std::vector<std::uint64_t> ids(const std::vector<EventPtr>& events) {
    std::vector<std::uint64_t> out;
    for (const auto& e : events) out.push_back(e->id);
    return out;
}

Feed small_feed(std::size_t ring) {
    FeedLimits limits;
    limits.ring = ring;
    limits.finished_games = 2;
    limits.sprt_points = 4;
    return Feed(limits);
}

}  // namespace

TEST_CASE("A feed numbers its events from 1 and renders each as one server-sent event", "[live]") {
    Feed feed;
    CHECK(feed.last_id() == 0);
    feed.game_start(1, R"({"game":1})");
    feed.move(1, R"({"game":1,"ply":1,"move":"3R"})");
    std::vector<EventPtr> events;
    REQUIRE(feed.since(0, events));
    REQUIRE(events.size() == 2);
    CHECK(events[0]->type == "game_start");
    CHECK(events[1]->frame ==
          "id: 2\nevent: move\ndata: {\"game\":1,\"ply\":1,\"move\":\"3R\"}\n\n");
    CHECK(feed.last_id() == 2);
}

TEST_CASE("A line break in an event's data becomes a data field per line", "[live]") {
    CHECK(sse_frame(7, "run", "{\"a\":1}\n{\"b\":2}") ==
          "id: 7\nevent: run\ndata: {\"a\":1}\ndata: {\"b\":2}\n\n");
}

TEST_CASE("A resume gets the events after its last id while the ring holds them", "[live]") {
    auto feed = small_feed(3);
    for (int i = 1; i <= 5; ++i) feed.move(1, "{\"ply\":" + std::to_string(i) + "}");
    std::vector<EventPtr> events;
    REQUIRE(feed.since(3, events));
    CHECK(ids(events) == std::vector<std::uint64_t>{4, 5});
    events.clear();
    REQUIRE(feed.since(2, events));
    CHECK(ids(events) == std::vector<std::uint64_t>{3, 4, 5});
    events.clear();
    CHECK(feed.since(5, events));
    CHECK(events.empty());
    // Event 2 is gone from the ring, and 9 was never sent (another server's id): start over.
    CHECK_FALSE(feed.since(1, events));
    CHECK_FALSE(feed.since(9, events));
}

TEST_CASE("The state holds the running games with their moves and the latest finished ones",
          "[live]") {
    auto feed = small_feed(100);
    feed.run(R"({"tournament":"cup"})");
    for (int g = 1; g <= 4; ++g) {
        feed.game_start(g, "{\"game\":" + std::to_string(g) + "}");
        feed.move(g, "{\"game\":" + std::to_string(g) + ",\"ply\":1}");
    }
    feed.game_end(1, R"({"game":1,"result":"draw"})");
    feed.game_end(2, R"({"game":2})");
    feed.game_end(3, R"({"game":3})");
    feed.standings(R"({"standings":[]})");
    feed.sprt(R"({"llr":0.1})");
    const auto state = feed.state_json();
    CHECK(state ==
          "{\"type\":\"state\",\"last_event_id\":14,\"run\":{\"tournament\":\"cup\"},"
          "\"running\":[{\"start\":{\"game\":4},\"moves\":[{\"game\":4,\"ply\":1}],\"end\":null,"
          "\"info\":null}],"
          "\"finished\":[{\"start\":{\"game\":2},\"moves\":[{\"game\":2,\"ply\":1}],\"end\":{"
          "\"game\":2}},"
          "{\"start\":{\"game\":3},\"moves\":[{\"game\":3,\"ply\":1}],\"end\":{\"game\":3}}],"
          "\"standings\":{\"standings\":[]},\"sprt\":[{\"llr\":0.1}],\"run_end\":null}");
    auto e = feed.state_event();
    CHECK(e->id == 14);
    CHECK(e->type == "state");
    CHECK(e->data == state);
}

TEST_CASE("The SPRT history stays bounded and keeps its first and latest state", "[live]") {
    auto feed = small_feed(100);
    for (int i = 1; i <= 9; ++i) feed.sprt("{\"n\":" + std::to_string(i) + "}");
    const auto state = feed.state_json();
    CHECK(state.find("\"sprt\":[{\"n\":1},") != std::string::npos);
    CHECK(state.find("{\"n\":9}],") != std::string::npos);
    std::size_t count = 0;
    for (auto at = state.find("{\"n\":"); at != std::string::npos;
         at = state.find("{\"n\":", at + 1))
        ++count;
    CHECK(count <= 5);
}

TEST_CASE("A viewer queue skips what the viewer has and keeps the order", "[live]") {
    auto feed = small_feed(100);
    for (int i = 1; i <= 4; ++i) feed.move(1, "{}");
    std::vector<EventPtr> events;
    REQUIRE(feed.since(0, events));
    ViewerQueue q(10, 2);
    REQUIRE(q.offer(events));
    CHECK(q.size() == 2);
    CHECK(q.last_id() == 4);
    const auto text = q.take();
    CHECK(text.find("id: 3\n") == 0);
    CHECK(text.find("id: 4\n") != std::string::npos);
    CHECK(q.empty());
    REQUIRE(q.offer(events));  // offered again (the server's next tick): nothing new
    CHECK(q.empty());
}

TEST_CASE("A viewer that falls behind its bound is dropped and takes nothing more", "[live]") {
    auto feed = small_feed(100);
    for (int i = 1; i <= 6; ++i) feed.move(1, "{}");
    std::vector<EventPtr> events;
    REQUIRE(feed.since(0, events));
    ViewerQueue q(4, 0);
    CHECK_FALSE(q.offer(events));
    CHECK(q.dropped());
    CHECK(q.empty());
    CHECK_FALSE(q.offer(events));
    CHECK_FALSE(q.reset(feed.state_event()));
}

TEST_CASE("A viewer that reads keeps up however many events come", "[live]") {
    auto feed = small_feed(1000);
    ViewerQueue q(4, 0);
    std::uint64_t cursor = 0;
    std::size_t taken = 0;
    for (int i = 1; i <= 100; ++i) {
        feed.move(1, "{}");
        std::vector<EventPtr> events;
        REQUIRE(feed.since(cursor, events));
        cursor = events.back()->id;
        REQUIRE(q.offer(events));
        if (i % 3 == 0) taken += q.take().size();
    }
    CHECK_FALSE(q.dropped());
    CHECK(q.last_id() == 100);
    CHECK(taken > 0);
}

TEST_CASE("A viewer that missed too much starts again from the state", "[live]") {
    auto feed = small_feed(100);
    feed.move(1, "{}");
    ViewerQueue q(4, 0);
    REQUIRE(q.offer(feed.state_event()));
    REQUIRE(q.reset(feed.state_event()));
    CHECK(q.size() == 1);
    CHECK(q.take().find("event: state\n") != std::string::npos);
}

TEST_CASE("The viewer slots refuse viewers beyond the limit until one leaves", "[live]") {
    ViewerSlots slots(2);
    CHECK(slots.acquire());
    CHECK(slots.acquire());
    CHECK_FALSE(slots.acquire());
    slots.release();
    CHECK(slots.acquire());
    CHECK(slots.used() == 2);
}

TEST_CASE("Listen addresses are a port or an address and a port", "[live]") {
    auto port = parse_listen_address("8080");
    REQUIRE(port);
    CHECK(port->address == "127.0.0.1");
    CHECK(port->port == 8080);
    auto both = parse_listen_address("0.0.0.0:0");
    REQUIRE(both);
    CHECK(both->address == "0.0.0.0");
    CHECK(both->port == 0);
    auto v6 = parse_listen_address("[::1]:9000");
    REQUIRE(v6);
    CHECK(v6->address == "::1");
    CHECK(parse_listen_address("localhost:80")->address == "127.0.0.1");
    CHECK_FALSE(parse_listen_address("70000"));
    CHECK_FALSE(parse_listen_address("http"));
    CHECK_FALSE(parse_listen_address("example.org:80"));
    CHECK_FALSE(parse_listen_address(":80"));
    CHECK(parse_listen_address("99999").error().message.find("0 to 65535") != std::string::npos);
    CHECK(is_loopback("127.0.0.1"));
    CHECK(is_loopback("::1"));
    CHECK_FALSE(is_loopback("0.0.0.0"));
}
