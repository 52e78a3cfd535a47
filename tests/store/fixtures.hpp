// Test fixtures for the store: a temporary directory removed at scope exit, and deterministic game
// records (every field filled, moves from a seed) so a test can compare what it wrote with what it
// reads back.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "game/game_record.hpp"
#include "rules/rules.hpp"
#include "store/store.hpp"

namespace oaq::store::test {

class TempDir {
  public:
    TempDir() {
        static std::atomic<int> counter{0};
        path_ = std::filesystem::temp_directory_path() /
                ("oaq-store-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    std::filesystem::path path_;
};

// The rules make_game's records are played under, and their expanded text (the store refuses a
// game whose rules are not its tournament's). Not the standard rules, so a test can tell these
// games from games under the defaults (tests/views/selection_test.cpp).
inline const rules::Rules kGameRules = rules::parse_rules("quan5").value();
inline const std::string kRules = rules::expanded(kGameRules);

inline TimePoint at_ms(std::int64_t ms) {
    return TimePoint{std::chrono::milliseconds{ms}};
}

// A finished game of `plies` moves whose every field depends only on the arguments.
inline game::GameRecord make_game(const std::string& south, const std::string& north, int plies,
                                  unsigned seed) {
    std::mt19937 rng(seed);
    game::GameRecord r;
    r.south().name = south;
    r.north().name = north;
    r.rules = kGameRules;
    r.south().time_control = r.north().time_control = game::parse_time_control("10+0.1").value();
    r.opening.moves = {"2R", "7L"};
    r.start_position = "start-" + std::to_string(seed);
    r.final_position = "final-" + std::to_string(seed);
    auto roll = rng() % 3;
    r.result = roll == 0   ? rules::Result::SouthWin
               : roll == 1 ? rules::Result::NorthWin
                           : rules::Result::Draw;
    r.south().score = static_cast<int>(rng() % 60);
    r.north().score = 70 - r.south().score;
    r.termination = game::Termination::Normal;
    r.detail = "mandarins_empty";
    r.started_at = at_ms(1'700'000'000'000 + static_cast<std::int64_t>(seed) * 1000);
    r.ended_at =
        r.started_at + std::chrono::milliseconds{500 + static_cast<std::int64_t>(rng() % 1000)};
    for (int i = 0; i < plies; ++i) {
        game::MoveRecord m;
        m.move = rules::parse_move(std::to_string(1 + rng() % 5) + (rng() % 2 ? "R" : "L")).value();
        m.time_used = game::Microseconds{static_cast<std::int64_t>(rng() % 200000)};
        m.time_left = game::Microseconds{10'000'000 - i * 1000};
        if (i % 4 != 3) {
            m.depth = static_cast<int>(rng() % 20);
            m.score = protocol::Score{
                i % 9 == 0 ? protocol::Score::Kind::Mate : protocol::Score::Kind::Cp,
                static_cast<int>(rng() % 400) - 200};
            m.nodes = rng() % 1'000'000;
            m.pv = {"1R", "3L", "5R"};
        }
        r.moves.push_back(m);
    }
    return r;
}

// A run (with a definition and fingerprint, so that merging it again is allowed) under `rules`.
inline RowId make_run(Store& store, const std::string& name, const rules::Rules& rules) {
    TournamentRow t;
    t.name = name;
    t.format = "match";
    t.rules = rules::expanded(rules);
    t.time_control = "10+0.1";
    t.seed = 7;
    t.started_at = at_ms(1'700'000'000'000);
    t.definition = "{}";
    t.fingerprint = "f-" + name;
    auto id = store.create_tournament(t);
    if (!id) throw std::runtime_error(id.error().message);
    return *id;
}

// A finished game of `names.size()` seats (3 or 4): seat 1 lost on time (ranked last alone), the
// others ranked by score; the last seat has its own time control.
inline game::GameRecord table_game(const std::vector<std::string>& names, unsigned seed) {
    game::GameRecord r = make_game(names[0], names[1], 9, seed);
    r.rules = rules::parse_rules("standard,players=" + std::to_string(names.size())).value();
    r.seats.resize(names.size());
    const int n = static_cast<int>(names.size());
    for (int i = 0; i < n; ++i) {
        auto& seat = r.seats[static_cast<std::size_t>(i)];
        seat.name = names[static_cast<std::size_t>(i)];
        seat.time_control =
            game::parse_time_control(i == n - 1 ? "movetime=100" : "10+0.1").value();
        seat.score = 20 + i;
    }
    // Seat 0 and the last seat tie at the top, seat 1 failed: ranks 1, n, 1 (, 3).
    r.seats[0].score = r.seats.back().score;
    for (int i = 0; i < n; ++i) {
        auto& seat = r.seats[static_cast<std::size_t>(i)];
        seat.rank = i == 1 ? n : (i == 0 || i == n - 1) ? 1 : 3;
        seat.points = i == 1 ? 0.0 : seat.rank == 1 ? (n - 1.5) / (n - 1) : 1.0 / (n - 1);
    }
    r.result = rules::Result::Draw;
    r.termination = game::Termination::TimeForfeit;
    r.detail = "seat 2 ran out of time";
    r.failed_seat = 1;
    return r;
}

inline RowId make_tournament(Store& store, const std::string& name) {
    TournamentRow t;
    t.name = name;
    t.format = "round_robin";
    t.rules = kRules;
    t.time_control = "10+0.1";
    t.settings = R"({"concurrency":2,"rounds":4})";
    t.seed = 42;
    t.started_at = at_ms(1'700'000'000'000);
    auto id = store.create_tournament(t);
    if (!id) throw std::runtime_error(id.error().message);
    return *id;
}

}  // namespace oaq::store::test
