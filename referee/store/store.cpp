// Store: opening, engines and tournaments. Games live in store_games.cpp, ratings in
// store_ratings.cpp.
#include "store/store.hpp"

#include <filesystem>
#include <thread>

#include "common/json.hpp"
#include "store/migrations.hpp"
#include "store/packed_moves.hpp"
#include "store/store_impl.hpp"
#include "tournament/run_name.hpp"

namespace oaq::store {

namespace {

using Lock = std::lock_guard<std::mutex>;

// Pragmas that hold per connection; journal_mode=WAL is also stored in the file.
void configure(Database& db, const StoreOptions& options, bool in_memory) {
    db.set_busy_timeout(options.busy_timeout);
    db.exec("PRAGMA foreign_keys = ON");
    if (!in_memory) {
        db.exec("PRAGMA journal_mode = WAL");
        // In WAL mode NORMAL syncs at checkpoints, not at each commit: a killed process loses
        // nothing committed, a power cut at most the last commits (see the header comment).
        db.exec("PRAGMA synchronous = NORMAL");
    }
}

std::string options_json(const EngineRow& e) {
    Json j;
    for (const auto& [name, value] : e.options) j.field(name, value);
    return j.str();
}

std::string string_or(const std::string& value, const char* fallback) {
    return value.empty() ? fallback : value;
}

}  // namespace

Store::Store(std::unique_ptr<Impl> impl)
    : EngineStore(impl.get()),
      RunStore(impl.get()),
      GameStore(impl.get()),
      SessionStore(impl.get()),
      ResultStore(impl.get()),
      MergeStore(impl.get()),
      impl_(std::move(impl)) {}
Store::~Store() = default;
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;

namespace {

bool exists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(path, ec);
}

// Only a file with no pages yet takes a page size (before WAL mode is set: a WAL file keeps
// its page size for good).
void set_page_size_if_new(Database& db, int page_size) {
    if (page_size == 0) return;
    const auto page_count = [&] {  // finalized before the pragma: an open read would keep 4096
        Statement pages(db, "PRAGMA page_count");
        pages.step();
        return pages.int64(0);
    }();
    if (page_count == 0) db.exec("PRAGMA page_size = " + std::to_string(page_size));
}

// A writing connection: refuses a foreign or newer file before changing anything in it (journal
// mode included), then configures and migrates it.
Database open_writing(const std::string& path, const StoreOptions& options) {
    Database db(path, options.create ? Database::Mode::ReadWriteCreate : Database::Mode::ReadWrite);
    // Before the first read: another process may be migrating or writing this file.
    db.set_busy_timeout(options.busy_timeout);
    inspect_schema(db);
    set_page_size_if_new(db, options.new_file_page_size);
    configure(db, options, false);
    migrate(db);
    return db;
}

Database read_only_connection(const std::string& path, const StoreOptions& options,
                              Database::Mode mode) {
    Database db(path, mode);
    db.set_busy_timeout(options.busy_timeout);
    db.exec("PRAGMA foreign_keys = ON");
    return db;
}

// A reading connection. A WAL file whose -shm cannot be made (a directory we cannot write) is
// read as immutable, which is sound while no -wal file says that someone is writing it.
// When no -wal or -journal file is there, it opens the file for writing (read-only when the
// file is protected) and never writes (query_only): the last connection to close a WAL database
// removes the -wal and -shm it made, where a read-only one leaves them beside an input file.
// With a -wal or -journal file there (a run writing it, or one that was killed) it opens
// read-only, so that closing never folds someone else's journal into the file.
std::pair<Database, int> reading_connection(const std::string& path, const StoreOptions& options) {
    const bool quiet_file = !exists(path + "-wal") && !exists(path + "-journal");
    auto db = read_only_connection(
        path, options, quiet_file ? Database::Mode::ReadWrite : Database::Mode::ReadOnly);
    if (quiet_file) db.exec("PRAGMA query_only = ON");
    int version = 0;
    try {
        version = inspect_schema(db);
    } catch (const SqliteError& e) {
        if (!e.is_not_writable() || exists(path + "-wal")) throw;
        db = read_only_connection(path, options, Database::Mode::Immutable);
        version = inspect_schema(db);
    }
    // A file kept as it is cannot become an oaq database.
    if (version == 0 && options.keep_file) {
        std::error_code ec;
        throw OaqError(path + ": not an oaq database (" +
                       (std::filesystem::file_size(path, ec) == 0 ? "an empty file"
                                                                  : "an empty SQLite database") +
                       ")");
    }
    return {std::move(db), version};
}

Database open_reading(const std::string& path, const StoreOptions& options) {
    auto [db, version] = reading_connection(path, options);
    if (version == latest_schema_version()) return std::move(db);
    if (options.keep_file) {
        // An older schema, upgraded in a copy in memory: the file stays as it is.
        auto copy = Database::memory_copy(db);
        configure(copy, options, true);
        migrate(copy);
        return copy;
    }
    // An older schema: upgrade it once with a writing connection, then read.
    try {
        StoreOptions writing = options;
        writing.create = false;
        open_writing(path, writing);
    } catch (const SqliteError& e) {
        if (!e.is_not_writable()) throw;
        throw OaqError(path + ": schema version " + std::to_string(version) +
                       " needs an upgrade to " + std::to_string(latest_schema_version()) +
                       ", which needs write access to the file and its directory (" + e.reason() +
                       ")");
    }
    return read_only_connection(path, options, Database::Mode::ReadOnly);
}

// What an SQLite error while opening `path` says, as one line.
[[noreturn]] void opening_failed(const std::string& path, const SqliteError& e) {
    if (e.is_not_a_database())
        throw OaqError(path + ": not an oaq database, or a damaged one (" + e.reason() + ")");
    throw OaqError(std::string("cannot open database ") + e.what());
}

}  // namespace

void Store::check_source(const std::string& path) {
    if (!exists(path)) throw OaqError(path + ": no such database file");
    StoreOptions options;
    options.read_only = true;
    options.keep_file = true;
    try {
        reading_connection(path, options);
    } catch (const SqliteError& e) {
        opening_failed(path, e);
    }
}

Store Store::open(const std::string& path, const StoreOptions& options) {
    if (path.empty()) throw OaqError("the database path is empty (give a file name)");
    if ((!options.create || options.read_only) && !exists(path)) {
        throw OaqError(path + ": no such database file");
    }
    // Each statement waits for locks on its own (the busy timeout); a few steps of opening a new
    // file (the first read of a file another process is creating, the switch to WAL) can still
    // report busy at once, so the whole opening is retried within the same bound.
    const auto give_up = std::chrono::steady_clock::now() + options.busy_timeout;
    for (;;) {
        try {
            return Store(std::make_unique<Impl>(options.read_only ? open_reading(path, options)
                                                                  : open_writing(path, options)));
        } catch (const SqliteError& e) {
            if (e.is_busy() && std::chrono::steady_clock::now() < give_up) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                continue;
            }
            opening_failed(path, e);
        }
    }
}

Store Store::open_memory() {
    Database db(":memory:", Database::Mode::ReadWriteCreate);
    configure(db, StoreOptions{}, true);
    migrate(db);
    return Store(std::make_unique<Impl>(std::move(db)));
}

const std::string& Store::path() const {
    return impl_->db.path();
}

int Store::latest_schema_version() {
    return store::latest_schema_version();
}

int Store::schema_version() {
    Lock lock(impl_->mutex);
    Statement st(impl_->db, "PRAGMA user_version");
    return st.step() ? st.int32(0) : 0;
}

Expected<Ok> Store::integrity_check() {
    Lock lock(impl_->mutex);
    std::vector<std::string> problems;
    try {
        Statement check(impl_->db, "PRAGMA integrity_check(20)");
        while (check.step()) {
            std::string line = check.text(0);
            if (line != "ok") problems.push_back(line);
        }
        Statement fk(impl_->db, "PRAGMA foreign_key_check");
        while (fk.step() && problems.size() < 20) {
            // WITHOUT ROWID tables (tournament_shards, ...) report no rowid.
            std::string row = fk.is_null(1) ? "a row" : "row " + std::to_string(fk.int64(1));
            problems.push_back("table " + fk.text(0) + ", " + row + ": missing parent in " +
                               fk.text(2));
        }
        // result_totals (kept by triggers) must say what the games say, in both directions.
        constexpr std::string_view kFromGames =
            "SELECT tournament_id, engine_id, opponent_id, count(*), sum(win), sum(draw),"
            " sum(loss) FROM game_sides GROUP BY tournament_id, engine_id, opponent_id";
        constexpr std::string_view kTotals =
            "SELECT tournament_id, engine_id, opponent_id, games, wins, draws, losses"
            " FROM result_totals";
        Statement totals(impl_->db, "SELECT (SELECT count(*) FROM (" + std::string(kFromGames) +
                                        " EXCEPT " + std::string(kTotals) +
                                        ")) + (SELECT count(*) FROM (" + std::string(kTotals) +
                                        " EXCEPT " + std::string(kFromGames) + "))");
        if (totals.step() && totals.int64(0) > 0) {
            problems.push_back(std::to_string(totals.int64(0)) +
                               " result_totals rows disagree with the games");
        }
        // Each game's seats (db/012_game_seats.sql): exactly seats 0 .. seats - 1.
        Statement seats(impl_->db,
                        "SELECT count(*) FROM game_rows g WHERE g.seats <> (SELECT count(*) FROM"
                        " game_seats s WHERE s.game_id = g.id AND s.seat < g.seats)"
                        " OR EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND"
                        " s.seat >= g.seats)");
        if (seats.step() && seats.int64(0) > 0) {
            problems.push_back(std::to_string(seats.int64(0)) +
                               " games whose seats disagree with their number of seats");
        }
        // Each game's packed moves (db/010_packed_moves.sql): readable, one ply per ply.
        Statement packed(impl_->db,
                         "SELECT g.id, g.plies, m.moves, t.name, g.game_index FROM game_rows g"
                         " LEFT JOIN game_moves m ON m.game_id = g.id"
                         " LEFT JOIN tournaments t ON t.id = g.tournament_id");
        while (packed.step() && problems.size() < 20) {
            // "cup#7" as views name it; a game without its tournament by its database id.
            const std::string game =
                packed.is_null(3) ? "game with id " + std::to_string(packed.int64(0))
                                  : tournament::game_reference(packed.text(3), packed.int64(4));
            if (packed.is_null(2)) {
                problems.push_back(game + " has no moves row");
                continue;
            }
            auto plies = packed_ply_count(packed.blob(2));
            if (!plies)
                problems.push_back(game + ": " + plies.error().message);
            else if (static_cast<std::int64_t>(*plies) != packed.int64(1))
                problems.push_back(game + ": " + std::to_string(packed.int64(1)) +
                                   " plies recorded, " + std::to_string(*plies) + " moves stored");
        }
    } catch (const SqliteError& e) {
        if (!e.is_not_a_database()) throw;
        problems.push_back(e.reason());
    }
    if (problems.empty()) return Ok{};
    std::string message = path() + ": integrity check failed: ";
    for (std::size_t i = 0; i < problems.size(); ++i) message += (i ? "; " : "") + problems[i];
    return fail(message);
}

// ---- engines -------------------------------------------------------------------------------

RowId EngineStore::upsert_engine(const EngineRow& e) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "INSERT INTO engines (name, command, args, options, binary_sha256, id_name,"
                 " id_author, declared_options, first_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,"
                 " ?8, ?9) ON CONFLICT (name) DO UPDATE SET command = excluded.command,"
                 " args = excluded.args, options = excluded.options,"
                 " binary_sha256 = excluded.binary_sha256, id_name = excluded.id_name,"
                 " id_author = excluded.id_author, declared_options = excluded.declared_options"
                 " RETURNING id");
    auto first_seen = e.first_seen == TimePoint{} ? std::chrono::system_clock::now() : e.first_seen;
    st.bind(1, e.name)
        .bind(2, e.command)
        .bind(3, Json::string_array(e.args))
        .bind(4, options_json(e))
        .bind(5, e.binary_sha256)
        .bind(6, e.id_name)
        .bind(7, e.id_author)
        .bind(8, e.declared_options)
        .bind(9, format_utc(first_seen));
    if (!st.step()) impl_->damaged("upsert of engine " + e.name + " returned no id");
    RowId id = st.int64(0);
    st.run();
    impl_->engine_ids[e.name] = id;
    return id;
}

namespace {

constexpr std::string_view kEngineColumns =
    "SELECT id, name, command, args, options, binary_sha256, id_name, id_author,"
    " declared_options, first_seen FROM engines ";

EngineRow read_engine(Store::Impl& impl, const Statement& st) {
    EngineRow e;
    e.id = st.int64(0);
    e.name = st.text(1);
    e.command = st.text(2);
    // json_each walks an array or object in document order: SQLite decodes its own JSON.
    Statement args(impl.db, "SELECT value FROM json_each(?1)");
    args.bind(1, st.text(3));
    while (args.step()) e.args.push_back(args.text(0));
    Statement options(impl.db, "SELECT key, value FROM json_each(?1)");
    options.bind(1, st.text(4));
    while (options.step()) e.options.emplace_back(options.text(0), options.text(1));
    e.binary_sha256 = st.text(5);
    e.id_name = st.text(6);
    e.id_author = st.text(7);
    e.declared_options = st.text(8);
    e.first_seen = impl.read_time(st, 9);
    return e;
}

}  // namespace

std::optional<EngineRow> EngineStore::find_engine(std::string_view name) {
    Lock lock(impl_->mutex);
    return read_row(*impl_, std::string(kEngineColumns) + "WHERE name = ?1", read_engine, name);
}

std::optional<EngineRow> EngineStore::engine(RowId id) {
    Lock lock(impl_->mutex);
    return read_row(*impl_, std::string(kEngineColumns) + "WHERE id = ?1", read_engine, id);
}

std::vector<EngineRow> EngineStore::list_engines() {
    Lock lock(impl_->mutex);
    return read_rows(*impl_, std::string(kEngineColumns) + "ORDER BY id", read_engine);
}

// ---- tournaments ---------------------------------------------------------------------------

RowId insert_tournament(Database& db, const TournamentRow& t) {
    Statement st(db,
                 "INSERT INTO tournaments (name, format, rules, time_control, settings, seed,"
                 " status, outcome, started_at, finished_at, definition, fingerprint)"
                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)");
    auto started = t.started_at == TimePoint{} ? std::chrono::system_clock::now() : t.started_at;
    st.bind(1, t.name)
        .bind(2, t.format)
        .bind(3, t.rules)
        .bind(4, t.time_control)
        .bind(5, string_or(t.settings, "{}"))
        .bind(6, seed_to_column(t.seed))
        .bind(7, to_string(t.status))
        .bind(8, string_or(t.outcome, "{}"))
        .bind(9, format_utc(started));
    if (t.finished_at) st.bind(10, format_utc(*t.finished_at));
    if (t.definition) st.bind(11, *t.definition);
    st.bind(12, t.fingerprint);
    st.run();
    RowId id = db.last_insert_rowid();
    Statement seat(db,
                   "INSERT INTO tournament_engines (tournament_id, engine_id, seat)"
                   " VALUES (?1, ?2, ?3)");
    for (std::size_t i = 0; i < t.engine_ids.size(); ++i) {
        seat.bind(1, id).bind(2, t.engine_ids[i]).bind(3, i);
        seat.run();
        seat.reset();
    }
    for (const auto& shard : t.shards) write_shard(db, id, shard);
    return id;
}

Expected<RowId> RunStore::create_tournament(const TournamentRow& t) {
    Lock lock(impl_->mutex);
    try {
        Transaction tx(impl_->db);
        RowId id = insert_tournament(impl_->db, t);
        tx.commit();
        return id;
    } catch (const SqliteError& e) {
        if (!e.is_constraint()) throw;
        Statement taken(impl_->db, "SELECT 1 FROM tournaments WHERE name = ?1");
        taken.bind(1, t.name);
        if (e.is_unique_violation() && taken.step()) {
            return fail(ErrorKind::NameTaken,
                        "a tournament named \"" + t.name + "\" already exists");
        }
        return fail("tournament \"" + t.name + "\" refused: " + e.reason());
    }
}

namespace {

constexpr std::string_view kTournamentColumns =
    "SELECT id, name, format, rules, time_control, settings, seed, status, outcome, started_at,"
    " finished_at, definition, fingerprint FROM tournaments ";

TournamentRow read_tournament(Store::Impl& impl, const Statement& st) {
    TournamentRow t;
    t.id = st.int64(0);
    t.name = st.text(1);
    t.format = st.text(2);
    t.rules = st.text(3);
    t.time_control = st.text(4);
    t.settings = st.text(5);
    t.seed = seed_from_column(st.int64(6));
    auto status = tournament::parse_run_status(st.text(7));
    if (!status) impl.damaged("tournament " + t.name + ": status \"" + st.text(7) + "\"");
    t.status = *status;
    t.outcome = st.text(8);
    t.started_at = impl.read_time(st, 9);
    t.finished_at = impl.read_optional_time(st, 10);
    if (!st.is_null(11)) t.definition = st.text(11);
    t.fingerprint = st.text(12);
    Statement seats(
        impl.db, "SELECT engine_id FROM tournament_engines WHERE tournament_id = ?1 ORDER BY seat");
    seats.bind(1, t.id);
    while (seats.step()) t.engine_ids.push_back(seats.int64(0));
    t.shards = read_shards(impl, t.id);
    return t;
}

}  // namespace

std::optional<TournamentRow> tournament_named(Store::Impl& impl, std::string_view name) {
    return read_row(impl, std::string(kTournamentColumns) + "WHERE name = ?1", read_tournament,
                    name);
}

std::optional<TournamentRow> RunStore::find_tournament(std::string_view name) {
    Lock lock(impl_->mutex);
    return read_row(*impl_, std::string(kTournamentColumns) + "WHERE name = ?1", read_tournament,
                    name);
}

std::optional<TournamentRow> RunStore::tournament(RowId id) {
    Lock lock(impl_->mutex);
    return read_row(*impl_, std::string(kTournamentColumns) + "WHERE id = ?1", read_tournament, id);
}

std::vector<TournamentRow> RunStore::list_tournaments() {
    Lock lock(impl_->mutex);
    return read_rows(*impl_, std::string(kTournamentColumns) + "ORDER BY id", read_tournament);
}

Expected<Ok> RunStore::set_tournament_status(RowId id, RunStatus status,
                                             std::optional<TimePoint> finished_at) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "UPDATE tournaments SET status = ?2, finished_at = coalesce(?3, finished_at)"
                 " WHERE id = ?1 RETURNING id");
    st.bind(1, id).bind(2, to_string(status));
    if (finished_at) st.bind(3, format_utc(*finished_at));
    bool found = st.step();
    st.run();
    if (!found) return fail("no tournament with id " + std::to_string(id));
    // The shard played here follows its tournament; merged shards keep what their file said,
    // unless the run is finished here (a merged run resumed to its end): then every one is.
    Statement shard(impl_->db,
                    "UPDATE tournament_shards SET status = ?2 WHERE tournament_id = ?1 AND"
                    " (source = '' OR ?2 = 'finished')");
    shard.bind(1, id).bind(2, to_string(status));
    shard.run();
    return Ok{};
}

Expected<Ok> RunStore::set_tournament_definition(RowId id, std::string_view definition_json,
                                                 std::string_view fingerprint) {
    Lock lock(impl_->mutex);
    Statement st(impl_->db,
                 "UPDATE tournaments SET definition = ?2, fingerprint = ?3 WHERE id = ?1"
                 " RETURNING id");
    st.bind(1, id).bind(2, definition_json).bind(3, fingerprint);
    bool found = st.step();
    st.run();
    if (!found) return fail("no tournament with id " + std::to_string(id));
    return Ok{};
}

Expected<Ok> RunStore::set_tournament_outcome(RowId id, std::string_view outcome_json) {
    Lock lock(impl_->mutex);
    try {
        Statement st(impl_->db, "UPDATE tournaments SET outcome = ?2 WHERE id = ?1 RETURNING id");
        st.bind(1, id).bind(2, outcome_json);
        bool found = st.step();
        st.run();
        if (!found) return fail("no tournament with id " + std::to_string(id));
        return Ok{};
    } catch (const SqliteError& e) {
        if (!e.is_constraint()) throw;
        return fail("tournament outcome is not valid JSON: " + std::string(outcome_json));
    }
}

}  // namespace oaq::store
