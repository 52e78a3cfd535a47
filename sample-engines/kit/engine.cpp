#include "kit/engine.hpp"

#include "rules/ring_turn.hpp"

namespace oaq::kit {

rules::Move Engine::search_ring(const RingSearchRequest& request, SearchControl& control) {
    (void)control;
    return rules::legal_moves(request.position, request.rules)[0];
}

}  // namespace oaq::kit
