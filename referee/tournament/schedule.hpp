// Schedule: which engines play which game of a tournament, and with which opening. It is pure
// (fastchess style): next() hands out the next Pairing or nothing, and it never runs a game. It is
// lazy: every Pairing is computed from its game index in O(1), so a schedule of a million games
// costs a few integers, and resuming a tournament is skip_to(first unplayed game).
//
// Invariants: games come in colour-swapped pairs. Games 2p and 2p+1 form pair p, share the
// opening, and swap sides (the south engine of game 2p is the north engine of game 2p+1). Only a
// match with an odd game count ends with a lone game. The order is a function of the configuration
// alone, so the same configuration always yields the same games.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "common/expected.hpp"
#include "common/words.hpp"

namespace oaq::tournament {

enum class Format {
    RoundRobin,  // every pair of engines meets once per round
    Gauntlet,    // engine 0 meets every other engine once per round
    Match,       // two engines, a fixed number of games
    Swiss,       // rounds paired from the results so far (round_formats.hpp)
    Knockout,    // a seeded bracket (round_formats.hpp)
};

inline constexpr auto kFormatWords = words<Format>({
    {Format::RoundRobin, "round_robin"},
    {Format::Gauntlet, "gauntlet"},
    {Format::Match, "match"},
    {Format::Swiss, "swiss"},
    {Format::Knockout, "knockout"},
});
inline std::string_view to_string(Format format) {
    return kFormatWords.word(format);
}

// One game of the tournament. Engines are indices into the caller's engine list.
struct Pairing {
    std::int64_t game_index = 0;     // 0-based over the whole tournament
    std::int64_t pair_index = 0;     // the two games of a colour-swapped pair share it
    int round = 0;                   // 0-based repetition of the schedule (the `rounds` count)
    std::int64_t opening_index = 0;  // pair_index modulo the opening count, or pair_index
    int south = 0;                   // engine index playing South (moves first)
    int north = 0;                   // engine index playing North

    friend bool operator==(const Pairing&, const Pairing&) = default;
};

// Shard `index` of `count` of a run (`oaq tournament --shard K/N`): the pairs whose pair_index
// modulo count is index. A shard holds whole colour-swapped pairs, never half of one, and the
// shards of a run together hold every game exactly once.
struct Shard {
    int index = 0;  // 0-based, < count
    int count = 1;  // >= 1

    bool contains(const Pairing& p) const { return p.pair_index % count == index; }
    // The 0-based place of game p among this shard's games in schedule order (p in the shard):
    // its pairs are index, index + count, ..., two games each.
    std::int64_t position(const Pairing& p) const {
        return 2 * (p.pair_index / count) + (p.game_index - 2 * p.pair_index);
    }
    friend bool operator==(const Shard&, const Shard&) = default;
};

class Schedule;
// The games of `schedule` that `shard` holds.
std::int64_t shard_games(const Schedule& schedule, const Shard& shard);

class Schedule {
  public:
    // Round robin over `engines` engines (>= 2), `rounds` (>= 1) times. Within a round the pairs
    // follow the circle method (see schedule.cpp): each block of floor(engines/2) consecutive
    // pairs involves every engine at most once, so engines alternate evenly.
    // `openings` is the opening count (>= 1), or 0 when openings are generated per pair.
    static Expected<Schedule> round_robin(int engines, int rounds, std::int64_t openings);

    // Engine 0 against each of engines 1..engines-1, in that order, `rounds` times.
    static Expected<Schedule> gauntlet(int engines, int rounds, std::int64_t openings);

    // Two engines, `games` (>= 1) games in colour-swapped pairs; engine 0 is South in the first
    // game of every pair. An odd count leaves the last pair with one game.
    static Expected<Schedule> match(std::int64_t games, std::int64_t openings);

    // The games of one phase of a Swiss or knockout (round_formats.hpp), in the order given: their
    // game indices are the run's, and pairing_at(i) is the i-th of them.
    static Expected<Schedule> listed(Format format, int engines, std::vector<Pairing> games);

    Format format() const { return format_; }
    int engines() const { return engines_; }
    int rounds() const { return rounds_; }
    std::int64_t total_games() const { return total_games_; }
    std::int64_t total_pairs() const { return (total_games_ + 1) / 2; }

    // The next game, or nothing when the schedule is exhausted.
    std::optional<Pairing> next();

    // The game at `game_index`, in O(1). Precondition: 0 <= game_index < total_games().
    Pairing pairing_at(std::int64_t game_index) const;

    // Makes next() continue at `game_index` (clamped to [0, total_games()]), e.g. after a resume.
    void skip_to(std::int64_t game_index);

    // The index next() will hand out.
    std::int64_t position() const { return position_; }

  private:
    Schedule(Format format, int engines, int rounds, std::int64_t total_games,
             std::int64_t openings);

    // The two engines of pair `pair_in_round` within a round, first-game South first.
    struct Encounter {
        int first = 0;
        int second = 0;
    };
    Encounter encounter_at(std::int64_t pair_in_round) const;

    Format format_;
    int engines_;
    int rounds_;
    std::int64_t total_games_;
    std::int64_t openings_;
    std::int64_t pairs_per_round_;
    std::int64_t position_ = 0;
    std::shared_ptr<const std::vector<Pairing>> listed_;  // listed(): the games
};

}  // namespace oaq::tournament
