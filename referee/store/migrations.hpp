// migrations: bring a database file to the schema this program knows, or refuse it. The schema is
// the numbered scripts in db/ (compiled in); the file records how many have been applied in
// PRAGMA user_version and that it is an oaq file in PRAGMA application_id. Each migration runs in
// its own immediate transaction together with the version bump, so a crash or a second process
// opening the same file at the same moment can never leave a half-applied migration.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "store/sqlite.hpp"

namespace oaq::store {

// "OAQ" followed by a zero byte: marks a file as ours (sqlite3 shows it in `.dbinfo`).
inline constexpr std::int32_t kApplicationId = 0x4F415100;

struct Migration {
    int version;
    std::string_view file;  // e.g. "001_initial.sql"
    std::string_view sql;
};

std::span<const Migration> migrations();
int latest_schema_version();

// The file's schema version: 0 for a new, empty file. Throws OaqError with one clear line when the
// file is not a database, is damaged, belongs to another program, or is newer than this program.
int inspect_schema(Database& db);

// Applies the migrations after the file's version, up to `target` (tests stop early to build an
// old file). Returns the version reached. Throws OaqError like inspect_schema.
int migrate(Database& db, int target = latest_schema_version());

}  // namespace oaq::store
