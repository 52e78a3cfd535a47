#include "game/time_control.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace oaq::game {

namespace {

// Seconds with an optional fraction ("10", "0.1", "2.5") -> milliseconds, rejecting anything else.
bool parse_seconds(std::string_view s, Milliseconds& out) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || c == '.')) return false;
    double value = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size() ||
        value > static_cast<double>(kLongestClock.count()))
        return false;
    out = Milliseconds(static_cast<std::int64_t>(std::llround(value * 1000.0)));
    return true;
}

template <typename T>
bool parse_whole(std::string_view s, T& out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

std::string seconds_text(Milliseconds ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ms.count()) / 1000.0);
    return buf;
}

}  // namespace

Expected<TimeControl> parse_time_control(std::string_view text) {
    const std::string quoted = "time control \"" + std::string(text) + "\": ";
    TimeControl tc;
    auto eq = text.find('=');
    if (eq != std::string_view::npos) {
        auto key = text.substr(0, eq);
        auto value = text.substr(eq + 1);
        if (key == "movetime") {
            long long ms = 0;
            if (!parse_whole(value, ms) || ms <= 0 || ms > kLongestMoveTime.count())
                return fail(quoted + "movetime must be 1.." +
                            std::to_string(kLongestMoveTime.count()) + " ms");
            tc.kind = TimeControl::Kind::MoveTime;
            tc.movetime = Milliseconds(ms);
        } else if (key == "depth") {
            if (!parse_whole(value, tc.depth) || tc.depth <= 0 || tc.depth > 200)
                return fail(quoted + "depth must be 1..200");
            tc.kind = TimeControl::Kind::Depth;
        } else if (key == "nodes") {
            if (!parse_whole(value, tc.nodes) || tc.nodes == 0)
                return fail(quoted + "nodes must be a whole number in 1..18446744073709551615");
            tc.kind = TimeControl::Kind::Nodes;
        } else {
            return fail(quoted + "unknown kind \"" + std::string(key) +
                        "\" (movetime=MS, depth=N, nodes=N, or SECONDS[+INC])");
        }
        return tc;
    }
    auto plus = text.find('+');
    auto base = text.substr(0, plus);
    tc.kind = TimeControl::Kind::Clock;
    if (!parse_seconds(base, tc.base) || tc.base.count() <= 0) {
        return fail(quoted + "expected SECONDS[+INCREMENT] with SECONDS in 0.001.." +
                    std::to_string(kLongestClock.count()) +
                    " (e.g. 10+0.1), movetime=MS, depth=N or nodes=N");
    }
    tc.increment = Milliseconds(0);
    if (plus != std::string_view::npos && !parse_seconds(text.substr(plus + 1), tc.increment)) {
        return fail(quoted + "the increment must be a number of seconds in 0.." +
                    std::to_string(kLongestClock.count()) + " (e.g. 0.1)");
    }
    return tc;
}

std::string to_string(const TimeControl& tc) {
    switch (tc.kind) {
        case TimeControl::Kind::MoveTime:
            return "movetime=" + std::to_string(tc.movetime.count());
        case TimeControl::Kind::Depth:
            return "depth=" + std::to_string(tc.depth);
        case TimeControl::Kind::Nodes:
            return "nodes=" + std::to_string(tc.nodes);
        case TimeControl::Kind::Clock:
            break;
    }
    return seconds_text(tc.base) + (tc.increment.count() ? "+" + seconds_text(tc.increment) : "");
}

}  // namespace oaq::game
