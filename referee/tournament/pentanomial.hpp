// Head-to-head statistics: the trinomial (wins, draws, losses) and pentanomial (scores of
// colour-swapped game pairs) counts of two engines, the Elo difference they imply with its 95%
// interval, and the likelihood of superiority. These are the standard fishtest/fastchess estimates:
// paired games with the same opening are correlated, so when pairs exist the variance comes from
// the pair scores (pentanomial), which is both honest and narrower than the per-game variance.
//
// Pure: no I/O. An estimate never contains an infinity: a 100% or 0% score has no estimate.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "tournament/rating.hpp"

namespace oaq::tournament {

// Game outcomes from one side's point of view.
struct Trinomial {
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;

    std::int64_t games() const { return wins + draws + losses; }
    double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
    // Counts one game in which this side took `points` (1, 1/2 or 0).
    void add(double points) {
        if (points == 1.0)
            ++wins;
        else if (points == 0.0)
            ++losses;
        else
            ++draws;
    }
    friend bool operator==(const Trinomial&, const Trinomial&) = default;
};

// counts[k]: colour-swapped pairs in which the side scored k/2 points over the two games
// (0: LL, 1: LD, 2: DD or WL, 3: WD, 4: WW), the order fishtest uses.
struct Pentanomial {
    std::array<std::int64_t, 5> counts{};

    std::int64_t pairs() const;
    friend bool operator==(const Pentanomial&, const Pentanomial&) = default;
};

// An Elo difference and the half-width of its 95% interval.
struct EloEstimate {
    double elo = 0.0;
    double error = 0.0;
};

// Mean score per game m and its standard error e (from the per-game variance for a trinomial,
// from the per-pair variance for a pentanomial); elo = elo_from_score(m) and
// error = (elo_from_score(m + 1.96 e) - elo_from_score(m - 1.96 e)) / 2 (fishtest's get_elo,
// interval ends clamped to [0.001, 0.999], but without its regularisation of empty cells).
// Nothing when there are no games or the score is 0 or 1.
std::optional<EloEstimate> elo_estimate(const Trinomial& t);
std::optional<EloEstimate> elo_estimate(const Pentanomial& p);

// Likelihood of superiority from wins and losses (draws carry no information on who is better):
// LOS = Phi((W - L) / sqrt(W + L)) = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2; 0.5 when W + L = 0.
double likelihood_of_superiority(const Trinomial& t);

// Everything about engines `a` < `b`, from a's point of view.
struct PairStats {
    int a = 0;
    int b = 0;
    Trinomial results;
    Pentanomial pairs;                // complete pairs: two games sharing a pair id, sides swapped
    std::int64_t unpaired_games = 0;  // in `results` but in no complete pair (no id, lone, odd)
    double points = 0.0;              // a's points over all games
    std::optional<EloEstimate> elo;   // from the complete pairs if any, else from all games
    double los = 0.5;                 // likelihood that a is stronger than b
};

// cells[i][k]: engine i's games against engine k, from i's side (the crosstable). Games with
// out-of-range engines are ignored.
std::vector<std::vector<Trinomial>> crosstable(int engines, std::span<const GameResult> games);

// Statistics for every pair of engines that met, ordered by (a, b). Games with out-of-range
// engines are ignored (fit_ratings reports them). A pair id groups exactly two games of the same
// two engines with the sides swapped; any other use of an id leaves those games unpaired.
std::vector<PairStats> pair_statistics(int engines, std::span<const GameResult> games);

}  // namespace oaq::tournament
