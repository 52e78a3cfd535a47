#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <random>
#include <vector>

#include "alphabeta/alphabeta_engine.hpp"
#include "greedy/greedy_engine.hpp"
#include "mcts/mcts_engine.hpp"
#include "random/random_engine.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"
#include "test_positions.hpp"

using oaq::kit::SearchControl;
using oaq::kit::SearchLimits;
using oaq::kit::SearchRequest;
using oaq::rules::Move;
using oaq::rules::Position;
using oaq::rules::Rules;

namespace {

using oaq::test::depth_limit;
using oaq::test::position_of;
using oaq::test::rules_of;

// Runs one search in-process with no output.
Move think(oaq::kit::Engine& engine, const Rules& rules, const Position& pos,
           const SearchLimits& limits) {
    std::atomic<bool> stop{false};
    SearchRequest request{rules, pos, {}, limits};
    SearchControl control(limits, stop, {});
    return engine.search(request, control);
}

// The moves an engine plays against itself for a whole game from the start.
std::vector<Move> self_play(oaq::kit::Engine& engine, const Rules& rules,
                            const SearchLimits& limits) {
    std::vector<Move> moves;
    Position pos = oaq::rules::start_position(rules);
    engine.new_game();
    while (!pos.is_over() && moves.size() < 300) {
        const Move m = think(engine, rules, pos, limits);
        REQUIRE(oaq::rules::is_legal(pos, m, rules));
        moves.push_back(m);
        pos = oaq::rules::play(pos, m, rules);
    }
    return moves;
}

// Exhaustive: can the side to move force a win within `plies` plies (its own moves included)?
bool can_force_win(const Position& pos, const Rules& rules, int plies) {
    if (plies <= 0 || pos.is_over()) return false;
    for (const Move m : oaq::rules::legal_moves(pos, rules)) {
        const Position after = oaq::rules::play(pos, m, rules);
        if (after.is_over()) {
            if (oaq::rules::score(after, pos.side, rules) >
                oaq::rules::score(after, after.side, rules))
                return true;
            continue;
        }
        bool all_replies_lose = true;
        for (const Move r : oaq::rules::legal_moves(after, rules)) {
            const Position reply = oaq::rules::play(after, r, rules);
            const bool reply_wins = reply.is_over() ? oaq::rules::score(reply, after.side, rules) >=
                                                          oaq::rules::score(reply, pos.side, rules)
                                                    : !can_force_win(reply, rules, plies - 2);
            if (reply_wins) {
                all_replies_lose = false;
                break;
            }
        }
        if (all_replies_lose) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("random is reproducible for a seed and varies between seeds", "[engines][random]") {
    const Rules rules = rules_of("standard");
    oaq::engines::RandomEngine a(42), b(42), c(43);
    const auto game_a = self_play(a, rules, depth_limit(1));
    CHECK(game_a == self_play(b, rules, depth_limit(1)));
    CHECK(game_a == self_play(a, rules, depth_limit(1)));  // uginewgame reseeds
    CHECK(game_a != self_play(c, rules, depth_limit(1)));

    oaq::kit::Options options;
    c.declare_options(options);
    REQUIRE(options.set("Seed", "42"));
    CHECK(game_a == self_play(c, rules, depth_limit(1)));
}

TEST_CASE("greedy takes the biggest immediate gain", "[engines][greedy]") {
    // South's 4R sows into S5, QE is an empty gap, N1's 9 citizens are captured; 4L captures
    // nothing.
    const Rules rules = rules_of("standard");
    const Position pos = position_of("Q0,0,0,0,1,0,0,9,0,0,0,0 S 20+0 20+1 0 0", rules);
    oaq::engines::GreedyEngine greedy;
    CHECK(think(greedy, rules, pos, depth_limit(1)) == Move{4, oaq::rules::Direction::R});
}

// From a seeded random playout: 5R captures QE with its piece and more (+28); nothing else gains.
constexpr const char* kBigCapture = "Q10,0,0,6,0,1,Q9,0,3,0,5,5 S 6+0 5+0 0 0";

TEST_CASE("alphabeta finds an obvious capture at every depth", "[engines][alphabeta]") {
    const Rules rules = rules_of("standard");
    const Position pos = position_of(kBigCapture, rules);
    const int depth = GENERATE(1, 2, 4, 8, 12);
    oaq::engines::AlphaBetaEngine engine;
    CHECK(think(engine, rules, pos, depth_limit(depth)) == Move{5, oaq::rules::Direction::R});
}

TEST_CASE("alphabeta refuses a capture that loses the game", "[engines][alphabeta]") {
    // The position where greedy grabs 9 citizens with 4R: North then refills and wins by force.
    const Rules rules = rules_of("standard");
    const Position pos = position_of("Q0,0,0,0,1,0,0,9,0,0,0,0 S 20+0 20+1 0 0", rules);
    oaq::engines::AlphaBetaEngine engine;
    CHECK(think(engine, rules, pos, depth_limit(9)) == Move{4, oaq::rules::Direction::L});
}

TEST_CASE("alphabeta ends the game when capturing the last mandarin wins it",
          "[engines][alphabeta]") {
    // 3R: S4 gets the citizen, S5 is a gap, QE with its piece is captured: both mandarin pits are
    // empty, South wins 25+10+1 to 30+3.
    const Rules rules = rules_of("standard");
    const Position pos = position_of("0,0,0,1,0,0,Q0,0,0,3,0,0 S 25+0 20+1 0 0", rules);
    oaq::engines::AlphaBetaEngine engine;
    CHECK(think(engine, rules, pos, depth_limit(6)) == Move{3, oaq::rules::Direction::R});
    CHECK(engine.last_score() == oaq::engines::alphabeta::kMate - 1);
}

TEST_CASE("alphabeta finds forced wins that need several plies", "[engines][alphabeta]") {
    // Positions from seeded random playouts where the side to move can force a win in 3 or 5
    // plies but not in 1, checked against an exhaustive search.
    const Rules rules = rules_of(GENERATE("standard", "village", "stop-after-capture"));
    std::mt19937_64 rng(2024);
    int found = 0;
    for (int game = 0; game < 400 && found < 6; ++game) {
        Position pos = oaq::rules::start_position(rules);
        while (!pos.is_over()) {
            if (!can_force_win(pos, rules, 1) && can_force_win(pos, rules, 5)) {
                ++found;
                INFO(oaq::rules::to_string(pos));
                oaq::engines::AlphaBetaEngine engine;
                const Move m = think(engine, rules, pos, depth_limit(7));
                CHECK(engine.last_score() >= oaq::engines::alphabeta::kMate - 5);
                const Position after = oaq::rules::play(pos, m, rules);
                // The move keeps the win: no reply of the opponent escapes it.
                bool escapes = false;
                for (const Move r : oaq::rules::legal_moves(after, rules)) {
                    const Position reply = oaq::rules::play(after, r, rules);
                    if (reply.is_over() ? oaq::rules::score(reply, pos.side, rules) <=
                                              oaq::rules::score(reply, after.side, rules)
                                        : !can_force_win(reply, rules, 3))
                        escapes = true;
                }
                CHECK_FALSE(escapes);
                break;
            }
            const auto moves = oaq::rules::legal_moves(pos, rules);
            pos =
                oaq::rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
    }
    CHECK(found >= 3);
}

TEST_CASE("mcts plays legal moves and is reproducible with a node limit", "[engines][mcts]") {
    const Rules rules = rules_of(GENERATE("standard", "quan5", "village"));
    SearchLimits limits;
    limits.nodes = 300;
    oaq::engines::MctsEngine a, b;
    oaq::kit::Options oa, ob;
    a.declare_options(oa);
    b.declare_options(ob);
    const auto game = self_play(a, rules, limits);
    CHECK(game == self_play(b, rules, limits));
    CHECK(a.last_playouts() <= 300);
}

TEST_CASE("mcts finds an obvious capture", "[engines][mcts]") {
    const Rules rules = rules_of("standard");
    const Position pos = position_of(kBigCapture, rules);
    oaq::engines::MctsEngine engine;
    SearchLimits limits;
    limits.nodes = 2000;
    CHECK(think(engine, rules, pos, limits) == Move{5, oaq::rules::Direction::R});
}

TEST_CASE("tree reuse keeps the subtree of the new position with its statistics",
          "[engines][mcts]") {
    using oaq::engines::mcts::Node;
    const Rules rules = rules_of("standard");
    // A hand-built tree: the start, its children, and the children of its first child.
    std::vector<Node> tree;
    const auto add_children = [&](std::int32_t parent) {
        const Position pos = tree[static_cast<std::size_t>(parent)].position;
        const auto moves = oaq::rules::legal_moves(pos, rules);
        tree[static_cast<std::size_t>(parent)].first_child = static_cast<std::int32_t>(tree.size());
        tree[static_cast<std::size_t>(parent)].child_count =
            static_cast<std::uint8_t>(moves.size());
        tree[static_cast<std::size_t>(parent)].expanded = true;
        for (const Move m : moves) {
            Node n;
            n.position = oaq::rules::play(pos, m, rules);
            n.move = m;
            n.parent = parent;
            n.visits = static_cast<std::uint32_t>(tree.size());
            tree.push_back(n);
        }
    };
    Node root;
    root.position = oaq::rules::start_position(rules);
    tree.push_back(root);
    add_children(0);
    const std::int32_t child = tree[0].first_child;
    add_children(child);
    const std::int32_t grandchild = tree[static_cast<std::size_t>(child)].first_child + 1;
    add_children(grandchild);

    const auto& target = tree[static_cast<std::size_t>(grandchild)];
    const auto kept = oaq::engines::mcts::subtree_for(tree, target.position);
    REQUIRE(kept.size() == 1u + target.child_count);
    CHECK(kept[0].position == target.position);
    CHECK(kept[0].parent == -1);
    CHECK(kept[0].visits == target.visits);
    CHECK(kept[0].first_child == 1);
    for (std::size_t i = 1; i < kept.size(); ++i) {
        CHECK(kept[i].parent == 0);
        CHECK(kept[i].position ==
              tree[static_cast<std::size_t>(target.first_child) + i - 1].position);
    }

    // A position the tree does not hold within two plies gives nothing to reuse.
    const Position other = position_of(kBigCapture, rules);
    CHECK(oaq::engines::mcts::subtree_for(tree, other).empty());
    CHECK(oaq::engines::mcts::subtree_for({}, target.position).empty());
}

TEST_CASE("mcts with tree reuse plays the same game for the same seed", "[engines][mcts]") {
    const Rules rules = rules_of("standard");
    SearchLimits limits;
    limits.nodes = 150;  // enough to grow and reuse a tree; small enough for TSan
    oaq::engines::MctsEngine a, b, fresh;
    oaq::kit::Options oa, ob, of;
    a.declare_options(oa);
    b.declare_options(ob);
    fresh.declare_options(of);
    REQUIRE(of.set("TreeReuse", "false"));
    const auto game = self_play(a, rules, limits);
    CHECK(game == self_play(b, rules, limits));
    CHECK(game == self_play(a, rules, limits));  // uginewgame drops the kept tree
    CHECK_FALSE(self_play(fresh, rules, limits).empty());
}
