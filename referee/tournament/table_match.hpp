// A match of N engines at tables of N seats (3 or 4; RULES.md section 9): seating groups, each
// one opening played under every order of the seats (N! games, seatings in lexicographic order,
// the first in the engines' own order), `games` games in all (the last group partial when N!
// does not divide it), K games at a time, each engine instance at one table at a time. Before any
// game every engine is started once and must declare Players with max >= N: one that does not is
// refused by name (OaqError) and nothing is played. Like runner.hpp it sees no process and no
// SQLite: players come from a factory, finished games go to a sink (called one at a time).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "game/game_runner.hpp"
#include "game/player.hpp"
#include "game/table_runner.hpp"
#include "tournament/runner.hpp"
#include "tournament/table_schedule.hpp"

namespace oaq::tournament {

// Every order of the seats of `n` engines: seating[s] is the engine at seat s.
std::vector<std::vector<int>> seatings(int n);

struct TableGame {
    std::int64_t game_index = 0;  // from 0
    std::int64_t group = 0;       // the seating group, from 0 (its opening's index)
    std::vector<int> seating;     // engine index at each seat, in turn order
    int round = 0;                // a tournament's seating group of its table (--rounds), from 0
};

// Game `game_index` of a match of `engines` engines.
TableGame table_game(std::int64_t game_index, int engines);

struct TablePlan {
    game::GameSettings settings;                   // rules (players = N), ply limit, margin
    std::vector<game::TimeControl> time_controls;  // one per engine
    std::int64_t games = 0;
    // A tournament's games (table_schedule.hpp), in the order they are handed out, instead of
    // games 0..games-1 of a match; the engines checked are every engine of time_controls.
    std::vector<TableGame> list;
    int concurrency = 1;
    // The opening of a seating group; nullptr: the start position.
    std::function<game::Opening(std::int64_t group)> opening_for;
    // Called once the engines have passed the check, before the first game.
    std::function<void()> on_ready;
    // Called when a game is handed to a worker, before it starts (one at a time).
    std::function<void(const TableGame&)> on_game_start;
    // The hooks a game's plies are reported to (the live page), asked for when its worker starts
    // it; they run on that worker's thread. nullptr: none.
    std::function<game::TableObserver(const TableGame&)> observer_for;
};

using TableSink = std::function<void(const TableGame&, const game::GameRecord&)>;

// Plays the plan to its end or an abort. Blocks; every engine process is shut down on return.
RunSummary run_table_match(const TablePlan& plan, const EngineFactory& make_engine,
                           const TableSink& sink, const std::atomic<bool>& abort);

// The games of `schedule` that `shard` holds (every game without one) and `done` does not.
std::vector<TableGame> table_games(const TableSchedule& schedule, const std::optional<Shard>& shard,
                                   const std::vector<std::int64_t>& done);

// A random opening of the ring game: `plies` random legal moves from the start, drawn from
// `seed` and the seating group's index (the same line for the same pair, whatever else changes),
// redrawn while a line ends the game. The N-seat form of openings.hpp's random_opening.
game::Opening random_ring_opening(const rules::Rules& rules, int plies, std::uint64_t seed,
                                  std::int64_t group);

// Points and ranks of every engine over the games of a match (aborted games count for nobody).
struct TableTally {
    struct Row {
        std::int64_t games = 0;
        double points = 0;
        std::int64_t rank_sum = 0;
        std::int64_t failures = 0;  // games the engine's seat failed
        double average_rank() const {
            return games ? static_cast<double>(rank_sum) / static_cast<double>(games) : 0.0;
        }
    };
    explicit TableTally(int engines) : rows(static_cast<std::size_t>(engines)) {}
    void add(const TableGame& game, const game::GameRecord& record);
    std::vector<Row> rows;
};

}  // namespace oaq::tournament
