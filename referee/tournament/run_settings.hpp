// A run's settings (the settings JSON beside its definition): how a process ran it, for people and
// for a resume, which keeps them unless its own command line gives them: the arguments as given,
// the concurrency, the log directory and the PGN file (as absolute paths, so a resume from another
// directory logs and appends where the run started) and the progress interval. What the run plays
// is its definition, stored once beside these. Pure apart from making paths absolute.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"

namespace oaq::tournament {

struct RunSettings {
    std::vector<std::string> argv;  // the arguments as given (without the command name)
    int concurrency = 1;
    std::string log_dir;  // "" for none
    std::string pgn_out;  // "" for none
    int progress_every = 10;
};

std::string settings_json(const RunSettings& settings);

// The settings a stored JSON holds, each nullopt when it does not hold it. Settings written before
// the log directory and the progress interval were kept lack their keys (`log_kept`,
// `progress_kept` false: the caller reads them from the stored arguments); their PGN file is read
// from the stored arguments here. Unreadable JSON holds nothing and counts as kept (there is
// nothing to read the arguments from).
struct StoredSettings {
    std::optional<int> concurrency;
    std::optional<std::string> log_dir;
    std::optional<std::string> pgn_out;
    std::optional<int> progress_every;
    bool log_kept = true;
    bool progress_kept = true;
};
StoredSettings stored_settings(const std::string& settings_json);

// The "argv" array of a settings JSON.
Expected<std::vector<std::string>> stored_arguments(const std::string& settings_json);

// --pgnout FILE (or --pgnout=FILE) among a run's stored arguments, "" when absent. Read without
// parsing them again: that would look for engines and books that may be gone by now.
std::string pgn_out_argument(const std::vector<std::string>& args);

// `path` made absolute and normal ("" stays "", and so does a path that cannot be made absolute).
std::string absolute_path(const std::string& path);

}  // namespace oaq::tournament
