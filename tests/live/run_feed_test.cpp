// RunFeed: the events a run's observer calls become, read back from the Feed: a game's start with
// its seats and clocks, each move with every seat's clock (the mover's from its move, the other's
// kept), the game's end and the standings; the JSON reads back strictly and carries what the page
// draws. Deterministic: the events are made here, no run is played.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "common/json_reader.hpp"
#include "live/feed.hpp"
#include "live/run_feed.hpp"

using namespace oaq;
using namespace oaq::live;

namespace {

tournament::PositionReached position(int ply, int seat, const game::MoveRecord* move,
                                     std::string text) {
    tournament::PositionReached e;
    e.pairing.game_index = 6;  // game 7 of the run
    e.pairing.pair_index = 3;
    e.pairing.round = 1;
    e.pairing.south = 1;
    e.pairing.north = 0;
    e.ply = ply;
    e.seat = seat;
    e.move = move;
    e.position = std::move(text);
    e.time_controls = {game::parse_time_control("10+0.1").value(),
                       game::parse_time_control("movetime=100").value()};
    return e;
}

std::vector<EventPtr> events_of(const Feed& feed) {
    std::vector<EventPtr> out;
    REQUIRE(feed.since(0, out));
    return out;
}

}  // namespace

TEST_CASE("A run's game becomes a start, its moves with every seat's clock, and an end", "[live]") {
    Feed feed;
    RunFeed observer(feed, "tournament");
    tournament::RunStarted started;
    started.name = "cup";
    started.engines = {"alpha", "<b>beta</b>"};
    started.total_games = 8;
    observer.run_started(started);
    const std::string start = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";
    observer.position_reached(position(0, 0, nullptr, start));
    game::MoveRecord m;
    m.move = rules::parse_move("3R").value();
    m.time_used = std::chrono::microseconds(500000);
    m.time_left = std::chrono::microseconds(9600000);
    m.depth = 7;
    m.score = protocol::Score{protocol::Score::Kind::Cp, 35};
    m.pv = {"3R", "2L"};
    observer.position_reached(position(1, 0, &m, "Q1,6,6,0,0,0,Q2,7,7,1,7,7 N 6+0 0+0 0 0"));

    const auto events = events_of(feed);
    REQUIRE(events.size() == 3);
    CHECK(events[0]->type == "run");
    CHECK(events[0]->data.find("\"kind\":\"tournament\"") != std::string::npos);
    CHECK(events[0]->data.find('\n') == std::string::npos);

    CHECK(events[1]->type == "game_start");
    CHECK(events[1]->data ==
          "{\"tournament\":\"cup\",\"game\":7,\"round\":2,\"pair\":4,\"seats\":["
          "{\"seat\":1,\"side\":\"south\",\"engine\":\"<b>beta</b>\",\"time_control\":\"10+0.1\"},"
          "{\"seat\":2,\"side\":\"north\",\"engine\":\"alpha\",\"time_control\":\"movetime=100\"}],"
          "\"start_position\":\"" +
              start + "\",\"to_move\":1,\"clocks_us\":[10000000,null]}");

    CHECK(events[2]->type == "move");
    auto move = parse_json(events[2]->data);
    REQUIRE(move);
    const auto& fields = *move->as_object();
    std::vector<std::string> keys;
    for (const auto& [k, v] : fields) keys.push_back(k);
    CHECK(keys == std::vector<std::string>{"game", "seat", "ply", "side", "move", "time_used_us",
                                           "time_left_us", "depth", "eval", "nodes", "pv",
                                           "clocks_us", "position"});
    CHECK(events[2]->data.find(
              "\"game\":7,\"seat\":1,\"ply\":1,\"side\":\"south\",\"move\":\"3R\"") == 1);
    CHECK(events[2]->data.find("\"clocks_us\":[9600000,null]") != std::string::npos);
    CHECK(events[2]->data.find("\"pv\":[\"3R\",\"2L\"]") != std::string::npos);

    // The game's moves are in the state until it ends.
    auto state = parse_json(feed.state_json());
    REQUIRE(state);
    CHECK(feed.state_json().find("\"running\":[{\"start\":{\"tournament\":\"cup\",\"game\":7") !=
          std::string::npos);
}

TEST_CASE("Seat names and clocks are generic lists in seat order", "[live]") {
    CHECK(side_word(0, 2) == "south");
    CHECK(side_word(1, 2) == "north");
    CHECK(side_word(2, 4) == "seat3");
    CHECK(clocks_json({1, std::nullopt, 3}) == "[1,null,3]");
}

TEST_CASE("What an engine says while it searches reaches the page at most every 250 ms per game",
          "[live]") {
    Feed feed;
    auto t = std::make_shared<std::chrono::steady_clock::time_point>();
    RunFeed observer(feed, "match", [t] { return *t; });
    protocol::Info info;
    info.depth = 9;
    info.pv = {"1L"};
    info.string = "<script>\"hi\"</script>";
    tournament::InfoReceived e;
    e.pairing.game_index = 0;
    e.seat = 1;
    e.ply = 4;
    e.info = &info;
    observer.info_received(e);  // sent
    *t += std::chrono::milliseconds(100);
    observer.info_received(e);  // too soon
    e.pairing.game_index = 1;
    observer.info_received(e);  // another game: sent
    e.pairing.game_index = 0;
    *t += std::chrono::milliseconds(200);
    info.depth = 10;
    observer.info_received(e);  // 300 ms after the first: sent
    const auto events = events_of(feed);
    REQUIRE(events.size() == 3);
    CHECK(events[0]->type == "info");
    CHECK(events[0]->data.find("\"game\":1,\"seat\":2,\"ply\":4,\"depth\":9,") == 1);
    CHECK(events[1]->data.find("\"game\":2,") == 1);
    CHECK(events[2]->data.find("\"depth\":10,") != std::string::npos);
    auto back = parse_json(events[2]->data);
    REQUIRE(back);
    const auto* text = back->find("string");
    REQUIRE(text);
    CHECK(*text->as_string() == "<script>\"hi\"</script>");
}
