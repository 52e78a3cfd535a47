// ReferenceEngine (oaq-reference): the strongest sample engine. Iterative deepening over the
// search of search.hpp (compiled rules, transposition table, reductions, exact repetition and
// ply limit), aspiration windows, a tuned evaluation (evaluation.hpp), optional endgame tables
// (endgame_table.hpp, option TablePath) and time management that never starts an iteration it
// does not expect to finish and spends more while the best move is unstable.
// Options: Hash (MB), TablePath, EvalFile, Clear Hash; the kit adds Rules and PlyLimit.
// Messages about tables and weight files (refused, loaded) go out as `info string` at the next
// search, since option callbacks have no output.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kit/engine.hpp"
#include "reference/endgame_table.hpp"
#include "reference/evaluation.hpp"
#include "reference/search.hpp"
#include "reference/transposition_table.hpp"

namespace oaq::engines {

class ReferenceEngine : public kit::Engine {
  public:
    ReferenceEngine() = default;

    std::string name() const override { return "oaq-reference"; }
    void declare_options(kit::Options& options) override;
    void new_game() override { table_.clear(); }
    rules::Move search(const kit::SearchRequest& request, kit::SearchControl& control) override;

    // What the last search did, for tests and the bench.
    struct Summary {
        int depth = 0;  // last completed iteration
        int score = 0;
        std::uint64_t nodes = 0;
        std::uint64_t table_hits = 0;
        std::uint64_t moves_made = 0;
        bool compiled = false;
        std::vector<rules::Move> pv;
    };
    const Summary& last() const { return last_; }

    // Parts of the search can be switched off (tests compare the compiled and run-time rules).
    reference::SearchOptions& search_options() { return search_options_; }
    void set_weights(const reference::EvalWeights& weights) { weights_ = weights; }
    // Tables to probe instead of those found through TablePath (tests, tools).
    void set_tables(std::shared_ptr<const reference::EndgameTables> tables);

  private:
    // The tables for `rules` from TablePath, loading them the first time (messages for
    // info strings are appended to pending_).
    const reference::EndgameTables* tables_for(const rules::Rules& rules);

    reference::TranspositionTable table_{16};
    reference::EvalWeights weights_;
    reference::SearchOptions search_options_;
    int move_margin_ms_ = 15;  // option MoveMargin: movetime deadline max(T/2, T - this)
    // option PartialIterations: under movetime, iterations start while time is left (TimePlan)
    bool partial_iterations_ = false;
    std::string table_path_;
    std::shared_ptr<const reference::EndgameTables> tables_;
    bool tables_fixed_ = false;  // set_tables() was called
    std::string tables_key_;     // rules and path the loaded tables were looked up for
    std::vector<std::string> pending_;
    Summary last_;
};

}  // namespace oaq::engines
