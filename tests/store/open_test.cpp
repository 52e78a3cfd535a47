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

namespace {

std::int64_t page_size_of(const std::string& path) {
    Database db(path, Database::Mode::ReadOnly);
    Statement st(db, "PRAGMA page_size");
    st.step();
    return st.int64(0);
}

}  // namespace

TEST_CASE("a new file takes the page size asked for, and a file that exists keeps its own",
          "[store][schema]") {
    TempDir dir;
    StoreOptions bulk;
    bulk.new_file_page_size = kBulkPageSize;
    {
        Store created = Store::open(dir.file("bulk.db"), bulk);
        make_tournament(created, "t1");
    }
    CHECK(page_size_of(dir.file("bulk.db")) == kBulkPageSize);
    {
        Store plain = Store::open(dir.file("plain.db"));
        make_tournament(plain, "t1");
    }
    Store reopened = Store::open(dir.file("plain.db"), bulk);
    CHECK(page_size_of(dir.file("plain.db")) == 4096);
    REQUIRE(reopened.find_tournament("t1").has_value());
}

namespace {

// Two engines and a tournament "old", as a file of an older schema holds them (the columns of
// migration 1).
void insert_old_run(Database& db) {
    db.exec(
        "INSERT INTO engines (id, name, first_seen) VALUES (1, 'a', '2026-01-01T00:00:00Z'),"
        " (2, 'b', '2026-01-01T00:00:00Z');"
        "INSERT INTO tournaments (id, name, format, rules, time_control, seed, started_at)"
        " VALUES (1, 'old', 'match', 'classic', '10+0', 7, '2026-01-01T00:00:00Z');");
}

}  // namespace

TEST_CASE("a file at an older schema version is migrated on open and keeps its data",
          "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("old.db");
    {
        // A file written by a program that only knew migration 1, with one game in it.
        Database db(path, Database::Mode::ReadWriteCreate);
        REQUIRE(migrate(db, 1) == 1);
        insert_old_run(db);
        db.exec(
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

TEST_CASE("migration 010 packs a file's per-ply moves and every value reads back as it was",
          "[store][schema]") {
    TempDir dir;
    std::string path = dir.file("v9.db");
    {
        // A file of schema 9: the moves of game 1 one row a ply (stored out of order, as any
        // insertion order may leave them), game 2 without moves.
        Database db(path, Database::Mode::ReadWriteCreate);
        REQUIRE(migrate(db, 9) == 9);
        insert_old_run(db);
        db.exec(
            "INSERT INTO games (id, tournament_id, game_index, pair_index, round, start_position,"
            " south_engine_id, north_engine_id, result, score_south, score_north, termination,"
            " plies, final_position, started_at, ended_at) VALUES"
            " (1, 1, 0, 0, 0, 's', 1, 2, 'south_win', 40, 30, 'normal', 3, 'f',"
            " '2026-01-01T00:00:00Z', '2026-01-01T00:00:01.500Z'),"
            " (2, 1, 1, 0, 0, 's', 2, 1, 'draw', 35, 35, 'crash', 0, 's',"
            " '2026-01-01T00:00:02Z', '2026-01-01T00:00:03Z');"
            "INSERT INTO moves (game_id, ply, move, time_used_us, time_left_us, depth, score_kind,"
            " score_value, nodes, pv) VALUES"
            " (1, 3, '5L', 7, -12, NULL, NULL, NULL, NULL, ''),"
            " (1, 1, '3R', 51234, 9948766, 12, 'cp', -34, 10523, '3R 4L 1R'),"
            " (1, 2, '10L', 0, 0, 0, 'mate', -7, 0, 'weird-token 2R');");
    }
    Store store = Store::open(path);
    CHECK(store.schema_version() == latest_schema_version());
    CHECK(store.integrity_check().has_value());
    auto one = store.game(1);
    REQUIRE(one.has_value());
    const auto& m = one->record.moves;
    REQUIRE(m.size() == 3);
    CHECK(rules::to_string(m[0].move) == "3R");
    CHECK(m[0].time_used.count() == 51234);
    CHECK(m[0].time_left.count() == 9948766);
    CHECK(m[0].depth == 12);
    REQUIRE(m[0].score.has_value());
    CHECK(m[0].score->kind == protocol::Score::Kind::Cp);
    CHECK(m[0].score->value == -34);
    CHECK(m[0].nodes == 10523u);
    CHECK(m[0].pv == std::vector<std::string>{"3R", "4L", "1R"});
    CHECK(rules::to_string(m[1].move) == "10L");
    CHECK(m[1].depth == 0);
    CHECK(m[1].score->kind == protocol::Score::Kind::Mate);
    CHECK(m[1].score->value == -7);
    CHECK(m[1].pv == std::vector<std::string>{"weird-token", "2R"});
    CHECK(rules::to_string(m[2].move) == "5L");
    CHECK(m[2].time_left.count() == -12);
    CHECK_FALSE(m[2].depth.has_value());
    CHECK_FALSE(m[2].score.has_value());
    CHECK_FALSE(m[2].nodes.has_value());
    CHECK(m[2].pv.empty());
    auto two = store.game(2);
    REQUIRE(two.has_value());
    CHECK(two->record.moves.empty());
}
