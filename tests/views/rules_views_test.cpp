// What `oaq rules perft|play|show|presets` print besides the board (views/rules_views.hpp).
#include <catch2/catch.hpp>
#include <sstream>

#include "rules/position_string.hpp"
#include "rules/ring_position_string.hpp"
#include "views/rules_views.hpp"

using namespace oaq;

TEST_CASE("a shown start position lists its legal moves, scores and state", "[views][rules]") {
    const auto rules = rules::parse_rules("standard").value();
    const auto pos = rules::parse_position("startpos", rules).value();
    CHECK(views::position_json(pos, rules) ==
          R"({"position":"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0","rules":")" +
              rules::expanded(rules) +
              R"(","side":"south","shares":"0,0,0,0,0,0,0,0,0,0","legal_moves":["1L","1R","2L",)"
              R"("2R","3L","3R","4L","4R","5L","5R"],"score":{"south":0,"north":0},"over":false,)"
              R"("end":"none"})");
    const auto ring_rules = rules::parse_rules("standard,players=3").value();
    const auto ring = rules::parse_ring_position("startpos", ring_rules).value();
    const auto ring_json = views::position_json(ring, ring_rules);
    CHECK(ring_json.find(R"("seat":1,)") != std::string::npos);
    CHECK(ring_json.find(R"("score":[0,0,0],"ranks":null,"points":null,"over":false)") !=
          std::string::npos);
}

TEST_CASE("a perft count prints its split by first move and its total", "[views][rules]") {
    views::PerftCount count;
    count.nodes = 30;
    count.split = {{rules::parse_move("1L").value(), 10}, {rules::parse_move("2R").value(), 20}};
    count.seconds = 0.5;
    CHECK(views::perft_text(2, count) ==
          "1L: 10\n2R: 20\nperft 2: 30 nodes in 0.500 s (0.0 M moves/s)\n");
    const auto rules = rules::parse_rules("standard").value();
    CHECK(views::perft_json(rules, 2, count, true).find(R"("moves":{"1L":10,"2R":20})") !=
          std::string::npos);
    CHECK(views::perft_json(rules, 2, count, false).find("moves") == std::string::npos);
}

TEST_CASE("the presets list names each preset with its expanded rules", "[views][rules]") {
    const auto text = views::presets_text();
    CHECK(text.find("standard") == 0);
    CHECK(text.find(rules::expanded(rules::parse_rules("quan5").value())) != std::string::npos);
    CHECK(views::presets_json().rfind(R"({"presets":[{"name":"standard",)", 0) == 0);
}

TEST_CASE("played moves draw a board after each and stop at the first bad one", "[views][rules]") {
    const auto rules = rules::parse_rules("standard").value();
    const auto start = rules::parse_position("startpos", rules).value();
    std::ostringstream out;
    auto played = views::play_moves(rules, start, 300, {"1L", "5R"}, false, out);
    REQUIRE(played);
    CHECK(out.str().find("\n1. South 1L\n") != std::string::npos);
    CHECK(out.str().find("\n2. North 5R\n") != std::string::npos);
    out.str("");
    played = views::play_moves(rules, start, 300, {"1R", "1R"}, false, out);
    REQUIRE_FALSE(played);
    CHECK(played.error().message.rfind("move 2 (\"1R\"): ", 0) == 0);
    CHECK(out.str().find("\n1. South 1R\n") != std::string::npos);

    const auto ring_rules = rules::parse_rules("standard,players=3").value();
    const auto ring = rules::parse_ring_position("startpos", ring_rules).value();
    out.str("");
    REQUIRE(views::play_moves(ring_rules, ring, -1, {"1L", "2R"}, true, out));
    CHECK(out.str().rfind("{", 0) == 0);
    CHECK(out.str().find("seat") == std::string::npos);
    CHECK(views::count_perft(ring, 1, true, ring_rules).split.size() ==
          views::count_perft(ring, 1, false, ring_rules).nodes);
}
