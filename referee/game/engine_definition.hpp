// EngineDefinition: one engine as a run defines it, from the command line (`--engine key=value`)
// through the stored run definition (tournament/run_definition.hpp) to the process that plays it
// (engine/engine_session.hpp holds one): name, command, arguments, directory, environment,
// options, own time control, restart policy, and the per-engine session settings. It lives in the
// game layer because both the tournament layer (which stores and schedules it) and the engine
// layer (which starts it) use it, and neither sees the other.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/defaults.hpp"
#include "game/time_control.hpp"

namespace oaq::game {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

struct EngineDefinition {
    std::string name;
    std::string command;  // the executable, as resolved when the run was defined
    std::vector<std::string> args;
    std::string dir;                      // working directory, "" for the referee's
    KeyValues env;                        // added to the referee's environment
    KeyValues options;                    // setoption name -> value, in order
    std::optional<game::TimeControl> tc;  // nothing: the run's time control
    bool restart_every_game = false;      // else the process is restarted only after a failure
    // Per-engine settings of the session (engine keys handshake-timeout=, log-limit=, stderr=,
    // log=); unset: the defaults (10 s handshake, 10 MiB per log, the --log directory).
    std::optional<game::Milliseconds> handshake_timeout;
    std::optional<std::uint64_t> log_limit;  // bytes per log, 0: no limit
    std::string stderr_log;                  // the engine's stderr appended here ("": none)
    std::string protocol_log;                // every protocol line appended here ("": none)

    friend bool operator==(const EngineDefinition&, const EngineDefinition&) = default;
};

}  // namespace oaq::game
