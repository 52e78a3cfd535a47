#include "greedy/greedy_engine.hpp"

#include <limits>

#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"

namespace oaq::engines {

namespace {
constexpr int kDecided = 10000;  // more than any score difference (T is at most 70 citizens)
}  // namespace

rules::Move GreedyEngine::search(const kit::SearchRequest& request, kit::SearchControl& control) {
    const auto& pos = request.position;
    const auto me = pos.side;
    const auto moves = rules::legal_moves(pos, request.rules);
    int best = std::numeric_limits<int>::min();
    rules::Move chosen = moves[0];
    std::uint64_t ties = 0;
    for (const auto move : moves) {
        const auto after = rules::play(pos, move, request.rules);
        int diff = rules::score(after, me, request.rules) -
                   rules::score(after, rules::opponent(me), request.rules);
        // A move that ends the game is judged by its result first (under refill=own_or_lose the
        // lower score can win): a win above every other move, a loss below.
        if (after.is_over()) {
            const auto result = rules::result(after, request.rules);
            const bool won = result == (me == rules::Side::South ? rules::Result::SouthWin
                                                                 : rules::Result::NorthWin);
            if (result != rules::Result::Draw) diff += won ? kDecided : -kDecided;
        }
        if (diff > best) {
            best = diff;
            chosen = move;
            ties = 1;
        } else if (diff == best && rng()() % ++ties == 0) {
            chosen = move;  // reservoir sampling: each of the equal moves with probability 1/ties
        }
    }
    protocol::Info info;
    info.depth = 1;
    info.score = protocol::Score{protocol::Score::Kind::Cp, 100 * best};
    info.nodes = moves.size();
    info.pv = {rules::to_string(chosen)};
    control.info(info);
    return chosen;
}

rules::Move GreedyEngine::search_ring(const kit::RingSearchRequest& request,
                                      kit::SearchControl& control) {
    const auto& pos = request.position;
    const int me = request.seat();
    const auto moves = rules::legal_moves(pos, request.rules);
    int best = std::numeric_limits<int>::min();
    rules::Move chosen = moves[0];
    std::uint64_t ties = 0;
    for (const auto move : moves) {
        const auto after = rules::play(pos, move, request.rules);
        int value = rules::score(after, me, request.rules);
        // A move that ends the game: its points (1 for first alone .. 0 for last) come first.
        if (after.is_over()) {
            const auto standings = rules::standings(after, request.rules);
            value +=
                static_cast<int>(2.0 * kDecided * standings[static_cast<std::size_t>(me)].points) -
                kDecided;
        }
        if (value > best) {
            best = value;
            chosen = move;
            ties = 1;
        } else if (value == best && rng()() % ++ties == 0) {
            chosen = move;
        }
    }
    protocol::Info info;
    info.depth = 1;
    info.score = protocol::Score{protocol::Score::Kind::Cp,
                                 100 * (best - rules::score(pos, me, request.rules))};
    info.nodes = moves.size();
    info.pv = {rules::to_string(chosen)};
    control.info(info);
    return chosen;
}

}  // namespace oaq::engines
