// Termination: how a game ended, as recorded with every game (protocol-spec, "Failure contract").
// It lives with the protocol because the protocol specification defines what the referee records
// for each kind of engine misbehaviour; the engine, match and store layers all share this one enum.
#pragma once

#include <optional>
#include <string_view>

namespace oaq::protocol {

enum class Termination {
    Normal,             // the rules ended the game (mandarins empty, mandarin captured, refill)
    Repetition,         // third occurrence of a position
    PlyLimit,           // the ply limit was reached
    TimeForfeit,        // detail: the overrun, e.g. "exceeded by 12 ms"
    IllegalMove,        // detail: the move and why, e.g. "3L: square 3 (N3) is empty"
    ProtocolViolation,  // detail: the offending line
    Crash,              // detail: "exit code 3" or "signal 11 (SIGSEGV)"
    Stall,              // detail: what went unanswered, e.g. "no readyok within 5000 ms"
    Aborted,            // the referee stopped the game (Ctrl-C); detail says why
};

// Stored and printed words: "normal", "time_forfeit", ...
inline std::string_view to_string(Termination t) {
    switch (t) {
        case Termination::Normal: return "normal";
        case Termination::Repetition: return "repetition";
        case Termination::PlyLimit: return "ply_limit";
        case Termination::TimeForfeit: return "time_forfeit";
        case Termination::IllegalMove: return "illegal_move";
        case Termination::ProtocolViolation: return "protocol_violation";
        case Termination::Crash: return "crash";
        case Termination::Stall: return "stall";
        case Termination::Aborted: return "aborted";
    }
    return "normal";
}

inline std::optional<Termination> parse_termination(std::string_view text) {
    for (auto t : {Termination::Normal, Termination::Repetition, Termination::PlyLimit,
                   Termination::TimeForfeit, Termination::IllegalMove,
                   Termination::ProtocolViolation, Termination::Crash, Termination::Stall,
                   Termination::Aborted}) {
        if (to_string(t) == text) return t;
    }
    return std::nullopt;
}

}  // namespace oaq::protocol
