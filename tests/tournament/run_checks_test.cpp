// What `oaq tournament` and `oaq match` check before a run writes anything: engine names become
// safe file names, a bad --log or a moved engine is refused,
// and the descriptor limit is checked against the concurrency.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/utf8.hpp"
#include "tournament/run_checks.hpp"

using namespace oaq;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path =
        fs::temp_directory_path() / ("oaq-run-checks-test-" + std::to_string(::getpid()));
    TempDir() {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

}  // namespace

TEST_CASE("engine names become safe file names inside the log directory", "[tournament][edges]") {
    using Row = std::tuple<std::string, std::string>;
    auto [name, file] = GENERATE(table<std::string, std::string>({
        Row{"alphabeta", "alphabeta"},
        Row{"v1.2+fix_3-b", "v1.2+fix_3-b"},
        Row{"../x", "_._x"},
        Row{"a/b", "a_b"},
        Row{"..", "_."},
        Row{".hidden", "_hidden"},
        Row{"my engine", "my_engine"},
        Row{"Cờ tướng", "Cờ_tướng"},
        Row{"bad\xff", "bad_"},
        Row{"", "_"},
        Row{"tab\tnew\nline", "tab_new_line"},
    }));
    CAPTURE(name);
    CHECK(tournament::safe_file_name(name) == file);
    CHECK(tournament::safe_file_name(name).find('/') == std::string::npos);
}

TEST_CASE("a long name is cut on a character boundary", "[tournament][edges]") {
    std::string name;
    for (int i = 0; i < 80; ++i) name += "ă";  // two bytes each
    const auto file = tournament::safe_file_name(name);
    CHECK(file.size() == 100);
    CHECK(utf8::is_valid(file));
    CHECK(tournament::safe_file_name(std::string(300, 'x')).size() == 100);
}

TEST_CASE("a log path that is not a directory is refused, a missing one is made",
          "[tournament][edges]") {
    TempDir dir;
    CHECK(tournament::check_log_dir(""));
    const auto made = (dir.path / "logs" / "deep").string();
    CHECK(tournament::check_log_dir(made));
    CHECK(fs::is_directory(made));
    const auto file = (dir.path / "a-file").string();
    std::ofstream(file) << "x";
    CHECK_THAT(tournament::check_log_dir(file).error().message,
               Catch::Contains("--log " + file + ": not a directory"));
    CHECK_THAT(tournament::check_log_dir(file + "/sub").error().message,
               Catch::Contains("cannot create the directory"));
}

TEST_CASE("the check of --pgnout creates no file", "[tournament][edges]") {
    TempDir dir;
    CHECK(tournament::check_pgn_out(""));
    // A new file in a writable folder passes and is not created (the run creates it); a file
    // that is there passes and keeps its bytes; a missing folder or a folder is refused.
    const auto fresh = (dir.path / "games.pgn").string();
    CHECK(tournament::check_pgn_out(fresh));
    CHECK_FALSE(fs::exists(fresh));
    const auto old = (dir.path / "old.pgn").string();
    std::ofstream(old) << "[Event \"x\"]\n";
    CHECK(tournament::check_pgn_out(old));
    CHECK(fs::file_size(old) == 12);
    CHECK_THAT(tournament::check_pgn_out((dir.path / "nowhere" / "g.pgn").string()).error().message,
               Catch::Contains("cannot write the file"));
    CHECK_THAT(tournament::check_pgn_out(dir.path.string()).error().message,
               Catch::Contains("is a directory"));
}

TEST_CASE("an engine whose executable is gone is refused before the run starts",
          "[tournament][edges]") {
    TempDir dir;
    tournament::RunDefinition d;
    tournament::EngineDefinition e;
    e.name = "a";
    e.command = "/bin/true";
    d.engines = {e, e};
    d.engines[1].name = "b";
    CHECK(tournament::check_engines(d));
    d.engines[1].command = (dir.path / "moved").string();
    CHECK_THAT(tournament::check_engines(d).error().message,
               Catch::Contains("engine b: ") && Catch::Contains("not an executable file"));
    std::ofstream(d.engines[1].command) << "#!/bin/sh\n";  // there, but not executable
    fs::permissions(d.engines[1].command, fs::perms::owner_read);
    CHECK_FALSE(tournament::check_engines(d));
    d.engines[1].command = "/bin/true";
    d.engines[1].dir = (dir.path / "nowhere").string();
    CHECK_THAT(tournament::check_engines(d).error().message, Catch::Contains("no such directory"));
}

TEST_CASE("the descriptor limit is checked against the concurrency", "[tournament][edges]") {
    CHECK(tournament::descriptors_needed(1, 2) == 16 + 4 * 4 + 7);
    CHECK(tournament::descriptors_needed(16, 2) > tournament::descriptors_needed(8, 2));
    // In a child process: a hard limit, once lowered, cannot be raised again without privilege.
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(pipe_fds[0]);
        // A hard limit below what 256 games at once need: the soft limit goes up to it, no further.
        rlimit tight{64, 64};
        if (::setrlimit(RLIMIT_NOFILE, &tight) != 0) ::_exit(3);
        const bool small = tournament::check_descriptors(1, 2).has_value();
        const auto refused = tournament::check_descriptors(256, 2);
        const std::string message = refused ? "" : refused.error().message;
        if (::write(pipe_fds[1], message.data(), message.size()) < 0) ::_exit(4);
        ::_exit(small ? 0 : 5);
    }
    ::close(pipe_fds[1]);
    std::string message;
    char buf[512];
    for (ssize_t n; (n = ::read(pipe_fds[0], buf, sizeof buf)) > 0;)
        message.append(buf, static_cast<std::size_t>(n));
    ::close(pipe_fds[0]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // one game at a time fits in 64 descriptors
    CHECK_THAT(message, Catch::Contains("--concurrency 256") && Catch::Contains("limit of 64") &&
                            Catch::Contains("ulimit -n"));
}
