// GameRecord: everything the referee knows about one finished game, as typed data made once where
// it comes in (the run's definition, the engines' replies), never re-parsed on the way to the
// store. The game layer fills it; the store writes it in one transaction; printers turn it into
// text or JSON. Engine misbehaviour is recorded here as a Termination with its detail, never
// thrown.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/opening.hpp"
#include "game/termination.hpp"
#include "game/time_control.hpp"
#include "protocol/messages.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::game {

using Microseconds = std::chrono::microseconds;

struct MoveRecord {
    rules::Move move;           // as played (the rules' grammar: "3R"), checked when it came in
    Microseconds time_used{0};  // from writing `go` to reading `bestmove`
    Microseconds time_left{0};  // mover's clock after the move, increment included
    // The last `info` the engine sent before `bestmove` (all optional).
    std::optional<int> depth;
    std::optional<protocol::Score> score;
    std::optional<std::uint64_t> nodes;
    std::vector<std::string> pv;  // as the engine sent it (not checked)
};

// Who sat in one seat of the game and how it ended for them.
struct SeatRecord {
    std::string name;  // the engine's name, for printing
    // The engine's index in the run that played the game (the run's seat order: what the run and
    // its recorder already hold an id for); kNoEngine for a game outside a run (tests, `oaq play`).
    int engine = kNoEngine;
    TimeControl time_control;
    int score = 0;  // the seat's score at the end (rules::score)
    // A game of 3 or 4 seats: the seat's rank (1 = first; equal scores share a rank, a failing seat
    // is last alone) and points (RULES.md section 9), filled by the game layer. A 2-seat game
    // leaves them 0: its `result` is the truth there; seat_standings() gives both forms alike.
    int rank = 0;
    double points = 0;

    static constexpr int kNoEngine = -1;
};

struct GameRecord {
    // In turn order: seat 0 moves first (South), seat 1 second (North).
    std::vector<SeatRecord> seats = std::vector<SeatRecord>(2);
    rules::Rules rules;
    Opening opening;                // the book line (or position) the game started from
    std::string start_position;     // position string the game was played from (after opening)
    std::vector<MoveRecord> moves;  // plies played by the engines, after the opening
    rules::Result result = rules::Result::Draw;
    Termination termination = Termination::Normal;
    std::string detail;          // termination detail; for Normal, the rules' end reason
    std::string final_position;  // position string at the end (settled)
    std::chrono::system_clock::time_point started_at;
    std::chrono::system_clock::time_point ended_at;
    // The side whose player could not be made ready for the game (handshake, options, isready,
    // uginewgame failed before the first move); the game is its loss. Not stored: the runner
    // counts these to give up on an engine that never starts (runner.hpp).
    std::optional<rules::Side> failed_to_start;
    // A game of 3 or 4 seats ended by a seat's fault (time, illegal move, crash, stall,
    // protocol): that seat (0-based, turn order), ranked last. 2-seat games say it by `result`.
    std::optional<int> failed_seat;

    int plies() const { return static_cast<int>(moves.size()); }
    int seat_count() const { return static_cast<int>(seats.size()); }

    // The two seats of a two-player game.
    SeatRecord& south() { return seats.at(0); }
    const SeatRecord& south() const { return seats.at(0); }
    SeatRecord& north() { return seats.at(1); }
    const SeatRecord& north() const { return seats.at(1); }

    // The time control as stored and printed: "10+0.1", or "10+0.1/movetime=100" when the seats'
    // differ (each seat's canonical text, in seat order).
    std::string time_control_text() const {
        std::string text;
        for (const auto& seat : seats) {
            auto tc = to_string(seat.time_control);
            if (text.empty())
                text = tc;
            else if (!(seat.time_control == seats.front().time_control))
                text += "/" + tc;
        }
        return text;
    }
};

// Score, rank and points of every seat in seat order, for a game of any size: from `result` for 2
// seats (ranks 1 and 2 or 1 and 1; points 1 and 0 or 1/2 each), from the seats' own fields for 3
// or 4. What the store writes and the views print.
inline std::vector<rules::Standing> seat_standings(const GameRecord& game) {
    std::vector<rules::Standing> out;
    if (game.seat_count() == 2) {
        auto first = game.result == rules::Result::SouthWin   ? 1
                     : game.result == rules::Result::NorthWin ? 2
                                                              : 1;
        auto second = game.result == rules::Result::Draw ? 1 : 3 - first;
        out.push_back({game.seats[0].score, first, first == 1 ? (second == 1 ? 0.5 : 1.0) : 0.0});
        out.push_back({game.seats[1].score, second, second == 1 ? (first == 1 ? 0.5 : 1.0) : 0.0});
        return out;
    }
    for (const auto& seat : game.seats) out.push_back({seat.score, seat.rank, seat.points});
    return out;
}

}  // namespace oaq::game
