// oaq-sparring's search, the one an outside author writes in an afternoon from the spec: iterative
// deepening, plain fail-soft alpha-beta, a transposition table (always replace), the table's move
// first and then captures, and a quiescence search over captures only. The evaluation is the score
// difference (rules.md 4.2) plus half a citizen for each citizen on one's own squares (they are
// one's own at settlement). The game's ends are terminal nodes: the board, refills, the third
// occurrence of a position and the ply limit (rules.md 4). No I/O: the caller prints the reports.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "board.hpp"

namespace sparring {

struct Limits {
    int depth = 100;
    std::uint64_t nodes = 0;                                             // 0: no limit
    std::optional<std::chrono::steady_clock::time_point> hard_deadline;  // stop the search
    std::optional<std::chrono::steady_clock::time_point> soft_deadline;  // no new iteration
};

struct Report {  // one completed iteration
    int depth = 0;
    int score = 0;  // centi-citizens for the side to move, or a mate score
    std::uint64_t nodes = 0;
    std::vector<Move> pv;
};

constexpr int kMate = 30000;
constexpr int kMateBound = kMate - 1000;  // |score| above it: a forced end of the game

class Searcher {
  public:
    explicit Searcher(std::size_t hash_mb = 16);
    void resize(std::size_t hash_mb);
    void clear();
    // `history`: the hashes of the game's positions from its start, the root last; `plies_left`:
    // plies before the ply limit ends the game (negative: no limit).
    Move search(const Board& root, const RuleSet& rules, const std::vector<std::uint64_t>& history,
                int plies_left, const Limits& limits, const std::atomic<bool>& stop,
                const std::function<void(const Report&)>& report);

  private:
    struct Entry {
        std::uint64_t key = 0;
        std::int16_t score = 0;
        std::int8_t depth = -1;
        std::uint8_t flag = 0;  // 1 exact, 2 lower bound, 3 upper bound
        std::uint8_t move = 0;  // 0 none, else 1 + (square - 1) * 2 + (dir > 0)
    };
    int alphabeta(const Board& b, int depth, int alpha, int beta, int ply);
    int quiesce(const Board& b, int alpha, int beta, int ply, int qdepth);
    int terminal(const Board& b, int ply) const;
    std::optional<int> game_end(Board& b, int ply);
    void order(const Board& b, std::vector<Move>& moves, std::uint8_t first) const;
    bool out_of_time();
    std::vector<Move> principal_variation(Board b, int depth) const;

    std::vector<Entry> table_;
    RuleSet rules_;
    std::vector<std::uint64_t> path_;  // game history then the search path
    int plies_left_ = -1;
    Limits limits_;
    const std::atomic<bool>* stop_ = nullptr;
    bool aborted_ = false;
    std::uint64_t nodes_ = 0;
};

int evaluate(const Board& b);

}  // namespace sparring
