// Opening files: creation, every migration in order, an old file migrated, and the files that
// must be refused with one clear line (newer schema, not a database, another program's, damaged).
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "common/error.hpp"
#include "fixtures.hpp"
#include "store/migrations.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;
using Catch::Matchers::Contains;

namespace {

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

int user_version(Database& db) {
    Statement st(db, "PRAGMA user_version");
    st.step();
    return st.int32(0);
}

// The message main prints: one line, naming the file.
std::string open_error(const std::string& path, const StoreOptions& options = {}) {
    try {
        Store::open(path, options);
    } catch (const OaqError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("the migrations are numbered 1, 2, 3 ... and embedded in the binary", "[store][schema]") {
    auto all = migrations();
    REQUIRE(all.size() >= 2);
    for (std::size_t i = 0; i < all.size(); ++i) {
        CHECK(all[i].version == static_cast<int>(i) + 1);
        CHECK_FALSE(all[i].sql.empty());
    }
    CHECK(all[0].file == "001_initial.sql");
    CHECK(latest_schema_version() == static_cast<int>(all.size()));
}

TEST_CASE("a new in-memory store is at the latest schema version and passes its checks",
          "[store][schema]") {
    Store store = Store::open_memory();
    CHECK(store.schema_version() == Store::latest_schema_version());
    CHECK(store.integrity_check().has_value());
    CHECK(store.list_tournaments().empty());
}

TEST_CASE("every migration applies in order to an empty file", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("steps.db");
    {
        Database db(path, Database::Mode::ReadWriteCreate);
        CHECK(inspect_schema(db) == 0);
        for (int v = 1; v <= latest_schema_version(); ++v) {
            CHECK(migrate(db, v) == v);
            CHECK(user_version(db) == v);
            CHECK(inspect_schema(db) == v);
        }
    }
    Store store = Store::open(path);
    CHECK(store.schema_version() == latest_schema_version());
    CHECK(store.integrity_check().has_value());
}

TEST_CASE("opening a new file creates it at the latest version, and reopening changes nothing",
          "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("new.db");
    {
        Store store = Store::open(path);
        CHECK(store.schema_version() == latest_schema_version());
        make_tournament(store, "t1");
    }
    Store again = Store::open(path);
    CHECK(again.schema_version() == latest_schema_version());
    REQUIRE(again.find_tournament("t1").has_value());
}

TEST_CASE("a file at an older schema version is migrated on open and keeps its data",
          "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("old.db");
    {
        // A file written by a program that only knew migration 1, with one game in it.
        Database db(path, Database::Mode::ReadWriteCreate);
        REQUIRE(migrate(db, 1) == 1);
        db.exec(
            "INSERT INTO engines (id, name, first_seen) VALUES (1, 'a', '2026-01-01T00:00:00Z'),"
            " (2, 'b', '2026-01-01T00:00:00Z');"
            "INSERT INTO tournaments (id, name, format, rules, time_control, seed, started_at)"
            " VALUES (1, 'old', 'match', 'classic', '10+0', 7, '2026-01-01T00:00:00Z');"
            "INSERT INTO games (tournament_id, game_index, pair_index, round, start_position,"
            " south_engine_id, north_engine_id, result, score_south, score_north, termination,"
            " plies, final_position, started_at, ended_at) VALUES (1, 0, 0, 0, 's', 1, 2,"
            " 'south_win', 40, 30, 'normal', 0, 'f', '2026-01-01T00:00:00Z',"
            " '2026-01-01T00:00:01.500Z');");
        REQUIRE(user_version(db) == 1);
    }
    Store store = Store::open(path);
    CHECK(store.schema_version() == latest_schema_version());
    auto t = store.find_tournament("old");
    REQUIRE(t.has_value());
    auto standings = store.standings(t->id);  // a view from a later migration
    REQUIRE(standings.size() == 2);
    CHECK(standings[0].engine == "a");
    CHECK(standings[0].points == 1.0);
    auto games = store.games(GameFilter{});
    REQUIRE(games.size() == 1);
    CHECK(games[0].ended_at == at_ms(1'767'225'601'500));
}

TEST_CASE("a file with a newer schema version is refused with a clear error", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("newer.db");
    { Store::open(path); }
    {
        Database db(path, Database::Mode::ReadWrite);
        db.exec("PRAGMA user_version = " + std::to_string(latest_schema_version() + 1));
    }
    std::string message = open_error(path);
    CHECK_THAT(message, Contains(path) && Contains("newer than this oaq understands") &&
                            Contains("use a newer oaq"));
    CHECK(message.find('\n') == std::string::npos);
}

TEST_CASE("a file that is not a database is refused with one clear line and left untouched",
          "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("garbage.db");
    std::string garbage;
    for (int i = 0; i < 8192; ++i) garbage += static_cast<char>((i * 7919) % 251);
    write_bytes(path, garbage);
    std::string message = open_error(path);
    CHECK_THAT(message, Contains(path) && Contains("not an oaq database"));
    CHECK(message.find('\n') == std::string::npos);
    CHECK(read_bytes(path) == garbage);
}

TEST_CASE("a text file is refused as not a database", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("notes.txt");
    write_bytes(path, "name,score\nalpha,3\n");
    CHECK_THAT(open_error(path), Contains("not an oaq database"));
}

TEST_CASE("an SQLite database of another program is refused", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("other.db");
    {
        Database db(path, Database::Mode::ReadWriteCreate);
        db.exec("CREATE TABLE contacts (name TEXT)");
    }
    CHECK_THAT(open_error(path), Contains("an SQLite database, but not an oaq one"));
}

TEST_CASE("a damaged database file gives a clear error", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("damaged.db");
    {
        Store store = Store::open(path);
        RowId t = make_tournament(store, "t");
        for (int i = 0; i < 50; ++i) {
            REQUIRE(store.record_game(t, GameSlot{i, i / 2, 0},
                                      make_game("a", "b", 80, static_cast<unsigned>(i))));
        }
    }  // the last connection checkpoints the WAL into the main file and removes it
    std::string bytes = read_bytes(path);
    REQUIRE(bytes.size() > 64 * 1024);

    SECTION("a wrecked header") {
        for (std::size_t i = 0; i < 100; ++i) bytes[i] = 'x';
        write_bytes(path, bytes);
        CHECK_THAT(open_error(path), Contains("not an oaq database, or a damaged one"));
    }
    SECTION("zeroed pages in the middle are found by the integrity check") {
        for (std::size_t i = 16 * 4096; i < 20 * 4096; ++i) bytes[i] = 0;
        write_bytes(path, bytes);
        std::string problem;
        try {
            Store store = Store::open(path);
            auto check = store.integrity_check();
            if (!check) problem = check.error().message;
        } catch (const OaqError& e) {
            problem = e.what();
        }
        CHECK_THAT(problem, Contains(path));
        CHECK(problem.find('\n') == std::string::npos);
    }
}

TEST_CASE("a missing file is an error when the caller only reads results", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("missing.db");
    StoreOptions read_only_use;
    read_only_use.create = false;
    CHECK_THAT(open_error(path, read_only_use), Contains("no such database file"));
    CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("an empty path is refused instead of becoming a temporary database", "[store][schema]") {
    CHECK_THAT(open_error(""), Contains("empty"));
    StoreOptions reading;
    reading.read_only = true;
    CHECK_THAT(open_error("", reading), Contains("empty"));
}

TEST_CASE("a read-only store reads everything and never writes", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("results.db");
    {
        Store store = Store::open(path);
        make_tournament(store, "t");
    }
    StoreOptions reading;
    reading.read_only = true;
    Store store = Store::open(path, reading);
    CHECK(store.schema_version() == latest_schema_version());
    REQUIRE(store.find_tournament("t"));
    EngineRow e;
    e.name = "x";
    CHECK_THROWS_WITH(store.upsert_engine(e), Contains("readonly"));
    CHECK_FALSE(std::filesystem::exists(dir.file("none.db")));
    CHECK_THAT(open_error(dir.file("none.db"), reading), Contains("no such database file"));
    CHECK_FALSE(std::filesystem::exists(dir.file("none.db")));
}

TEST_CASE("a read-only store of an older file upgrades it once, then reads", "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("old.db");
    {
        Database db(path, Database::Mode::ReadWriteCreate);
        REQUIRE(migrate(db, latest_schema_version() - 1) == latest_schema_version() - 1);
    }
    StoreOptions reading;
    reading.read_only = true;
    Store store = Store::open(path, reading);
    CHECK(store.schema_version() == latest_schema_version());
    CHECK(store.list_tournaments().empty());
}
