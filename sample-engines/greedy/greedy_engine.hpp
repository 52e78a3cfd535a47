// GreedyEngine (oaq-greedy): plays the move with the best immediate score difference,
// score(me) - score(opponent) right after the move (rules.md section 4, settlement included when
// the move ends the game). Equal moves are broken by the seeded generator (option Seed), so games
// vary between seeds but replay exactly for one seed. One ply of lookahead, no search.
// At a table of 3 or 4 seats it plays the move that maximises its own score right after the move
// (rules.md 10.5: captures plus balance); a move that ends the game is judged by the points it
// gives the mover first (rank among the seats), then by the score.
#pragma once

#include "kit/seeded_engine.hpp"

namespace oaq::engines {

class GreedyEngine : public kit::SeededEngine {
  public:
    using SeededEngine::SeededEngine;

    std::string name() const override { return "oaq-greedy"; }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;
    int max_players() const override { return rules::kMaxPlayers; }
    rules::Move search_ring(const kit::RingSearchRequest& request,
                            kit::SearchControl& control) override;
};

}  // namespace oaq::engines
