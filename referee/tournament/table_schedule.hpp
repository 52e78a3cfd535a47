// Table schedule: which engines sit where in each game of a tournament of N seats (3 or 4 players,
// RULES.md section 9; 2 works too, but 2-player runs use schedule.hpp). Pure and lazy like
// Schedule: every game is computed from its index, so resuming is skip_to(first unplayed game).
//
// A round robin of K >= N engines plays every table of N engines (all K-choose-N, in lexicographic
// order of their engine sets); a gauntlet every table of engine 0 with N-1 of the others; a match
// the one table of engines 0..N-1. Each table plays seating groups: one opening under all N! orders
// of the seats (the analogue of a colour-swapped pair: who moves after whom matters, not only the
// seat), `rounds` groups per table. Game numbering: game g belongs to seating group g / N!, which
// is the group_index-th group of the tournament; round = group / tables, table = group % tables,
// and the seating is the (g mod N!)-th permutation of the table's engines in lexicographic order
// (the first: ascending engine order). A match of `games` games that is not a multiple of N! ends
// with a partial group (the groups and seatings of table_match.hpp's `oaq match` at a table).
// `--shard K/N` holds whole seating groups (group_index mod N == K). Not yet played by
// `oaq tournament`, which refuses players=N: this is the schedule it is to play.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "common/expected.hpp"
#include "tournament/rating.hpp"
#include "tournament/schedule.hpp"

namespace oaq::tournament {

// One game of a table tournament. Engines are indices into the caller's engine list.
struct SeatedGame {
    std::int64_t game_index = 0;     // 0-based over the whole tournament
    std::int64_t group_index = 0;    // the N! games of a seating group share it
    int round = 0;                   // 0-based seating group of its table (`--rounds`)
    std::int64_t table_index = 0;    // 0-based table (set of engines) within a round
    std::int64_t opening_index = 0;  // group_index modulo the opening count, or group_index
    int seating = 0;                 // 0-based order of the seats within the group, < N!
    std::size_t seats = 3;
    std::array<int, kMaxTableSeats> engines{};  // in seat order: engines[0] moves first

    friend bool operator==(const SeatedGame&, const SeatedGame&) = default;
};

class TableSchedule {
  public:
    // Every table of `seats` (2..4) of `engines` (>= seats) engines, `rounds` (>= 1) seating
    // groups each. `openings` is the opening count (>= 1), or 0 when generated per group.
    static Expected<TableSchedule> round_robin(int engines, int seats, int rounds,
                                               std::int64_t openings);
    // Every table of engine 0 with seats - 1 of engines 1..engines-1, `rounds` groups each.
    static Expected<TableSchedule> gauntlet(int engines, int seats, int rounds,
                                            std::int64_t openings);
    // Engines 0..seats-1 at one table, `games` (>= 1) games; the last group may be partial.
    static Expected<TableSchedule> match(int seats, std::int64_t games, std::int64_t openings);

    Format format() const { return format_; }
    int engines() const { return engines_; }
    std::size_t seats() const { return seats_; }
    int rounds() const { return rounds_; }
    std::int64_t tables() const { return tables_; }          // tables per round
    std::int64_t group_size() const { return group_size_; }  // N!
    std::int64_t total_games() const { return total_games_; }
    std::int64_t total_groups() const { return (total_games_ + group_size_ - 1) / group_size_; }
    // Games in seating group `group_index`: N!, or fewer for the last group of a match.
    std::int64_t games_in_group(std::int64_t group_index) const;

    std::optional<SeatedGame> next();
    // The game at `game_index`. Precondition: 0 <= game_index < total_games().
    SeatedGame game_at(std::int64_t game_index) const;
    void skip_to(std::int64_t game_index);  // clamped to [0, total_games()]
    std::int64_t position() const { return position_; }

  private:
    TableSchedule(Format format, int engines, std::size_t seats, int rounds, std::int64_t tables,
                  std::int64_t total_games, std::int64_t openings);

    Format format_;
    int engines_;
    std::size_t seats_;
    int rounds_;
    std::int64_t tables_;
    std::int64_t group_size_;
    std::int64_t total_games_;
    std::int64_t openings_;
    std::int64_t position_ = 0;
};

// K choose N for the table counts, or nothing when it does not fit in 63 bits.
std::optional<std::int64_t> tables_of(std::int64_t engines, std::int64_t seats);

// Shards of a table tournament: shard.index holds the seating groups whose group_index modulo
// shard.count is shard.index, whole groups only; together the shards hold every game once.
bool shard_holds(const Shard& shard, const SeatedGame& game);
// The 0-based place of `game` (which the shard holds) among the shard's games in schedule order.
std::int64_t shard_position(const Shard& shard, const TableSchedule& schedule,
                            const SeatedGame& game);
// The games of `schedule` that `shard` holds.
std::int64_t shard_games(const TableSchedule& schedule, const Shard& shard);

}  // namespace oaq::tournament
