// Engine specifications from the command line, in the key=value style of cutechess-cli and
// fastchess:  --engine name=A cmd=PATH args="-x 1" dir=D option.Hash=16 tc=10+0.1 env.K=V
//             restart=on handshake-timeout=MS log-limit=BYTES stderr=FILE log=FILE
//             --each tc=5+0.05 option.Threads=1
// `--each` gives defaults for every engine; an engine's own keys win. Errors name the engine
// (by position and name) and the key.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/expected.hpp"
#include "engine/engine_session.hpp"
#include "tournament/run_definition.hpp"

namespace oaq::app {

struct EngineSpec {
    std::string name;
    std::string command;  // resolved to an absolute path when found
    std::vector<std::string> args;
    std::string dir;
    std::vector<std::pair<std::string, std::string>> options;
    std::vector<std::pair<std::string, std::string>> env;
    std::optional<std::string> tc;
    bool restart_every_game = false;
    std::optional<game::Milliseconds> handshake_timeout;  // handshake-timeout=MS
    std::optional<std::uint64_t> log_limit;               // log-limit=BYTES (0: no limit)
    std::string stderr_log;                               // stderr=FILE
    std::string protocol_log;                             // log=FILE
};

// argv with the --engine/--each groups taken out, and the groups themselves.
struct SplitArguments {
    std::vector<std::string> rest;  // everything else, argv[0] first
    std::vector<std::vector<std::string>> engines;
    std::vector<std::string> each;
};

SplitArguments split_engine_arguments(int argc, char** argv);

// Builds the engine list; throws OaqError naming the engine and key on any problem (unknown key,
// missing cmd, an executable that does not exist, two engines with one name).
std::vector<EngineSpec> parse_engine_specs(const SplitArguments& split);

// Splits an args="..." value into words, honouring double and single quotes. A quote that is
// never closed is an error saying which and where (character positions count from 1).
Expected<std::vector<std::string>> split_words(const std::string& text);

engine::EngineConfig to_engine_config(const EngineSpec& spec);

// The engine as a run defines it. Throws OaqError naming the engine when its tc= does not parse.
tournament::EngineDefinition to_definition(const EngineSpec& spec);
// What the engine layer needs to start a defined engine (the stall timeout and logs are the
// caller's).
engine::EngineConfig to_engine_config(const tournament::EngineDefinition& engine);

}  // namespace oaq::app
