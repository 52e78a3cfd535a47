// NewDbFile: a --db file the command created goes again (with SQLite's side files) unless the run
// was stored in it; a file that was there before is never touched.
#include "app/new_db_file.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

using oaq::app::NewDbFile;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("oaq-new-db-file-" + std::to_string(::getpid()));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("a file the command created goes, with its side files, unless kept", "[app]") {
    TempDir dir;
    const auto db = dir.file("new.db");
    {
        NewDbFile created(db);
        for (const char* suffix : {"", "-wal", "-shm", "-journal"}) write(db + suffix, "x");
    }
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        CHECK_FALSE(fs::exists(db + suffix));
    {
        NewDbFile created(db);
        write(db, "the run");
        created.keep();
    }
    CHECK(fs::exists(db));
}

TEST_CASE("a file that was there before the command stays", "[app]") {
    TempDir dir;
    const auto db = dir.file("old.db");
    write(db, "history");
    { NewDbFile existing(db); }
    REQUIRE(fs::exists(db));
    std::ifstream in(db);
    std::string text;
    std::getline(in, text);
    CHECK(text == "history");
    // A dangling symbolic link is a name someone chose: neither it nor its target is ours.
    const auto link = dir.file("link.db");
    fs::create_symlink(dir.file("nowhere.db"), link);
    {
        NewDbFile linked(link);
        write(link, "through the link");
    }
    CHECK(fs::is_symlink(link));
    CHECK(fs::exists(dir.file("nowhere.db")));
}
