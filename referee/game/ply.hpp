// One ply of a refereed game, the part every table shares whatever its number of seats: the `go`
// limits of the seat to move (every seat's clock and increment, protocol-spec 4.4), the deadline,
// the search, the time check, the move check and the charge of the mover's clock. The 2-seat
// runner (game_runner.cpp) and the N-seat one (table_runner.cpp) both play their plies through
// ask_move(), so a move is checked and timed the same way at every table. Internal to the game
// layer.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "game/game_record.hpp"
#include "game/player.hpp"
#include "game/time_control.hpp"
#include "protocol/messages.hpp"
#include "rules/move.hpp"

namespace oaq::game {

// A time control's duration as microseconds, clamped to kLongestDeadline before converting.
Microseconds bounded(Milliseconds d);
// A seat's clock at the start of a game: its base for a clock, else 0.
Microseconds initial_clock(const TimeControl& tc);

// The `go` command and the deadline for the seat to move.
struct SearchLimits {
    protocol::Go go;
    std::optional<Nanoseconds> deadline;
};

// `tcs` and `clocks` hold every seat's, in turn order (p1 = seat 0); `mover` is the seat to move.
SearchLimits limits_for(std::span<const TimeControl> tcs, std::span<const Microseconds> clocks,
                        int mover, Milliseconds margin);

// What one ply needs: the seat to move, its player and the position it is sent; how to tell why
// a move is illegal in the position (empty: legal).
struct PlyRequest {
    Player& player;
    int mover = 0;
    protocol::PositionCommand position;
    std::span<const TimeControl> tcs;
    std::span<Microseconds> clocks;
    Milliseconds margin{0};
    std::function<std::string(rules::Move)> why_illegal;
    const InfoCallback* on_info = nullptr;
};

// Asks for a move and checks it: the MoveRecord (the mover's clock charged, increment included),
// or the failure whose termination and detail the game records (time forfeit, protocol
// violation, illegal move, or the player's own failure). An abort during the search comes back
// as Termination::Aborted.
Expected<MoveRecord, PlayerFailure> ask_move(const PlyRequest& request,
                                             const std::atomic<bool>& abort);

}  // namespace oaq::game
