#include "store/migrations.hpp"

#include <string>

#include "store/migrations_sql.hpp"
#include "store/packed_moves_sql.hpp"

namespace oaq::store {

namespace {

// The generated table holds the files in order, named NNN_<what>.sql (checked at build time);
// copying it once keeps the generated header private.
const std::span<const Migration> kAll = [] {
    static Migration all[std::size(generated::kFiles)];
    for (std::size_t i = 0; i < std::size(generated::kFiles); ++i) {
        const auto& f = generated::kFiles[i];
        all[i] = Migration{static_cast<int>(i) + 1, f.name, f.text};
    }
    return std::span<const Migration>(all);
}();

struct Header {
    std::int64_t application_id = 0;
    std::int64_t user_version = 0;
    std::int64_t objects = 0;
};

Header read_header(Database& db) {
    try {
        // One statement, so one snapshot: read separately, another connection's migration could
        // commit in between and the file would look like objects without an application_id.
        Statement st(db,
                     "SELECT (SELECT application_id FROM pragma_application_id),"
                     " (SELECT user_version FROM pragma_user_version),"
                     " (SELECT count(*) FROM sqlite_schema)");
        if (!st.step()) return Header{};
        return Header{st.int64(0), st.int64(1), st.int64(2)};
    } catch (const SqliteError& e) {
        if (e.is_not_a_database()) {
            throw OaqError(db.path() + ": not an oaq database, or a damaged one (" + e.reason() +
                           ")");
        }
        throw;
    }
}

int check_header(Database& db, const Header& h) {
    if (h.application_id != kApplicationId) {
        if (h.application_id != 0 || h.user_version != 0 || h.objects != 0) {
            throw OaqError(db.path() + ": an SQLite database, but not an oaq one (application_id " +
                           std::to_string(h.application_id) + ")");
        }
        return 0;  // a new, empty file
    }
    if (h.user_version > latest_schema_version()) {
        throw OaqError(db.path() + ": schema version " + std::to_string(h.user_version) +
                       " is newer than this oaq understands (" +
                       std::to_string(latest_schema_version()) + "); use a newer oaq");
    }
    if (h.user_version < 0) {
        throw OaqError(db.path() + ": damaged oaq database (schema version " +
                       std::to_string(h.user_version) + ")");
    }
    return static_cast<int>(h.user_version);
}

}  // namespace

std::span<const Migration> migrations() {
    return kAll;
}

int latest_schema_version() {
    return static_cast<int>(kAll.size());
}

int inspect_schema(Database& db) {
    return check_header(db, read_header(db));
}

namespace {

// Migrations run with foreign keys off, as SQLite documents for schema changes that rebuild a
// table (lang_altertable.html): 011 drops the old games table, whose cascade would otherwise
// delete every game's moves. The connection's setting is restored however the migration ends
// (the pragma is a no-op inside a transaction, so it is set around them).
class ForeignKeysOff {
  public:
    explicit ForeignKeysOff(Database& db) : db_(db) {
        Statement st(db, "PRAGMA foreign_keys");
        was_on_ = st.step() && st.int64(0) != 0;
        st.reset();
        if (was_on_) db.exec("PRAGMA foreign_keys = OFF");
    }
    ~ForeignKeysOff() {
        try {
            if (was_on_) db_.exec("PRAGMA foreign_keys = ON");
        } catch (...) {
        }
    }
    ForeignKeysOff(const ForeignKeysOff&) = delete;
    ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

  private:
    Database& db_;
    bool was_on_ = false;
};

}  // namespace

int migrate(Database& db, int target) {
    int version = inspect_schema(db);
    if (version >= target) return version;
    register_pack_moves_function(db.handle());  // used by 010
    ForeignKeysOff foreign_keys(db);
    while (version < target) {
        const Migration& m = kAll[static_cast<std::size_t>(version)];
        try {
            Transaction tx(db, Transaction::Kind::Immediate);
            // Another process may have migrated while we waited for the write lock.
            int now = inspect_schema(db);
            if (now == version) {
                db.exec(m.sql);
                // Pragmas take no bound parameters; these are the program's own constants.
                db.exec("PRAGMA user_version = " + std::to_string(m.version));
                db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            }
            tx.commit();
            version = now == version ? m.version : now;
        } catch (const SqliteError& e) {
            // Still a SqliteError, so a caller can tell a busy or read-only file from the rest.
            throw SqliteError(
                e.code(),
                std::string(e.what()) + " (while applying migration " + std::string(m.file) + ")",
                e.reason());
        }
    }
    return version;
}

}  // namespace oaq::store
