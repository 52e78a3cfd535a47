// `oaq results game --replay` (views/replay_view.hpp): a frame for the start and one per ply, the
// closing line, and a replay that stops at the ply that does not play, naming it.
#include <catch2/catch.hpp>

#include "rules/rules.hpp"
#include "views/board_view.hpp"
#include "views/replay_view.hpp"

using namespace oaq;

namespace {

store::StoredGame stored(std::vector<std::string> moves, std::string start = "") {
    store::StoredGame game;
    game.record.rules = rules::expanded(rules::parse_rules("standard").value());
    game.record.start_position = std::move(start);
    for (auto& m : moves) {
        store::StoredMove move;
        move.move = m;
        game.record.moves.push_back(store::read_move(std::move(move)).value());
    }
    game.row.result = rules::Result::NorthWin;
    game.row.termination = game::Termination::IllegalMove;
    game.row.detail = "south: 9L";
    return game;
}

}  // namespace

TEST_CASE("a replay draws the start and the board after each ply, then the result",
          "[views][replay]") {
    const auto replay = views::replay_frames(stored({"2R", "2L"}));
    REQUIRE(replay.frames.size() == 3);
    CHECK(replay.error.empty());
    const auto rules = rules::parse_rules("standard").value();
    CHECK(replay.frames[0] == "start\n" + views::draw_board(rules::start_position(rules), rules));
    CHECK(replay.frames[1].rfind("\n1. South 2R\n", 0) == 0);
    CHECK(replay.frames[2].rfind("\n2. North 2L\n", 0) == 0);
    CHECK(replay.end == "\n0-1 (illegal_move: south: 9L)\n");
}

TEST_CASE("a replay stops at a ply that does not play and names it", "[views][replay]") {
    const auto replay = views::replay_frames(stored({"2R", "2R", "9L"}));
    CHECK(replay.frames.size() == 3);  // the start and the two plies that played
    CHECK(replay.error.rfind("ply 3 (\"9L\"): ", 0) == 0);
    const auto bad_start = views::replay_frames(stored({"2R"}, "garbage"));
    CHECK(bad_start.frames.empty());
    CHECK(bad_start.error.rfind("start position: ", 0) == 0);
}
