// Shared by the EngineSession unit tests (engine_session_test.cpp, engine_search_test.cpp): the
// commands they send and the checks they repeat, over the fake process of fake_process.hpp.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "engine/engine_session.hpp"
#include "fake_engines.hpp"
#include "fake_process.hpp"
#include "game/defaults.hpp"
#include "rules/rules.hpp"

namespace oaq::engine::test {

inline const rules::Rules kStandard{};
inline constexpr int kPlies = game::kDefaultPlyLimit;
inline const protocol::PositionCommand kStart{};

inline protocol::Go movetime(int ms) {
    protocol::Go go;
    go.movetime = std::chrono::milliseconds(ms);
    return go;
}

inline protocol::Go depth(int plies) {
    protocol::Go go;
    go.depth = plies;
    return go;
}

inline bool heard(const FakeProcessRecord& process, const std::string& line) {
    return std::find(process.heard.begin(), process.heard.end(), line) != process.heard.end();
}

// After a failure: the session killed its process and is ready to start a fresh one.
inline void expect_killed(const EngineSession& s, const FakeHost& fake) {
    CHECK(s.state() == SessionState::Failed);
    CHECK(s.pid() == -1);
    CHECK(fake.last().killed);
    CHECK(s.last_exit() == "signal 9 (SIGKILL)");
}

}  // namespace oaq::engine::test
