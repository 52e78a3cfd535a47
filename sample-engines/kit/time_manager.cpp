#include "kit/time_manager.hpp"

#include <algorithm>

namespace oaq::kit {

namespace {

Milliseconds at_least_1ms(Milliseconds d) {
    return std::max(d, Milliseconds{1});
}

}  // namespace

int moves_to_go(int base, const GameProgress& progress, Milliseconds increment) {
    const int seats = std::max(progress.seats, 1);
    int moves = base;
    if (increment.count() == 0) moves += progress.plies_played / (2 * seats);
    // Of p plies left, the engine moves in the first and every seats-th after it.
    if (progress.plies_left) moves = std::min(moves, (*progress.plies_left + seats - 1) / seats);
    return std::max(moves, 1);
}

SearchLimits TimeManager::limits(const protocol::Go& go, rules::Side side,
                                 const GameProgress& progress) const {
    return limits(go, side == rules::Side::South ? 0 : 1, progress);
}

SearchLimits TimeManager::limits(const protocol::Go& go, int seat,
                                 const GameProgress& progress) const {
    SearchLimits out;
    out.depth = go.depth;
    out.nodes = go.nodes;
    out.infinite = go.infinite;

    const auto k = static_cast<std::size_t>(seat);
    const bool known = seat >= 0 && k < protocol::kMaxSeats;
    const std::optional<Milliseconds> time_left = known ? go.time[k] : std::nullopt;
    const std::optional<Milliseconds> increment = known ? go.inc[k] : std::nullopt;

    if (go.movetime) {
        // Keep a margin for the pipe and the referee, but never more than half the move time.
        const Milliseconds m = *go.movetime;
        const Milliseconds budget =
            at_least_1ms(std::max(m - config_.movetime_margin - m / 20, m / 2));
        out.soft_time = budget;
        out.hard_time = budget;
    }
    if (time_left) {
        const Milliseconds left = *time_left;
        const Milliseconds inc = increment.value_or(Milliseconds{0});
        out.time_left = left;
        out.increment = inc;
        // Leave the safety margin, or half the clock once the clock is nearly gone.
        const Milliseconds cap = at_least_1ms(std::max(left - config_.safety, left / 2));
        const auto inc_part = Milliseconds{static_cast<Milliseconds::rep>(
            static_cast<double>(inc.count()) * config_.increment_share)};
        const Milliseconds soft = at_least_1ms(
            std::min(left / moves_to_go(config_.moves_to_go, progress, inc) + inc_part, cap));
        const Milliseconds hard = std::min(soft * config_.hard_factor, cap);
        // With movetime as well, the first limit reached ends the search (spec section 4.6).
        out.soft_time = out.soft_time ? std::min(*out.soft_time, soft) : soft;
        out.hard_time = out.hard_time ? std::min(*out.hard_time, hard) : hard;
    }

    if (!go.depth && !go.nodes && !go.movetime && !time_left) out.infinite = true;
    return out;
}

}  // namespace oaq::kit
