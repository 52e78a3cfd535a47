// Store: the results database, the only interface the tournament runner and the results commands
// use to reach SQLite; its parts (store_part.hpp) each keep one concern over its one connection. It
// opens (creating and migrating) a file or an in-memory database, keeps engines, tournaments, games
// with their moves, and rating snapshots, and answers the queries the tools need. db/README.md
// documents the schema for people using `sqlite3 oaq.db` directly.
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

#include <chrono>
#include <memory>
#include <string>

#include "common/expected.hpp"
#include "store/engine_store.hpp"
#include "store/game_store.hpp"
#include "store/merge_store.hpp"
#include "store/result_store.hpp"
#include "store/rows.hpp"
#include "store/run_store.hpp"
#include "store/session_store.hpp"

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

// The results database of one file: every part over the one connection it opens.
class Store : public EngineStore,
              public RunStore,
              public GameStore,
              public SessionStore,
              public ResultStore,
              public MergeStore {
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

    using Impl = Connection;

  private:
    friend class MergeStore;  // reads its sources' connections
    explicit Store(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace oaq::store
