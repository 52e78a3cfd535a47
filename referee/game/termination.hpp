// Termination: how a game ended, as recorded with every game. It belongs to the game layer: the
// rules end a game (Normal), the game's own history ends it (Repetition, PlyLimit), a player's
// failure ends it (the protocol-spec "Failure contract" says which failure is which), a person
// resigns (Resignation, a loss), or the referee stops it (Aborted, never a player's fault). The
// engine, store and results layers share this one enum and its words.
#pragma once

#include <optional>
#include <string_view>

#include "common/words.hpp"

namespace oaq::game {

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
    Resignation,        // a person resigned (`quit` in oaq play): the resigning side loses
};

inline constexpr auto kTerminationWords = words<Termination>({
    {Termination::Normal, "normal"},
    {Termination::Repetition, "repetition"},
    {Termination::PlyLimit, "ply_limit"},
    {Termination::TimeForfeit, "time_forfeit"},
    {Termination::IllegalMove, "illegal_move"},
    {Termination::ProtocolViolation, "protocol_violation"},
    {Termination::Crash, "crash"},
    {Termination::Stall, "stall"},
    {Termination::Aborted, "aborted"},
    {Termination::Resignation, "resignation"},
});

// Stored and printed words: "normal", "time_forfeit", ...
inline std::string_view to_string(Termination t) {
    return kTerminationWords.word(t);
}
inline std::optional<Termination> parse_termination(std::string_view text) {
    return kTerminationWords.find(text);
}

// A player's failure (it loses the game), as opposed to an ending by the rules or an abort.
inline bool is_failure(Termination t) {
    return t != Termination::Normal && t != Termination::Repetition && t != Termination::PlyLimit &&
           t != Termination::Aborted;
}

}  // namespace oaq::game
