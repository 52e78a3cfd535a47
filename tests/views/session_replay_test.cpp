// What `oaq rules session` prints of a replayed session (views/session_replay.hpp): per game the
// sides, positions, scores and wealth, then the session's state; the JSON object of the same.
#include <catch2/catch.hpp>

#include "rules/session.hpp"
#include "views/session_replay.hpp"

using namespace oaq;

TEST_CASE("a replayed session prints each game and the next one while it goes on",
          "[views][session]") {
    const auto rules = rules::parse_rules("standard").value();
    rules::Session session(rules, 20);
    const std::vector<std::string> moves{"2R", "2L", "3R", "5R", "1R", "4L", "1L",
                                         "4R", "4L", "3R", "1R", "5R", "5R"};
    auto game = rules::play_session_game(session, moves, rules::kDefaultPlyLimit);
    REQUIRE(game);
    const views::PlayedGames played{{*game, moves.size()}};
    CHECK(views::session_replay_text(session, played, 20) ==
          "session under standard: M = 10, T = 70, game limit 20\n"
          "game 1: first is South, second is North\n"
          "  start   Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0\n"
          "  final   0,0,0,0,0,0,0,0,0,0,0,0 N 33+1 17+1 0 0\n"
          "  ended   mandarins_empty after 13 plies: south_win\n"
          "  score   South 43, North 27; unscored 0\n"
          "  wealth  first 43, second 27\n"
          "session: ongoing after 1 games; wealth first 43, second 27\n"
          "next    game 2: second is South, first is North; start Q0,5,5,5,5,5,Q0,5,5,5,5,5 S "
          "0+0 0+0 0 0 0,0,0,3,5,0,0,0,0,0\n");
    const auto json = views::session_replay_json(session, played, 20);
    CHECK(json.find(R"("game_limit":20)") != std::string::npos);
    CHECK(json.find(R"("wealth":{"first":43,"second":27})") != std::string::npos);
    CHECK(json.find(R"("next":{"game":2,"south":"second")") != std::string::npos);
}
