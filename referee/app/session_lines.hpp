// What a run prints after each game of a session (`oaq match --session`): one text line with the
// wealth before and after and the session's end, or one JSON line ("type":"session_game",
// docs/json.md).
#pragma once

#include <string>
#include <vector>

#include "tournament/session_runner.hpp"

namespace oaq::app {

// `names`: the run's engines in seat order.
std::string session_step_text(const tournament::SessionStep& step,
                              const std::vector<std::string>& names);
std::string session_step_json(const tournament::SessionStep& step,
                              const std::vector<std::string>& names);

}  // namespace oaq::app
