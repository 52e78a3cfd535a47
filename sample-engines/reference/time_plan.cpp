#include "reference/time_plan.hpp"

#include <algorithm>
#include <cmath>

namespace oaq::engines::reference {

TimePlan::TimePlan(const kit::SearchLimits& limits, std::size_t root_moves,
                   Duration movetime_margin, bool partial, kit::GameProgress progress)
    : limits_(limits),
      movetime_margin_(movetime_margin),
      timed_(!limits.infinite && limits.hard_time.has_value()),
      clock_(timed_ && limits.soft_time && *limits.soft_time < *limits.hard_time),
      forced_(root_moves == 1),
      partial_(partial),
      moves_to_go_(kit::moves_to_go(kMovesToGo, progress,
                                    limits.increment.value_or(kit::Milliseconds{0}))) {}

bool TimePlan::may_start(int depth, const kit::SearchControl& control) const {
    return may_start(depth, control.elapsed(), control.stop_requested());
}

bool TimePlan::may_start(int depth, Duration elapsed, bool stop_requested) const {
    if (stop_requested) return false;
    if (limits_.depth && depth > *limits_.depth) return false;
    if (!timed_ || depth == 1) return true;
    if (forced_) return false;
    if (partial_ && !clock_) return elapsed < *deadline();
    if (elapsed + predicted_next() > *deadline()) return false;
    return !clock_ || elapsed < target();
}

std::optional<TimePlan::Duration> TimePlan::deadline() const {
    if (!timed_) return std::nullopt;
    const Duration hard = *limits_.hard_time;
    Duration own = hard;
    if (clock_ && limits_.time_left) {
        const Duration left = *limits_.time_left;
        own = std::max(Duration(left / 2), Duration(left - std::chrono::milliseconds(100)));
    } else if (!clock_) {
        // movetime: the kit's hard limit is T less its margin; T itself is not in the limits, but
        // the margin is small, so hard stands for T. Measured: with max(3/4 x hard, hard - 20 ms)
        // instead, 37 of 924 games at movetime=50 were lost on time under a load average of 15.
        // The margin (option MoveMargin, 15 ms) was 50 ms: the engine then used 12-40 ms of 100.
        own = std::max(Duration(hard / 2), Duration(hard - movetime_margin_));
    }
    return std::min(own, hard);
}

TimePlan::Duration TimePlan::predicted_next() const {
    if (total_nodes_ > 0 && last_nodes_ > 0) {
        const double per_node =
            static_cast<double>(last_end_.count()) / static_cast<double>(total_nodes_);
        return Duration(
            static_cast<Duration::rep>(static_cast<double>(last_nodes_) * node_growth_ * per_node));
    }
    return std::chrono::duration_cast<Duration>(last_duration_ * growth_);
}

TimePlan::Duration TimePlan::target() const {
    if (!timed_) return Duration::zero();
    Duration soft = *limits_.soft_time;
    if (clock_ && limits_.time_left) {
        // Games from the books are short: fewer moves than the kit's 25 (moves_to_go()).
        soft = *limits_.time_left / moves_to_go() +
               std::chrono::duration_cast<Duration>(
                   limits_.increment.value_or(kit::Milliseconds{0}) * 0.8);
    }
    const Duration hard = *limits_.hard_time;
    const auto stretched = std::chrono::duration_cast<Duration>(soft * instability_);
    return std::clamp(stretched, std::min(Duration(soft / 2), hard), hard);
}

void TimePlan::iteration_done(int depth, int score, rules::Move best, Duration elapsed,
                              std::uint64_t nodes) {
    const Duration duration = elapsed - last_end_;
    if (nodes > total_nodes_) {
        const std::uint64_t these = nodes - total_nodes_;
        // Iterations of a few hundred nodes say little about growth.
        if (last_nodes_ >= 256) {
            const double ratio = static_cast<double>(these) / static_cast<double>(last_nodes_);
            node_growth_ = std::clamp(0.5 * node_growth_ + 0.5 * ratio, 1.2, 6.0);
        }
        last_nodes_ = these;
        total_nodes_ = nodes;
    }
    // Iterations under a millisecond say little about growth.
    if (iterations_ > 0 && last_duration_ > std::chrono::milliseconds(1)) {
        const double ratio =
            static_cast<double>(duration.count()) /
            static_cast<double>(std::max<Duration::rep>(last_duration_.count(), 1));
        growth_ = std::clamp(0.5 * growth_ + 0.5 * ratio, 1.2, 6.0);
    }
    changes_ *= 0.5;
    if (iterations_ > 0 && !(best == last_best_)) changes_ += 1.0;
    double factor = 0.75 + 0.9 * changes_;
    if (iterations_ > 0 && score < last_score_ - 50) factor += 0.4;
    if (iterations_ > 0 && score < last_score_ - 150) factor += 0.4;
    instability_ = std::clamp(factor, 0.6, 2.5);
    (void)depth;
    last_duration_ = duration;
    last_end_ = elapsed;
    last_score_ = score;
    last_best_ = best;
    ++iterations_;
}

}  // namespace oaq::engines::reference
