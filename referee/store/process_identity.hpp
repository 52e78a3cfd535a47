// ProcessIdentity: who holds a run lock (db/006_run_locks.sql): a process id, the host it runs on,
// and what tells this process from a later one that reuses its pid (the boot id and the start time
// from /proc). presence() answers whether such a process still runs: only on this host can it
// know; a holder on another host is Unknown, and a lock is taken over only when its holder is Gone.
#pragma once

#include <cstdint>
#include <string>

namespace oaq::store {

struct ProcessIdentity {
    std::int64_t pid = 0;
    std::string host;
    std::string start;  // "<boot id>:<start time in clock ticks>", "" when /proc cannot tell

    friend bool operator==(const ProcessIdentity&, const ProcessIdentity&) = default;
};

ProcessIdentity this_process();

enum class Presence { Running, Gone, Unknown };
Presence presence(const ProcessIdentity& process);

}  // namespace oaq::store
