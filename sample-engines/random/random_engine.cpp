#include "random/random_engine.hpp"

#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"

namespace oaq::engines {

namespace {

rules::Move pick_one(const rules::MoveList& moves, std::mt19937_64& rng,
                     kit::SearchControl& control) {
    const auto pick = static_cast<std::size_t>(rng() % moves.size());
    protocol::Info info;
    info.depth = 1;
    info.nodes = 1;
    info.pv = {rules::to_string(moves[pick])};
    control.info(info);
    return moves[pick];
}

}  // namespace

rules::Move RandomEngine::search(const kit::SearchRequest& request, kit::SearchControl& control) {
    return pick_one(rules::legal_moves(request.position, request.rules), rng(), control);
}

rules::Move RandomEngine::search_ring(const kit::RingSearchRequest& request,
                                      kit::SearchControl& control) {
    return pick_one(rules::legal_moves(request.position, request.rules), rng(), control);
}

}  // namespace oaq::engines
