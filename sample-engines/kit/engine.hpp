// Engine kit, the part an engine implements. A sample engine is a class derived from Engine: it
// names itself, declares its options, and answers search(request, control) with a legal move. The
// kit (protocol_loop.hpp) does everything else: reading and decoding commands, the `Rules` option,
// positions and moves, the search thread, `stop`/`isready` during search, time budgeting, `info`
// and `bestmove` output.
//
// Contract for search(): the request's position is never over (the kit answers finished positions
// itself); the returned move must be legal in it. The engine polls control.should_stop() often
// (every few hundred nodes at least) and returns promptly once it says true, with the best move
// found so far. search() runs on the kit's search thread; options are only changed between
// searches, so an engine needs no locking of its own.
//
// The ply limit (standard option `PlyLimit`, declared by the kit for every engine) counts plies
// from the start of the request's history (the position of the `position` command), the moves of
// its `moves` list included, as the referee does (RULES.md section 4): the game ends and settles
// when `history.size() + plies searched` reaches it. Threefold repetition counts over `history`
// and `position` alike.
//
// N-seat games (protocol-spec section 6.3): an engine that plays the ring of 3 or 4 seats says so
// with max_players() (the kit then declares the option `Players` with that max) and implements
// search_ring(), which receives the same request with a RingPosition. The engine moves for the
// seat to move (request.seat()); the 2-seat search() is unchanged and still plays every 2-player
// game, so an engine that adds N seats changes nothing of its 2-player play.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kit/options.hpp"
#include "kit/search_control.hpp"
#include "kit/time_manager.hpp"
#include "rules/game.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::kit {

struct SearchRequest {
    rules::Rules rules;
    rules::Position position;              // the position to move in (after the `moves` list)
    std::vector<rules::Position> history;  // the game so far, oldest first, `position` excluded
    SearchLimits limits;
    int ply_limit = rules::kDefaultPlyLimit;  // option PlyLimit; 0 = no limit

    // Plies played since the start of the history, `position` being the position after them.
    int ply() const { return static_cast<int>(history.size()); }
    // Plies left before the ply limit ends the game, or nullopt without a limit.
    std::optional<int> plies_left() const {
        if (ply_limit <= 0) return std::nullopt;
        return ply_limit > ply() ? ply_limit - ply() : 0;
    }
    GameProgress progress() const { return {ply(), plies_left(), 2}; }
};

// A search request of an N-seat game (rules.players >= 3): the same fields, on the ring.
struct RingSearchRequest {
    rules::Rules rules;
    rules::RingPosition position;              // the position to move in (after the `moves` list)
    std::vector<rules::RingPosition> history;  // the game so far, oldest first, `position` excluded
    SearchLimits limits;                       // from the clock of the seat to move
    int ply_limit = 0;                         // option PlyLimit; 0 = no limit

    // The seat to move, from 0 (seat 1 of the protocol is 0): the seat the engine plays.
    int seat() const { return position.to_move; }
    int seats() const { return position.seats; }
    int ply() const { return static_cast<int>(history.size()); }
    std::optional<int> plies_left() const {
        if (ply_limit <= 0) return std::nullopt;
        return ply_limit > ply() ? ply_limit - ply() : 0;
    }
    GameProgress progress() const { return {ply(), plies_left(), seats()}; }
};

class Engine {
  public:
    virtual ~Engine() = default;

    virtual std::string name() const = 0;
    virtual std::string author() const { return "the oaq authors"; }

    // Called once, before the reply to the first `ugi`. The kit adds `Rules` and `PlyLimit`.
    virtual void declare_options(Options& options) { (void)options; }

    // `uginewgame`: forget anything learned about the previous game (hash tables, trees).
    virtual void new_game() {}

    virtual rules::Move search(const SearchRequest& request, SearchControl& control) = 0;

    // The most seats this engine plays at one table: 2 (the default) or 3..4. Above 2 the kit
    // declares `option name Players type spin default 2 min 2 max <this>` and sends every game of
    // 3 or more seats to search_ring(); rules of more seats are refused (spec section 6).
    virtual int max_players() const { return 2; }

    // The search of an N-seat game, under the same contract as search(): a legal move of the seat
    // to move, promptly after control.should_stop(). Called only when max_players() >= 3. The
    // default plays the first legal move.
    virtual rules::Move search_ring(const RingSearchRequest& request, SearchControl& control);

    // The depth of `bench` (kit/bench.hpp) when none is given: deep enough that the node count
    // exercises the search, shallow enough to take seconds.
    virtual int bench_depth() const { return 6; }
};

}  // namespace oaq::kit
