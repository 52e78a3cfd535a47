// The MCTS of oaq-mcts at a table of 3 or 4 seats (max^n by sampling): UCT where each node keeps
// the points (rules.md 10.5: 1 for first alone .. 0 for last, ties shared) won by the seat that
// moved into it, so at every level of the tree the seat to move picks the child that is best for
// itself; a playout's points come from the standings of the position it ends in (a playout cut at
// its ply cap from the standings of the scores so far). Expansion, playouts (greedy or random) and
// the limits are those of the 2-seat search; no tree is kept between searches.
#pragma once

#include <cstdint>
#include <random>

#include "kit/engine.hpp"

namespace oaq::engines::mcts {

struct RingSettings {
    double exploration = 1.0;
    bool greedy_playouts = true;
    std::size_t max_nodes = 1'000'000;
};

struct RingResult {
    rules::Move move;
    std::uint64_t playouts = 0;
};

RingResult search_ring(const kit::RingSearchRequest& request, kit::SearchControl& control,
                       const RingSettings& settings, std::mt19937_64& rng);

}  // namespace oaq::engines::mcts
