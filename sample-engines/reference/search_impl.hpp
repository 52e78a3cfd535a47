// The alpha-beta search of the reference engine, a template over the rules type R of
// compiled_rules.hpp (so under a compiled rule set play_with() is inlined and its switches are
// constants). Included only by search.cpp, which instantiates it through with_compiled_rules().
//
// Principal variation search with a transposition table, staged moves (the table move is played
// before the other moves are generated), move ordering by immediate gain, killers and history,
// late move reductions, reverse futility pruning and a quiescence search over captures. The game's
// history and the search path are kept as one line of positions, so repetition is exact: a
// position seen twice before ends the game (RULES.md section 4); one seen once before is searched
// on, as the referee plays on (option Twofold scores it as the end instead: that reads a cycle as
// the settlement when the side to move there could still leave it, and misjudged refill cycles by
// tens of citizens, sample-engines/README.md). The ply limit is
// exact too: a node at the limit is settled, and near the limit the plies left are part of the
// table key. A finished game (by any of these) scores its settled result.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "reference/compiled_rules.hpp"
#include "reference/endgame_table.hpp"
#include "reference/search.hpp"
#include "rules/turn.hpp"

namespace oaq::engines::reference {

namespace detail {

// Bit k-1 set when the side to move's square k holds citizens.
inline unsigned full_squares(const rules::Position& pos) {
    const std::uint8_t* squares = pos.citizens.data() + rules::pit_of(pos.side, 1);
    unsigned mask = 0;
    for (unsigned k = 0; k < 5; ++k) mask |= static_cast<unsigned>(squares[k] != 0) << k;
    return mask;
}

// The fields of a Position that never go back: the pieces on the board and in the stores (a
// piece is captured once), the debts (never repaid during play) and the end. A position after a
// change of one of them differs from every position before it, so a repetition is looked for only
// back to the last change. The stores' citizens do go back (a capture of 5 followed by the
// opponent's refill of 5 returns both stores to where they were, a cycle the referee ends by
// repetition), so they cannot start a stretch.
inline bool same_irreversible(const rules::Position& a, const rules::Position& b) {
    return a.pieces == b.pieces && a.store_pieces == b.store_pieces && a.debt == b.debt &&
           a.end == b.end;
}

inline std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Late move reductions in plies for a move at `index` (0-based) of a node of `depth`:
// 0.5 + ln(depth) ln(index) / (divisor / 100).
using ReductionTable = std::array<std::array<std::uint8_t, 16>, 64>;
inline ReductionTable make_reduction_table(int divisor) {
    ReductionTable t{};
    const double scale = std::max(divisor, 1) / 100.0;
    for (int d = 1; d < 64; ++d)
        for (int i = 1; i < 16; ++i)
            t[static_cast<std::size_t>(d)][static_cast<std::size_t>(i)] =
                static_cast<std::uint8_t>(std::max(0.0, 0.5 + std::log(d) * std::log(i) / scale));
    return t;
}

}  // namespace detail

template <class R>
class SearchImpl final : public Search {
  public:
    SearchImpl(const SearchSetup& setup, TranspositionTable& table, kit::SearchControl& control)
        : rules_(setup.rules),
          play_(setup.rules),
          table_(table),
          control_(control),
          tables_(setup.tables),
          weights_(setup.weights),
          options_(setup.options),
          quan_value_(setup.rules.quan_value),
          root_index_(static_cast<int>(setup.history.size())),
          ply_limit_(setup.ply_limit),
          contempt_(setup.options.contempt),
          deadline_(setup.deadline),
          reductions_(detail::make_reduction_table(setup.options.lmr_divisor)) {
        line_.resize(setup.history.size() + kMaxPly + 2);
        run_start_.resize(line_.size());
        for (std::size_t i = 0; i < setup.history.size(); ++i)
            push_line(static_cast<int>(i), setup.history[i]);
        push_line(root_index_, setup.root);
        root_ = setup.root;
        for (const rules::Move m : rules::legal_moves(root_, rules_)) {
            RootMove rm;
            rm.move = m;
            rm.position = play(root_, m);
            root_moves_.push_back(rm);
        }
        best_ = root_moves_.front().move;
    }

    int iterate(int depth, int alpha, int beta) override {
        aborted_ = false;
        return root_search(depth, alpha, beta);
    }
    bool aborted() const override { return aborted_; }
    rules::Move best_move() const override { return best_; }
    std::vector<rules::Move> pv() const override {
        std::vector<rules::Move> out;
        for (int i = 0; i < pv_length_[0]; ++i)
            out.push_back(code_move(pv_[0][static_cast<std::size_t>(i)]));
        if (out.empty()) out.push_back(best_);
        return out;
    }
    std::uint64_t nodes() const override { return nodes_; }
    int seldepth() const override { return seldepth_; }
    std::uint64_t table_hits() const override { return table_hits_; }
    std::uint64_t moves_made() const override { return moves_made_; }
    std::size_t root_move_count() const override { return root_moves_.size(); }
    bool compiled() const override { return R::kCompiled; }

  private:
    static constexpr int kHistoryMax = 16384;

    struct RootMove {
        rules::Move move;
        rules::Position position;
        int score = -kInfinity;
        int previous = -kInfinity;
    };
    struct Child {
        rules::Position position;
        int order = 0;
        int gain = 0;
        std::uint8_t code = 0;
    };

    template <int Dir>
    [[gnu::always_inline]] rules::Position play_dir(const rules::Position& p, std::uint8_t k) {
        ++moves_made_;
        return play_.template play<Dir>(p, k);
    }
    rules::Position play(const rules::Position& p, rules::Move m) {
        return m.direction == rules::Direction::R ? play_dir<1>(p, m.square)
                                                  : play_dir<-1>(p, m.square);
    }
    rules::Position play_code(const rules::Position& p, std::uint8_t code) {
        const auto k = static_cast<std::uint8_t>((code - 1) / 2 + 1);
        return (code - 1) % 2 == 1 ? play_dir<1>(p, k) : play_dir<-1>(p, k);
    }
    bool is_legal_code(const rules::Position& p, std::uint8_t code) const {
        if (code == 0 || code > 10) return false;
        const bool right = (code - 1) % 2 == 1;
        if (right ? !play_.right() : !play_.left()) return false;
        return (detail::full_squares(p) >> ((code - 1) / 2) & 1u) != 0;
    }

    void push_line(int index, const rules::Position& p) {
        const auto i = static_cast<std::size_t>(index);
        line_[i] = p;
        run_start_[i] =
            index > 0 && detail::same_irreversible(line_[i - 1], p) ? run_start_[i - 1] : index;
    }

    // The score of a finished game (settled) for its side to move, `ply` plies from the root.
    // A draw is worth -contempt to the side to move at the root (and +contempt to the other).
    int final_score(int diff, int ply) const {
        return diff > 0 ? kWin - ply : diff < 0 ? -kWin + ply : (ply & 1) ? contempt_ : -contempt_;
    }
    int settled_score(rules::Position p, int ply) const {
        rules::end_game(p, rules::EndReason::Repetition);
        return final_score(material_diff(p, quan_value_), ply);
    }

    // How the history ends the line at the node at `ply` (already on the line): the ply limit or
    // the third occurrence end the game (Ends); with Twofold the second occurrence, the first
    // within the search, is taken as the cycle it starts (Cycle). Without Twofold that second
    // occurrence is searched on (Again): the line goes on, but the node's value depends on the
    // path, since one more lap of the cycle ends the game.
    enum class HistoryEnd { None, Again, Ends, Cycle };
    static bool ends_line(HistoryEnd end) {
        return end == HistoryEnd::Ends || end == HistoryEnd::Cycle;
    }
    HistoryEnd history_end(int ply) const {
        const int i = root_index_ + ply;
        if (ply_limit_ > 0 && i >= ply_limit_) return HistoryEnd::Ends;
        const rules::Position& p = line_[static_cast<std::size_t>(i)];
        int seen = 0;
        bool in_search = false;
        for (int j = i - 2; j >= run_start_[static_cast<std::size_t>(i)]; j -= 2) {
            if (line_[static_cast<std::size_t>(j)] == p) {
                ++seen;
                in_search |= j >= root_index_;
            }
        }
        if (seen >= 2) return HistoryEnd::Ends;
        if (seen == 0 || !in_search) return HistoryEnd::None;
        return options_.twofold ? HistoryEnd::Cycle : HistoryEnd::Again;
    }
    // The game ended: its settled result, proven. A cycle does not end it (the opponent may leave
    // it), so it is worth its settlement as an estimate, never as a proven win or loss.
    int history_score(rules::Position p, int ply, HistoryEnd end) const {
        if (end == HistoryEnd::Ends) return settled_score(p, ply);
        rules::end_game(p, rules::EndReason::Repetition);
        const int diff = material_diff(p, quan_value_);
        if (diff == 0) return final_score(0, ply);  // a draw's contempt
        return std::clamp(100 * diff, -kProvenBound + 1, kProvenBound - 1);
    }

    std::uint64_t key_of(const rules::Position& p, int ply) const {
        std::uint64_t key = p.hash();
        if (ply_limit_ > 0) {
            const int left = ply_limit_ - (root_index_ + ply);
            if (left < 2 * kMaxPly) key ^= detail::mix(static_cast<std::uint64_t>(left) + 1);
        }
        return key;
    }

    static int to_tt(int score, int ply) {
        return score > kProvenBound ? score + ply : score < -kProvenBound ? score - ply : score;
    }
    static int from_tt(int score, int ply) {
        return score > kProvenBound ? score - ply : score < -kProvenBound ? score + ply : score;
    }

    // The kit's stop (its clock read every 256 calls) and, as often, the engine's deadline.
    bool stop_now() {
        if (aborted_) return true;
        if (control_.should_stop(nodes_)) return aborted_ = true;
        if (deadline_ && (++checks_ & 255u) == 0 && control_.elapsed() >= *deadline_)
            aborted_ = true;
        return aborted_;
    }

    int gain_of(const rules::Position& before, const rules::Position& after) const {
        // after's side to move is before's opponent.
        return -material_diff(after, quan_value_) - material_diff(before, quan_value_);
    }

    int evaluate_node(const rules::Position& p) const {
        return evaluate(p, quan_value_, weights_, eval_tables_);
    }

    // An exact result from the endgame tables, as a proven score, when `p` is in one.
    bool probe_tables(const rules::Position& p, int ply, int& score) {
        if (tables_ == nullptr) return false;
        std::optional<int> plies_left;
        if (ply_limit_ > 0) plies_left = ply_limit_ - (root_index_ + ply);
        const auto gain = tables_->probe(p, plies_left);
        if (!gain) return false;
        ++table_hits_;
        score = final_score(material_diff(p, quan_value_) + *gain, ply + kTableDistance);
        return true;
    }

    void update_pv(int ply, std::uint8_t code) {
        const auto u = static_cast<std::size_t>(ply);
        pv_[u][0] = code;
        const int n = pv_length_[u + 1];
        for (int j = 0; j < n; ++j)
            pv_[u][static_cast<std::size_t>(j) + 1] = pv_[u + 1][static_cast<std::size_t>(j)];
        pv_length_[u] = n + 1;
    }

    int root_search(int depth, int alpha, int beta) {
        pv_length_[0] = 0;
        ++nodes_;
        // The previous best first, then by the previous iteration's scores.
        std::stable_sort(
            root_moves_.begin(), root_moves_.end(),
            [](const RootMove& a, const RootMove& b) { return a.previous > b.previous; });
        const std::uint64_t key = key_of(root_, 0);
        int best = -kInfinity;
        rules::Move best_move = root_moves_.front().move;
        const int alpha_in = alpha;
        for (std::size_t i = 0; i < root_moves_.size(); ++i) {
            RootMove& rm = root_moves_[i];
            const std::uint8_t code = move_code(rm.move);
            int score = 0;
            if (i == 0) {
                score = -node(rm.position, depth - 1, -beta, -alpha, 1, true);
            } else {
                score = -node(rm.position, depth - 1, -alpha - 1, -alpha, 1, false);
                if (!aborted_ && score > alpha && score < beta)
                    score = -node(rm.position, depth - 1, -beta, -alpha, 1, true);
            }
            if (aborted_) break;
            rm.score = score;
            if (score > best) {
                best = score;
                best_move = rm.move;
                if (score > alpha) {
                    alpha = score;
                    update_pv(0, code);
                    if (i > 0) best_ = rm.move;  // fully searched and better than the first
                }
                if (score >= beta) break;
            }
        }
        if (aborted_) return 0;
        // After a fail low every score is an upper bound: the previous best stays first.
        if (best > alpha_in) best_ = best_move;
        if (best > alpha_in && best < beta)
            table_.store(key, to_tt(best, 0), 0, depth, Bound::Exact, move_code(best_move));
        for (RootMove& rm : root_moves_) {
            rm.previous = rm.move == best_ ? kInfinity : rm.score;
            rm.score = -kInfinity;
        }
        return best;
    }

    int node(const rules::Position& pos, int depth, int alpha, int beta, int ply, bool pv_node) {
        const auto u = static_cast<std::size_t>(ply);
        pv_length_[u] = 0;
        if (pos.is_over()) {
            ++nodes_;
            return final_score(material_diff(pos, quan_value_), ply);
        }
        // The table's bucket is fetched while the history is checked.
        const std::uint64_t key = key_of(pos, ply);
        table_.prefetch(key);
        push_line(root_index_ + ply, pos);
        const HistoryEnd end = history_end(ply);
        if (ends_line(end)) {
            ++nodes_;
            return history_score(pos, ply, end);
        }
        // A position met again within the search neither ends a node by the table nor is stored:
        // its value depends on the path, and its first occurrence's entry, read here, feeds the
        // first occurrence's own value back to it around the cycle. A fail-high a shallow
        // iteration stored came back that way at every later one and read a position lost by 20
        // citizens as a draw up to depth 23 (test "a position met again in the search does not
        // take its value from the table").
        const bool again = end == HistoryEnd::Again;
        // Nothing can be better than a win now or worse than a loss now.
        alpha = std::max(alpha, -kWin + ply);
        beta = std::min(beta, kWin - ply - 1);
        if (alpha >= beta) return alpha;
        // One square to play from (at most two moves) costs no depth: such lines are forcing.
        const unsigned full = detail::full_squares(pos);
        if (options_.extensions && (full & (full - 1)) == 0 && ply < kMaxPly / 2 && depth > 0)
            ++depth;
        if (depth <= 0 || ply >= kMaxPly - 1) return quiescence(pos, alpha, beta, ply, 0);
        ++nodes_;
        seldepth_ = std::max(seldepth_, ply);
        if (stop_now()) return 0;

        const TtEntry* entry = table_.probe(key);
        std::uint8_t tt_move = 0;
        int static_eval = 0;
        bool have_eval = false;
        int tt_score = 0;
        int tt_depth = -1;  // none, or a bound from above
        if (entry != nullptr) {
            if (is_legal_code(pos, entry->move)) tt_move = entry->move;
            const int s = from_tt(entry->score, ply);
            if (entry->bound() != Bound::Upper) {
                tt_score = s;
                tt_depth = entry->depth;
            }
            const bool usable =
                options_.carried_cutoffs || entry->generation() == table_.generation();
            if (usable && !pv_node && !again && entry->depth >= depth &&
                (entry->bound() == Bound::Exact || (entry->bound() == Bound::Lower && s >= beta) ||
                 (entry->bound() == Bound::Upper && s <= alpha)))
                return s;
            static_eval = entry->eval;
            have_eval = true;
        }
        {
            int proven = 0;
            if (probe_tables(pos, ply, proven)) {
                table_.store(key, to_tt(proven, ply), 0, kMaxPly, Bound::Exact, 0);
                return proven;
            }
        }
        if (!have_eval) static_eval = evaluate_node(pos);

        // Reverse futility: far above beta near the leaves, a quiet search will not come back.
        if (options_.pruning && !pv_node && depth <= 3 && beta > -kProvenBound &&
            beta < kProvenBound && static_eval - options_.futility_margin * depth >= beta)
            return static_eval;

        const int alpha_in = alpha;
        int best = -kInfinity;
        std::uint8_t best_code = 0;
        int searched = 0;
        const auto side = static_cast<std::size_t>(rules::index(pos.side));

        // Singular extension: when the table's move holds a score that no other move reaches
        // within a margin at half the depth, the line is forcing, and its move gets one more ply.
        int extension = 0;
        if (options_.singular_margin > 0 && tt_move != 0 && depth >= 8 && ply < kMaxPly / 2 &&
            tt_depth >= depth - 3 && tt_score > -kProvenBound && tt_score < kProvenBound) {
            const int singular_beta = tt_score - options_.singular_margin * depth / 8;
            std::array<Child, 10> others;
            const int n = generate(pos, ply, tt_move, others);
            bool singular = n > 0;
            for (int i = 0; i < n && singular; ++i) {
                const int s = -node(others[static_cast<std::size_t>(i)].position, depth / 2 - 1,
                                    -singular_beta, -singular_beta + 1, ply + 1, false);
                if (aborted_) return 0;
                singular = s < singular_beta;
            }
            if (singular) extension = 1;
        }

        // Searches one child; returns true on a cutoff.
        auto visit = [&](const rules::Position& child, std::uint8_t code, int gain,
                         bool quiet) -> bool {
            int score = 0;
            if (searched == 0) {
                score = -node(child, depth - 1 + extension, -beta, -alpha, ply + 1, pv_node);
            } else {
                int reduction = 0;
                if (options_.reductions && quiet && depth >= 3 && searched >= 2 &&
                    !child.is_over()) {
                    reduction = reductions_[static_cast<std::size_t>(std::min(depth, 63))]
                                           [static_cast<std::size_t>(std::min(searched, 15))];
                    if (pv_node) reduction = std::max(0, reduction - 1);
                    reduction = std::min(reduction, depth - 2);
                }
                score = -node(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false);
                if (!aborted_ && reduction > 0 && score > alpha)
                    score = -node(child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                if (!aborted_ && pv_node && score > alpha && score < beta)
                    score = -node(child, depth - 1, -beta, -alpha, ply + 1, true);
            }
            (void)gain;
            ++searched;
            if (aborted_) return true;
            if (score > best) {
                best = score;
                best_code = code;
                if (score > alpha) {
                    alpha = score;
                    if (pv_node) update_pv(ply, code);
                    if (score >= beta) {
                        if (quiet) {
                            // Bounded by kHistoryMax: bonus minus a share of what is there.
                            int& h = history_[side][code];
                            const int bonus = std::min(depth * depth, 400);
                            h += bonus - h * bonus / kHistoryMax;
                            auto& k = killers_[u];
                            if (k[0] != code) {
                                k[1] = k[0];
                                k[0] = code;
                            }
                        }
                        return true;
                    }
                }
            }
            return false;
        };

        bool cut = false;
        if (tt_move != 0) {
            const rules::Position child = play_code(pos, tt_move);
            const int gain = gain_of(pos, child);
            cut = visit(child, tt_move, gain, gain <= 0);
        }
        if (!cut) {
            std::array<Child, 10> children;
            const int n = generate(pos, ply, tt_move, children);
            for (int i = 0; i < n && !cut; ++i) {
                const Child& c = pick_next(children, i, n);
                cut = visit(c.position, c.code, c.gain, c.gain <= 0);
            }
        }
        if (aborted_) return 0;
        const Bound bound = best >= beta      ? Bound::Lower
                            : best > alpha_in ? Bound::Exact
                                              : Bound::Upper;
        if (!again) table_.store(key, to_tt(best, ply), static_eval, depth, bound, best_code);
        return best;
    }

    // Calls add(child, move code) for every legal move, in legal_moves() order.
    template <class F>
    [[gnu::always_inline]] void for_each_child(const rules::Position& pos, F&& add) {
        for (unsigned mask = detail::full_squares(pos); mask != 0; mask &= mask - 1) {
            const auto sq = static_cast<std::uint8_t>(std::countr_zero(mask) + 1);
            const auto base = static_cast<std::uint8_t>(2 * (sq - 1) + 1);
            if (play_.left()) add(play_dir<-1>(pos, sq), base);
            if (play_.right()) add(play_dir<1>(pos, sq), static_cast<std::uint8_t>(base + 1));
        }
    }

    // Moves the best-ordered of children[i..n) to i and returns it: a selection sort, since the
    // cut usually comes early and most children are never sorted.
    static const Child& pick_next(std::array<Child, 10>& children, int i, int n) {
        int pick = i;
        for (int j = i + 1; j < n; ++j)
            if (children[static_cast<std::size_t>(j)].order >
                children[static_cast<std::size_t>(pick)].order)
                pick = j;
        std::swap(children[static_cast<std::size_t>(i)], children[static_cast<std::size_t>(pick)]);
        return children[static_cast<std::size_t>(i)];
    }

    // Plays every legal move but `skip` into `out` with its ordering key; returns how many.
    int generate(const rules::Position& pos, int ply, std::uint8_t skip,
                 std::array<Child, 10>& out) {
        int n = 0;
        const auto side = static_cast<std::size_t>(rules::index(pos.side));
        const auto& k = killers_[static_cast<std::size_t>(ply)];
        auto add = [&](const rules::Position& child, std::uint8_t code) {
            if (code == skip) return;
            Child& c = out[static_cast<std::size_t>(n++)];
            c.position = child;
            c.code = code;
            c.gain = gain_of(pos, child);
            table_.prefetch(key_of(child, ply + 1));
            c.order = c.gain * 2 * kHistoryMax + history_[side][code];
            if (c.gain <= 0 && (code == k[0] || code == k[1]))
                c.order += code == k[0] ? kHistoryMax + 2 : kHistoryMax + 1;
            if (child.is_over() && final_score(material_diff(child, quan_value_), 0) < 0)
                c.order += 1 << 24;
        };
        for_each_child(pos, add);
        return n;
    }

    int quiescence(const rules::Position& pos, int alpha, int beta, int ply, int qply) {
        ++nodes_;
        seldepth_ = std::max(seldepth_, ply);
        pv_length_[static_cast<std::size_t>(ply)] = 0;
        if (pos.is_over()) return final_score(material_diff(pos, quan_value_), ply);
        // A capture does not rule out a repetition: the opponent's refill can take the captured
        // citizens back out of the stores, and a cycle of captures and refills brings the whole
        // position back (test "a capture cycle ends by repetition inside the quiescence search
        // too"). So the line is kept here as in node(), which pushed the position of qply 0.
        if (qply > 0) {
            push_line(root_index_ + ply, pos);
            if (const HistoryEnd end = history_end(ply); ends_line(end))
                return history_score(pos, ply, end);
        } else if (ply_limit_ > 0 && root_index_ + ply >= ply_limit_) {
            return settled_score(pos, ply);
        }
        int proven = 0;
        if (qply > 0 && probe_tables(pos, ply, proven)) return proven;
        const int stand_pat = evaluate_node(pos);
        if (stand_pat >= beta || qply >= options_.quiescence_plies || ply >= kMaxPly - 1)
            return stand_pat;
        alpha = std::max(alpha, stand_pat);
        int best = stand_pat;
        std::array<Child, 10> children;
        int n = 0;
        auto add = [&](const rules::Position& child, std::uint8_t code) {
            const int gain = gain_of(pos, child);
            if (gain <= 0 && !child.is_over()) return;
            Child& c = children[static_cast<std::size_t>(n++)];
            c.position = child;
            c.code = code;
            c.gain = gain;
            c.order = child.is_over() ? 1 << 20 : gain;
        };
        for_each_child(pos, add);
        for (int i = 0; i < n; ++i) {
            const Child& c = pick_next(children, i, n);
            const int score = -quiescence(c.position, -beta, -alpha, ply + 1, qply + 1);
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (score >= beta) break;
                }
            }
        }
        return best;
    }

    const rules::Rules rules_;
    const R play_;
    TranspositionTable& table_;
    kit::SearchControl& control_;
    const EndgameTables* tables_;
    const EvalWeights weights_;
    const bool eval_tables_ = has_tables(weights_);  // the learned tables are in use
    const SearchOptions options_;
    const int quan_value_;
    const int root_index_;
    const int ply_limit_;
    const int contempt_;
    const std::optional<kit::Clock::duration> deadline_;
    const detail::ReductionTable reductions_;
    std::uint32_t checks_ = 0;

    rules::Position root_;
    std::vector<RootMove> root_moves_;
    rules::Move best_;
    std::vector<rules::Position> line_;  // history, root, then the search path
    std::vector<int>
        run_start_;  // where the stretch of line_[i] since the last irreversible change starts
    std::uint64_t nodes_ = 0;
    std::uint64_t table_hits_ = 0;
    std::uint64_t moves_made_ = 0;
    int seldepth_ = 0;
    bool aborted_ = false;
    std::array<std::array<std::uint8_t, 2>, kMaxPly + 1> killers_{};
    std::array<std::array<int, 11>, 2> history_{};
    std::array<std::array<std::uint8_t, kMaxPly + 1>, kMaxPly + 1> pv_{};
    std::array<int, kMaxPly + 2> pv_length_{};
};

}  // namespace oaq::engines::reference
