#include "tournament/schedule.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>

namespace oaq::tournament {
namespace {

Expected<Ok> check_openings(std::int64_t openings) {
    if (openings < 0) {
        return fail("opening count " + std::to_string(openings) + " is negative");
    }
    return Ok{};
}

// Guards total_games against int64 overflow for absurd configurations.
Expected<std::int64_t> total_games_of(std::int64_t pairs_per_round, int rounds) {
    constexpr auto max = std::numeric_limits<std::int64_t>::max() / 4;
    if (pairs_per_round > max / rounds) return fail("schedule is too long");
    return pairs_per_round * rounds * 2;
}

}  // namespace

Schedule::Schedule(Format format, int engines, int rounds, std::int64_t total_games,
                   std::int64_t openings)
    : format_(format),
      engines_(engines),
      rounds_(rounds),
      total_games_(total_games),
      openings_(openings),
      pairs_per_round_(format == Format::RoundRobin ? std::int64_t{engines} * (engines - 1) / 2
                       : format == Format::Gauntlet ? std::int64_t{engines} - 1
                                                    : 1) {}

Expected<Schedule> Schedule::round_robin(int engines, int rounds, std::int64_t openings) {
    if (engines < 2) return fail("a round robin needs at least 2 engines");
    if (rounds < 1) return fail("a round robin needs at least 1 round");
    if (auto ok = check_openings(openings); !ok) return ok.error();
    auto total = total_games_of(std::int64_t{engines} * (engines - 1) / 2, rounds);
    if (!total) return total.error();
    return Schedule(Format::RoundRobin, engines, rounds, *total, openings);
}

Expected<Schedule> Schedule::gauntlet(int engines, int rounds, std::int64_t openings) {
    if (engines < 2) return fail("a gauntlet needs at least 2 engines");
    if (rounds < 1) return fail("a gauntlet needs at least 1 round");
    if (auto ok = check_openings(openings); !ok) return ok.error();
    auto total = total_games_of(std::int64_t{engines} - 1, rounds);
    if (!total) return total.error();
    return Schedule(Format::Gauntlet, engines, rounds, *total, openings);
}

Expected<Schedule> Schedule::match(std::int64_t games, std::int64_t openings) {
    if (games < 1) return fail("a match needs at least 1 game");
    if (games > std::numeric_limits<int>::max()) return fail("a match of that many games");
    if (auto ok = check_openings(openings); !ok) return ok.error();
    // Each pair is its own round, so `round` counts pairs as a person reading a match expects.
    const auto rounds = static_cast<int>((games + 1) / 2);
    return Schedule(Format::Match, 2, rounds, games, openings);
}

// Round robin, circle method (Berger): with M = engines rounded up to even, engine M-1 stays put
// and the others sit on a circle of M-1 seats. Circle round k (0 <= k < M-1) pairs M-1 with k and
// (k+i) with (k-i) mod (M-1) for i = 1..M/2-1. Over the M-1 circle rounds every pair meets exactly
// once. With an odd engine count, M-1 is a phantom and its partner rests (the bye is skipped), so
// every circle round has exactly floor(engines/2) real pairs and indexing stays O(1).
// The fixed engine alternates first-game side by circle round, so it is not always South.
Schedule::Encounter Schedule::encounter_at(std::int64_t pair_in_round) const {
    if (format_ == Format::Gauntlet) {
        const auto opponent = static_cast<int>(pair_in_round) + 1;
        // Engine 0 alternates starting side from one opponent to the next.
        return pair_in_round % 2 == 0 ? Encounter{0, opponent} : Encounter{opponent, 0};
    }
    if (format_ == Format::Match) return Encounter{0, 1};

    const int even = engines_ % 2 == 0 ? engines_ : engines_ + 1;
    const int seats = even - 1;
    const int per_circle_round = engines_ / 2;
    const auto k = static_cast<int>(pair_in_round / per_circle_round);
    const auto i = static_cast<int>(pair_in_round % per_circle_round) + (engines_ % 2 == 0 ? 0 : 1);
    if (i == 0) {
        const int fixed = even - 1;
        return k % 2 == 0 ? Encounter{k, fixed} : Encounter{fixed, k};
    }
    const int a = (k + i) % seats;
    const int b = (k - i + seats) % seats;
    return Encounter{a, b};
}

Expected<Schedule> Schedule::listed(Format format, int engines, std::vector<Pairing> games) {
    if (engines < 2) return fail("a schedule needs at least 2 engines");
    for (const auto& g : games) {
        if (g.south < 0 || g.south >= engines || g.north < 0 || g.north >= engines ||
            g.south == g.north)
            return fail("a listed game names engines outside the field");
    }
    const auto total = static_cast<std::int64_t>(games.size());
    Schedule schedule(format, engines, 1, total, 0);
    schedule.listed_ = std::make_shared<const std::vector<Pairing>>(std::move(games));
    return schedule;
}

Pairing Schedule::pairing_at(std::int64_t game_index) const {
    assert(game_index >= 0 && game_index < total_games_);
    if (listed_) return (*listed_)[static_cast<std::size_t>(game_index)];
    Pairing p;
    p.game_index = game_index;
    p.pair_index = game_index / 2;
    p.round = static_cast<int>(p.pair_index / pairs_per_round_);
    p.opening_index = openings_ > 0 ? p.pair_index % openings_ : p.pair_index;
    const auto encounter = encounter_at(p.pair_index % pairs_per_round_);
    const bool swapped = game_index % 2 == 1;
    p.south = swapped ? encounter.second : encounter.first;
    p.north = swapped ? encounter.first : encounter.second;
    return p;
}

std::optional<Pairing> Schedule::next() {
    if (position_ >= total_games_) return std::nullopt;
    return pairing_at(position_++);
}

void Schedule::skip_to(std::int64_t game_index) {
    position_ = std::clamp<std::int64_t>(game_index, 0, total_games_);
}

std::int64_t shard_games(const Schedule& schedule, const Shard& shard) {
    const std::int64_t pairs = schedule.total_pairs();
    if (shard.index >= pairs) return 0;
    const std::int64_t mine = (pairs - shard.index + shard.count - 1) / shard.count;
    // Only the last pair of an odd match holds one game.
    const bool lone_last =
        schedule.total_games() % 2 == 1 && (pairs - 1) % shard.count == shard.index;
    return 2 * mine - (lone_last ? 1 : 0);
}

}  // namespace oaq::tournament
