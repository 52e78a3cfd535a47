// rows: the plain structs the Store reads and writes, one per table (db/README.md documents the
// columns). Ids are SQLite rowids (RowId, 0 = not stored yet). Points in time are system_clock
// time points, stored as ISO-8601 UTC text with milliseconds (time_text.hpp); durations are
// std::chrono types, stored as integer microseconds. JSON-valued fields hold JSON text that the
// database checks with json_valid. Seeds are 64-bit unsigned, stored bit for bit in SQLite's
// signed INTEGER (a seed >= 2^63 shows as negative in sqlite3 and reads back unchanged).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/words.hpp"
#include "game/game_record.hpp"
#include "game/termination.hpp"
#include "rules/position.hpp"
#include "store/process_identity.hpp"
#include "store/stored_record.hpp"
#include "store/time_text.hpp"
#include "tournament/run_status.hpp"

namespace oaq::store {

using RowId = std::int64_t;

struct EngineRow {
    RowId id = 0;                   // set by the store
    std::string name;               // unique: the engine's identity in every table
    std::string command;            // executable as configured
    std::vector<std::string> args;  // stored as a JSON array
    std::vector<std::pair<std::string, std::string>> options;  // setoption name -> value, in order
    std::string binary_sha256;     // hex digest of the executable, "" when unknown
    std::string id_name;           // what the engine said in `id name`
    std::string id_author;         // `id author`
    std::string declared_options;  // the engine's `option ...` lines, one per line
    TimePoint first_seen{};        // set by the store when the engine is first stored
};

using tournament::RunStatus;

// One shard of a run that a database holds (db/007_shards.sql): its own shard (source "") or one
// merged into it from `source`.
struct ShardRow {
    int index = 0;
    int count = 1;
    RunStatus status = RunStatus::Running;
    std::int64_t games = 0;      // the games this shard plans
    std::int64_t run_games = 0;  // the games the whole run plans
    std::string source;          // the file it was merged from ("": played here)
    friend bool operator==(const ShardRow&, const ShardRow&) = default;
};

struct TournamentRow {
    RowId id = 0;
    std::string name;             // unique: resume finds a tournament by name
    std::string format;           // "round_robin", "gauntlet", "match", ...
    std::string rules;            // the expanded rules string every game uses
    std::string time_control;     // e.g. "10+0.1"
    std::string settings = "{}";  // JSON object: argv, concurrency, rounds, openings, ...
    std::uint64_t seed = 0;
    RunStatus status = RunStatus::Running;
    std::string outcome = "{}";  // JSON object written at the end: SPRT verdict, LLR, ...
    TimePoint started_at{};
    std::optional<TimePoint> finished_at;
    std::vector<RowId> engine_ids;  // participants in seat order
    // The run's definition (tournament::RunDefinition as canonical JSON) and its SHA-256; nothing
    // and "" for runs stored before definitions were kept (they resume from settings.argv).
    std::optional<std::string> definition;
    std::string fingerprint;
    std::vector<ShardRow> shards;  // by index; empty: a run played whole on one machine
};

// A run lock (db/006_run_locks.sql): the one process playing a tournament, and since when.
struct RunLockRow {
    RowId tournament_id = 0;
    ProcessIdentity holder;
    TimePoint since{};
};

// Where a game sits in its tournament's schedule. game_index is the deterministic index the
// schedule gives it: resume replays exactly the indices not yet stored.
struct GameSlot {
    std::int64_t game_index = 0;
    int pair_index = 0;
    int round = 0;
    friend bool operator==(const GameSlot&, const GameSlot&) = default;
};

// One seat of a stored game (db/012_game_seats.sql), in turn order.
using SeatRow = StoredSeat;

// A stored game without its moves (what lists and filters return): where it is in the store,
// and its head (stored_record.hpp), whose South/North fields repeat seats 0 and 1.
struct GameRow : GameHead {
    RowId id = 0;
    RowId tournament_id = 0;
    GameSlot slot;
    RowId south_engine_id = 0;
    RowId north_engine_id = 0;
    int plies = 0;
};

// A stored game with everything: the record carries its moves and its tournament's rules.
struct StoredGame {
    GameRow row;
    StoredRecord record;
};

// The record a list row stands for: its head, no moves; `rules` is its tournament's.
StoredRecord record_of(const GameRow& row, const std::string& rules);

// Which games to list. Every field narrows; results come in id order (the order games were
// stored). Page with offset (skip that many matching games) or with after_id = the last id seen.
struct GameFilter {
    std::optional<RowId> tournament_id;
    std::optional<std::string> rules;  // the tournament's expanded rules string
    std::optional<RowId> engine_id;    // the engine played a seat
    std::optional<RowId> opponent_id;  // with engine_id: only games where both played
    std::optional<game::Termination> termination;
    std::optional<rules::Result> result;
    std::optional<TimePoint> ended_from;    // ended_at >= ended_from
    std::optional<TimePoint> ended_before;  // ended_at < ended_before
    std::optional<int> min_plies;           // plies >= min_plies
    std::optional<int> max_plies;           // plies <= max_plies
    // The opening is this text or starts with it followed by a space: "1L 7R" finds the games
    // opened with 1L 7R and with 1L 7R 2L, never 1L 7R2 (a move ends at a space).
    std::optional<std::string> opening;
    std::optional<RowId> after_id;
    std::size_t offset = 0;    // matching games skipped before the first one returned
    std::size_t limit = 1000;  // 0: no limit
};

// What rating maths needs from a game, nothing more (loading a million of these must be cheap).
struct RatedGame {
    RowId tournament_id = 0;
    int pair_index = 0;
    RowId south_engine_id = 0;
    RowId north_engine_id = 0;
    rules::Result result = rules::Result::Draw;
};

// What the results commands need from a game to total, rate and pair it (no moves, no texts
// but the time control): loading a million of these stays cheap.
struct ResultGame {
    RowId id = 0;
    RowId tournament_id = 0;
    int pair_index = 0;
    RowId south_engine_id = 0;
    RowId north_engine_id = 0;
    rules::Result result = rules::Result::Draw;
    game::Termination termination = game::Termination::Normal;
    std::string time_control;
};

// Which games result_games reads. Every field narrows (rules: the tournament's expanded rules).
struct ResultFilter {
    std::optional<RowId> tournament_id;
    std::optional<std::string> rules;
    std::optional<RowId> engine_id;         // the engine played either side
    std::optional<RowId> opponent_id;       // with engine_id: only games between the two
    std::optional<TimePoint> ended_from;    // ended_at >= ended_from
    std::optional<TimePoint> ended_before;  // ended_at < ended_before
};

// What Store::merge did, per run and in all.
struct MergedRun {
    std::string name;
    std::int64_t added = 0;    // games new to the database
    std::int64_t present = 0;  // games it had already (skipped)
    std::int64_t games = 0;    // games it holds now
    std::int64_t run_games = 0;
    int shards_done = 0;  // shards merged that had finished
    int shard_count = 1;
    RunStatus status = RunStatus::Running;
};
// Where a merge is, after each source file (`oaq merge` prints it as progress).
struct MergeProgress {
    std::size_t files_done = 0;
    std::size_t files = 0;
    std::int64_t added = 0;
    std::int64_t present = 0;
    std::int64_t incoming = 0;  // games in all the sources
    std::int64_t seen = 0;      // of them, read so far
    double seconds = 0;
};

struct MergeSummary {
    std::vector<MergedRun> runs;
    std::int64_t added = 0;
    std::int64_t present = 0;
    double seconds = 0;
};

// A Swiss bye (db/011_byes.sql): the round (0-based) an engine was left unpaired and its points.
struct ByeRow {
    RowId tournament_id = 0;
    int round = 0;
    RowId engine_id = 0;
    double points = 0;
};

// One line of the `standings` view.
struct StandingRow {
    RowId engine_id = 0;
    std::string engine;
    int games = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
    double points = 0;
};

struct RatingEntry {
    RowId engine_id = 0;
    std::string engine;  // filled when read back; ignored when saved
    int rank = 1;
    double rating = 0;
    std::optional<double> error;  // e.g. the 95% interval half-width
    int games = 0;
    double points = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
};

// A rating table computed once and kept, with what it was computed from.
struct RatingSnapshot {
    RowId id = 0;
    std::optional<RowId> tournament_id;  // nullopt: every tournament with these rules
    std::string rules;
    std::string method;             // e.g. "bayeselo", "ordo", "elo"
    std::string parameters = "{}";  // JSON object: drawelo, prior, anchor, ...
    std::string games_spec;         // which games, e.g. "tournament=3" or "rules=<...>"
    std::int64_t game_count = 0;
    RowId max_game_id = 0;  // the newest game included: later games are not in it
    TimePoint created_at{};
    std::vector<RatingEntry> entries;  // in rank order
};

}  // namespace oaq::store
