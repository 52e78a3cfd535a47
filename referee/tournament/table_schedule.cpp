#include "tournament/table_schedule.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>

namespace oaq::tournament {
namespace {

std::int64_t factorial(std::size_t n) {
    std::int64_t f = 1;
    for (std::size_t i = 2; i <= n; ++i) f *= static_cast<std::int64_t>(i);
    return f;
}

Expected<Ok> check(const char* what, int engines, int seats, int rounds, std::int64_t openings) {
    const std::string name = what;
    if (seats < 2 || seats > static_cast<int>(kMaxTableSeats)) {
        return fail("a table of " + std::to_string(seats) + " seats: players must be 2 to 4");
    }
    if (engines < seats) {
        return fail("a " + name + " of " + std::to_string(seats) + " seats needs at least " +
                    std::to_string(seats) + " engines, not " + std::to_string(engines));
    }
    if (rounds < 1) return fail("a " + name + " needs at least 1 round");
    if (openings < 0) {
        return fail("opening count " + std::to_string(openings) + " is negative");
    }
    return Ok{};
}

Expected<std::int64_t> total_of(std::int64_t tables, int rounds, std::int64_t group) {
    constexpr auto max = std::numeric_limits<std::int64_t>::max() / 4;
    if (tables > max / rounds / group) return fail("schedule is too long");
    return tables * rounds * group;
}

// The `index`-th (0-based) `size`-subset of {first, ..., first + pool - 1} in lexicographic
// order, written to out[0..size).
void subset_at(std::int64_t index, int first, int pool, std::size_t size, int* out) {
    int next = 0;  // smallest candidate, relative to first
    for (std::size_t place = 0; place < size; ++place) {
        const auto left = static_cast<std::int64_t>(size - place - 1);
        // Skip candidates whose subsets all come before index.
        for (;; ++next) {
            const auto with = *tables_of(pool - next - 1, left);
            if (index < with) break;
            index -= with;
        }
        out[place] = first + next;
        ++next;
    }
}

}  // namespace

std::optional<std::int64_t> tables_of(std::int64_t engines, std::int64_t seats) {
    if (seats < 0 || engines < seats) return std::int64_t{0};
    seats = std::min(seats, engines - seats);
    std::int64_t c = 1;
    for (std::int64_t i = 1; i <= seats; ++i) {
        // c * (engines - seats + i) / i stays exact: c is C(engines - seats + i - 1, i - 1).
        const std::int64_t factor = engines - seats + i;
        if (c > std::numeric_limits<std::int64_t>::max() / factor) return std::nullopt;
        c = c * factor / i;
    }
    return c;
}

TableSchedule::TableSchedule(Format format, int engines, std::size_t seats, int rounds,
                             std::int64_t tables, std::int64_t total_games, std::int64_t openings)
    : format_(format),
      engines_(engines),
      seats_(seats),
      rounds_(rounds),
      tables_(tables),
      group_size_(factorial(seats)),
      total_games_(total_games),
      openings_(openings) {}

Expected<TableSchedule> TableSchedule::round_robin(int engines, int seats, int rounds,
                                                   std::int64_t openings) {
    if (auto ok = check("round robin", engines, seats, rounds, openings); !ok) return ok.error();
    const auto tables = tables_of(engines, seats);
    if (!tables) return fail("schedule is too long");
    const auto n = static_cast<std::size_t>(seats);
    auto total = total_of(*tables, rounds, factorial(n));
    if (!total) return total.error();
    return TableSchedule(Format::RoundRobin, engines, n, rounds, *tables, *total, openings);
}

Expected<TableSchedule> TableSchedule::gauntlet(int engines, int seats, int rounds,
                                                std::int64_t openings) {
    if (auto ok = check("gauntlet", engines, seats, rounds, openings); !ok) return ok.error();
    const auto tables = tables_of(engines - 1, seats - 1);
    if (!tables) return fail("schedule is too long");
    const auto n = static_cast<std::size_t>(seats);
    auto total = total_of(*tables, rounds, factorial(n));
    if (!total) return total.error();
    return TableSchedule(Format::Gauntlet, engines, n, rounds, *tables, *total, openings);
}

Expected<TableSchedule> TableSchedule::match(int seats, std::int64_t games, std::int64_t openings) {
    if (games < 1) return fail("a match needs at least 1 game");
    if (auto ok = check("match", seats, seats, 1, openings); !ok) return ok.error();
    const auto n = static_cast<std::size_t>(seats);
    const auto groups = (games + factorial(n) - 1) / factorial(n);
    if (groups > std::numeric_limits<int>::max()) return fail("a match of that many games");
    // Each seating group is its own round, as a person reading a match expects.
    return TableSchedule(Format::Match, seats, n, static_cast<int>(groups), 1, games, openings);
}

std::int64_t TableSchedule::games_in_group(std::int64_t group_index) const {
    return std::min(group_size_, total_games_ - group_index * group_size_);
}

SeatedGame TableSchedule::game_at(std::int64_t game_index) const {
    assert(game_index >= 0 && game_index < total_games_);
    SeatedGame g;
    g.game_index = game_index;
    g.group_index = game_index / group_size_;
    g.round = static_cast<int>(g.group_index / tables_);
    g.table_index = g.group_index % tables_;
    g.opening_index = openings_ > 0 ? g.group_index % openings_ : g.group_index;
    g.seating = static_cast<int>(game_index % group_size_);
    g.seats = seats_;
    std::array<int, kMaxTableSeats> table{};
    if (format_ == Format::Gauntlet) {
        table[0] = 0;
        subset_at(g.table_index, 1, engines_ - 1, seats_ - 1, table.data() + 1);
    } else {
        subset_at(g.table_index, 0, engines_, seats_, table.data());
    }
    // The seating-th permutation of the table in lexicographic order (Lehmer code).
    std::int64_t rest = g.seating;
    for (std::size_t s = 0; s < seats_; ++s) {
        const auto f = factorial(seats_ - s - 1);
        const auto pick = table.begin() + static_cast<std::ptrdiff_t>(s) + rest / f;
        rest %= f;
        g.engines[s] = *pick;
        std::rotate(table.begin() + static_cast<std::ptrdiff_t>(s), pick, pick + 1);
    }
    return g;
}

std::optional<SeatedGame> TableSchedule::next() {
    if (position_ >= total_games_) return std::nullopt;
    return game_at(position_++);
}

void TableSchedule::skip_to(std::int64_t game_index) {
    position_ = std::clamp<std::int64_t>(game_index, 0, total_games_);
}

bool shard_holds(const Shard& shard, const SeatedGame& game) {
    return game.group_index % shard.count == shard.index;
}

std::int64_t shard_position(const Shard& shard, const TableSchedule& schedule,
                            const SeatedGame& game) {
    return (game.group_index / shard.count) * schedule.group_size() +
           (game.game_index - game.group_index * schedule.group_size());
}

std::int64_t shard_games(const TableSchedule& schedule, const Shard& shard) {
    const std::int64_t groups = schedule.total_groups();
    if (shard.index >= groups) return 0;
    const std::int64_t mine = (groups - shard.index + shard.count - 1) / shard.count;
    const bool holds_last = (groups - 1) % shard.count == shard.index;
    const std::int64_t shortfall =
        holds_last ? schedule.group_size() - schedule.games_in_group(groups - 1) : 0;
    return mine * schedule.group_size() - shortfall;
}

}  // namespace oaq::tournament
