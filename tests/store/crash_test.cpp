// Kill -9 at any moment leaves only complete games: a child process writes games in a loop and is
// killed with SIGKILL at a seeded moment (after a seeded number of commits plus a seeded delay);
// the parent then checks the file. Several rounds on one file, each resuming where the last
// stopped, as `oaq tournament --resume` would.
#include <catch2/catch.hpp>

#include <csignal>
#include <random>
#include <thread>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;

namespace {

int plies_of(std::int64_t game_index) {
    return 60 + static_cast<int>(game_index % 41);
}

// The child: record games from the first missing index on, one byte down the pipe per commit.
[[noreturn]] void write_until_killed(const std::string& path, int pipe_fd) {
    try {
        Store store = Store::open(path);
        auto t = store.find_tournament("crash");
        RowId tid = t ? t->id : make_tournament(store, "crash");
        auto done = store.completed_game_indices(tid);
        std::int64_t next = static_cast<std::int64_t>(done.size());
        for (;; ++next) {
            auto id = store.record_game(tid, GameSlot{next, static_cast<int>(next / 2), 0},
                                        make_game("s" + std::to_string(next % 3), "n",
                                                  plies_of(next), static_cast<unsigned>(next)));
            if (!id) _exit(3);
            char byte = 1;
            if (::write(pipe_fd, &byte, 1) != 1) _exit(4);
        }
    } catch (...) {
        _exit(5);
    }
}

}  // namespace

TEST_CASE("a writer killed with SIGKILL at any moment leaves only complete games",
          "[store][crash]") {
    TempDir dir;
    std::string path = dir.file("crash.db");
    std::mt19937 rng(20261130);
    std::int64_t acknowledged = 0;  // commits the children reported, over all rounds

    for (int round = 0; round < 6; ++round) {
        int fds[2];
        REQUIRE(::pipe(fds) == 0);
        pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            ::close(fds[0]);
            write_until_killed(path, fds[1]);
        }
        ::close(fds[1]);
        int wait_for = 2 + static_cast<int>(rng() % 25);
        auto delay = std::chrono::microseconds{rng() % 3000};
        int seen = 0;
        char byte = 0;
        while (seen < wait_for && ::read(fds[0], &byte, 1) == 1) ++seen;
        std::this_thread::sleep_for(delay);
        ::kill(child, SIGKILL);
        while (::read(fds[0], &byte, 1) == 1) ++seen;  // commits acknowledged before the kill
        ::close(fds[0]);
        int status = 0;
        REQUIRE(::waitpid(child, &status, 0) == child);
        INFO("round " << round << ": child status " << status);
        REQUIRE(WIFSIGNALED(status));
        REQUIRE(WTERMSIG(status) == SIGKILL);
        acknowledged += seen;

        Store store = Store::open(path);
        REQUIRE(store.integrity_check().has_value());
        auto t = store.find_tournament("crash");
        REQUIRE(t.has_value());
        auto indices = store.completed_game_indices(t->id);
        // Every acknowledged commit survived; at most the one in flight at the kill also did.
        REQUIRE(static_cast<std::int64_t>(indices.size()) >= acknowledged);
        REQUIRE(static_cast<std::int64_t>(indices.size()) <= acknowledged + 1);
        acknowledged = static_cast<std::int64_t>(indices.size());
        for (std::size_t i = 0; i < indices.size(); ++i)
            REQUIRE(indices[i] == static_cast<std::int64_t>(i));
        for (const auto& row : store.games(GameFilter{})) {
            auto game = store.game(row.id);
            REQUIRE(game.has_value());
            REQUIRE(game->record.plies() == plies_of(row.slot.game_index));
        }
    }
    CHECK(acknowledged >= 6 * 2);
}
