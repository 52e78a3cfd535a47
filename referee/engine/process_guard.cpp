#include "engine/process_guard.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "common/error.hpp"
#include "engine/stderr_copier.hpp"

namespace oaq::engine {

namespace {

using namespace std::chrono_literals;

// ---- the registry: fixed slots of lock-free atomics, so kill_all_engines() is signal-safe -----

constexpr std::size_t kRegistrySlots = 1024;
struct Slot {
    std::atomic<pid_t> pgid{0};
    std::atomic<std::uint64_t> number{0};
};
std::array<Slot, kRegistrySlots> g_engines;

bool is_live_engine_pid(pid_t pid) {
    for (auto& slot : g_engines)
        if (slot.pgid.load() == pid) return true;
    return false;
}

bool is_live_engine_number(std::uint64_t number) {
    for (auto& slot : g_engines)
        if (slot.pgid.load() > 0 && slot.number.load() == number) return true;
    return false;
}

// Spawns and orphan sweeps exclude each other: a child between fork and registration must not be
// taken for an orphan. Leaked: the spawner thread may still hold it while statics are destroyed.
std::mutex& children_mutex() {
    static auto* mutex = new std::mutex;
    return *mutex;
}

// ---- the mark ----------------------------------------------------------------------------------

constexpr std::string_view kMarkName = "OAQ_ENGINE_OF";

// "<pid>.<nonce>.": a pid alone could be reused by a later referee.
const std::string& mark_prefix() {
    static const std::string prefix = [] {
        timespec now{};
        ::clock_gettime(CLOCK_REALTIME, &now);
        return std::to_string(::getpid()) + "." +
               std::to_string(static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec) +
               ".";
    }();
    return prefix;
}

// "\0OAQ_ENGINE_OF=<pid>.<nonce>.", built before the guardian forks (it may not allocate).
constexpr std::size_t kMaxNeedle = 96;
char g_needle[kMaxNeedle];
std::size_t g_needle_length = 0;

void build_needle() {
    std::string needle = std::string(1, '\0') + std::string(kMarkName) + "=" + mark_prefix();
    g_needle_length = std::min(needle.size(), kMaxNeedle);
    std::memcpy(g_needle, needle.data(), g_needle_length);
}

std::atomic<std::uint64_t> g_next_number{1};

// ---- /proc without allocating (the guardian runs after a fork of a threaded process) ----------

// "/proc/<pid>/<file>" into `out` (64 bytes).
void proc_path(char* out, pid_t pid, const char* file) {
    char digits[16];
    int n = 0;
    for (auto v = static_cast<unsigned>(pid); n == 0 || v > 0; v /= 10) {
        digits[n++] = static_cast<char>('0' + v % 10);
    }
    char* p = out;
    for (const char* s = "/proc/"; *s;) *p++ = *s++;
    while (n > 0) *p++ = digits[--n];
    *p++ = '/';
    while (*file) *p++ = *file++;
    *p = '\0';
}

// Calls visit(pid) for every process. getdents64 into a stack buffer: no allocation.
template <typename Visit>
void for_each_process(Visit&& visit) {
    int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) return;
    alignas(alignof(dirent64)) char buffer[8192];
    for (;;) {
        ssize_t got = ::getdents64(dir, buffer, sizeof buffer);
        if (got <= 0) break;
        for (ssize_t at = 0; at < got;) {
            const auto* entry = reinterpret_cast<const dirent64*>(buffer + at);
            at += entry->d_reclen;
            pid_t pid = 0;
            const char* c = entry->d_name;
            for (; *c >= '0' && *c <= '9'; ++c) pid = pid * 10 + (*c - '0');
            if (*c == '\0' && pid > 0) visit(pid);
        }
    }
    ::close(dir);
}

// Whether the environment of `pid` holds the needle (its leading NUL anchors it at the start of an
// entry; the first entry follows a NUL we put in front). Read in chunks: no allocation.
bool environment_has(pid_t pid, const char* needle, std::size_t length) {
    char path[64];
    proc_path(path, pid, "environ");
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    constexpr std::size_t kChunk = 16384;
    char buffer[kChunk + kMaxNeedle];
    buffer[0] = '\0';
    std::size_t kept = 1;
    bool found = false;
    for (;;) {
        ssize_t got = ::read(fd, buffer + kept, kChunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        const std::size_t have = kept + static_cast<std::size_t>(got);
        if (::memmem(buffer, have, needle, length) != nullptr) {
            found = true;
            break;
        }
        kept = std::min(have, length - 1);
        std::memmove(buffer, buffer + have - kept, kept);
    }
    ::close(fd);
    return found;
}

// SIGKILLs every process carrying this referee's mark; returns how many.
int kill_marked_processes() {
    if (g_needle_length == 0) return 0;
    const pid_t self = ::getpid();
    int killed = 0;
    for_each_process([&](pid_t pid) {
        if (pid != self && environment_has(pid, g_needle, g_needle_length)) {
            ::kill(pid, SIGKILL);
            ++killed;
        }
    });
    return killed;
}

void nap(std::chrono::nanoseconds d) {
    timespec ts{0, static_cast<long>(d.count())};
    ::nanosleep(&ts, nullptr);
}

// ---- the guardian ------------------------------------------------------------------------------

void close_all_but(int keep) {
    auto close_range = [](unsigned first, unsigned last) {
        if (first > last) return;
        if (::syscall(SYS_close_range, first, last, 0u) == 0) return;
        for (unsigned fd = first; fd <= last && fd < 65536; ++fd) ::close(static_cast<int>(fd));
    };
    if (keep > 0) close_range(0, static_cast<unsigned>(keep - 1));
    close_range(static_cast<unsigned>(keep + 1), ~0u);
}

[[noreturn]] void guardian_main(int watch_fd) {
    // Holding any descriptor of the referee (an engine's pipe) would keep an engine from seeing
    // the end of its input.
    close_all_but(watch_fd);
    // Its own session: Ctrl-C at the referee's terminal, or a hang-up, must not end it first.
    ::setsid();
    if (::chdir("/") != 0) {
        // It keeps the referee's directory busy a moment longer: harmless.
    }
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU}) {
        ::sigaction(sig, &ignore, nullptr);
    }
    ::prctl(PR_SET_NAME, "oaq-guardian", 0, 0, 0);
    for (;;) {
        char byte;
        ssize_t got = ::read(watch_fd, &byte, 1);
        if (got == 0 || (got < 0 && errno != EINTR)) break;  // the referee has ended
    }
    // Kill until a round finds nothing: a process may fork while the first round runs.
    for (int round = 0; round < 50 && kill_marked_processes() > 0; ++round) nap(10ms);
    ::_exit(0);
}

void start_guardian() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return;  // no guardian: the other four mechanisms remain
    pid_t first = ::fork();
    if (first == 0) {
        if (::fork() == 0) guardian_main(fds[0]);
        ::_exit(0);  // the guardian is orphaned now, before we become a subreaper: not our child
    }
    ::close(fds[0]);
    if (first < 0) {
        ::close(fds[1]);
        return;
    }
    while (::waitpid(first, nullptr, 0) < 0 && errno == EINTR) {
    }
    // fds[1] stays open, close-on-exec, for the life of the process: its end is the signal.
}

// ---- the spawner thread ------------------------------------------------------------------------

class Spawner {
  public:
    Spawner() {
        try {
            std::thread([this] { loop(); }).detach();
        } catch (const std::system_error& e) {  // no thread left (a pids limit)
            throw OaqError(std::string("cannot start the spawner thread: ") + e.what());
        }
    }

    void run(const std::function<void()>& job) {
        Request request{&job, nullptr, false};
        {
            std::lock_guard lock(mutex_);
            queue_.push_back(&request);
        }
        wake_.notify_all();
        std::unique_lock lock(mutex_);
        done_.wait(lock, [&] { return request.done; });
        if (request.error) std::rethrow_exception(request.error);
    }

  private:
    struct Request {
        const std::function<void()>* job;
        std::exception_ptr error;
        bool done;
    };

    [[noreturn]] void loop() {
        for (;;) {
            Request* request = nullptr;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return !queue_.empty(); });
                request = queue_.front();
                queue_.pop_front();
            }
            try {
                std::lock_guard children(children_mutex());
                (*request->job)();
            } catch (...) {
                request->error = std::current_exception();
            }
            {
                std::lock_guard lock(mutex_);
                request->done = true;
            }
            done_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::deque<Request*> queue_;
};

// Leaked: the thread runs until the process ends, and so must what it uses. A construction that
// throws leaves no instance: the next engine's start tries again.
Spawner& spawner() {
    static auto* instance = new Spawner;
    return *instance;
}

// ---- our children, through /proc (allocating: only on a session's thread) ---------------------

struct Child {
    pid_t pid;
    char state;
};

std::vector<Child> our_children() {
    std::vector<Child> out;
    const pid_t self = ::getpid();
    for_each_process([&](pid_t pid) {
        char path[64], text[512];
        proc_path(path, pid, "stat");
        int fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) return;
        ssize_t got = ::read(fd, text, sizeof text - 1);
        ::close(fd);
        if (got <= 0) return;
        text[got] = '\0';
        // "pid (comm) S ppid ...": the name may hold spaces and parentheses, so from the last ')'.
        const char* close = std::strrchr(text, ')');
        if (!close || close[1] == '\0' || close[2] == '\0') return;
        const char state = close[2];
        if (std::atoi(close + 4) == self) out.push_back({pid, state});
    });
    return out;
}

// The engine number in the mark of `pid`, if it carries this referee's mark.
std::optional<std::uint64_t> mark_number(pid_t pid) {
    char path[64];
    proc_path(path, pid, "environ");
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string environment(1, '\0');
    char chunk[16384];
    for (ssize_t got; (got = ::read(fd, chunk, sizeof chunk)) > 0;) {
        environment.append(chunk, static_cast<std::size_t>(got));
    }
    ::close(fd);
    const std::string_view needle(g_needle, g_needle_length);
    auto at = environment.find(needle);
    if (g_needle_length == 0 || at == std::string::npos) return std::nullopt;
    std::uint64_t number = 0;
    for (std::size_t i = at + needle.size(); i < environment.size(); ++i) {
        const char c = environment[i];
        if (c < '0' || c > '9') break;
        number = number * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return number;
}

void reap_within(pid_t pid, std::chrono::nanoseconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    for (;;) {
        pid_t got = ::waitpid(pid, nullptr, WNOHANG);
        if (got != 0 && !(got < 0 && errno == EINTR)) return;  // reaped, or not ours any more
        if (std::chrono::steady_clock::now() >= until) return;
        nap(200us);
    }
}

}  // namespace

void prepare_referee_process() {
    static std::once_flag once;
    std::call_once(once, [] {
        ::signal(SIGPIPE, SIG_IGN);
        build_needle();
        // The guardian first: started after PR_SET_CHILD_SUBREAPER it would be re-parented to us.
        start_guardian();
        ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    });
    // The threads outside the once: one that cannot start (no thread or descriptor left) is tried
    // again by the next engine's start, and a retried once would start a second guardian.
    spawner();
    start_stderr_copier();
}

EngineMark next_engine_mark() {
    const std::uint64_t number = g_next_number.fetch_add(1);
    return {std::string(kMarkName), mark_prefix() + std::to_string(number), number};
}

void run_on_spawner(const std::function<void()>& spawn) {
    prepare_referee_process();
    spawner().run(spawn);
}

void register_engine(pid_t pgid, std::uint64_t number) noexcept {
    for (auto& slot : g_engines) {
        pid_t expected = 0;
        if (slot.pgid.compare_exchange_strong(expected, -1)) {  // claimed, not yet visible
            slot.number.store(number);
            slot.pgid.store(pgid);
            return;
        }
    }
    // More than 1024 live engines: the group is still killed by its owner, only Ctrl-C misses it.
}

void unregister_engine(pid_t pgid) noexcept {
    for (auto& slot : g_engines) {
        pid_t expected = pgid;
        if (slot.pgid.compare_exchange_strong(expected, 0)) return;
    }
}

void kill_all_engines() noexcept {
    for (auto& slot : g_engines) {
        pid_t pgid = slot.pgid.load();
        if (pgid > 0) ::kill(-pgid, SIGKILL);
    }
}

int live_engine_count() noexcept {
    int n = 0;
    for (auto& slot : g_engines)
        if (slot.pgid.load() > 0) ++n;
    return n;
}

void reap_orphans() {
    std::lock_guard lock(children_mutex());
    // Each round kills one generation: a killed orphan's own children are adopted in their turn.
    for (int round = 0; round < 16; ++round) {
        std::vector<pid_t> killed;
        for (const auto& child : our_children()) {
            if (is_live_engine_pid(child.pid)) continue;  // its EngineProcess reaps it
            if (child.state == 'Z') {
                ::waitpid(child.pid, nullptr, WNOHANG);
                continue;
            }
            // An orphan of a live engine (a helper it daemonised) stays; one of an ended engine
            // goes.
            auto number = mark_number(child.pid);
            if (number && !is_live_engine_number(*number)) {
                ::kill(child.pid, SIGKILL);
                killed.push_back(child.pid);
            }
        }
        if (killed.empty()) return;
        for (pid_t pid : killed) reap_within(pid, 1s);
    }
}

void reap_and_kill_all() noexcept {
    try {
        kill_all_engines();
        for (int round = 0; round < 50 && kill_marked_processes() > 0; ++round) nap(5ms);
        std::lock_guard lock(children_mutex());
        // Every other child is an engine's orphan (the invariant): none may outlive us.
        auto until = std::chrono::steady_clock::now() + 1s;
        for (;;) {
            bool left = false;
            for (const auto& child : our_children()) {
                if (is_live_engine_pid(child.pid)) continue;
                left = true;
                if (child.state != 'Z') ::kill(child.pid, SIGKILL);
                ::waitpid(child.pid, nullptr, WNOHANG);
            }
            if (!left || std::chrono::steady_clock::now() >= until) break;
            nap(1ms);
        }
    } catch (...) {
        // At exit there is nobody left to tell: the guardian and the parent-death signal remain.
    }
}

}  // namespace oaq::engine
