// Compliance check: walks an engine through every part of the protocol a referee relies on and
// says, step by step, what passed and why something failed (`oaq check-engine`). Steps: the
// handshake, the declared options, isready, uginewgame, a search from startpos and from a
// mid-game position string, each time-control form, go infinite + stop, isready while idle, and
// quit. Every returned move is checked for legality. A failing step does not end the check: the
// session restarts the engine when it must, so one run reports every problem at once. The engine
// runs on a ProcessHost like any session: real processes by default, a scripted fake in tests.
#pragma once

#include <string>
#include <vector>

#include "engine/engine_session.hpp"

namespace oaq::engine {

struct ComplianceStep {
    std::string name;
    bool passed = false;
    std::string reason;  // why it failed, or a short note when it passed (e.g. "1L in 3 ms")
};

// `rules` is any rules string (preset or expanded). Throws OaqError when the engine cannot be
// started at all (bad command) or the rules string does not parse. When `warnings` is given it
// receives what is not a failure but worth fixing (protocol-spec 8): ignored lines, options the
// engine does not declare. `host` starts the engine and keeps the time (process_port.hpp).
std::vector<ComplianceStep> run_compliance_check(const EngineConfig& config,
                                                 const std::string& rules,
                                                 std::vector<std::string>* warnings = nullptr,
                                                 ProcessHost host = {});

}  // namespace oaq::engine
