// Tuner: fits the evaluation's weights (evaluation.hpp) to game results, Texel-style: the
// probability that the side to move wins is taken as sigmoid(K x eval / 100), K is fitted first
// with the starting weights, then every weight but the material unit is fitted by full-batch Adam
// on the mean squared error between that probability and the result (1 win, 1/2 draw, 0 loss).
// Deterministic: the same games, seed and configuration give the same weights on every machine
// (the sample is drawn with the seed by rng() % n, the sums run in a fixed order).
// Pure: samples in, weights out. Reading games from a results database is the tool's business
// (bench/tuning/tune_main.cpp, through oaq_store).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/evaluation.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::engines::reference {

struct TuningSample {
    Features features{};
    double result = 0.5;  // for the side to move
    // For the learned tables (bench/tuning/fit_eval.py, through `oaq-tune --dump`): the entries
    // the position uses, the side to move's final score minus the opponent's, and the score the
    // engine to move reported for it (centi-citizens; none for a mate score or no report).
    TableTerms terms{};
    int final_margin = 0;
    std::optional<int> search_cp;
};

struct TuningConfig {
    std::uint64_t seed = 1;
    std::size_t max_samples = 400'000;  // drawn with the seed when there are more
    double validation_share = 0.1;      // held out, to report the fit on unseen positions
    int iterations = 2000;
    double learning_rate = 0.5;  // centi-citizens per step (Adam)
    int skip_plies = 2;          // positions of a game's first plies are the book's
    bool quiet_only = false;     // skip positions where the side to move can capture
};

// Appends the positions of one game (from `start`, with `moves`, ending in `result`) to `out`:
// every position to move in after the first `skip_plies`, with quiet_only those where no move of
// the side to move captures (the static evaluation is meant for quiet positions).
// `search_cp`, when given, holds for each move the score its engine reported (as above).
void add_game(const rules::Rules& rules, const rules::Position& start,
              const std::vector<rules::Move>& moves, rules::Result result,
              const TuningConfig& config, std::vector<TuningSample>& out,
              const std::vector<std::optional<int>>& search_cp = {});

struct TuningResult {
    EvalWeights weights;
    double k = 1.0;
    double train_loss_before = 0;
    double train_loss_after = 0;
    double validation_loss_before = 0;
    double validation_loss_after = 0;
    std::size_t train_samples = 0;
    std::size_t validation_samples = 0;
};

TuningResult fit(std::vector<TuningSample> samples, const EvalWeights& start,
                 const TuningConfig& config);

// A short report of a fit, for the tool and the README.
std::string describe(const TuningResult& result);

}  // namespace oaq::engines::reference
