// GreedyEngine (oaq-greedy): plays the move with the best immediate score difference,
// score(me) - score(opponent) right after the move (rules.md section 4, settlement included when
// the move ends the game). Equal moves are broken by the seeded generator (option Seed), so games
// vary between seeds but replay exactly for one seed. One ply of lookahead, no search.
#pragma once

#include "kit/seeded_engine.hpp"

namespace oaq::engines {

class GreedyEngine : public kit::SeededEngine {
  public:
    using SeededEngine::SeededEngine;

    std::string name() const override { return "oaq-greedy"; }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;
};

}  // namespace oaq::engines
