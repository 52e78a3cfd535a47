// RandomEngine (oaq-random): plays a uniformly random legal move. The generator is seeded from the
// `Seed` option (or --seed), and reseeded at every `uginewgame` and every change of Seed, so a game
// replays exactly for a given seed. The baseline every other engine must beat.
#pragma once

#include <cstdint>
#include <random>

#include "kit/engine.hpp"

namespace oaq::engines {

class RandomEngine : public kit::Engine {
public:
    explicit RandomEngine(std::uint64_t seed = 1) : seed_(seed), rng_(seed) {}

    std::string name() const override { return "oaq-random"; }
    void declare_options(kit::Options& options) override;
    void new_game() override { rng_.seed(seed_); }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;

private:
    std::uint64_t seed_;
    std::mt19937_64 rng_;
};

}  // namespace oaq::engines
