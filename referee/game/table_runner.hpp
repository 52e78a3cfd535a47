// play_table: one game of 3 or 4 seats (the ring game, RULES.md section 9) between players in turn
// order, the N-seat form of play_game (game_runner.hpp), with the same ply (game/ply.hpp: every
// seat's clock in `go`, the deadline, every move checked by the rules library) and the same
// failures. A seat that fails (time, illegal move, crash, stall, protocol, failure to start) ends
// the game at once: the position is settled (rules::end_game), that seat is ranked last (rank N,
// 0 points), the others are ranked by score among themselves, the termination and its detail name
// the seat ("seat 2: ...") and GameRecord::failed_seat is set. A game the rules end fills every
// seat's score, rank and points from rules::standings. An interrupt is an abort, never a loss.
// Throws OaqError only for a bad opening (the caller's configuration).
#pragma once

#include <atomic>
#include <functional>
#include <span>
#include <vector>

#include "game/game_record.hpp"
#include "game/game_runner.hpp"
#include "game/player.hpp"
#include "rules/ring_position.hpp"

namespace oaq::game {

struct TableObserver {
    std::function<void(const rules::RingPosition&)> on_start;
    std::function<void(const MoveRecord&, const rules::RingPosition&)> on_move;
    InfoCallback on_info;
};

// `seats` (turn order, seat 1 first) and `time_controls` hold settings.rules.players entries each;
// the opening is "startpos" or a ring position string, then its moves. settings.south_tc and
// north_tc are not used.
GameRecord play_table(std::span<Player* const> seats, std::span<const TimeControl> time_controls,
                      const GameSettings& settings, const std::atomic<bool>& abort,
                      const TableObserver& observer = {});

// Standings of a game seat `last` failed: `last` ranked last alone with 0 points, the others
// ranked by their scores among themselves (points over N - 1, the failing seat counted below
// them), as RULES.md section 9 ranks the seat that lost by own_or_lose.
std::vector<rules::Standing> standings_with_last(const rules::RingPosition& pos,
                                                 const rules::Rules& rules, int last);

}  // namespace oaq::game
