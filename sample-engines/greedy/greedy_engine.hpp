// GreedyEngine (oaq-greedy): plays the move with the best immediate score difference,
// score(me) - score(opponent) right after the move (RULES.md section 4, settlement included when
// the move ends the game). Equal moves are broken by a seeded generator (option Seed), so games
// vary between seeds but replay exactly for one seed. One ply of lookahead, no search.
#pragma once

#include <cstdint>
#include <random>

#include "kit/engine.hpp"

namespace oaq::engines {

class GreedyEngine : public kit::Engine {
public:
    explicit GreedyEngine(std::uint64_t seed = 1) : seed_(seed), rng_(seed) {}

    std::string name() const override { return "oaq-greedy"; }
    void declare_options(kit::Options& options) override;
    void new_game() override { rng_.seed(seed_); }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;

private:
    std::uint64_t seed_;
    std::mt19937_64 rng_;
};

}  // namespace oaq::engines
