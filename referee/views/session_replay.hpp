// What `oaq rules session` prints of a session replayed from its games' moves (rules.md section
// 9): per game the sides, the start and final positions, both scores, what scored for nobody and
// the wealth after it, then the session's result or the next game; as text or one JSON object.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "rules/session.hpp"

namespace oaq::views {

// Each replayed game with its number of plies.
using PlayedGames = std::vector<std::pair<rules::SessionGame, std::size_t>>;

std::string session_replay_text(const rules::Session& session, const PlayedGames& played,
                                int game_limit);
std::string session_replay_json(const rules::Session& session, const PlayedGames& played,
                                int game_limit);

}  // namespace oaq::views
