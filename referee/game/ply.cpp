#include "game/ply.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace oaq::game {

namespace {

using std::chrono::duration_cast;

std::string ms_text(std::chrono::nanoseconds ns) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f ms", static_cast<double>(ns.count()) / 1e6);
    return buf;
}

// `allowed` plus the margin, clamped to kLongestDeadline; compared before adding, so a huge time
// control can never overflow the deadline (time_control.hpp).
Nanoseconds deadline_after(Microseconds allowed, Milliseconds margin) {
    const Microseconds longest = kLongestDeadline;
    if (allowed >= longest || margin >= longest - allowed) return longest;
    return allowed + margin;
}

std::size_t at(int seat) {
    return static_cast<std::size_t>(seat);
}

}  // namespace

Microseconds bounded(Milliseconds d) {
    return Microseconds(std::min<Milliseconds>(d, kLongestDeadline));
}

Microseconds initial_clock(const TimeControl& tc) {
    return tc.kind == TimeControl::Kind::Clock ? bounded(tc.base) : Microseconds(0);
}

SearchLimits limits_for(std::span<const TimeControl> tcs, std::span<const Microseconds> clocks,
                        int mover, Milliseconds margin) {
    SearchLimits out;
    const TimeControl& tc = tcs[at(mover)];
    switch (tc.kind) {
        case TimeControl::Kind::Clock: {
            auto ms = [](Microseconds us) { return duration_cast<Milliseconds>(us); };
            for (std::size_t s = 0; s < tcs.size() && s < protocol::kMaxSeats; ++s) {
                out.go.time[s] = ms(clocks[s]);
                out.go.inc[s] =
                    tcs[s].kind == TimeControl::Kind::Clock ? tcs[s].increment : Milliseconds(0);
            }
            out.deadline = deadline_after(clocks[at(mover)], margin);
            break;
        }
        case TimeControl::Kind::MoveTime:
            out.go.movetime = tc.movetime;
            out.deadline = deadline_after(bounded(tc.movetime), margin);
            break;
        case TimeControl::Kind::Depth:
            out.go.depth = tc.depth;
            break;
        case TimeControl::Kind::Nodes:
            out.go.nodes = tc.nodes;
            break;
    }
    return out;
}

Expected<MoveRecord, PlayerFailure> ask_move(const PlyRequest& request,
                                             const std::atomic<bool>& abort) {
    const auto i = at(request.mover);
    const TimeControl& tc = request.tcs[i];
    const auto limits = limits_for(request.tcs, request.clocks, request.mover, request.margin);
    static const InfoCallback kNoInfo;
    auto reply = request.player.search(request.position, limits.go, limits.deadline,
                                       request.on_info ? *request.on_info : kNoInfo);
    if (abort) return PlayerFailure{Termination::Aborted, "interrupted by the referee", {}};
    if (!reply) return reply.error();
    const auto elapsed = reply->elapsed;
    if (limits.deadline && elapsed > *limits.deadline) {
        const auto allowed = tc.kind == TimeControl::Kind::Clock
                                 ? std::chrono::nanoseconds(request.clocks[i])
                                 : std::chrono::nanoseconds(bounded(tc.movetime));
        return PlayerFailure{Termination::TimeForfeit,
                             "exceeded by " + ms_text(elapsed - allowed) + " (used " +
                                 ms_text(elapsed) + " of " + ms_text(allowed) + ", margin " +
                                 std::to_string(request.margin.count()) + " ms)",
                             elapsed};
    }
    auto move = rules::parse_move(reply->move);
    if (!move) {
        return PlayerFailure{Termination::ProtocolViolation,
                             "bestmove " + reply->move + ": " + move.error().message, elapsed};
    }
    if (auto why = request.why_illegal(*move); !why.empty())
        return PlayerFailure{Termination::IllegalMove, reply->move + ": " + why, elapsed};
    MoveRecord rec;
    rec.move = *move;
    rec.time_used = duration_cast<Microseconds>(elapsed);
    auto& clock = request.clocks[i];
    if (tc.kind == TimeControl::Kind::Clock) {
        clock = std::min<Microseconds>(
            std::max(Microseconds(0), clock - rec.time_used) + bounded(tc.increment),
            kLongestDeadline);
    }
    rec.time_left = clock;
    rec.depth = reply->info.depth;
    rec.score = reply->info.score;
    rec.nodes = reply->info.nodes;
    rec.pv = reply->info.pv;
    return rec;
}

}  // namespace oaq::game
