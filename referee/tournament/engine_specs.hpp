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
#include "tournament/run_definition.hpp"

namespace oaq::tournament {

// argv with the --engine/--each groups taken out, and the groups themselves.
struct SplitArguments {
    std::vector<std::string> rest;  // everything else, argv[0] first
    std::vector<std::vector<std::string>> engines;
    std::vector<std::string> each;
};

SplitArguments split_engine_arguments(int argc, char** argv);

// Builds the engine list, each engine as a run defines it; throws OaqError naming the engine and
// key on any problem (unknown key, missing cmd, an executable that does not exist, two engines
// with one name, then a tc= that does not parse).
std::vector<EngineDefinition> parse_engine_specs(const SplitArguments& split);

// Splits an args="..." value into words, honouring double and single quotes. A quote that is
// never closed is an error saying which and where (character positions count from 1).
Expected<std::vector<std::string>> split_words(const std::string& text);

}  // namespace oaq::tournament
