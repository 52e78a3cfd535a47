// RunDefinition: everything that decides which games a run plays and how, as one value: the
// engines (name, command, arguments, directory, environment, options, own time control, restart
// policy), the format and its size, the rules, the default time control, the time margin, the
// stall timeout, the ply limit, the openings with their resolved seed, and the SPRT. It is stored
// with the run as canonical JSON and read back on resume, so a resumed run is exactly the run that
// was started (the seed is never drawn again). Concurrency, logging and output are not part of it:
// they change how a run is watched, not which games it plays.
//
// Canonical JSON (to_json): keys in a fixed order; keys added after the first version
// (max_handshake_failures, an engine's handshake_timeout_ms, log_limit, stderr, log) are written
// only when they differ from their default, so the text and fingerprint of a run defined without
// them never change; no whitespace, integers as integers, doubles in
// their shortest round-trip form, the rules in their expanded form and time controls in their
// canonical text. from_json(to_json(d)) == d, and to_json(from_json(text)) == text for any text
// to_json wrote. fingerprint() is the SHA-256 of that text: two runs with the same fingerprint play
// the same games (shards of one tournament on several machines share it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "game/defaults.hpp"
#include "game/engine_definition.hpp"
#include "game/opening.hpp"
#include "game/time_control.hpp"
#include "rules/rules.hpp"
#include "tournament/schedule.hpp"
#include "tournament/sprt.hpp"
#include "tournament/table_schedule.hpp"

namespace oaq::tournament {

inline constexpr int kMaxSessionGames = 1000;

// The engine as the run defines it: one type from the command line to the process.
using game::EngineDefinition;
using game::KeyValues;

struct OpeningsDefinition {
    enum class Kind { None, Random, File };
    // The order a file's openings are played in (cutechess-cli's order=): the file's, from the
    // start-th opening on, or a shuffle of the whole book drawn from `seed` (the run's seed), so
    // a resumed run or another shard plays the same opening at the same game.
    enum class Order { Sequential, Random };
    Kind kind = Kind::None;
    int plies = 0;                    // Random
    std::uint64_t seed = 0;           // Random, and File with Order::Random: resolved when defined
    std::string file;                 // File
    Order order = Order::Sequential;  // File
    std::int64_t start = 1;           // File, sequential: the 1-based opening played first

    friend bool operator==(const OpeningsDefinition&, const OpeningsDefinition&) = default;
};

struct SprtDefinition {
    bool normalized = true;  // else logistic
    double elo0 = 0;
    double elo1 = 5;
    double alpha = 0.05;
    double beta = 0.05;

    Expected<SprtParams> params() const;
    static SprtDefinition of(const SprtParams& params);
    friend bool operator==(const SprtDefinition&, const SprtDefinition&) = default;
};

struct RunDefinition {
    std::vector<EngineDefinition> engines;
    Format format = Format::RoundRobin;
    int rounds = 1;          // round robin and gauntlet; a Swiss's rounds
    std::int64_t games = 2;  // match (a cap with an SPRT); a Swiss or knockout pairing's (even)
    rules::Rules rules;
    game::TimeControl tc = game::kDefaultTimeControl;
    game::Milliseconds time_margin = game::kDefaultTimeMargin;
    game::Milliseconds stall_timeout = game::kDefaultStallTimeout;
    int max_plies = game::kDefaultPlyLimit;
    OpeningsDefinition openings;
    std::optional<SprtDefinition> sprt;  // match only
    std::uint64_t seed = 0;              // the run's seed (kept with the run)
    // Sessions (rules.md section 9): 0 for ordinary games, else every pairing of the schedule plays
    // one session of at most this many games instead of a colour-swapped pair.
    int session_games = 0;
    // Games in a row an engine may fail to start before the run gives up on it (runner.hpp).
    int max_handshake_failures = game::kDefaultMaxHandshakeFailures;
    // Swiss and knockout (round_formats.hpp), written only for them: the engines in seed order
    // (the top seed first), resolved when the run is defined (from the run's seed or the stored
    // ratings) so a resume never seeds again; a Swiss bye's points; a tied knockout match's
    // tie-break pairs (then the higher seed goes through).
    std::vector<std::string> seeding;
    double bye_points = 2;
    int tiebreak_pairs = 1;

    friend bool operator==(const RunDefinition&, const RunDefinition&) = default;

    // The time control engine i plays with.
    game::TimeControl time_control(std::size_t engine) const;
    std::vector<std::string> engine_names() const;
};

// Checks what a definition must satisfy to run: at least two engines with distinct, non-empty
// names and commands; exactly two for a match; rounds >= 1, games >= 1, max_plies >= 0; positive
// stall timeout; non-negative margin; random openings 0..100 plies and shorter than the ply limit;
// valid SPRT parameters; sessions of 1..1000 games, without openings or an SPRT; a Swiss or
// knockout with even games per pairing, a seeding of its engines, and a Swiss without more rounds
// than a field can play without a repeat pairing.
Expected<Ok> validate(const RunDefinition& definition);

std::string to_json(const RunDefinition& definition);
// Strict: unknown or missing keys, wrong types and invalid values are errors naming the key.
Expected<RunDefinition> run_definition_from_json(std::string_view json);
// Lowercase hex SHA-256 of to_json(definition).
std::string fingerprint(const RunDefinition& definition);

// The run seed of shards started without one (`--shard` without `--seed`): a function of the run's
// name and of its definition without its seed, so every shard of one run derives the same seed on
// any machine, and another name or any other difference in the definition gives another seed. The
// caller passes the definition with `seed` and every seed that follows it (the openings' unless
// given on their own) set to 0; they are cleared here too, so the seed in `definition` never
// matters. 32 bits, like a drawn seed: the first four bytes of a SHA-256.
std::uint64_t derived_seed(std::string_view name, RunDefinition definition);

// The schedule the definition plays with `openings` book lines (0: generated or none).
Expected<Schedule> make_schedule(const RunDefinition& definition, std::int64_t openings);

// The tables of a run of players=3 or 4 (match, round robin or gauntlet; openings are generated
// per seating group, so there is no book count).
Expected<TableSchedule> table_schedule(const RunDefinition& definition);
// The games a run of the definition plans: its schedule's games (with `shard`, that shard's). For
// sessions and knockouts (tie-break pairs), the most they can play: sessions x G (a session that
// ends by the rules before its G-th game plays fewer, so a finished session run may hold less). 0
// when there is no schedule.
std::int64_t planned_games(const RunDefinition& definition,
                           const std::optional<Shard>& shard = std::nullopt);

// "plies=8 seed=1", "file=book.txt [order=random seed=S] [start=N]" or "": the openings as a
// person would type them.
std::string openings_text(const OpeningsDefinition& openings);

}  // namespace oaq::tournament
