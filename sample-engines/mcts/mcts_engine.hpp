// MctsEngine (oaq-mcts): Monte Carlo tree search with UCT selection. Each iteration walks the tree
// by UCB1 (option Exploration, in hundredths), expands a leaf's children all at once, plays the
// game out to its end (uniformly random moves, or with option Playout=greedy a move with the best
// immediate gain most of the time), and backs up win/draw/loss (1, 1/2, 0) for the side that moved
// into each node, plus the final score difference for `info score cp`. The move played is the most
// visited root child. Respects `go nodes` (playouts), time limits and `stop`; `go depth n` means
// n x 1000 playouts (a tree search has no fixed depth); a fixed Seed makes a
// nodes-limited search reproducible. With TreeReuse (default on) the subtree of the new position,
// found within two plies of the last search's root under the same rules, is kept with its
// statistics; `uginewgame` drops it. At a table of 3 or 4 seats it searches with mcts/ring_mcts.hpp
// (each seat maximises its own points), with the same options.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kit/seeded_engine.hpp"

namespace oaq::engines {

namespace mcts {

struct Node {
    rules::Position position;
    rules::Move move;  // the move that led here
    std::int32_t parent = -1;
    std::int32_t first_child = -1;  // children are contiguous: first_child .. + child_count
    std::uint8_t child_count = 0;
    bool expanded = false;
    std::uint32_t visits = 0;
    double reward = 0;  // sum of results for the side that played `move`
    double diff = 0;    // sum of final score differences, same side
};

// The subtree of `tree` whose root holds `position`, searched within two plies of tree[0]; its
// nodes renumbered from 0 (root) with parent -1. Empty when no such node exists.
std::vector<Node> subtree_for(const std::vector<Node>& tree, const rules::Position& position);

}  // namespace mcts

class MctsEngine : public kit::SeededEngine {
  public:
    std::string name() const override { return "oaq-mcts"; }
    void declare_options(kit::Options& options) override;
    void new_game() override {
        SeededEngine::new_game();
        kept_.clear();
    }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;
    int max_players() const override { return rules::kMaxPlayers; }
    rules::Move search_ring(const kit::RingSearchRequest& request,
                            kit::SearchControl& control) override;

    std::uint64_t last_playouts() const { return last_playouts_; }

  private:
    double exploration_ = 1.0;
    bool greedy_playouts_ = true;
    std::size_t max_tree_nodes_ = 4'000'000;
    bool reuse_ = true;
    std::uint64_t last_playouts_ = 0;
    std::vector<mcts::Node> kept_;  // the last search's tree, for TreeReuse
    rules::Rules kept_rules_;
};

}  // namespace oaq::engines
