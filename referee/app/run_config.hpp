// RunConfig: everything `oaq match` and `oaq tournament` are told on the command line, as a plain
// struct. The original arguments are kept so that `--resume NAME` can rebuild the same run from
// what the database stored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_specs.hpp"
#include "game/defaults.hpp"
#include "game/time_control.hpp"
#include "rules/rules.hpp"
#include "tournament/schedule.hpp"
#include "tournament/sprt.hpp"

namespace oaq::app {

enum class RunMode { Match, Tournament };

struct OpeningSource {
    enum class Kind { None, Random, File } kind = Kind::None;
    int plies = 0;
    std::optional<std::uint64_t> seed;
    std::string file;
    std::string text() const;  // as given: "plies=8 seed=1", "file=book.txt", ""
};

struct RunConfig {
    RunMode mode = RunMode::Tournament;
    std::vector<EngineSpec> engines;
    tournament::Format format = tournament::Format::RoundRobin;
    int rounds = 1;
    std::int64_t games = 2;  // match only
    int concurrency = 1;
    OpeningSource openings;
    rules::Rules rules;
    game::TimeControl tc = game::kDefaultTimeControl;
    game::Milliseconds margin = game::kDefaultTimeMargin;
    game::Milliseconds stall_timeout =
        game::kDefaultStallTimeout;  // depth/nodes: no bestmove = stall
    int max_plies = game::kDefaultPlyLimit;
    std::string name;
    std::optional<std::string> db;
    std::optional<std::string> resume;
    bool json = false;
    std::string log_dir;
    int progress_every = 10;
    std::uint64_t seed = 0;
    std::optional<tournament::SprtParams> sprt;
    std::string sprt_text;
    std::vector<std::string> argv;  // the arguments as given, for resume
};

// Parses the command line (args[0] is the command name). Returns nullopt after --help.
// Throws OaqError naming the option and the problem.
std::optional<RunConfig> parse_run_config(RunMode mode, const std::vector<std::string>& args);

// Reads back the "argv" array of a tournament's settings JSON (as written by settings_json).
std::vector<std::string> stored_arguments(const std::string& settings_json);
std::string settings_json(const RunConfig& config);

}  // namespace oaq::app
