// What a run prints after each game of a session (`oaq match --session`): one text line with the
// wealth before and after and the session's end, or one JSON line ("type":"session_game",
// docs/json.md); and the session of a stored game as `oaq results game` shows it.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "store/sessions.hpp"
#include "tournament/session_runner.hpp"

namespace oaq::views {

// `names`: the run's engines in seat order.
std::string session_step_text(const tournament::SessionStep& step,
                              const std::vector<std::string>& names);
std::string session_step_json(const tournament::SessionStep& step,
                              const std::vector<std::string>& names);

// {"first":F,"second":S}: the wealth of the session's first- and second-named player, as every
// session object in docs/json.md writes it.
std::string wealth_json(const std::array<int, 2>& wealth);

// A stored game's session in its JSON object ("session": {session, number, wealth_after}) and as
// a line (`oaq results game`).
std::string with_session(std::string game_json, const store::SessionLink& link);
std::string session_link_text(const store::SessionLink& link);

}  // namespace oaq::views
