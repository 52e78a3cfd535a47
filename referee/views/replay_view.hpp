// `oaq results game --replay`: a stored game's board at its start and after each ply, as printed,
// and the closing line; the command prints them (waiting between plies with --step).
#pragma once

#include <string>
#include <vector>

#include "store/store.hpp"

namespace oaq::views {

struct Replay {
    // "start\n" and the board, then per ply played "\nN. Side MOVE\n" and the board after it.
    std::vector<std::string> frames;
    // Why the replay stopped early ("" when every ply played): the start position, or the ply
    // that did not play (`ply N ("MOVE"): why`). Frames stop before it.
    std::string error;
    std::string end;  // "\nRESULT (termination: detail)\n"
};

Replay replay_frames(const store::StoredGame& game);

}  // namespace oaq::views
