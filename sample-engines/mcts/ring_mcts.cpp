#include "mcts/ring_mcts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "rules/ring_turn.hpp"

namespace oaq::engines::mcts {

namespace {

using rules::Move;
using rules::RingPosition;

constexpr int kMaxPlayoutPlies = 1000;  // past every ring's ply limit (600 at 4 seats)
constexpr std::uint64_t kPlayoutsPerDepth = 1000;

using Points = std::array<double, rules::kMaxSeats>;

struct RingNode {
    RingPosition position;
    Move move;  // the move that led here, played by seat `mover`
    std::int32_t parent = -1;
    std::int32_t first_child = -1;
    std::uint8_t child_count = 0;
    std::uint8_t mover = 0;
    bool expanded = false;
    std::uint32_t visits = 0;
    double reward = 0;  // sum of the points of seat `mover`
    double margin = 0;  // sum of mover's score minus the best other score, at the playout's end
};

struct Outcome {
    Points points{};
    std::array<int, rules::kMaxSeats> score{};
};

class RingTree {
  public:
    RingTree(const kit::RingSearchRequest& request, const RingSettings& settings,
             std::mt19937_64& rng)
        : rules_(request.rules), settings_(settings), rng_(rng) {
        nodes_.reserve(std::min<std::size_t>(settings.max_nodes, 1 << 16));
        nodes_.push_back(RingNode{request.position, Move{}, -1, -1, 0, 0, false, 0, 0, 0});
    }

    int iterate() {
        std::int32_t current = 0;
        int depth = 0;
        while (at(current).expanded && at(current).child_count > 0) {
            current = select(current);
            ++depth;
        }
        const RingNode& leaf = at(current);
        if (!leaf.position.is_over() && nodes_.size() + 24 <= settings_.max_nodes &&
            (leaf.visits > 0 || current == 0)) {
            expand(current);
            const RingNode& expanded = at(current);
            if (expanded.child_count > 0) {
                current =
                    expanded.first_child + static_cast<std::int32_t>(rng_() % expanded.child_count);
                ++depth;
            }
        }
        backup(current, playout(at(current).position));
        return depth;
    }

    const RingNode& at(std::int32_t i) const { return nodes_[static_cast<std::size_t>(i)]; }

    std::int32_t most_visited_child(std::int32_t i) const {
        const RingNode& n = at(i);
        std::int32_t best = -1;
        for (std::int32_t c = n.first_child; c < n.first_child + n.child_count; ++c)
            if (best < 0 || at(c).visits > at(best).visits) best = c;
        return best;
    }

  private:
    RingNode& node(std::int32_t i) { return nodes_[static_cast<std::size_t>(i)]; }

    std::int32_t select(std::int32_t parent) {
        const RingNode& p = at(parent);
        const double log_n = std::log(static_cast<double>(p.visits) + 1.0);
        double best_value = -1;
        std::int32_t best = p.first_child;
        for (std::int32_t c = p.first_child; c < p.first_child + p.child_count; ++c) {
            const RingNode& child = at(c);
            if (child.visits == 0) return c;
            const double n = static_cast<double>(child.visits);
            const double value = child.reward / n + settings_.exploration * std::sqrt(log_n / n);
            if (value > best_value) {
                best_value = value;
                best = c;
            }
        }
        return best;
    }

    void expand(std::int32_t i) {
        const RingPosition pos = node(i).position;
        const auto moves = rules::legal_moves(pos, rules_);
        const auto first = static_cast<std::int32_t>(nodes_.size());
        for (const Move m : moves)
            nodes_.push_back(
                RingNode{rules::play(pos, m, rules_), m, i, -1, 0, pos.to_move, false, 0, 0, 0});
        RingNode& n = node(i);
        n.first_child = first;
        n.child_count = static_cast<std::uint8_t>(moves.size());
        n.expanded = true;
    }

    // What the mover has captured: citizens plus quan_value per piece.
    int captured(const RingPosition& pos, std::size_t seat) const {
        return pos.store_citizens[seat] + rules_.quan_value * pos.store_pieces[seat];
    }

    Move pick(const RingPosition& pos) {
        const auto moves = rules::legal_moves(pos, rules_);
        // As the 2-seat playouts: the biggest capture 3 times in 4, else a random move.
        if (settings_.greedy_playouts && rng_() % 4 != 0) {
            const auto me = static_cast<std::size_t>(pos.to_move);
            int best_gain = 0;
            Move best = moves[0];
            for (const Move m : moves) {
                const int gain =
                    captured(rules::play_unsettled(pos, m, rules_), me) - captured(pos, me);
                if (gain > best_gain) {
                    best_gain = gain;
                    best = m;
                }
            }
            if (best_gain > 0) return best;
        }
        return moves[static_cast<std::size_t>(rng_() % moves.size())];
    }

    Outcome playout(RingPosition pos) {
        for (int ply = 0; ply < kMaxPlayoutPlies && !pos.is_over(); ++ply)
            pos = rules::play(pos, pick(pos), rules_);
        Outcome out;
        const auto standings = rules::standings(pos, rules_);
        for (std::size_t s = 0; s < standings.size(); ++s) {
            out.points[s] = standings[s].points;
            out.score[s] = standings[s].score;
        }
        return out;
    }

    void backup(std::int32_t i, const Outcome& o) {
        const int seats = at(0).position.seats;
        for (; i >= 0; i = node(i).parent) {
            RingNode& n = node(i);
            ++n.visits;
            const auto me = static_cast<std::size_t>(n.mover);
            n.reward += o.points[me];
            int best_other = -1000;
            for (std::size_t s = 0; s < static_cast<std::size_t>(seats); ++s)
                if (s != me) best_other = std::max(best_other, o.score[s]);
            n.margin += o.score[me] - best_other;
        }
    }

    const rules::Rules& rules_;
    RingSettings settings_;
    std::mt19937_64& rng_;
    std::vector<RingNode> nodes_;
};

}  // namespace

RingResult search_ring(const kit::RingSearchRequest& request, kit::SearchControl& control,
                       const RingSettings& settings, std::mt19937_64& rng) {
    RingTree tree(request, settings, rng);
    const auto moves = rules::legal_moves(request.position, request.rules);
    std::uint64_t playouts = 0;
    int max_depth = 0;
    auto next_report = kit::Clock::now() + std::chrono::milliseconds(200);
    const auto report = [&] {
        protocol::Info info;
        info.depth = max_depth;
        info.nodes = playouts;
        std::int32_t i = tree.most_visited_child(0);
        if (i >= 0 && tree.at(i).visits > 0)
            info.score = protocol::Score{
                protocol::Score::Kind::Cp,
                static_cast<int>(std::lround(100.0 * tree.at(i).margin / tree.at(i).visits))};
        for (; i >= 0 && tree.at(i).visits > 0; i = tree.most_visited_child(i))
            info.pv.push_back(rules::to_string(tree.at(i).move));
        control.info(info);
    };
    const auto& limits = request.limits;
    const bool timed = !limits.infinite && !limits.nodes && !limits.depth;
    const std::uint64_t cap =
        limits.depth ? static_cast<std::uint64_t>(std::max(*limits.depth, 1)) * kPlayoutsPerDepth
                     : UINT64_MAX;
    while (!(timed && moves.size() == 1) && playouts < cap && !control.should_stop(playouts)) {
        if (limits.soft_time && playouts % 64 == 0 && control.elapsed() >= *limits.soft_time) break;
        max_depth = std::max(max_depth, tree.iterate());
        ++playouts;
        if (playouts % 256 == 0 && kit::Clock::now() >= next_report) {
            report();
            next_report = kit::Clock::now() + std::chrono::milliseconds(500);
        }
    }
    report();
    const std::int32_t best = tree.most_visited_child(0);
    return {best >= 0 ? tree.at(best).move : moves[0], playouts};
}

}  // namespace oaq::engines::mcts
