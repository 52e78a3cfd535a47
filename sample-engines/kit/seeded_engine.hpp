// SeededEngine: the base of engines whose play depends on a random generator (random, greedy's tie
// breaks, MCTS playouts). It declares the `Seed` option and reseeds at every `uginewgame` and every
// change of Seed, so a game replays exactly for a given seed. Moves are drawn as rng() % n, not
// with std::uniform_int_distribution, whose output differs between standard libraries.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string_view>

#include "kit/engine.hpp"

namespace oaq::kit {

class SeededEngine : public Engine {
  public:
    static constexpr long long kMaxSeed = 2'000'000'000;

    explicit SeededEngine(std::uint64_t seed = 1) : seed_(seed), rng_(seed) {}

    // Declares Seed; an engine with more options calls this first from its own override.
    void declare_options(Options& options) override;
    void new_game() override { rng_.seed(seed_); }

  protected:
    std::mt19937_64& rng() { return rng_; }

  private:
    std::uint64_t seed_;
    std::mt19937_64 rng_;
};

// For a main: `[--seed N]`. Returns the seed (default 1), or nullopt after printing a usage line
// naming `program` to stderr.
std::optional<std::uint64_t> parse_seed_flag(int argc, char** argv, std::string_view program);

}  // namespace oaq::kit
