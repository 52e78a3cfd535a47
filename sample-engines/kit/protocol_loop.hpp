// The protocol loop of the engine kit (protocol-spec/README.md): reads command lines from a stream,
// decodes them with the protocol codec and drives an Engine. It owns the `Rules` option (and
// `Players` for an engine of N seats), turns `position` into a Position under the rules in force
// (a RingPosition when the game has 3 or 4 seats, searched by Engine::search_ring), runs each
// search on its own thread so that `isready` and `stop` are answered while it runs, budgets time
// from the `go` fields (TimeManager), and writes every reply as one flushed line. Unknown or
// malformed lines are ignored (with an `info string` saying why). Streams are parameters so tests
// script whole sessions in memory.
//
// Session rules the loop enforces: `stop` ends the current search and its `bestmove` is written
// before the loop reads on; any other state-changing command (setoption, uginewgame, position, go)
// first waits for a running search to finish (and stops it when it is infinite); `quit` stops the
// search, writes its `bestmove` and returns; at the end of input the loop lets a limited search
// finish (an infinite one is stopped) and returns. Under `go infinite` the bestmove
// is held back until `stop`, as the spec requires.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "kit/engine.hpp"
#include "protocol/messages.hpp"
#include "rules/position.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::kit {

struct GamePosition {
    rules::Position position;
    std::vector<rules::Position> history;  // oldest first, `position` excluded
};

struct RingGamePosition {
    rules::RingPosition position;
    std::vector<rules::RingPosition> history;  // oldest first, `position` excluded
};

// Applies a `position` command under `rules`: the start (startpos or the position string) and then
// each move, which must be legal. Errors name the bad field or the bad move and its index.
Expected<GamePosition> resolve_position(const protocol::PositionCommand& command,
                                        const rules::Rules& rules);

// The same for a game of rules.players >= 3 seats (the ring position string of 2N + 2 fields, or
// the N-seat start position); moves are checked and played with the ring's rules.
Expected<RingGamePosition> resolve_ring_position(const protocol::PositionCommand& command,
                                                 const rules::Rules& rules);

// The number of seats of the game a `position` command describes under `rules`: rules.players
// when the rules say 3 or 4, else the seats of a ring position string after `fen` (6N cells, N >=
// 3), else 2.
int seats_of(const protocol::PositionCommand& command, const rules::Rules& rules);

// Runs one session until `quit` or the end of `in`. Returns the process exit code: 0, or 1 after
// unsupported rules.
int run_protocol(Engine& engine, std::istream& in, std::ostream& out);

// For main(): runs on stdin/stdout (untied, so the search thread's writes never race a flush from
// reading), catching everything: an unexpected exception prints "internal error" and gives 70.
int run_stdio(Engine& engine);

}  // namespace oaq::kit
