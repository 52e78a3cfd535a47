// `oaq rules session`: replays a session (rules.md section 9) from each game's moves and prints
// every game and the session's result. The replaying is rules::play_session_game(); this file
// only reads options and prints.
#pragma once

namespace oaq::app {

int rules_session_command(int argc, char** argv);

}  // namespace oaq::app
