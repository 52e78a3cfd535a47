// The reference engine's search, behind a small interface: make_search() dispatches once on the
// rules (compiled_rules.hpp) to an instantiation of the alpha-beta search (search_impl.hpp), and
// the driver (reference_engine.cpp) runs its iterations. One Search serves one `go`: it owns the
// root, the game's history (for repetition) and the per-search tables (killers, history).
//
// Scores are centi-citizens for the side to move at the root. A proven result (the game ends by
// its rules, by repetition or by the ply limit within the search, or an endgame table knows the
// final score) scores kWin - plies for a win, -(kWin - plies) for a loss and 0 for a draw; a table
// result counts kTableDistance extra plies, since the table does not know how long the game lasts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "kit/search_control.hpp"
#include "reference/evaluation.hpp"
#include "reference/transposition_table.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::engines::reference {

class EndgameTables;

inline constexpr int kInfinity = 32000;
inline constexpr int kWin = 30000;
inline constexpr int kMaxPly = 128;
inline constexpr int kTableDistance = kMaxPly + 8;
// Scores beyond this bound are proven results: a win or loss with its distance in plies.
inline constexpr int kProvenBound = kWin - kMaxPly - kTableDistance - 16;

inline constexpr bool is_proven(int score) {
    return score > kProvenBound || score < -kProvenBound;
}
// Plies to the proven end (table results include kTableDistance), for `score mate`.
inline constexpr int proven_plies(int score) {
    return kWin - (score < 0 ? -score : score);
}

// Move codes 1..10 for the transposition table: 2 x (square - 1) + (R ? 1 : 0) + 1; 0 = none.
inline std::uint8_t move_code(rules::Move m) {
    return static_cast<std::uint8_t>(2 * (m.square - 1) + (m.direction == rules::Direction::R) + 1);
}
inline rules::Move code_move(std::uint8_t code) {
    const int c = code - 1;
    return rules::Move{static_cast<std::uint8_t>(c / 2 + 1),
                       c % 2 == 1 ? rules::Direction::R : rules::Direction::L};
}

// Switches for measuring and testing the parts of the search; the defaults are the engine.
struct SearchOptions {
    bool compiled = true;       // false: always the RuntimeRules fallback (tests compare them)
    bool reductions = true;     // late move reductions
    bool pruning = true;        // reverse futility pruning near the leaves
    bool extensions = false;    // one more ply where the side to move has one square to play
    int quiescence_plies = 8;   // capture plies after the horizon
    int contempt = 0;           // centi-citizens a draw costs the side to move at the root
    bool twofold = false;       // a position seen once before within the search ends it
    int singular_margin = 200;  // singular extension's margin at depth 8, centi-citizens; 0: off
    // A table entry written by an earlier search (the last move's) ends a node with its score;
    // off, it gives its move and evaluation only: a fail-low bound of a reduced search, carried
    // over, misjudged a lost position as a draw (test "a table bound from the previous search").
    bool carried_cutoffs = false;
    int lmr_divisor = 250;      // reduction = 0.5 + ln(depth) ln(move index) / (this / 100)
    int futility_margin = 150;  // reverse futility: centi-citizens per ply of depth
};

struct SearchSetup {
    rules::Rules rules;
    rules::Position root;                  // never over
    std::vector<rules::Position> history;  // the game before root, oldest first
    int ply_limit = 300;                   // 0: none; counted from history's first position
    EvalWeights weights;
    const EndgameTables* tables = nullptr;
    SearchOptions options;
    // The engine's own stop, earlier than the kit's hard limit (time since the search began).
    std::optional<kit::Clock::duration> deadline;
};

class Search {
  public:
    virtual ~Search() = default;

    // One iteration of nominal depth `depth` >= 1 in the window (alpha, beta): the score, exact
    // when strictly inside it, else a bound. When should_stop() ends it, aborted() is true and the
    // score means nothing; best_move() is then the best move the iteration had fully searched
    // with a score above its first move, or the previous iteration's.
    virtual int iterate(int depth, int alpha, int beta) = 0;
    virtual bool aborted() const = 0;
    virtual rules::Move best_move() const = 0;
    virtual std::vector<rules::Move> pv() const = 0;
    virtual std::uint64_t nodes() const = 0;
    virtual int seldepth() const = 0;
    virtual std::uint64_t table_hits() const = 0;
    // Moves played (children made, as perft counts them), for speed figures.
    virtual std::uint64_t moves_made() const = 0;
    virtual std::size_t root_move_count() const = 0;
    // Whether the rules were compiled in (StaticRules) rather than the run-time fallback.
    virtual bool compiled() const = 0;
};

std::unique_ptr<Search> make_search(const SearchSetup& setup, TranspositionTable& table,
                                    kit::SearchControl& control);

}  // namespace oaq::engines::reference
