// `--session [games=G]` of `oaq match` and `oaq tournament`: every pairing plays a session
// (rules.md section 9) of at most G games (default 20) instead of a colour-swapped pair.
#pragma once

#include "app/cli.hpp"
#include "tournament/run_definition.hpp"

namespace oaq::app {

void add_session_option(CommandLine& cli);
// Sets definition.session_games from --session; throws OaqError for a bad games=.
void read_session_option(const po::variables_map& vm, tournament::RunDefinition& definition);

}  // namespace oaq::app
