// RunConfig: what `oaq match` and `oaq tournament` are told on the command line: the run's
// definition (tournament::RunDefinition: what is played) and how this process runs and shows it
// (database, name, concurrency, logs, output). The original arguments are kept in the run's
// settings for people; resume reads the stored definition, and only a run stored before
// definitions were kept is rebuilt from its stored arguments (legacy_definition).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "tournament/run_definition.hpp"
#include "tournament/run_recorder.hpp"
#include "tournament/seeding.hpp"

namespace oaq::app {

enum class RunMode { Match, Tournament };

struct RunConfig {
    RunMode mode = RunMode::Tournament;
    tournament::RunDefinition definition;
    bool openings_seed_given = false;  // --openings seed=S (else the run's seed is used)
    // --shard without --seed: the seed is tournament::derived_seed of the name and definition,
    // so every shard of the run has the same one (else it is --seed or drawn at random).
    bool seed_derived = false;
    int concurrency = 1;
    std::string name;
    bool name_given = false;  // --name; a default name that is taken gets a suffix (-2, -3...)
    std::optional<std::string> db;
    std::optional<std::string> resume;
    std::optional<std::int64_t> resume_games;  // --games with --resume: an SPRT match's new cap
    bool json = false;
    std::string log_dir;
    std::string pgn_out;  // --pgnout FILE: each finished game appended as PGN ("" for none)
    int progress_every = 10;
    // --live [ADDR:]PORT: serve the live page while the run plays (live/server.hpp).
    std::optional<std::string> live;
    // On --resume: which of --concurrency, --log, --pgnout, --progress the command line gave (the
    // others come from the stored run's settings).
    bool concurrency_given = false;
    bool log_given = false;
    bool pgn_out_given = false;
    bool progress_given = false;
    std::optional<tournament::Shard>
        shard;              // --shard: only this shard's games (tournament/shard_option.hpp)
    std::string sprt_text;  // the --sprt tokens as given
    // --seeding of a Swiss or knockout (the definition holds the order; by ratings it is made
    // once the database is open).
    tournament::Seeding seeding = tournament::Seeding::Random;
    std::vector<std::string> argv;  // the arguments as given, kept in the run's settings
};

// Parses the command line (args[0] is the command name). Returns nullopt after --help.
// Throws OaqError naming the option and the problem.
std::optional<RunConfig> parse_run_config(RunMode mode, const std::vector<std::string>& args);

// The run's settings JSON (tournament/run_settings.hpp) of the arguments and of how this process
// runs them.
std::string settings_json(const RunConfig& config);

// On --resume: --concurrency, --log, --pgnout and --progress as the run was started with, unless
// the resume command line gives them (runs stored before these settings were kept: from their
// arguments), so a resumed run appends to the PGN file it started.
void apply_stored_settings(RunConfig& config, const tournament::StoredRun& run);

// The definition of a run stored before definitions were kept: its stored arguments parsed again,
// with the stored seed (also for generated openings, unless the arguments named their seed).
Expected<tournament::RunDefinition> legacy_definition(RunMode mode,
                                                      const tournament::StoredRun& run);

// "match" or "tournament": the command of `mode` (tournament::resume_command names it).
const char* command_word(RunMode mode);

}  // namespace oaq::app
