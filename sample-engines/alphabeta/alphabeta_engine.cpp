#include "alphabeta/alphabeta_engine.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "rules/turn.hpp"

namespace oaq::engines {

namespace ab = alphabeta;
using rules::Move;
using rules::Position;

namespace {

struct Child {
    Move move;
    Position position;
    int order = 0;
};

// One search: the tables live in the engine, everything per-search lives here.
class Searcher {
  public:
    Searcher(const kit::SearchRequest& request, kit::SearchControl& control,
             ab::TranspositionTable& table, const ab::EvalWeights& weights, int quiescence_plies)
        : rules_(request.rules),
          control_(control),
          table_(table),
          weights_(weights),
          quiescence_plies_(quiescence_plies) {}

    // Searches `root` to `depth`; false when the search was stopped before finishing. The best
    // root move is kept even from an unfinished iteration once a move has been fully searched.
    bool iterate(const Position& root, int depth) {
        best_this_iteration_.reset();
        score_ = negamax(root, depth, -ab::kInfinity, ab::kInfinity, 0);
        return !aborted_;
    }

    std::optional<Move> best_this_iteration() const { return best_this_iteration_; }
    int score() const { return score_; }
    std::uint64_t nodes() const { return nodes_; }
    int seldepth() const { return seldepth_; }
    std::vector<Move> pv() const { return {pv_[0].begin(), pv_[0].begin() + pv_length_[0]}; }

  private:
    static int move_index(Move m) {
        return (m.square - 1) * 2 + (m.direction == rules::Direction::R ? 1 : 0);
    }

    int gain(const Position& before, const Position& after) const {
        const auto me = before.side;
        const int q = rules_.quan_value;
        return (ab::material(after, me, q) - ab::material(after, rules::opponent(me), q)) -
               (ab::material(before, me, q) - ab::material(before, rules::opponent(me), q));
    }

    // All children, best-first for the cut: the table move, then material gain, killers, history.
    int expand(const Position& pos, int ply, std::uint8_t tt_move, std::array<Child, 10>& out) {
        const auto moves = rules::legal_moves(pos, rules_);
        int n = 0;
        const auto side = static_cast<std::size_t>(rules::index(pos.side));
        for (const Move m : moves) {
            Child& c = out[static_cast<std::size_t>(n++)];
            c.move = m;
            c.position = rules::play(pos, m, rules_);
            const auto k = static_cast<std::size_t>(move_index(m));
            c.order = gain(pos, c.position) * 100000 + history_[side][k];
            if (killers_[static_cast<std::size_t>(ply)][0] == m ||
                killers_[static_cast<std::size_t>(ply)][1] == m)
                c.order += 50000;
            if (tt_move != 0 && ab::encode_move(m) == tt_move) c.order = 1 << 30;
        }
        std::sort(out.begin(), out.begin() + n,
                  [](const Child& a, const Child& b) { return a.order > b.order; });
        return n;
    }

    bool out_of_time() {
        if (!aborted_ && control_.should_stop(nodes_)) aborted_ = true;
        return aborted_;
    }

    int quiescence(const Position& pos, int alpha, int beta, int ply, int qply) {
        ++nodes_;
        seldepth_ = std::max(seldepth_, ply);
        pv_length_[static_cast<std::size_t>(ply)] = 0;
        if (pos.is_over()) return ab::terminal_score(pos, rules_, ply);
        const int stand_pat = ab::evaluate(pos, rules_, weights_);
        if (qply >= quiescence_plies_ || ply >= ab::kMaxPly - 1) return stand_pat;
        if (stand_pat >= beta) return stand_pat;
        alpha = std::max(alpha, stand_pat);
        int best = stand_pat;
        for (const Move m : rules::legal_moves(pos, rules_)) {
            const Position child = rules::play(pos, m, rules_);
            if (gain(pos, child) <= 0 && !child.is_over()) continue;
            const int score = -quiescence(child, -beta, -alpha, ply + 1, qply + 1);
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) break;
                }
            }
        }
        return best;
    }

    int negamax(const Position& pos, int depth, int alpha, int beta, int ply) {
        const auto uply = static_cast<std::size_t>(ply);
        pv_length_[uply] = 0;
        if (pos.is_over()) {
            ++nodes_;
            return ab::terminal_score(pos, rules_, ply);
        }
        if (depth <= 0 || ply >= ab::kMaxPly - 1) return quiescence(pos, alpha, beta, ply, 0);
        if (out_of_time()) return 0;
        ++nodes_;
        seldepth_ = std::max(seldepth_, ply);

        const std::uint64_t key = pos.hash();
        const ab::TtEntry* entry = table_.probe(key);
        std::uint8_t tt_move = 0;
        if (entry != nullptr) {
            tt_move = entry->move;
            if (ply > 0 && entry->depth >= depth) {
                const int s = ab::score_from_tt(entry->score, ply);
                if (entry->bound == ab::Bound::Exact ||
                    (entry->bound == ab::Bound::Lower && s >= beta) ||
                    (entry->bound == ab::Bound::Upper && s <= alpha))
                    return s;
            }
        }

        std::array<Child, 10> children;
        const int n = expand(pos, ply, tt_move, children);
        const int alpha_in = alpha;
        int best = -ab::kInfinity;
        Move best_move = children[0].move;
        for (int i = 0; i < n; ++i) {
            const Child& c = children[static_cast<std::size_t>(i)];
            int score = 0;
            if (i == 0) {
                score = -negamax(c.position, depth - 1, -beta, -alpha, ply + 1);
            } else {
                score = -negamax(c.position, depth - 1, -alpha - 1, -alpha, ply + 1);
                if (score > alpha && score < beta && !aborted_)
                    score = -negamax(c.position, depth - 1, -beta, -alpha, ply + 1);
            }
            if (aborted_) return 0;
            if (score > best) {
                best = score;
                best_move = c.move;
                if (ply == 0) best_this_iteration_ = c.move;
                if (score > alpha) {
                    alpha = score;
                    pv_[uply][uply] = c.move;
                    const int child_len = pv_length_[uply + 1];
                    for (int j = 0; j < child_len; ++j)
                        pv_[uply][uply + 1 + static_cast<std::size_t>(j)] =
                            pv_[uply + 1][uply + 1 + static_cast<std::size_t>(j)];
                    pv_length_[uply] = child_len + 1;
                    if (alpha >= beta) {
                        const auto side = static_cast<std::size_t>(rules::index(pos.side));
                        history_[side][static_cast<std::size_t>(move_index(c.move))] +=
                            depth * depth;
                        auto& k = killers_[uply];
                        if (!(k[0] == c.move)) {
                            k[1] = k[0];
                            k[0] = c.move;
                        }
                        break;
                    }
                }
            }
        }
        const ab::Bound bound = best >= beta      ? ab::Bound::Lower
                                : best > alpha_in ? ab::Bound::Exact
                                                  : ab::Bound::Upper;
        table_.store(key, best, depth, bound, ab::encode_move(best_move), ply);
        return best;
    }

    const rules::Rules& rules_;
    kit::SearchControl& control_;
    ab::TranspositionTable& table_;
    const ab::EvalWeights& weights_;
    int quiescence_plies_;
    std::uint64_t nodes_ = 0;
    int seldepth_ = 0;
    int score_ = 0;
    bool aborted_ = false;
    std::optional<Move> best_this_iteration_;
    std::array<std::array<Move, 2>, ab::kMaxPly> killers_{};
    std::array<std::array<int, 10>, 2> history_{};
    std::array<std::array<Move, ab::kMaxPly>, ab::kMaxPly> pv_{};
    std::array<int, ab::kMaxPly> pv_length_{};
};

protocol::Score to_protocol_score(int score) {
    if (!ab::is_mate_score(score)) return {protocol::Score::Kind::Cp, score};
    const int plies = ab::kMate - std::abs(score);
    return {protocol::Score::Kind::Mate, score > 0 ? plies : -plies};
}

}  // namespace

void AlphaBetaEngine::declare_options(kit::Options& options) {
    options.add_spin("Hash", 16, 1, 1024,
                     [this](long long mb) { table_.resize(static_cast<std::size_t>(mb)); });
    options.add_spin("BoardCitizenWeight", weights_.board_citizen, 0, 100,
                     [this](long long w) { weights_.board_citizen = static_cast<int>(w); });
    options.add_spin("QuiescencePlies", quiescence_plies_, 0, 32,
                     [this](long long q) { quiescence_plies_ = static_cast<int>(q); });
    options.add_button("Clear Hash", [this] { table_.clear(); });
}

rules::Move AlphaBetaEngine::search(const kit::SearchRequest& request,
                                    kit::SearchControl& control) {
    const Position& root = request.position;
    const auto moves = rules::legal_moves(root, request.rules);
    Move best = moves[0];
    std::optional<Move> hopeful;  // the choice of the deepest iteration that did not prove a loss
    last_score_ = 0;
    Searcher searcher(request, control, table_, weights_, quiescence_plies_);

    for (int depth = 1; depth < ab::kMaxPly - 16; ++depth) {
        if (!control.may_start_iteration(depth)) break;
        // On a clock (soft < hard) an iteration takes about three times the previous one: one
        // started past half the soft limit would mostly run into the hard limit and be wasted.
        const auto& lim = request.limits;
        if (depth > 1 && lim.soft_time && lim.hard_time && *lim.soft_time < *lim.hard_time &&
            control.elapsed() * 2 > *lim.soft_time)
            break;
        const bool finished = searcher.iterate(root, depth);
        if (searcher.best_this_iteration()) best = *searcher.best_this_iteration();
        if (!finished) break;
        last_score_ = searcher.score();
        if (last_score_ > -ab::kMate + 1000) hopeful = best;

        protocol::Info info;
        info.depth = depth;
        info.seldepth = searcher.seldepth();
        info.score = to_protocol_score(searcher.score());
        info.nodes = searcher.nodes();
        for (const Move m : searcher.pv()) info.pv.push_back(rules::to_string(m));
        control.info(info);

        const bool timed =
            !request.limits.infinite && !request.limits.depth && !request.limits.nodes;
        // A forced move, or a proven result within this depth, needs no deeper search on a clock.
        if (timed && (moves.size() == 1 || (ab::is_mate_score(searcher.score()) &&
                                            ab::kMate - std::abs(searcher.score()) <= depth)))
            break;
    }
    last_nodes_ = searcher.nodes();
    // A proven loss assumes perfect replies; the move a shallower search still liked makes the
    // opponent find them (the search's mate scores would pick any losing move, or the longest).
    if (last_score_ <= -ab::kMate + 1000 && hopeful) return *hopeful;
    return best;
}

}  // namespace oaq::engines
