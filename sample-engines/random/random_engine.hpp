// RandomEngine (oaq-random): plays a uniformly random legal move from a generator seeded by the
// `Seed` option (or --seed), reseeded at every `uginewgame`, so a game replays exactly for a given
// seed. The baseline every other engine must beat. Plays tables of 2 to 4 seats alike.
#pragma once

#include "kit/seeded_engine.hpp"

namespace oaq::engines {

class RandomEngine : public kit::SeededEngine {
  public:
    using SeededEngine::SeededEngine;

    std::string name() const override { return "oaq-random"; }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;
    int max_players() const override { return rules::kMaxPlayers; }
    rules::Move search_ring(const kit::RingSearchRequest& request,
                            kit::SearchControl& control) override;
};

}  // namespace oaq::engines
