#include "random/random_engine.hpp"

#include "rules/turn.hpp"

namespace oaq::engines {

void RandomEngine::declare_options(kit::Options& options) {
    options.add_spin("Seed", static_cast<long long>(seed_), 0, 2'000'000'000, [this](long long v) {
        seed_ = static_cast<std::uint64_t>(v);
        rng_.seed(seed_);
    });
}

rules::Move RandomEngine::search(const kit::SearchRequest& request, kit::SearchControl& control) {
    const auto moves = rules::legal_moves(request.position, request.rules);
    // Draw the index by hand: std::uniform_int_distribution differs between standard libraries,
    // and a seed must give the same game everywhere.
    const auto pick = static_cast<std::size_t>(rng_() % moves.size());
    protocol::Info info;
    info.depth = 1;
    info.nodes = 1;
    info.pv = {rules::to_string(moves[pick])};
    control.info(info);
    return moves[pick];
}

}  // namespace oaq::engines
