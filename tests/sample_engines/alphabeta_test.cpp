#include <catch2/catch.hpp>

#include <variant>

#include "alphabeta/alphabeta_engine.hpp"
#include "alphabeta/transposition_table.hpp"
#include "mcts/mcts_engine.hpp"
#include "protocol/codec.hpp"
#include "session.hpp"

namespace ab = oaq::engines::alphabeta;

namespace {

std::vector<oaq::protocol::Info> infos(const std::vector<std::string>& lines) {
    std::vector<oaq::protocol::Info> out;
    for (const auto& line : lines) {
        auto reply = oaq::protocol::decode_reply(line);
        REQUIRE(reply);
        if (const auto* info = std::get_if<oaq::protocol::Info>(&*reply)) out.push_back(*info);
    }
    return out;
}

}  // namespace

TEST_CASE("the transposition table keeps mate distances relative to the node", "[alphabeta][tt]") {
    ab::TranspositionTable table(1);
    const std::uint64_t key = 0x123456789abcdefull;
    CHECK(table.probe(key) == nullptr);
    // A win 3 plies below a node at ply 5 is a win in 8 from the root; read back at ply 2 it is a
    // win in 5.
    table.store(key, ab::kMate - 8, 6, ab::Bound::Exact,
                ab::encode_move({3, oaq::rules::Direction::R}), 5);
    const ab::TtEntry* e = table.probe(key);
    REQUIRE(e != nullptr);
    CHECK(ab::score_from_tt(e->score, 2) == ab::kMate - 5);
    CHECK(e->depth == 6);
    CHECK(ab::decode_move(e->move) == oaq::rules::Move{3, oaq::rules::Direction::R});
    CHECK(table.probe(key ^ 1) == nullptr);

    // An ordinary score is stored as it is; a store without a move keeps the old move.
    table.store(key, -250, 7, ab::Bound::Upper, 0, 3);
    CHECK(table.probe(key)->score == -250);
    CHECK(ab::decode_move(table.probe(key)->move) == oaq::rules::Move{3, oaq::rules::Direction::R});
    table.clear();
    CHECK(table.probe(key) == nullptr);
}

TEST_CASE("every move code decodes back to its move", "[alphabeta][tt]") {
    for (std::uint8_t k = 1; k <= 5; ++k)
        for (auto d : {oaq::rules::Direction::L, oaq::rules::Direction::R}) {
            const oaq::rules::Move m{k, d};
            CHECK(ab::encode_move(m) != 0);
            CHECK(ab::decode_move(ab::encode_move(m)) == m);
        }
}

TEST_CASE("alphabeta reports depth, score, nodes, nps, time and pv for each iteration",
          "[alphabeta][loop]") {
    oaq::engines::AlphaBetaEngine engine;
    const auto lines = oaq::test::run_script(engine, "position startpos\ngo depth 5\n");
    const auto reports = infos(lines);
    REQUIRE(reports.size() == 5);
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const auto& info = reports[i];
        CHECK(info.depth == static_cast<int>(i + 1));
        CHECK(info.seldepth >= info.depth);
        CHECK(info.score);
        CHECK(info.nodes);
        CHECK(info.nps);
        CHECK(info.time);
        REQUIRE_FALSE(info.pv.empty());
        CHECK(info.pv.size() <= i + 1);
    }
    CHECK(oaq::test::last_bestmove(lines) == reports.back().pv.front());
}

TEST_CASE("a forced win is reported as mate in plies", "[alphabeta][loop]") {
    oaq::engines::AlphaBetaEngine engine;
    const auto lines = oaq::test::run_script(
        engine, "position fen 0,0,0,1,0,0,Q0,0,0,3,0,0 S 25+0 20+1 0 0\ngo depth 3\n");
    const auto reports = infos(lines);
    REQUIRE_FALSE(reports.empty());
    REQUIRE(reports.back().score);
    CHECK(reports.back().score->kind == oaq::protocol::Score::Kind::Mate);
    CHECK(reports.back().score->value == 1);
    CHECK(oaq::test::last_bestmove(lines) == "3R");
}

TEST_CASE("the Hash option resizes the table and a node limit bounds the search", "[alphabeta]") {
    oaq::engines::AlphaBetaEngine engine;
    const auto lines = oaq::test::run_script(engine,
                                             "setoption name Hash value 1\nsetoption name Clear "
                                             "Hash\nposition startpos\ngo nodes 5000\n");
    CHECK_FALSE(oaq::test::last_bestmove(lines).empty());
    // The node count is checked at every interior node, so the overshoot is one quiescence search.
    CHECK(engine.last_nodes() < 5000 + 2000);
}

TEST_CASE("mcts reports playouts as nodes", "[mcts][loop]") {
    oaq::engines::MctsEngine engine;
    const auto lines = oaq::test::run_script(engine, "position startpos\ngo nodes 3000\n");
    const auto reports = infos(lines);
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().nodes == 3000u);
    CHECK_FALSE(reports.back().pv.empty());
    CHECK(engine.last_playouts() == 3000);
}
