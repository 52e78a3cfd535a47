#include "kit/seeded_engine.hpp"

#include <cstdlib>
#include <iostream>

namespace oaq::kit {

void SeededEngine::declare_options(Options& options) {
    const auto initial = static_cast<long long>(seed_ % static_cast<std::uint64_t>(kMaxSeed + 1));
    options.add_spin("Seed", initial, 0, kMaxSeed, [this](long long v) {
        seed_ = static_cast<std::uint64_t>(v);
        rng_.seed(seed_);
    });
}

std::optional<std::uint64_t> parse_seed_flag(int argc, char** argv, std::string_view program) {
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else {
            std::cerr << "usage: " << program << " [--seed N]\n";
            return std::nullopt;
        }
    }
    return seed;
}

}  // namespace oaq::kit
