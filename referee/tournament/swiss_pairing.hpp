// Swiss pairing: one round of a Swiss tournament from the field as it stands (points, seeds,
// byes had, pairings played), by maximum-weight matching over the engines (Boost.Graph's
// maximum_weighted_matching). Pure: no I/O, no randomness; the same field always gives the same
// round, which is what lets a resumed Swiss pair every round as an uninterrupted one.
//
// The weights order what a round wants, each goal strictly before the next (weight = a constant
// larger than every penalty, minus the penalties, so every complete pairing outweighs every
// incomplete one):
//   1. a complete pairing (every engine paired, or the one bye of an odd field);
//   2. no second bye for an engine (possible while the rounds are at most the engines);
//   3. the fewest repeat pairings: none while a complete pairing without one exists;
//   4. the bye to the lowest-placed engine without one (placed by points, then by seed);
//   5. equal scores: the sum of the squared score differences of the pairs is least;
//   6. close seeds: the sum of the seed differences of the pairs is least.
// Boost 1.74's implementation has known faults on some graphs (boostorg/graph#399): its answer is
// checked to be a complete matching, and a field of up to kExactLimit engines is paired by an
// exact search instead when it is not.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "common/expected.hpp"

namespace oaq::tournament {

// The field before a round. Engines are 0..n-1.
struct SwissField {
    std::vector<int> half_points;       // points x 2 (byes included)
    std::vector<int> seed;              // 0 is the top seed; a permutation of 0..n-1
    std::vector<bool> had_bye;          // at most one bye per engine while another can take it
    std::vector<std::vector<int>> met;  // met[a][b]: pairings a and b have played
};

struct SwissRound {
    // Each pair with the better-placed engine (more points, then the better seed) first.
    std::vector<std::pair<int, int>> pairs;
    std::optional<int> bye;
    int repeats = 0;  // pairs that met before, and a bye to an engine that had one
};

// Engines that can be paired exactly when Boost's matching is not complete.
inline constexpr int kExactLimit = 20;

// Pairs one round. Fails for a field of fewer than two engines or inconsistent sizes.
Expected<SwissRound> pair_swiss_round(const SwissField& field);

// The weight of every possible pair and of each bye for `field` (exposed for tests): the matching
// maximises their sum. `weights[a][b]` for a != b; `bye[a]` when the field is odd.
struct SwissWeights {
    std::vector<std::vector<long long>> pair;
    std::vector<long long> bye;
};
Expected<SwissWeights> swiss_weights(const SwissField& field);

// The best complete pairing for `weights` by exhaustive search (n <= kExactLimit): the check the
// property test holds Boost's answer to, and the fallback.
SwissRound exact_swiss_round(const SwissField& field, const SwissWeights& weights);

// Whether `round` pairs every engine of `field` once (or gives it the bye).
bool is_complete(const SwissField& field, const SwissRound& round);

// The total weight of a round under `weights`.
long long round_weight(const SwissWeights& weights, const SwissRound& round);

}  // namespace oaq::tournament
