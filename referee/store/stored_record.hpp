// StoredRecord: a game as the store reads it back: the results views, exports and reports read
// these. What is written is a game::GameRecord (typed); this is the other direction, its moves
// typed at the store's edge (read_move) so no reader parses them again.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"

namespace oaq::store {

// A ply as the packed value holds it (packed_moves.hpp): the move as text (files written before the
// typed record, or migrated from the per-ply table, may hold tokens outside the rules' grammar).
// The store reads it into a game::MoveRecord (read_move) before any reader sees it.
struct StoredMove {
    std::string move;  // as played, e.g. "3R"
    game::Microseconds time_used{0};
    game::Microseconds time_left{0};
    std::optional<int> depth;
    std::optional<protocol::Score> score;
    std::optional<std::uint64_t> nodes;
    std::vector<std::string> pv;
};

// A seat as stored, in turn order (seat 0 moves first).
struct StoredSeat {
    std::int64_t engine_id = 0;  // the engine's row id (0: a record not read from a store)
    std::string engine;          // the engine's name
    std::string time_control;    // canonical text, e.g. "10+0.1"
    int score = 0;
    int rank = 1;  // 1 = first (RULES.md section 9); 2 seats: 1 and 2, or 1 and 1 for a draw
    double points = 0;
    friend bool operator==(const StoredSeat&, const StoredSeat&) = default;
};

// What a stored game says of itself, read once: the part a list row (GameRow, rows.hpp) and a
// whole record (StoredRecord) share, so that neither is converted into the other field by field.
struct GameHead {
    // Every seat of the game; south/north and score_south/score_north repeat seats 0 and 1 (a game
    // of 3 or 4 seats: its first two, and `result` Draw, which means nothing there).
    std::vector<StoredSeat> seats;
    std::optional<int> failed_seat;  // a game of 3 or 4 seats ended by this seat's fault
    std::string south;               // engine names
    std::string north;
    std::string time_control;    // e.g. "10+0.1", "movetime=100", "10+0.1/movetime=100"
    std::string opening;         // opening moves or position string, "" = start position
    std::string start_position;  // position string the game was played from (after opening)
    rules::Result result = rules::Result::Draw;
    int score_south = 0;
    int score_north = 0;
    game::Termination termination = game::Termination::Normal;
    std::string detail;          // termination detail; for Normal, the rules' end reason
    std::string final_position;  // position string at the end (settled)
    std::chrono::system_clock::time_point started_at;
    std::chrono::system_clock::time_point ended_at;

    int seat_count() const { return static_cast<int>(seats.size()); }
};

// A whole game: its head, its tournament's rules and its moves.
struct StoredRecord : GameHead {
    std::string rules;                    // the expanded rules string
    std::vector<game::MoveRecord> moves;  // plies played by the engines, after the opening

    int plies() const { return static_cast<int>(moves.size()); }
};

// A played game as the store writes it (its texts made from the typed values): what the live
// printers (progress lines, --pgnout) show of a game before it is read back.
StoredRecord stored_record(const game::GameRecord& record);
StoredMove stored_move(const game::MoveRecord& move);

// A stored ply as the rules' move (the one grammar, rules::parse_move). A token older writers
// stored as `<k><L|R>` with k outside 1..5 (k up to 63, what the packed format holds in one byte,
// e.g. "10L") reads as that Move, outside the rules, so a replay refuses it where it stands; any
// other token ("pass", "3r") is an error: the game is damaged.
Expected<game::MoveRecord> read_move(StoredMove&& move);

}  // namespace oaq::store
