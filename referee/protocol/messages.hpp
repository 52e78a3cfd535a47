// The engine protocol (protocol-spec/) as typed messages. Commands go from the referee (or any
// GUI) to an engine; replies come back. This header only defines the data: codec.hpp turns each
// into exactly one line and back. Moves and position strings stay text here: deciding whether a
// move is well-formed or legal is the rules library's job, so the referee can tell a malformed
// `bestmove` (protocol violation) from an illegal one. Standard library only; no I/O.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace oaq::protocol {

// Version 2 adds tables of 3 and 4 seats (option Players, p3time..p4time, ring positions); a
// version-1 engine never sees any of it (protocol-spec section 9).
inline constexpr int kProtocolVersion = 2;
// Longest line either side may send, LF excluded (spec section "Framing").
inline constexpr std::size_t kMaxLineLength = 16384;

using Milliseconds = std::chrono::milliseconds;
// Largest time any field may carry: it still converts to std::chrono::nanoseconds without
// overflow (about 292 years), so neither side needs to guard its clock arithmetic.
inline constexpr Milliseconds kMaxTime{std::numeric_limits<std::int64_t>::max() / 1'000'000};

// ---- referee -> engine ----------------------------------------------------------------------

struct Ugi {
    friend bool operator==(const Ugi&, const Ugi&) = default;
};
struct IsReady {
    friend bool operator==(const IsReady&, const IsReady&) = default;
};
struct SetOption {
    std::string name;
    std::string value;  // empty for a button
    friend bool operator==(const SetOption&, const SetOption&) = default;
};
struct NewGame {  // `uginewgame`
    friend bool operator==(const NewGame&, const NewGame&) = default;
};
struct PositionCommand {
    // The position string: 6 fields (7 with shares) for 2 seats, 2N + 2 for a ring of N seats;
    // nullopt = startpos.
    std::optional<std::string> fen;
    std::vector<std::string> moves;
    friend bool operator==(const PositionCommand&, const PositionCommand&) = default;
};
// Most seats at one table (rules: players=2..4); `go` carries a clock for each (p1time..p4time).
inline constexpr std::size_t kMaxSeats = 4;

struct Go {
    // time[k] and inc[k] are `p<k+1>time` and `p<k+1>inc`: seat k+1 in turn order (p1 = South,
    // p2 = North in a 2-seat game).
    std::array<std::optional<Milliseconds>, kMaxSeats> time{}, inc{};
    std::optional<Milliseconds> movetime;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    bool infinite = false;
    friend bool operator==(const Go&, const Go&) = default;
};
struct Stop {
    friend bool operator==(const Stop&, const Stop&) = default;
};
struct Quit {
    friend bool operator==(const Quit&, const Quit&) = default;
};

using Command = std::variant<Ugi, IsReady, SetOption, NewGame, PositionCommand, Go, Stop, Quit>;

// ---- engine -> referee ----------------------------------------------------------------------

struct Id {
    std::string field;  // "name" or "author"
    std::string value;
    friend bool operator==(const Id&, const Id&) = default;
};

enum class OptionType { Check, Spin, Combo, String, Button };

struct OptionDecl {  // `option name <N> type <T> [default D] [min M] [max M] [var V]...`
    std::string name;
    OptionType type = OptionType::String;
    std::string default_value;
    std::optional<long long> min, max;
    std::vector<std::string> vars;
    friend bool operator==(const OptionDecl&, const OptionDecl&) = default;
};

struct UgiOk {
    friend bool operator==(const UgiOk&, const UgiOk&) = default;
};
struct ReadyOk {
    friend bool operator==(const ReadyOk&, const ReadyOk&) = default;
};

// Score of an `info` line, from the side to move: `cp N` is 100 x the expected final score
// difference in citizens; `mate N` is a forced end of game won in N plies (negative: lost).
struct Score {
    enum class Kind { Cp, Mate } kind = Kind::Cp;
    int value = 0;
    friend bool operator==(const Score&, const Score&) = default;
};

struct Info {
    std::optional<int> depth, seldepth;
    std::optional<Score> score;
    std::optional<std::uint64_t> nodes, nps;
    std::optional<Milliseconds> time;
    std::vector<std::string> pv;
    std::string string;  // `info string ...`: free text to the end of the line
    friend bool operator==(const Info&, const Info&) = default;
};

struct BestMove {
    std::string move;
    // `bestmove M ponder P`: accepted, never used by the referee (it does not ponder).
    std::optional<std::string> ponder;
    friend bool operator==(const BestMove&, const BestMove&) = default;
};

using Reply = std::variant<Id, OptionDecl, UgiOk, ReadyOk, Info, BestMove>;

}  // namespace oaq::protocol
