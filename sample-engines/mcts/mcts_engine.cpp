#include "mcts/mcts_engine.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "mcts/ring_mcts.hpp"
#include "rules/turn.hpp"

namespace oaq::engines {

using rules::Move;
using rules::Position;

namespace {

constexpr int kMaxPlayoutPlies = 400;  // far past the 300-ply game limit: a safety net only
constexpr std::uint64_t kPlayoutsPerDepth = 1000;

using mcts::Node;

struct Outcome {
    double south_reward;  // 1 win, 0.5 draw, 0 loss, for South
    int south_diff;       // South's score minus North's
};

class Tree {
  public:
    // Starts from `kept` (a subtree whose root is the request's position) or from a lone root.
    Tree(const kit::SearchRequest& request, double exploration, bool greedy, std::size_t max_nodes,
         std::mt19937_64& rng, std::vector<Node> kept)
        : rules_(request.rules),
          exploration_(exploration),
          greedy_(greedy),
          max_nodes_(max_nodes),
          rng_(rng),
          nodes_(std::move(kept)) {
        if (nodes_.empty()) {
            nodes_.reserve(std::min<std::size_t>(max_nodes, 1 << 16));
            nodes_.push_back(Node{request.position, Move{}, -1, -1, 0, false, 0, 0, 0});
        }
    }

    std::vector<Node> release() { return std::move(nodes_); }

    // One selection-expansion-playout-backup pass. Returns the depth of the selected leaf.
    int iterate() {
        std::int32_t current = 0;
        int depth = 0;
        while (nodes_[idx(current)].expanded && nodes_[idx(current)].child_count > 0) {
            current = select(current);
            ++depth;
        }
        Node& leaf = nodes_[idx(current)];
        if (!leaf.position.is_over() && nodes_.size() + 10 <= max_nodes_ &&
            (leaf.visits > 0 || current == 0)) {
            expand(current);
            const Node& expanded = nodes_[idx(current)];
            if (expanded.child_count > 0) {
                current =
                    expanded.first_child + static_cast<std::int32_t>(rng_() % expanded.child_count);
                ++depth;
            }
        }
        backup(current, playout(nodes_[idx(current)].position));
        return depth;
    }

    const Node& node(std::int32_t i) const { return nodes_[idx(i)]; }

    std::int32_t most_visited_child(std::int32_t i) const {
        const Node& n = nodes_[idx(i)];
        std::int32_t best = -1;
        for (std::int32_t c = n.first_child; c < n.first_child + n.child_count; ++c)
            if (best < 0 || nodes_[idx(c)].visits > nodes_[idx(best)].visits) best = c;
        return best;
    }

  private:
    static std::size_t idx(std::int32_t i) { return static_cast<std::size_t>(i); }

    std::int32_t select(std::int32_t parent) {
        const Node& p = nodes_[idx(parent)];
        const double log_n = std::log(static_cast<double>(p.visits) + 1.0);
        double best_value = -1;
        std::int32_t best = p.first_child;
        for (std::int32_t c = p.first_child; c < p.first_child + p.child_count; ++c) {
            const Node& child = nodes_[idx(c)];
            if (child.visits == 0) return c;  // every child once before any is preferred
            const double n = static_cast<double>(child.visits);
            const double value = child.reward / n + exploration_ * std::sqrt(log_n / n);
            if (value > best_value) {
                best_value = value;
                best = c;
            }
        }
        return best;
    }

    void expand(std::int32_t i) {
        const Position pos = nodes_[idx(i)].position;
        const auto moves = rules::legal_moves(pos, rules_);
        const auto first = static_cast<std::int32_t>(nodes_.size());
        for (const Move m : moves)
            nodes_.push_back(Node{rules::play(pos, m, rules_), m, i, -1, 0, false, 0, 0, 0});
        Node& n = nodes_[idx(i)];
        n.first_child = first;
        n.child_count = static_cast<std::uint8_t>(moves.size());
        n.expanded = true;
    }

    Move pick(const Position& pos) {
        const auto moves = rules::legal_moves(pos, rules_);
        // Greedy playouts take a capturing move 3 times in 4 and a random move otherwise: strong
        // enough to make playouts meaningful, random enough to sample many lines.
        if (greedy_ && rng_() % 4 != 0) {
            const auto me = static_cast<std::size_t>(rules::index(pos.side));
            int best_gain = 0;
            Move best = moves[0];
            for (const Move m : moves) {
                const Position after = rules::play(pos, m, rules_);
                const int gain =
                    (after.store_citizens[me] - pos.store_citizens[me]) +
                    rules_.quan_value * (after.store_pieces[me] - pos.store_pieces[me]);
                if (gain > best_gain) {
                    best_gain = gain;
                    best = m;
                }
            }
            if (best_gain > 0) return best;
        }
        return moves[static_cast<std::size_t>(rng_() % moves.size())];
    }

    Outcome playout(Position pos) {
        for (int ply = 0; ply < kMaxPlayoutPlies && !pos.is_over(); ++ply)
            pos = rules::play(pos, pick(pos), rules_);
        const int diff = rules::score(pos, rules::Side::South, rules_) -
                         rules::score(pos, rules::Side::North, rules_);
        // A finished game is won by its result (own_or_lose can make the lower score win); a
        // playout cut off at its ply cap by the score difference.
        const auto result = pos.is_over() ? rules::result(pos, rules_)
                            : diff > 0    ? rules::Result::SouthWin
                            : diff < 0    ? rules::Result::NorthWin
                                          : rules::Result::Draw;
        return {result == rules::Result::SouthWin   ? 1.0
                : result == rules::Result::NorthWin ? 0.0
                                                    : 0.5,
                diff};
    }

    void backup(std::int32_t i, const Outcome& o) {
        while (i >= 0) {
            Node& n = nodes_[idx(i)];
            ++n.visits;
            // The side that moved into n is the opponent of n's side to move.
            const bool south_moved = n.position.side == rules::Side::North;
            n.reward += south_moved ? o.south_reward : 1.0 - o.south_reward;
            n.diff += south_moved ? o.south_diff : -o.south_diff;
            i = n.parent;
        }
    }

    const rules::Rules& rules_;
    double exploration_;
    bool greedy_;
    std::size_t max_nodes_;
    std::mt19937_64& rng_;
    std::vector<Node> nodes_;
};

}  // namespace

std::vector<Node> mcts::subtree_for(const std::vector<Node>& tree, const Position& position) {
    if (tree.empty()) return {};
    const auto at = [](std::int32_t i) { return static_cast<std::size_t>(i); };
    // Breadth-first over the root, its children and grandchildren.
    std::int32_t found = -1;
    std::vector<std::int32_t> level{0};
    for (int ply = 0; ply <= 2 && found < 0; ++ply) {
        std::vector<std::int32_t> next;
        for (const std::int32_t i : level) {
            const Node& n = tree[at(i)];
            if (n.position == position) {
                found = i;
                break;
            }
            for (std::int32_t c = n.first_child; n.expanded && c < n.first_child + n.child_count;
                 ++c)
                next.push_back(c);
        }
        level = std::move(next);
    }
    if (found < 0) return {};

    // Copy breadth-first so each node's children stay one contiguous block.
    std::vector<Node> out{tree[at(found)]};
    std::vector<std::int32_t> origin{found};
    out[0].parent = -1;
    for (std::size_t q = 0; q < out.size(); ++q) {
        const Node& old = tree[at(origin[q])];
        if (!old.expanded) continue;
        const auto first = static_cast<std::int32_t>(out.size());
        for (std::int32_t c = old.first_child; c < old.first_child + old.child_count; ++c) {
            out.push_back(tree[at(c)]);
            out.back().parent = static_cast<std::int32_t>(q);
            origin.push_back(c);
        }
        out[q].first_child = first;
    }
    return out;
}

void MctsEngine::declare_options(kit::Options& options) {
    SeededEngine::declare_options(options);
    options.add_spin("Exploration", 100, 0, 1000,
                     [this](long long c) { exploration_ = static_cast<double>(c) / 100.0; });
    options.add_combo("Playout", "greedy", {"greedy", "random"},
                      [this](const std::string& v) { greedy_playouts_ = v == "greedy"; });
    options.add_check("TreeReuse", true, [this](bool on) { reuse_ = on; });
    options.add_spin("TreeMB", 256, 1, 4096, [this](long long mb) {
        max_tree_nodes_ = static_cast<std::size_t>(mb) * 1024 * 1024 / sizeof(Node);
    });
}

rules::Move MctsEngine::search(const kit::SearchRequest& request, kit::SearchControl& control) {
    std::vector<Node> kept;
    if (reuse_ && request.rules == kept_rules_) kept = mcts::subtree_for(kept_, request.position);
    kept_.clear();
    Tree tree(request, exploration_, greedy_playouts_, max_tree_nodes_, rng(), std::move(kept));
    std::uint64_t playouts = 0;
    int max_depth = 0;
    auto next_report = kit::Clock::now() + std::chrono::milliseconds(200);
    const auto report = [&] {
        protocol::Info info;
        info.depth = max_depth;
        info.nodes = playouts;
        std::int32_t i = tree.most_visited_child(0);
        if (i >= 0 && tree.node(i).visits > 0)
            info.score = protocol::Score{
                protocol::Score::Kind::Cp,
                static_cast<int>(std::lround(100.0 * tree.node(i).diff / tree.node(i).visits))};
        for (; i >= 0 && tree.node(i).visits > 0; i = tree.most_visited_child(i))
            info.pv.push_back(rules::to_string(tree.node(i).move));
        control.info(info);
    };

    const auto moves = rules::legal_moves(request.position, request.rules);
    const bool timed = !request.limits.infinite && !request.limits.nodes && !request.limits.depth;
    // MCTS has no depth: `go depth n` buys n x kPlayoutsPerDepth playouts.
    const std::uint64_t playout_cap =
        request.limits.depth
            ? static_cast<std::uint64_t>(std::max(*request.limits.depth, 1)) * kPlayoutsPerDepth
            : UINT64_MAX;
    while (!(timed && moves.size() == 1) && playouts < playout_cap &&
           !control.should_stop(playouts)) {
        // The soft limit ends a timed search too: MCTS has no iterations to finish.
        if (request.limits.soft_time && playouts % 64 == 0 &&
            control.elapsed() >= *request.limits.soft_time)
            break;
        max_depth = std::max(max_depth, tree.iterate());
        ++playouts;
        if (playouts % 256 == 0 && kit::Clock::now() >= next_report) {
            report();
            next_report = kit::Clock::now() + std::chrono::milliseconds(500);
        }
    }
    report();
    last_playouts_ = playouts;
    const std::int32_t best = tree.most_visited_child(0);
    const Move chosen = best >= 0 ? tree.node(best).move : moves[0];
    if (reuse_) {
        kept_ = tree.release();
        kept_rules_ = request.rules;
    }
    return chosen;
}

rules::Move MctsEngine::search_ring(const kit::RingSearchRequest& request,
                                    kit::SearchControl& control) {
    // The ring tree holds 44-byte positions: the TreeMB budget in its own node size.
    const mcts::RingSettings settings{exploration_, greedy_playouts_,
                                      max_tree_nodes_ * sizeof(Node) / 96};
    const auto result = mcts::search_ring(request, control, settings, rng());
    last_playouts_ = result.playouts;
    return result.move;
}

}  // namespace oaq::engines
