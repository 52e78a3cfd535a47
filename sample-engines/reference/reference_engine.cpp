#include "reference/reference_engine.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "reference/time_plan.hpp"
#include "rules/turn.hpp"

namespace oaq::engines {

namespace ref = reference;

namespace {

protocol::Score to_protocol_score(int score) {
    if (!ref::is_proven(score)) return {protocol::Score::Kind::Cp, score};
    if (score == 0) return {protocol::Score::Kind::Cp, 0};
    const int plies = ref::proven_plies(score);
    return {protocol::Score::Kind::Mate, score > 0 ? plies : -plies};
}

}  // namespace

void ReferenceEngine::declare_options(kit::Options& options) {
    options.add_spin("Hash", 16, 1, 4096,
                     [this](long long mb) { table_.resize(static_cast<std::size_t>(mb)); });
    options.add_string("TablePath", "", [this](const std::string& path) {
        table_path_ = path;
        tables_key_.clear();
    });
    options.add_string("EvalFile", "", [this](const std::string& path) {
        if (path.empty()) {
            weights_ = ref::EvalWeights{};
            return;
        }
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        auto parsed = in ? ref::parse_weights(text.str())
                         : Expected<ref::EvalWeights>(fail("cannot read " + path));
        if (!parsed) {
            pending_.push_back("EvalFile refused, keeping the built-in weights: " +
                               parsed.error().message);
            weights_ = ref::EvalWeights{};
            return;
        }
        weights_ = *parsed;
        pending_.push_back("EvalFile " + path + " loaded");
    });
    options.add_button("Clear Hash", [this] { table_.clear(); });
    // For measuring the parts of the search against each other (sample-engines/README.md).
    options.add_check("Reductions", true, [this](bool on) { search_options_.reductions = on; });
    options.add_check("Pruning", true, [this](bool on) { search_options_.pruning = on; });
    options.add_spin("Contempt", search_options_.contempt, -1000, 1000,
                     [this](long long cp) { search_options_.contempt = static_cast<int>(cp); });
    options.add_check("Extensions", false, [this](bool on) { search_options_.extensions = on; });
    options.add_check("Twofold", search_options_.twofold,
                      [this](bool on) { search_options_.twofold = on; });
    options.add_spin(
        "SingularMargin", search_options_.singular_margin, 0, 2000,
        [this](long long v) { search_options_.singular_margin = static_cast<int>(v); });
    options.add_check("CarriedCutoffs", search_options_.carried_cutoffs,
                      [this](bool on) { search_options_.carried_cutoffs = on; });
    options.add_spin("LmrDivisor", search_options_.lmr_divisor, 50, 2000,
                     [this](long long v) { search_options_.lmr_divisor = static_cast<int>(v); });
    options.add_spin(
        "FutilityMargin", search_options_.futility_margin, 0, 2000,
        [this](long long v) { search_options_.futility_margin = static_cast<int>(v); });
    options.add_spin("MoveMargin", move_margin_ms_, 0, 1000,
                     [this](long long v) { move_margin_ms_ = static_cast<int>(v); });
    options.add_check("PartialIterations", partial_iterations_,
                      [this](bool on) { partial_iterations_ = on; });
    options.add_spin(
        "QuiescencePlies", search_options_.quiescence_plies, 0, 32,
        [this](long long q) { search_options_.quiescence_plies = static_cast<int>(q); });
}

void ReferenceEngine::set_tables(std::shared_ptr<const ref::EndgameTables> tables) {
    tables_ = std::move(tables);
    tables_fixed_ = true;
}

const ref::EndgameTables* ReferenceEngine::tables_for(const rules::Rules& rules) {
    if (tables_fixed_) return tables_ && tables_->covers(rules) ? tables_.get() : nullptr;
    if (table_path_.empty()) return nullptr;
    const std::string key = rules::expanded(rules) + "\n" + table_path_;
    if (key != tables_key_) {
        tables_key_ = key;
        tables_.reset();
        auto loaded = ref::EndgameTables::find(table_path_, rules);
        if (loaded) {
            tables_ = std::make_shared<const ref::EndgameTables>(std::move(*loaded));
            pending_.push_back("tables: " + tables_->describe());
        } else {
            pending_.push_back("tables: none used: " + loaded.error().message);
        }
    }
    return tables_.get();
}

rules::Move ReferenceEngine::search(const kit::SearchRequest& request,
                                    kit::SearchControl& control) {
    ref::SearchSetup setup;
    setup.rules = request.rules;
    setup.root = request.position;
    setup.history = request.history;
    setup.ply_limit = request.ply_limit;
    setup.weights = weights_;
    setup.tables = tables_for(request.rules);
    setup.options = search_options_;
    for (auto& message : pending_) control.info_string(std::move(message));
    pending_.clear();

    const std::size_t root_moves = rules::legal_moves(request.position, request.rules).size();
    ref::TimePlan plan(request.limits, root_moves, std::chrono::milliseconds(move_margin_ms_),
                       partial_iterations_, request.progress());
    setup.deadline = plan.deadline();

    table_.new_search();
    auto search = ref::make_search(setup, table_, control);
    last_ = Summary{};
    last_.compiled = search->compiled();

    int score = 0;
    for (int depth = 1; depth < ref::kMaxPly - 8; ++depth) {
        if (!plan.may_start(depth, control)) break;
        // Aspiration: a window around the last score, widened on each failure.
        int delta = 60;
        int alpha = -ref::kInfinity;
        int beta = ref::kInfinity;
        if (depth >= 5 && !ref::is_proven(score)) {
            alpha = std::max(score - delta, -ref::kInfinity);
            beta = std::min(score + delta, ref::kInfinity);
        }
        int result = 0;
        while (true) {
            result = search->iterate(depth, alpha, beta);
            if (search->aborted()) break;
            if (result <= alpha && alpha > -ref::kInfinity) {
                beta = (alpha + beta) / 2;
                alpha = std::max(result - delta, -ref::kInfinity);
            } else if (result >= beta && beta < ref::kInfinity) {
                beta = std::min(result + delta, ref::kInfinity);
            } else {
                break;
            }
            delta *= 2;
            if (delta > 1000) {
                alpha = -ref::kInfinity;
                beta = ref::kInfinity;
            }
        }
        if (search->aborted()) break;
        score = result;
        plan.iteration_done(depth, score, search->best_move(), control.elapsed(), search->nodes());

        last_.depth = depth;
        last_.score = score;
        last_.pv = search->pv();
        protocol::Info info;
        info.depth = depth;
        info.seldepth = search->seldepth();
        info.score = to_protocol_score(score);
        info.nodes = search->nodes();
        for (const rules::Move m : last_.pv) info.pv.push_back(rules::to_string(m));
        control.info(info);

        // A proven result within this depth needs no deeper search on a clock.
        if (plan.is_timed() && ref::is_proven(score) && score != 0 &&
            ref::proven_plies(score) <= depth)
            break;
    }
    last_.nodes = search->nodes();
    last_.table_hits = search->table_hits();
    last_.moves_made = search->moves_made();
    if (tables_ != nullptr && setup.tables != nullptr)
        control.info_string("table hits " + std::to_string(last_.table_hits));
    return search->best_move();
}

}  // namespace oaq::engines
