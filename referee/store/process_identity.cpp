#include "store/process_identity.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

namespace oaq::store {

namespace {

std::string host_name() {
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0) return "unknown";
    return buf;
}

std::string boot_id() {
    std::ifstream in("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(in, id);
    return id;
}

// From /proc/PID/stat: the state (field 3) and when the process started (field 22, clock ticks
// after boot). The command name (field 2) may hold spaces and parentheses, so fields are counted
// after its last ')'.
struct Stat {
    std::string state;
    std::string start_ticks;
};

Stat stat_of(std::int64_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line)) return {};
    const auto close = line.rfind(')');
    if (close == std::string::npos) return {};
    std::istringstream fields(line.substr(close + 1));
    Stat out;
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
        if (i == 3) out.state = field;
        if (i == 22) out.start_ticks = field;
    }
    return out;
}

std::string start_of(const Stat& stat) {
    return stat.start_ticks.empty() ? "" : boot_id() + ":" + stat.start_ticks;
}

}  // namespace

ProcessIdentity this_process() {
    const auto pid = static_cast<std::int64_t>(::getpid());
    return {pid, host_name(), start_of(stat_of(pid))};
}

Presence presence(const ProcessIdentity& p) {
    if (p.host != host_name()) return Presence::Unknown;
    if (p.pid <= 0) return Presence::Gone;
    if (::kill(static_cast<pid_t>(p.pid), 0) != 0 && errno == ESRCH) return Presence::Gone;
    // A process with that pid exists; it is the holder only if it started when the holder did,
    // and a zombie (dead, not reaped yet) holds nothing.
    const auto stat = stat_of(p.pid);
    if (stat.state == "Z" || stat.state == "X") return Presence::Gone;
    const auto now = start_of(stat);
    if (p.start.empty() || now.empty()) return Presence::Running;
    return now == p.start ? Presence::Running : Presence::Gone;
}

}  // namespace oaq::store
