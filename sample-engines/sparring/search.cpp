// oaq-sparring's search: see search.hpp.
#include "search.hpp"

#include <algorithm>

namespace sparring {

namespace {

constexpr int kInfinity = 32000;
constexpr int kMaxQuiescence = 8;

std::uint8_t code(Move m) {
    return static_cast<std::uint8_t>(1 + (m.square - 1) * 2 + (m.dir > 0 ? 1 : 0));
}

Move decode(std::uint8_t c) {
    return {(c - 1) / 2 + 1, ((c - 1) % 2) != 0 ? 1 : -1};
}

int gained(const Board& before, const Board& after, int who) {
    return after.stones[who] + 10 * after.pieces[who] - before.stones[who] -
           10 * before.pieces[who];
}

}  // namespace

int evaluate(const Board& b) {
    const int me = b.side, opp = b.side ^ 1;
    int board = 0;
    for (int k = 1; k <= 5; ++k) board += b.pits[me * 6 + k] - b.pits[opp * 6 + k];
    return 100 * (b.score(me) - b.score(opp)) + 50 * board;
}

Searcher::Searcher(std::size_t hash_mb) {
    resize(hash_mb);
}

void Searcher::resize(std::size_t hash_mb) {
    std::size_t count = 1;
    while (count * 2 * sizeof(Entry) <= hash_mb * 1024 * 1024) count *= 2;
    table_.assign(count, Entry{});
}

void Searcher::clear() {
    std::fill(table_.begin(), table_.end(), Entry{});
}

int Searcher::terminal(const Board& b, int ply) const {
    const int r = b.result_for_mover();
    return r > 0 ? kMate - ply : r < 0 ? -(kMate - ply) : 0;
}

// The game's end at this node, if any: over on the board, the third occurrence of the position,
// or the ply limit (the last two settle the board, rules.md 4).
std::optional<int> Searcher::game_end(Board& b, int ply) {
    if (b.is_over()) return terminal(b, ply);
    const std::uint64_t h = path_.back();
    if (ply > 0 && std::count(path_.begin(), path_.end() - 1, h) >= 2) {
        b.finish(End::Repetition);
        return terminal(b, ply);
    }
    if (plies_left_ >= 0 && ply >= plies_left_) {
        b.finish(End::PlyLimit);
        return terminal(b, ply);
    }
    return std::nullopt;
}

bool Searcher::out_of_time() {
    if ((nodes_ & 1023) == 0) {
        if (stop_->load(std::memory_order_relaxed) ||
            (limits_.hard_deadline && std::chrono::steady_clock::now() >= *limits_.hard_deadline))
            aborted_ = true;
    }
    if (limits_.nodes != 0 && nodes_ >= limits_.nodes) aborted_ = true;
    return aborted_;
}

void Searcher::order(const Board& b, std::vector<Move>& moves, std::uint8_t first) const {
    std::vector<std::pair<int, Move>> keyed;
    for (const Move m : moves) {
        Board child = b;
        child.play(m, rules_);
        const int key = code(m) == first ? 1000000 : gained(b, child, b.side);
        keyed.emplace_back(key, m);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = keyed[i].second;
}

int Searcher::quiesce(const Board& b, int alpha, int beta, int ply, int qdepth) {
    ++nodes_;
    int best = evaluate(b);
    if (best >= beta || qdepth >= kMaxQuiescence) return best;
    alpha = std::max(alpha, best);
    for (const Move m : b.moves()) {
        Board child = b;
        child.play(m, rules_);
        if (gained(b, child, b.side) <= 0 && !child.is_over()) continue;  // captures only
        const int score = child.is_over() ? -terminal(child, ply + 1)
                                          : -quiesce(child, -beta, -alpha, ply + 1, qdepth + 1);
        if (score > best) best = score;
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
    }
    return best;
}

int Searcher::alphabeta(const Board& node, int depth, int alpha, int beta, int ply) {
    Board b = node;
    if (auto end = game_end(b, ply)) return *end;
    if (out_of_time()) return 0;
    if (depth <= 0) return quiesce(b, alpha, beta, ply, 0);
    ++nodes_;
    const std::uint64_t key = path_.back();
    Entry& e = table_[key & (table_.size() - 1)];
    std::uint8_t tt_move = 0;
    if (e.key == key) {
        tt_move = e.move;
        int s = e.score;
        if (s > kMateBound)
            s -= ply;
        else if (s < -kMateBound)
            s += ply;
        if (ply > 0 && e.depth >= depth &&
            (e.flag == 1 || (e.flag == 2 && s >= beta) || (e.flag == 3 && s <= alpha)))
            return s;
    }
    auto moves = b.moves();
    order(b, moves, tt_move);
    const int alpha0 = alpha;
    int best = -kInfinity;
    Move best_move = moves.front();
    for (const Move m : moves) {
        Board child = b;
        child.play(m, rules_);
        path_.push_back(child.hash());
        const int score = -alphabeta(child, depth - 1, -beta, -alpha, ply + 1);
        path_.pop_back();
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            best_move = m;
        }
        alpha = std::max(alpha, best);
        if (alpha >= beta) break;
    }
    int stored = best;
    if (stored > kMateBound)
        stored += ply;
    else if (stored < -kMateBound)
        stored -= ply;
    e = {key, static_cast<std::int16_t>(stored), static_cast<std::int8_t>(std::min(depth, 127)),
         static_cast<std::uint8_t>(best >= beta     ? 2
                                   : best <= alpha0 ? 3
                                                    : 1),
         code(best_move)};
    return best;
}

std::vector<Move> Searcher::principal_variation(Board b, int depth) const {
    std::vector<Move> pv;
    while (static_cast<int>(pv.size()) < depth && !b.is_over()) {
        const Entry& e = table_[b.hash() & (table_.size() - 1)];
        if (e.key != b.hash() || e.move == 0) break;
        const Move m = decode(e.move);
        if (!b.is_legal(m)) break;
        pv.push_back(m);
        b.play(m, rules_);
    }
    return pv;
}

Move Searcher::search(const Board& root, const RuleSet& rules,
                      const std::vector<std::uint64_t>& history, int plies_left,
                      const Limits& limits, const std::atomic<bool>& stop,
                      const std::function<void(const Report&)>& report) {
    rules_ = rules;
    path_ = history;
    plies_left_ = plies_left;
    limits_ = limits;
    stop_ = &stop;
    aborted_ = false;
    nodes_ = 0;
    auto moves = root.moves();
    Move best = moves.front();
    for (int depth = 1; depth <= limits.depth; ++depth) {
        const int score = alphabeta(root, depth, -kInfinity, kInfinity, 0);
        if (aborted_) break;
        const Entry& e = table_[path_.back() & (table_.size() - 1)];
        if (e.key == path_.back() && e.move != 0) best = decode(e.move);
        report({depth, score, nodes_, principal_variation(root, depth)});
        if (std::abs(score) > kMateBound && depth > kMate - std::abs(score)) break;
        if (limits.soft_deadline && std::chrono::steady_clock::now() >= *limits.soft_deadline)
            break;
    }
    return best;
}

}  // namespace sparring
