// Sessions (rules.md section 9): the worked example, one hand-built case per clause (wealth and
// stakes, selling squares and the shares they give, a sold square settled, U odd and who gets the
// odd citizen, a player below M + 5, the game limit, sides alternating, the totals under stones10
// and quan_value=5), the refusals, and seeded random sessions in which the two wealths always sum
// to T.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "rules/session.hpp"
#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::play_moves;
using test::position_of;
using test::rules_of;

// A finished position with no citizens left anywhere on the board: U = 0.
Position finished(const Rules& rules, const std::string& stores, const std::string& shares = "") {
    const Position p = position_of(
        "0,0,0,0,0,0,0,0,0,0,0,0 N " + stores + (shares.empty() ? "" : " " + shares), rules);
    REQUIRE(p.is_over());
    return p;
}

SessionGame record(Session& session, const Position& final_position) {
    auto game = session.record(final_position);
    INFO(to_string(final_position) << (game ? "" : " -> " + game.error().message));
    REQUIRE(game.has_value());
    return *game;
}

std::string shares_of(const Session& session) {
    return to_string(session.shares());
}

// The entry of a by-player array.
std::size_t at(Player player) {
    return static_cast<std::size_t>(index(player));
}

TEST_CASE("a session starts at T/2 each with M and T from the rules", "[rules][session]") {
    auto [rules_text, m, t] = GENERATE(table<std::string, int, int>({
        {"standard", 10, 70},
        {"quan5", 5, 60},
        {"village", 10, 70},
        {"quan_setup=stones10,quan_value=5", 10, 70},  // no pieces: a mandarin is its 10 pebbles
        {"tg-standard", 10, 70},
    }));
    INFO(rules_text);
    const Rules rules = rules_of(rules_text);
    const Session session(rules);
    CHECK(mandarin_worth(rules) == m);
    CHECK(session_total(rules) == t);
    CHECK(session.mandarin() == m);
    CHECK(session.total() == t);
    CHECK(session.wealth(Player::First) == t / 2);
    CHECK(session.wealth(Player::Second) == t / 2);
    CHECK(session.game_limit() == kDefaultGameLimit);
    CHECK(kDefaultGameLimit == 20);
    CHECK_FALSE(session.is_over());
    CHECK(session.result() == SessionResult::Ongoing);
    CHECK(session.next_game() == 1);
    CHECK(session.south() == Player::First);
    CHECK_FALSE(session.shares().any());
    CHECK(session.start() == start_position(rules));
}

TEST_CASE("the example of section 8: 28 against 42 sells N4 in part and N5 whole",
          "[rules][session][vectors]") {
    const Rules rules;
    Session session(rules);
    // Game 1 leaves A (the first player, South) with 28 and B with 42, nothing left unscored.
    const SessionGame g1 = record(session, finished(rules, "18+1 32+1 0 0"));
    CHECK(g1.number == 1);
    CHECK(g1.south == Player::First);
    CHECK(g1.score == std::array<int, 2>{28, 42});
    CHECK(g1.unscored == 0);
    CHECK(g1.wealth_after == std::array<int, 2>{28, 42});
    CHECK(g1.result == Result::NorthWin);
    // Game 2: A is North. He pays 10 for his mandarin, 15 for N1..N3, 3 fifths of N4; B pays the
    // other 2 fifths of N4 and all of N5.
    CHECK(session.south() == Player::Second);
    CHECK(session.side_of(Player::First) == Side::North);
    CHECK(to_string(session.start()) ==
          "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5");
    CHECK(to_string(stake_shares(rules, {42, 28})) == "0,0,0,0,0,0,0,0,2,5");
}

TEST_CASE("a short player sells his squares from square 1 upward, in fifths", "[rules][session]") {
    const Rules standard;
    // [South, North] wealth -> the shares; M = 10, the stake is 35.
    CHECK(to_string(stake_shares(standard, {35, 35})) == "0,0,0,0,0,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {34, 36})) == "0,0,0,0,1,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {30, 40})) == "0,0,0,0,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {29, 41})) == "0,0,0,1,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {28, 42})) == "0,0,0,2,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {20, 50})) == "0,0,5,5,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {17, 53})) == "0,3,5,5,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {15, 55})) == "0,5,5,5,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(standard, {51, 19})) == "0,0,0,0,0,0,1,5,5,5");
    const Rules quan5 = rules_of("quan5");  // M = 5, the stake is 30
    CHECK(to_string(stake_shares(quan5, {22, 38})) == "0,0,0,3,5,0,0,0,0,0");
    CHECK(to_string(stake_shares(quan5, {30, 30})) == "0,0,0,0,0,0,0,0,0,0");
    // Below M the clamp sells everything (a session never gets there: it ends below M + 5).
    CHECK(to_string(stake_shares(standard, {4, 66})) == "5,5,5,5,5,0,0,0,0,0");
}

TEST_CASE("a sold square's citizens go to the opponent at the end of a session game",
          "[rules][session][settle]") {
    const Rules rules;
    Session session(rules);
    record(session, finished(rules, "18+1 32+1 0 0"));  // A 28, B 42, as in section 8
    REQUIRE(shares_of(session) == "0,0,0,0,0,0,0,0,2,5");
    // Late in game 2 (B South, A North): 3R captures QE with its piece and ends the game. Of A's
    // squares N3 (1) is his own, N4 (7 citizens, 2 fifths B's) gives B 2 and A 5, N5 (sold, 4)
    // gives B all 4. The position holds T = 70: 16 on the board, 34 in stores, 2 pieces.
    const Position end = play_moves(
        "standard", "0,0,0,1,0,0,Q3,0,0,1,7,4 S 20+1 14+0 0 0 0,0,0,0,0,0,0,0,2,5", "3R");
    REQUIRE(to_string(end) == "0,0,0,0,0,0,0,0,0,0,0,0 N 30+2 20+0 0 0 0,0,0,0,0,0,0,0,2,5");
    const SessionGame g2 = record(session, end);
    CHECK(g2.south == Player::Second);
    CHECK(g2.score == std::array<int, 2>{50, 20});  // without the shares: 44 and 26
    CHECK(g2.wealth_after == std::array<int, 2>{20, 50});
    // Game 3: A is South again with 20: mandarin, S1 and S2; S3..S5 sold.
    CHECK(session.south() == Player::First);
    CHECK(shares_of(session) == "0,0,5,5,5,0,0,0,0,0");
}

TEST_CASE("what scored for nobody is shared, the odd citizen to the player who moved second",
          "[rules][session]") {
    const Rules rules;
    Session session(rules);
    // Game 1 stops at the ply limit with QW's piece and 3 citizens on it: U = 3 + 10 = 13.
    Position p1 = position_of("Q3,1,0,0,0,0,0,0,0,0,0,1 S 20+0 25+1 0 0", rules);
    end_game(p1, EndReason::PlyLimit);
    const SessionGame g1 = record(session, p1);
    CHECK(g1.score == std::array<int, 2>{21, 36});
    CHECK(g1.unscored == 13);
    // South (First) 21 + 6, North (Second, who moved second) 36 + 7.
    CHECK(g1.wealth_after == std::array<int, 2>{27, 43});
    // Game 2, First is North (27: 3 fifths of N4 and N5 sold); QE keeps 5 citizens: U = 5. The
    // odd citizen now goes to First, North of this game.
    REQUIRE(shares_of(session) == "0,0,0,0,0,0,0,0,3,5");
    Position p2 = position_of("0,0,0,0,0,0,5,0,0,0,0,0 S 40+1 5+1 0 0 0,0,0,0,0,0,0,0,3,5", rules);
    REQUIRE_FALSE(p2.is_over());  // QE is not empty; South refilled from his store
    end_game(p2, EndReason::Repetition);
    const SessionGame g2 = record(session, p2);
    CHECK(g2.unscored == 5);
    CHECK(g2.score == std::array<int, 2>{50, 15});
    CHECK(g2.wealth_after[at(Player::Second)] == 50 + 2);  // South
    CHECK(g2.wealth_after[at(Player::First)] == 15 + 3);   // North
    CHECK(session.wealth(Player::First) + session.wealth(Player::Second) == 70);
}

TEST_CASE("a player below M + 5 before a game loses the session", "[rules][session][end]") {
    const Rules rules;
    SECTION("14 is below 15: sold out, the other player wins") {
        Session session(rules);
        record(session, finished(rules, "4+1 46+1 0 0"));
        CHECK(session.wealth(Player::First) == 14);
        CHECK(session.is_over());
        CHECK(session.end() == SessionEnd::SoldOut);
        CHECK(session.result() == SessionResult::SecondWins);
        CHECK(to_string(session.end()) == "sold_out");
        CHECK(to_string(session.result()) == "second_wins");
    }
    SECTION("exactly 15 plays on with his mandarin and square 1 only") {
        Session session(rules);
        record(session, finished(rules, "5+1 45+1 0 0"));
        CHECK(session.wealth(Player::First) == 15);
        CHECK_FALSE(session.is_over());
        CHECK(shares_of(session) == "0,0,0,0,0,0,5,5,5,5");
        // He wins game 2 45 to 25: now the second player, North in game 3, sells N4 and N5.
        record(session, finished(rules, "15+1 35+1 0 0", "0,0,0,0,0,0,5,5,5,5"));
        CHECK(session.wealth(Player::First) == 45);
        CHECK(session.wealth(Player::Second) == 25);
        CHECK(session.side_of(Player::Second) == Side::North);
        CHECK(shares_of(session) == "0,0,0,0,0,0,0,0,5,5");
    }
    SECTION("the second player is sold out as North") {
        Session session(rules);
        record(session, finished(rules, "40+2 10+0 0 0"));
        CHECK(session.wealth(Player::Second) == 10);
        CHECK(session.end() == SessionEnd::SoldOut);
        CHECK(session.result() == SessionResult::FirstWins);
    }
    SECTION("the second player is sold out as South") {
        Session session(rules);
        record(session, finished(rules, "30+1 20+1 0 0"));  // First 40, Second 30
        REQUIRE(shares_of(session) == "0,0,0,0,5,0,0,0,0,0");
        record(session, finished(rules, "0+0 50+2 0 0", "0,0,0,0,5,0,0,0,0,0"));
        CHECK(session.wealth(Player::First) == 70);
        CHECK(session.wealth(Player::Second) == 0);
        CHECK(session.result() == SessionResult::FirstWins);
    }
    SECTION("with quan_value=5 the bar is 10") {
        const Rules quan5 = rules_of("quan5");
        Session session(quan5);
        record(session, finished(quan5, "10+0 40+2 0 0"));
        CHECK(session.wealth(Player::First) == 10);
        CHECK_FALSE(session.is_over());
        CHECK(shares_of(session) == "0,0,0,0,0,0,5,5,5,5");
        record(session, finished(quan5, "49+2 1+0 0 0", "0,0,0,0,0,0,5,5,5,5"));
        CHECK(session.wealth(Player::First) == 1);
        CHECK(session.end() == SessionEnd::SoldOut);
    }
}

TEST_CASE("after the game limit the greater wealth wins and equal wealth draws",
          "[rules][session][end]") {
    const Rules rules;
    SECTION("a limit of 3") {
        Session session(rules, 3);
        record(session, finished(rules, "20+1 30+1 0 0"));  // First 30, Second 40
        record(session, finished(rules, "25+1 25+1 0 0", "0,0,0,0,0,0,0,0,0,5"));
        CHECK_FALSE(session.is_over());
        record(session, finished(rules, "26+1 24+1 0 0"));  // First South again
        CHECK(session.is_over());
        CHECK(session.end() == SessionEnd::GameLimit);
        CHECK(session.wealth(Player::First) == 36);
        CHECK(session.result() == SessionResult::FirstWins);
        CHECK(to_string(session.end()) == "game_limit");
    }
    SECTION("the default limit of 20 games, all drawn: the session is drawn") {
        Session session(rules);
        for (int g = 1; g <= 20; ++g) {
            REQUIRE_FALSE(session.is_over());
            CHECK(session.next_game() == g);
            record(session, finished(rules, "25+1 25+1 0 0"));
        }
        CHECK(session.end() == SessionEnd::GameLimit);
        CHECK(session.result() == SessionResult::Draw);
        CHECK(session.games_played() == 20);
    }
    SECTION("a player sold out by the last game is reported as sold out") {
        Session session(rules, 1);
        record(session, finished(rules, "0+0 50+2 0 0"));
        CHECK(session.end() == SessionEnd::SoldOut);
        CHECK(session.result() == SessionResult::SecondWins);
    }
}

TEST_CASE("the players change sides every game, the first player South in odd games",
          "[rules][session]") {
    const Rules rules;
    Session session(rules);
    for (int g = 1; g <= 6; ++g) {
        const Player south = g % 2 == 1 ? Player::First : Player::Second;
        CHECK(session.south() == south);
        CHECK(session.player_of(Side::South) == south);
        CHECK(session.player_of(Side::North) == other(south));
        CHECK(session.side_of(south) == Side::South);
        // South always wins 40 to 30: the wealths swing back and forth.
        const SessionGame game =
            record(session, finished(rules, "30+1 20+1 0 0", shares_of(session)));
        CHECK(game.south == south);
        CHECK(game.side_of(south) == Side::South);
        CHECK(game.player_of(Side::North) == other(south));
        CHECK(game.wealth_after[at(south)] == 40);
    }
    CHECK(to_string(Player::First) == "first");
    CHECK(to_string(Player::Second) == "second");
}

TEST_CASE("a stones10 session counts 10 pebbles a mandarin and its pits' leftovers as U",
          "[rules][session]") {
    const Rules village = rules_of("village");
    Session session(village);
    CHECK(to_string(session.start()) == "10,5,5,5,5,5,10,5,5,5,5,5 S 0+0 0+0 0 0");
    // South captured QW's 10 and ended the game; QE still holds 10 pebbles: U = 10.
    Position p = position_of("0,0,0,0,0,0,10,0,0,0,0,0 N 42+0 18+0 0 0", village);
    end_game(p, EndReason::MandarinCaptured);
    const SessionGame g = record(session, p);
    CHECK(g.unscored == 10);
    CHECK(g.wealth_after == std::array<int, 2>{47, 23});
    // Game 2: the second player is South with 23: his mandarin, S1, S2 and 3 fifths of S3.
    CHECK(to_string(session.start()) ==
          "10,5,5,5,5,5,10,5,5,5,5,5 S 0+0 0+0 0 0 0,0,2,5,5,0,0,0,0,0");
}

TEST_CASE("a session refuses a game it cannot record and says why", "[rules][session][errors]") {
    const Rules rules;
    Session session(rules);
    SECTION("a game that is not over") {
        auto r = session.record(start_position(rules));
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message == "game 1: the game is not over");
    }
    SECTION("shares that are not the game's") {
        auto r = session.record(finished(rules, "25+1 25+1 0 0", "0,0,0,0,0,0,0,0,2,5"));
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message ==
              "game 1: the final position has the shares 0,0,0,0,0,0,0,0,2,5, the game's are "
              "0,0,0,0,0,0,0,0,0,0");
    }
    SECTION("a position that does not hold T") {
        auto r = session.record(finished(rules, "25+1 20+1 0 0"));
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message ==
              "game 1: the final position holds 65 in scores and on the board, not the "
              "session's T = 70");
    }
    SECTION("a game after the session ended") {
        record(session, finished(rules, "0+0 50+2 0 0"));
        auto r = session.record(finished(rules, "25+1 25+1 0 0"));
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message == "game 2: the session is over (sold_out after game 1)");
    }
    CHECK(session.games_played() <= 1);
}

TEST_CASE("a session game is replayed from its moves, errors naming the game and the move",
          "[rules][session][errors]") {
    const Rules rules;
    Session session(rules);
    SECTION("an illegal move") {
        auto r = play_session_game(session, {"2L", "2L"});
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message ==
              "game 1, move 2 (\"2L\"): illegal move 2L: square 2 (N2) is empty");
        CHECK(session.games_played() == 0);
    }
    SECTION("a malformed move") {
        auto r = play_session_game(session, {"1L", "6L"});
        REQUIRE_FALSE(r.has_value());
        CHECK(r.error().message ==
              "game 1, move 2 (\"6L\"): \"6L\" is not a move: square must be 1..5");
    }
    SECTION("moves that do not finish the game") {
        auto one = play_session_game(session, {"1L"});
        REQUIRE_FALSE(one.has_value());
        CHECK(one.error().message ==
              "game 1: not over after its 1 move (a session game is "
              "played to its end)");
        auto none = play_session_game(session, {});
        REQUIRE_FALSE(none.has_value());
        CHECK(none.error().message ==
              "game 1: not over after its 0 moves (a session game is "
              "played to its end)");
    }
    SECTION("a game given after the session ended, and a move after a game ended") {
        // A seeded random game to its end, replayed as game 1; then one more move is refused.
        std::mt19937 rng(5);
        Session limited(rules, 1);
        Game game(rules, limited.start());
        std::vector<std::string> moves;
        while (!game.is_over()) {
            const auto legal = legal_moves(game.position(), rules);
            const Move m = legal[rng() % legal.size()];
            moves.push_back(to_string(m));
            REQUIRE(game.play(m).has_value());
        }
        auto extra = moves;
        extra.push_back("1L");
        auto refused = play_session_game(limited, extra);
        REQUIRE_FALSE(refused.has_value());
        CHECK(refused.error().message == "game 1, move " + std::to_string(extra.size()) +
                                             " (\"1L\"): illegal move 1L: the game is over");
        auto played = play_session_game(limited, moves);
        REQUIRE(played.has_value());
        CHECK(played->final_position == game.position());
        REQUIRE(limited.is_over());
        auto late = play_session_game(limited, {"3R", "1L"});
        REQUIRE_FALSE(late.has_value());
        CHECK(late.error().message == "game 2, move 1 (\"3R\"): the session is over (" +
                                          std::string(to_string(limited.end())) + " after game 1)");
        auto late_empty = play_session_game(limited, {});
        REQUIRE_FALSE(late_empty.has_value());
        CHECK(late_empty.error().message.rfind("game 2: the session is over", 0) == 0);
    }
}

TEST_CASE("random sessions keep the wealth at T and follow every clause", "[rules][session]") {
    const std::string rules_text = GENERATE(as<std::string>{}, "standard", "tg-standard", "quan5",
                                            "village", "quan-non", "quan_setup=stones10");
    const Rules rules = rules_of(rules_text);
    INFO(rules_text);
    std::mt19937 rng(2024);
    std::map<SessionEnd, int> ends;
    for (int s = 0; s < 40; ++s) {
        Session session(rules);
        const int t = session.total();
        const int least = session.mandarin() + 5;
        while (!session.is_over()) {
            const auto before = session.wealth();
            const Player south = session.south();
            REQUIRE(before[0] >= least);
            REQUIRE(before[1] >= least);
            Game game(rules, session.start());
            std::vector<std::string> moves;
            while (!game.is_over()) {
                const auto legal = legal_moves(game.position(), rules);
                const Move m = legal[rng() % legal.size()];
                moves.push_back(to_string(m));
                REQUIRE(game.play(m).has_value());
            }
            auto played = play_session_game(session, moves);
            INFO("session " << s << " game " << session.next_game());
            REQUIRE(played.has_value());
            const SessionGame& g = *played;
            REQUIRE(g.final_position == game.position());
            REQUIRE(g.south == south);
            REQUIRE(g.wealth_before == before);
            REQUIRE(g.start.shares ==
                    stake_shares(rules, {before[at(south)], before[at(other(south))]}));
            REQUIRE(g.unscored >= 0);
            REQUIRE(g.score[0] + g.score[1] + g.unscored == t);
            REQUIRE(g.wealth_after[at(south)] == g.score[0] + g.unscored / 2);
            REQUIRE(g.wealth_after[at(other(south))] == g.score[1] + (g.unscored + 1) / 2);
            REQUIRE(session.wealth(Player::First) + session.wealth(Player::Second) == t);
            REQUIRE(session.games_played() <= session.game_limit());
        }
        ++ends[session.end()];
        const auto w = session.wealth();
        if (session.end() == SessionEnd::SoldOut) {
            REQUIRE((w[0] < least || w[1] < least));
            REQUIRE(session.result() ==
                    (w[0] < least ? SessionResult::SecondWins : SessionResult::FirstWins));
        } else {
            REQUIRE(session.end() == SessionEnd::GameLimit);
            REQUIRE(session.games_played() == session.game_limit());
            REQUIRE(session.result() == (w[0] > w[1]   ? SessionResult::FirstWins
                                         : w[1] > w[0] ? SessionResult::SecondWins
                                                       : SessionResult::Draw));
        }
    }
    // Random play swings the wealth: sessions end both ways.
    CHECK(ends[SessionEnd::SoldOut] > 0);
    CHECK(ends[SessionEnd::GameLimit] + ends[SessionEnd::SoldOut] == 40);
}

}  // namespace
}  // namespace oaq::rules
