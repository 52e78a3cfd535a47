// Store: the results database, the only interface the tournament runner and the results commands
// use to reach SQLite. It opens (creating and migrating) a file or an in-memory database, keeps
// engines, tournaments, games with their moves, and rating snapshots, and answers the queries the
// tools need. db/README.md documents the schema for people using `sqlite3 oaq.db` directly.
//
// Invariants and guarantees:
// - A game is stored with all its moves in one transaction, or not at all: a process killed at
//   any moment (kill -9) leaves only complete games. The file is in WAL mode with
//   synchronous=NORMAL: durable against a crashed or killed process; a power cut may lose the last
//   few games, never corrupt the file.
// - Environment failures (cannot open, not an oaq file, newer schema, damaged file, I/O error,
//   disk full, locked beyond the busy timeout) throw OaqError with one clear line. Locks are waited
//   for, never failed on at once: every statement and the opening itself (creation, migration)
//   wait up to the busy timeout for another process's lock.
// - A read-only store never writes the file (results, reports): it reads a database in a
//   directory it cannot write (in WAL mode SQLite needs the -shm file; when that cannot be made it
//   reads the file as immutable), and only an outdated schema needs write access, once. Refusals
//   that follow from the data (a duplicate game_index, a tournament name taken) are values.
// - One Store may be shared between threads: every call takes an internal lock. Other processes
//   may open the same file at the same time (WAL: readers never block the writer).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "store/rows.hpp"
#include "store/sessions.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::store {

// SQLite's largest page size: a million merged games in about two thirds of the time of
// 4096-byte pages (a sixteenth of the write calls; bench/RESULTS.md, "Merging shard files").
inline constexpr int kBulkPageSize = 65536;

struct StoreOptions {
    // How long to wait for another process's lock (a reader in a transaction, a migration, a
    // second run): long enough for any other oaq command, bounded so a stuck lock is an error.
    std::chrono::milliseconds busy_timeout{60000};
    bool create = true;      // false: a missing file is an error (tools that only read results)
    bool read_only = false;  // true: never write (implies create = false)
    // With read_only: the file is never written, not even to upgrade an older schema (which is
    // read from a copy in memory, migrated there), and an empty file is refused as not an oaq
    // database (the sources of a merge). Otherwise a reader upgrades an older file in place.
    bool keep_file = false;
    // The page size of a file this opening creates (0: SQLite's default, 4096). A file written a
    // game per commit keeps small pages (every commit writes its pages whole into the WAL); a
    // merge's target, written in bulk and then read, is faster with SQLite's largest pages.
    int new_file_page_size = 0;
};

// Engine ids a caller of Store::record_game already holds (a run's recorder resolves its engines
// once): the seats' in seat order, and a session game's first and second player's. Empty / 0:
// found by name.
struct KnownEngines {
    std::vector<RowId> seats;
    RowId first = 0;
    RowId second = 0;
};

class Store {
  public:
    // Opens `path`, creating it if allowed, and migrates it to the latest schema. Throws OaqError
    // (also for an empty path: SQLite would make it a temporary file that vanishes at the end).
    static Store open(const std::string& path, const StoreOptions& options = StoreOptions{});
    // Throws OaqError, as open() with read_only and keep_file would, when `path` is not an oaq
    // database that can be read as it is; reads only its header (`oaq merge` checks every source
    // before it creates the file it merges into).
    static void check_source(const std::string& path);
    // A private, empty, fully migrated in-memory database (tests, dry runs).
    static Store open_memory();

    ~Store();
    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;

    const std::string& path() const;
    int schema_version();
    static int latest_schema_version();
    // PRAGMA integrity_check and foreign_key_check; the error lists the first problems found.
    Expected<Ok> integrity_check();

    // ---- engines ----
    // Inserts an engine or updates the one with the same name (first_seen is kept); returns its id.
    RowId upsert_engine(const EngineRow& engine);
    std::optional<EngineRow> find_engine(std::string_view name);
    std::optional<EngineRow> engine(RowId id);
    std::vector<EngineRow> list_engines();  // by id

    // ---- tournaments ----
    // Fails (as a value) when the name is taken (kind NameTaken) or an engine id is unknown.
    Expected<RowId> create_tournament(const TournamentRow& tournament);
    std::optional<TournamentRow> find_tournament(std::string_view name);
    std::optional<TournamentRow> tournament(RowId id);
    std::vector<TournamentRow> list_tournaments();  // by id
    // finished_at nullopt leaves the stored value unchanged. Fails when the id is unknown.
    Expected<Ok> set_tournament_status(RowId id, RunStatus status,
                                       std::optional<TimePoint> finished_at = std::nullopt);
    // Fails when the id is unknown or the text is not valid JSON.
    Expected<Ok> set_tournament_outcome(RowId id, std::string_view outcome_json);
    // A resumed run's changed definition (an SPRT match's new cap). Fails when the id is unknown.
    Expected<Ok> set_tournament_definition(RowId id, std::string_view definition_json,
                                           std::string_view fingerprint);

    // ---- run locks (db/006_run_locks.sql) ----
    // Takes the lock of tournament `lock.tournament_id` for `lock.holder` in one immediate
    // transaction. Refused, with the row that holds it, while it is held and `is_gone(row)` says
    // that holder still runs (or cannot tell); the row of a holder that is gone is replaced. A
    // holder taking a lock it holds already is refused too: one process plays a run once.
    Expected<Ok, RunLockRow> lock_tournament(const RunLockRow& lock,
                                             const std::function<bool(const RunLockRow&)>& is_gone);
    // Deletes the lock if `holder` still holds it (never one another process took over).
    void unlock_tournament(RowId tournament_id, const ProcessIdentity& holder);
    std::optional<RunLockRow> tournament_lock(RowId tournament_id);

    // ---- games ----
    // Stores a finished game and all its moves in one transaction; returns the game id. The
    // seats' engines are `known.seats` (their ids, in seat order) when the caller holds them (a
    // run's recorder), and a session's players `known.first` and `known.second`; else they are
    // found by name (an unknown name is stored as a new engine with only its name). Refused, with
    // nothing written: a game_index already stored for the tournament, an unknown tournament, a
    // record whose rules differ from the tournament's, an aborted or unfinished game (resume
    // replays those), a record that breaks a schema check (e.g. a move outside the rules'
    // grammar); the error's kind says which (DuplicateGame, UnknownTournament, InvalidRecord).
    // `host`: the machine that played it ("" unknown). With `session`, the game is a session
    // game: its session row (made with the session's first game) and the game's link to it are
    // written in the same transaction.
    Expected<RowId> record_game(RowId tournament_id, const GameSlot& slot,
                                const game::GameRecord& record, std::string_view host = {},
                                const SessionSlot* session = nullptr,
                                const KnownEngines& known = {});
    // The game_index of every stored game of the tournament, ascending (resume skips these).
    std::vector<std::int64_t> completed_game_indices(RowId tournament_id);
    std::vector<GameRow> games(const GameFilter& filter);
    // Ignores after_id, offset and limit: the games every page of the filter holds together.
    std::int64_t count_games(const GameFilter& filter);
    std::optional<StoredGame> game(RowId id);
    // The id of the game at `game_index` of the tournament's schedule, if it is stored.
    std::optional<RowId> game_id(RowId tournament_id, std::int64_t game_index);

    // ---- sessions (db/008_sessions.sql, store_sessions.cpp) ----
    // Every session, of one tournament or of all, by tournament then session index.
    std::vector<SessionRow> sessions(std::optional<RowId> tournament_id = std::nullopt);
    std::optional<SessionLink> session_of_game(RowId game_id);
    // The stored games of the tournament's sessions, by session then game number (resume).
    std::vector<SessionGameEnd> session_game_ends(RowId tournament_id);

    // ---- results ----
    std::vector<RatedGame> rated_games(RowId tournament_id);
    // Every game of every tournament played under this (expanded) rules string.
    std::vector<RatedGame> rated_games_for_rules(std::string_view rules);
    // The `standings` view for one tournament, best first (points, then fewer games, then name).
    std::vector<StandingRow> standings(RowId tournament_id);
    // The games a results command totals, in id order, filtered in SQL (store/queries.cpp).
    std::vector<ResultGame> result_games(const ResultFilter& filter);
    // The same games as the rating input reads them (no time control): a million in well under
    // a second.
    std::vector<tournament::ResultRow> result_rows(const ResultFilter& filter);
    // The games of 3 and 4 seats the filter selects (result_rows holds the 2-seat ones), as the
    // rating input reads them: each seat's engine and rank, and the failing seat; by id.
    std::vector<tournament::TableRow> table_rows(const ResultFilter& filter);

    // ---- merging (store_merge.cpp) ----
    // Merges the runs of `sources` (other oaq databases, opened read-only) into this one, all in
    // one transaction: nothing is written when anything is refused. Shards of one run (same name
    // and fingerprint) become one tournament; engines are one engine only when name and binary
    // hash agree. Games already present (same run, same game index, same result) are skipped, so
    // merging a file again adds only what is new. Refused: two different games for one game
    // index, one name with different definitions, one engine name with different binaries.
    // `progress`, when given, is called after each source. Sources are never written (an older
    // schema is read from a migrated copy in memory; an empty file is refused) and are opened one
    // at a time. A value no reader could read back (a time, packed moves) is refused as damaged,
    // naming the file and the game. When `stop` becomes true the merge stops, rolls back and
    // returns an error saying nothing was merged.
    Expected<MergeSummary> merge(const std::vector<std::string>& sources,
                                 const std::function<void(const MergeProgress&)>& progress = {},
                                 const std::atomic<bool>* stop = nullptr);

    // Stores a snapshot and its entries in one transaction; returns the snapshot id.
    RowId save_rating_snapshot(const RatingSnapshot& snapshot);
    // The newest snapshot for this scope; an empty method matches any method.
    std::optional<RatingSnapshot> latest_rating_snapshot(std::optional<RowId> tournament_id,
                                                         std::string_view rules,
                                                         std::string_view method = {});

    struct Impl;

  private:
    explicit Store(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace oaq::store
