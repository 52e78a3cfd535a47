#include "random/random_engine.hpp"

#include "rules/turn.hpp"

namespace oaq::engines {

rules::Move RandomEngine::search(const kit::SearchRequest& request, kit::SearchControl& control) {
    const auto moves = rules::legal_moves(request.position, request.rules);
    const auto pick = static_cast<std::size_t>(rng()() % moves.size());
    protocol::Info info;
    info.depth = 1;
    info.nodes = 1;
    info.pv = {rules::to_string(moves[pick])};
    control.info(info);
    return moves[pick];
}

}  // namespace oaq::engines
