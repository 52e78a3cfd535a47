// MctsEngine (oaq-mcts): Monte Carlo tree search with UCT selection. Each iteration walks the tree
// by UCB1 (option Exploration, in hundredths), expands a leaf's children all at once, plays the
// game out to its end (uniformly random moves, or with option Playout=greedy a move with the best
// immediate gain most of the time), and backs up win/draw/loss (1, 1/2, 0) for the side that moved
// into each node, plus the final score difference for `info score cp`. The move played is the most
// visited root child. Respects `go nodes` (playouts), time limits and `stop`; `go depth n` means
// n x 1000 playouts (a tree search has no fixed depth); a fixed Seed makes a
// nodes-limited search reproducible. The tree is rebuilt for every search (no reuse).
#pragma once

#include <cstdint>
#include <string>

#include "kit/seeded_engine.hpp"

namespace oaq::engines {

class MctsEngine : public kit::SeededEngine {
public:
    std::string name() const override { return "oaq-mcts"; }
    void declare_options(kit::Options& options) override;
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;

    std::uint64_t last_playouts() const { return last_playouts_; }

private:
    double exploration_ = 1.0;
    bool greedy_playouts_ = true;
    std::size_t max_tree_nodes_ = 4'000'000;
    std::uint64_t last_playouts_ = 0;
};

}  // namespace oaq::engines
