// AlphaBetaEngine (oaq-alphabeta): iterative deepening negamax with alpha-beta and principal
// variation search, a transposition table (option Hash, MB), move ordering (table move, then the
// immediate material gain, killer moves, history), and a capture-only quiescence search at the
// horizon so a search never stops in the middle of an exchange. Evaluation: evaluation.hpp.
// Finished games score exactly (mate scores); repetition and the ply limit, which need the game's
// history, are ignored. Reports `info depth seldepth score nodes nps time pv` after each iteration.
#pragma once

#include <cstdint>

#include "alphabeta/evaluation.hpp"
#include "alphabeta/transposition_table.hpp"
#include "kit/engine.hpp"

namespace oaq::engines {

class AlphaBetaEngine : public kit::Engine {
  public:
    AlphaBetaEngine() = default;

    std::string name() const override { return "oaq-alphabeta"; }
    void declare_options(kit::Options& options) override;
    void new_game() override { table_.clear(); }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;

    // Nodes of the last search, for tests and benchmarks.
    std::uint64_t last_nodes() const { return last_nodes_; }
    int last_score() const { return last_score_; }

  private:
    alphabeta::TranspositionTable table_{16};
    alphabeta::EvalWeights weights_;
    int quiescence_plies_ = 8;
    std::uint64_t last_nodes_ = 0;
    int last_score_ = 0;
};

}  // namespace oaq::engines
