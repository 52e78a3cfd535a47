#include "views/play_ends.hpp"
#include <catch2/catch.hpp>
#include <csignal>
#include "rules/move.hpp"
#include "rules/ring_game.hpp"
#include "rules/rules.hpp"
#include "views/run_lines.hpp"
#include "views/table_lines.hpp"

using namespace oaq;

TEST_CASE("the end of a game of oaq play is said in words for the person", "[views][play]") {
    game::GameRecord r;
    r.result = rules::Result::NorthWin;
    r.termination = game::Termination::Resignation;
    r.seats[0].score = 12;
    r.seats[1].score = 30;
    CHECK(views::game_over(r, rules::Side::South) ==
          "\nGame over: the engine wins (you resigned), score South 12 - North 30\n");
    CHECK(views::game_over(r, rules::Side::North) ==
          "\nGame over: you win (you resigned), score South 12 - North 30\n");
    r.result = rules::Result::Draw;
    r.termination = game::Termination::PlyLimit;
    CHECK(views::game_over(r, rules::Side::South) ==
          "\nGame over: a draw (ply_limit), score South 12 - North 30\n");
}

TEST_CASE("a table's end gives the person's rank then every seat", "[views][play]") {
    game::GameRecord r;
    r.seats.resize(3);
    for (int s = 0; s < 3; ++s) {
        auto& seat = r.seats[static_cast<std::size_t>(s)];
        seat.name = "e" + std::to_string(s);
        seat.rank = 3 - s;
        seat.score = 10 * s;
        seat.points = s;
    }
    const auto text = views::table_game_over(r, 1);
    CHECK(text.rfind("\nGame over (" + std::string(game::to_string(r.termination)) +
                         "): you rank 2 of 3\n  rank 3  seat 1  e0 ",
                     0) == 0);
    CHECK(text.find("seat 2  you ") != std::string::npos);
    CHECK(text.find("seat 3  e2 ") != std::string::npos);
}

TEST_CASE("an unstored game's moves come back as the command that replays them", "[views][play]") {
    const auto rules = rules::parse_rules("standard").value();
    game::GameRecord r;
    CHECK(views::replay_command(r, rules, rules::default_ply_limit(rules)).empty());
    for (const char* move : {"3L", "2R"}) {
        game::MoveRecord m;
        m.move = rules::parse_move(move).value();
        r.moves.push_back(m);
    }
    CHECK(views::replay_command(r, rules, rules::default_ply_limit(rules)) ==
          "the moves played: oaq rules play --rules " + rules::short_name(rules) + " 3L 2R\n");
    CHECK(views::replay_command(r, rules, 40) == "the moves played: oaq rules play --rules " +
                                                     rules::short_name(rules) +
                                                     " --max-plies 40 3L 2R\n");
}

TEST_CASE("an aborted game says why and that it has no result", "[views][play]") {
    CHECK(views::signal_words(SIGINT) == "Ctrl-C (SIGINT)");
    CHECK(views::signal_words(SIGHUP) == "SIGHUP (the terminal closed)");
    CHECK(views::play_aborted(4, SIGTERM).find("interrupted by SIGTERM after 4 plies") !=
          std::string::npos);
    CHECK(views::play_aborted(0, 0) ==
          "\nGame not finished: the input ended after 0 plies (aborted, no result; quit "
          "resigns)\n");
}

TEST_CASE("a run of tables says what it is on its first line, a match nothing", "[views][table]") {
    tournament::RunDefinition d;
    d.rules = rules::parse_rules("standard,players=3").value();
    d.engines.resize(4);
    d.format = tournament::Format::Match;
    CHECK(views::table_run_kind(d, std::nullopt).empty());
    d.format = tournament::Format::RoundRobin;
    CHECK(views::table_run_kind(d, std::nullopt) == "3-seat round robin of 4 engines");
    d.format = tournament::Format::Gauntlet;
    CHECK(views::table_run_kind(d, tournament::Shard{0, 3}) ==
          "shard " + views::shard_text(tournament::Shard{0, 3}) +
              " of a 3-seat gauntlet of 4 engines");
}

TEST_CASE("a move and an engine's thinking are said for the person", "[views][play]") {
    game::MoveRecord m;
    m.move = rules::parse_move("3L").value();
    m.time_used = game::Microseconds(1250000);
    CHECK(views::move_played("You", m) == "\nYou played 3L (1.25 s)\n");
    const auto rules = rules::parse_rules("standard").value();
    protocol::Info info;
    CHECK(views::engine_thinking(info, rules).empty());
    info.depth = 9;
    info.nodes = 100;
    info.pv = {"3L", "2R"};
    CHECK(views::engine_thinking(info, rules) ==
          "  engine: depth 9 no score (nodes 100, line 3L 2R)\n");
}
