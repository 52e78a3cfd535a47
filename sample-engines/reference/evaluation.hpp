// Static evaluation of the reference engine: a linear sum of features of a position, in
// centi-citizens for the side to move (the protocol's `cp`: 100 = one citizen of score
// difference). Feature 0 is the score difference of RULES.md section 4 (weight fixed at 100, the
// unit); the other weights were fitted on self-play games (bench/tuning, sample-engines/README.md)
// and can be replaced with the EvalFile option. Every feature is "mine minus the opponent's" or a
// property of the side to move, so evaluate() of a position is the negation of the same position
// with the other side to move only where the position is symmetric. Pure and allocation-free.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"

namespace oaq::engines::reference {

enum Feature : int {
    kMaterial,          // score difference (stores, pieces x quan_value, debts)
    kBoard,             // citizens on my squares - on the opponent's
    kBoardNoPiece,      // kBoard when both pieces are captured (the end is near: it settles)
    kBoardOnePiece,     // kBoard when one piece is left
    kEmptySquares,      // my empty squares - the opponent's
    kSingletons,        // my squares holding one citizen - the opponent's
    kBigSquares,        // my squares holding 10 or more - the opponent's (laps)
    kTempo,             // 1: the side to move
    kRefillSoon,        // my squares hold <= 2 citizens (a refill costs 5) - the opponent's
    kOpenMandarin,      // value of mandarin pits next to an empty square (a gap before them)
    kMandarinCitizens,  // citizens in the mandarin pits (nobody's yet; the side to move is nearer)
    kMyThreat,          // the biggest first capture of one of my moves without a relay
    kTheirThreat,       // the same for the opponent, were it his move
    kFeatureCount
};

inline constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "material",          "board",       "board_no_piece", "board_one_piece", "empty_squares",
    "singletons",        "big_squares", "tempo",          "refill_soon",     "open_mandarin",
    "mandarin_citizens", "my_threat",   "their_threat"};

using Features = std::array<int, kFeatureCount>;

// The learned tables, the model's second part: what a square's citizens are worth by whose
// square it is, where it is (squares 1..5 in the side's own numbering), how many citizens it holds
// (0..14, 15 for 15 or more) and how many mandarin pieces are left (0, 1, 2); and what a mandarin
// pit is worth by which it is (next to the side to move's square 1 or square 5), whether its piece
// is there and its citizens. Where a sowing of c citizens from square s ends decides much of a
// square's worth, which no sum of counts says. bench/tuning/fit_eval.py fits them with the linear
// weights to self-play positions labelled by the results and the search; they are loaded with
// EvalFile. The shipped weights have none: every fit so far played worse than the linear model
// (bench/engines/RESULTS.md, "Learned tables"), so the tables are 0 and evaluate() skips them.
inline constexpr int kCountBuckets = 16;
inline constexpr int kSquareTable = 3 * 2 * 5 * kCountBuckets;  // [pieces][mine|theirs][square][n]
inline constexpr int kMandarinTable = 2 * 2 * kCountBuckets;    // [next to 1|5][piece][n]
inline constexpr int kTableWeights = kSquareTable + kMandarinTable;
inline constexpr int kTableTerms = 12;  // one entry per square (10) and mandarin pit (2)

using TableWeights = std::array<std::int16_t, kTableWeights>;
using TableTerms = std::array<std::int16_t, kTableTerms>;

// The table entries `p` uses, for its side to move.
TableTerms table_terms(const rules::Position& p);

// The entry's name in a weights file: `sq_p2_me_s3_n7` (2 pieces left, my square 3 holding 7),
// `qu_s5_piece_n4` (the mandarin pit next to my square 5, its piece there, 4 citizens).
std::string table_weight_name(int entry);

struct EvalWeights {
    // Centi-citizens per unit of each feature, and per table entry. The defaults are the weights
    // oaq-tune fitted (sample-engines/README.md, "Tuning"), starting from kHandWeights; no tables.
    std::array<int, kFeatureCount> w = {100, -15, -69, 66, -452, -253, -153,
                                        21,  -6,  -5,  7,  90,   -54};
    TableWeights table{};

    friend bool operator==(const EvalWeights&, const EvalWeights&) = default;
};

// The hand-set weights the engine had before tuning, where oaq-tune starts.
inline constexpr EvalWeights kHandWeights{{100, 50, 30, 10, 0, 0, 0, 0, -50, 0, 0, 20, -40}, {}};

// Whether any table entry is set (evaluate() adds the tables only then).
bool has_tables(const EvalWeights& weights);

// The features of `p` for its side to move.
Features features(const rules::Position& p, int quan_value);

// sum of weights x features plus the table entries used: centi-citizens for the side to move.
// Never reaches the proven-result range (|score| < 20000 for any position of at most 200
// citizens).
int evaluate(const rules::Position& p, int quan_value, const EvalWeights& weights);
// The same, adding the tables only `with_tables`: the search passes has_tables(weights), asked
// once per search, so a model without tables does not pay for looking them up at every node.
int evaluate(const rules::Position& p, int quan_value, const EvalWeights& weights,
             bool with_tables);

// Score difference for the side to move (section 4, without settlement): feature kMaterial.
inline int material_diff(const rules::Position& p, int quan_value) {
    const auto me = static_cast<std::size_t>(rules::index(p.side));
    const auto them = 1 - me;
    return p.store_citizens[me] + quan_value * p.store_pieces[me] - p.debt[me] + p.debt[them] -
           (p.store_citizens[them] + quan_value * p.store_pieces[them] - p.debt[them] + p.debt[me]);
}

// Weights as text: one `name value` per line; parse_weights reads it back. Unknown names and
// missing linear weights are errors; a table entry a file does not name is 0, so a file of the
// linear weights alone (the format before the tables) is the linear model it always was.
std::string format_weights(const EvalWeights& weights);
Expected<EvalWeights> parse_weights(std::string_view text);

}  // namespace oaq::engines::reference
