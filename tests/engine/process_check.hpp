// Helpers for the engine tests: what a test leaves behind (descriptors, processes), read from
// /proc, and the test engine's configuration with timeouts short enough for tests.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine_session.hpp"
#include "engine/process_guard.hpp"

namespace oaq::engine::test {

inline std::string test_engine() {
    return OAQ_TEST_ENGINE;
}

// oaq-test-engine with `args`, with timeouts of a second or two instead of the spec's defaults.
inline EngineConfig test_engine_config(std::vector<std::string> args) {
    using namespace std::chrono_literals;
    EngineConfig c;
    c.engine.name = "test";
    c.engine.command = test_engine();
    c.engine.args = std::move(args);
    c.engine.handshake_timeout = 2s;
    c.ready_timeout = 2s;
    c.stall_timeout = 2s;
    c.quit_grace = 500ms;
    return c;
}

// Our open descriptors. The process guard's own (the guardian's pipe, the stderr copier's wake-up)
// are opened once for the whole process, so they are opened before counting.
inline int count_fds() {
    prepare_referee_process();
    int n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) ++n;
    return n - 1;  // the iterator's own descriptor
}

struct ProcInfo {
    pid_t pid = 0, ppid = 0, pgrp = 0;
    char state = '?';
};

inline std::vector<ProcInfo> all_processes() {
    std::vector<ProcInfo> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
        std::string name = e.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::string text;
        try {  // a process may vanish while its file is read (ESRCH)
            std::ifstream in(e.path() / "stat");
            text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        } catch (const std::exception&) {
            continue;
        }
        auto close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(text.substr(close + 2));
        ProcInfo p;
        p.pid = static_cast<pid_t>(std::stoi(name));
        rest >> p.state >> p.ppid >> p.pgrp;
        out.push_back(p);
    }
    return out;
}

// Processes (zombies included) in process group `pgid`.
inline int processes_in_group(pid_t pgid) {
    int n = 0;
    for (const auto& p : all_processes())
        if (p.pgrp == pgid) ++n;
    return n;
}

// Our own children (zombies included).
inline int children() {
    int n = 0;
    for (const auto& p : all_processes())
        if (p.ppid == ::getpid()) ++n;
    return n;
}

}  // namespace oaq::engine::test
