#include "views/human_player.hpp"

#include <catch2/catch.hpp>
#include <sstream>
#include <vector>

#include "rules/game.hpp"
#include "rules/move.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"
#include "views/board_view.hpp"
#include "views/play_ends.hpp"
#include "views/play_observers.hpp"
#include "views/play_view.hpp"
#include "views/table_lines.hpp"

using namespace oaq;

namespace {

// A line source that gives `lines` in turn, then `last`.
views::LineSource scripted(std::vector<std::string> lines, views::Got last = views::Got::End) {
    auto next = std::make_shared<std::size_t>(0);
    return [lines, last, next](std::string& line) {
        if (*next == lines.size()) return last;
        line = lines[(*next)++];
        return views::Got::Line;
    };
}

struct Asked {
    Expected<game::SearchResult, game::PlayerFailure> answer;
    std::string said;
    bool stop_requested = false;
    bool input_ended = false;
};

Asked ask(const std::string& rules_text, const protocol::PositionCommand& cmd,
          views::LineSource lines) {
    std::ostringstream out;
    bool stopped = false;
    views::HumanPlayer person(rules::parse_rules(rules_text).value(), std::move(lines), out,
                              [&stopped] { stopped = true; });
    auto answer = person.search(cmd, {}, std::nullopt, {});
    return {answer, out.str(), stopped, person.input_ended()};
}

}  // namespace

TEST_CASE("the person's bad token, illegal move and help are answered before a legal move",
          "[views][play]") {
    // After 1L 5R some of South's squares are empty.
    const protocol::PositionCommand cmd{std::nullopt, {"1L", "5R"}};
    const auto rules = rules::parse_rules("standard").value();
    auto pos = rules::start_position(rules);
    for (const auto& m : cmd.moves) pos = rules::play(pos, rules::parse_move(m).value(), rules);
    std::string illegal;
    for (const std::string m : {"1L", "2L", "3L", "4L", "5L"})
        if (!rules::why_illegal(pos, rules::parse_move(m).value(), rules).empty()) illegal = m;
    REQUIRE_FALSE(illegal.empty());

    const auto a = ask("standard", cmd, scripted({"xyz", illegal, "help", "1l\r"}));
    REQUIRE(a.answer);
    CHECK(a.answer->move == "1L");
    CHECK(a.said.find("\"XYZ\" is not a move: a move is a square 1-5 and L or R (3L)") !=
          std::string::npos);
    CHECK(a.said.find("illegal: ") != std::string::npos);
    CHECK(a.said.find("your moves: ") != std::string::npos);
    CHECK(a.said.rfind("your move (", 0) == 0);
    CHECK_FALSE(a.stop_requested);
}

TEST_CASE("quit resigns and the end of the input aborts and asks the game to stop",
          "[views][play]") {
    const protocol::PositionCommand start{std::nullopt, {}};
    for (const std::string rules : {"standard", "standard,players=3"}) {
        const auto quit = ask(rules, start, scripted({"quit"}));
        REQUIRE_FALSE(quit.answer);
        CHECK(quit.answer.error().termination == game::Termination::Resignation);
        CHECK_FALSE(quit.stop_requested);

        const auto ended = ask(rules, start, scripted({"Hello"}));
        REQUIRE_FALSE(ended.answer);
        CHECK(ended.answer.error().termination == game::Termination::Aborted);
        CHECK(ended.answer.error().detail == "the input ended");
        CHECK(ended.stop_requested);
        CHECK(ended.input_ended);

        const auto stopped = ask(rules, start, scripted({}, views::Got::Interrupted));
        REQUIRE_FALSE(stopped.answer);
        CHECK(stopped.answer.error().detail == "interrupted");
        CHECK_FALSE(stopped.stop_requested);
        CHECK_FALSE(stopped.input_ended);

        const auto played = ask(rules, start, scripted({"help", "2l"}));
        REQUIRE(played.answer);
        CHECK(played.answer->move == "2L");
    }
}

TEST_CASE("oaq play's observers draw the board after each move with who played it",
          "[views][play]") {
    const auto rules = rules::parse_rules("standard").value();
    std::ostringstream out;
    const auto observer = views::play_observer(rules, rules::Side::North, out);
    auto pos = rules::start_position(rules);
    observer.on_start(pos);
    CHECK(out.str() == views::play_legend(rules::Side::North, rules) + "\n" +
                           views::draw_board(pos, rules, rules::Side::North) + "\n");
    game::MoveRecord m;
    m.move = rules::parse_move("1L").value();
    const auto after = rules::play(pos, m.move, rules);
    out.str("");
    observer.on_move(m, after);
    CHECK(out.str().rfind(views::move_played("The engine", m) + "  ", 0) == 0);

    const auto ring_rules = rules::parse_rules("standard,players=3").value();
    const std::vector<std::string> names{"a", "you", "c"};
    out.str("");
    const auto table = views::table_play_observer(ring_rules, 1, names, out);
    const auto ring = rules::ring_start_position(ring_rules);
    table.on_start(ring);
    CHECK(out.str().rfind(views::table_legend(1, ring_rules) + "\n", 0) == 0);
    out.str("");
    table.on_move(m, rules::play(ring, m.move, ring_rules));
    CHECK(out.str().rfind(views::move_played("Seat 1 (a)", m), 0) == 0);
}
