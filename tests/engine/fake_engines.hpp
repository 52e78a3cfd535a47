// Scripts for FakeProcess (fake_process.hpp): a correct engine that tests change one handler of to
// script a misbehaviour, and helpers to read what an engine has been told. The correct engine plays
// the first legal move under the rules it was sent, like oaq-test-engine, so the compliance
// checker's legality checks pass against it.
#pragma once

#include <string>
#include <vector>

#include "engine/engine_session.hpp"
#include "fake_process.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::engine::test {

// The game an engine was told about: the rules of its last `setoption name Rules` (standard if
// none) and the position of its last `position` line (the start if none or unreadable).
struct HeardGame {
    rules::Rules rules;
    rules::Position position;
};
HeardGame game_heard(const std::vector<std::string>& heard);

// The first legal move, or "1L" when there is none (a finished game).
std::string first_legal_move(const HeardGame& game);

// Says one info line and `bestmove <move>`.
void answer(Reply& reply, const std::string& move);

// A correct engine: `id name fake-engine`, `id author oaq`, options Rules (string), Hash and
// PlyLimit (spin), ugiok; readyok; on `go`, after `think`, one info line and the first legal move
// of what it was sent; `go infinite` answers at `stop`; `quit` exits with code 0.
FakeEngine well_behaved_engine(Clock::duration think = {});

// A well-behaved engine whose answer to lines starting with `word` is `handler` instead.
FakeEngine engine_with(const std::string& word, Handler handler);

// A handler that does nothing: the engine never answers that line.
inline void silent(Reply&) {}

// A session's configuration for the fake: name "fake", command "fake-engine" and the spec's
// timeouts (protocol-spec 7), which cost nothing on a manual clock.
EngineConfig fake_engine_config();

}  // namespace oaq::engine::test
