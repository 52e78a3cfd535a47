#include "kit/search_control.hpp"

#include <algorithm>
#include <utility>

namespace oaq::kit {

SearchControl::SearchControl(const SearchLimits& limits, const std::atomic<bool>& stop_requested,
                             InfoSink sink, Clock::time_point start)
    : limits_(limits), stop_requested_(stop_requested), sink_(std::move(sink)), start_(start) {}

bool SearchControl::should_stop(std::uint64_t nodes) {
    nodes_seen_ = std::max(nodes_seen_, nodes);
    if (stopped_) return true;
    if (stop_requested() || (limits_.nodes && nodes >= *limits_.nodes)) return stopped_ = true;
    if (limits_.hard_time && ++calls_ % kClockInterval == 0 && elapsed() >= *limits_.hard_time)
        return stopped_ = true;
    return false;
}

bool SearchControl::may_start_iteration(int depth) {
    if (stopped_ || stop_requested()) return false;
    if (limits_.depth && depth > *limits_.depth) return false;
    const auto spent = elapsed();
    if (limits_.hard_time && spent >= *limits_.hard_time) return false;
    if (limits_.soft_time && spent >= *limits_.soft_time) return false;
    return true;
}

void SearchControl::info(protocol::Info info) {
    if (!sink_) return;
    if (info.nodes && !info.time) {
        const auto spent = std::chrono::duration_cast<std::chrono::microseconds>(elapsed());
        info.time = std::chrono::duration_cast<Milliseconds>(spent);
        if (!info.nps) {
            const auto us = static_cast<std::uint64_t>(std::max<long long>(spent.count(), 1));
            info.nps = *info.nodes * 1'000'000ull / us;
        }
    }
    sink_(info);
}

void SearchControl::info_string(std::string text) {
    protocol::Info info;
    info.string = std::move(text);
    if (sink_) sink_(info);
}

}  // namespace oaq::kit
