#include "engine/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <thread>
#include <utility>

#include "common/error.hpp"
#include "engine/stderr_copier.hpp"

namespace oaq::engine {

namespace bp = boost::process;

namespace {

// strerror, with what to do about running out of descriptors (issue 11: it once read "Success").
std::string describe_errno(int error) {
    std::string text = std::strerror(error);
    if (error == EMFILE || error == ENFILE) {
        text += " (raise the limit with `ulimit -n`, or play fewer games at once)";
    }
    return text;
}

[[noreturn]] void throw_errno(const std::string& what) {
    throw OaqError(what + ": " + describe_errno(errno));
}

// Why a spawn failed. Boost reports some failures without an error code (its own pipe, when the
// referee is out of descriptors), which used to read "Success": then the cause is found again.
std::string spawn_failure(const std::error_code& ec) {
    if (ec) return ec.message();
    int probe[2];
    if (::pipe2(probe, O_CLOEXEC) != 0) return describe_errno(errno);
    ::close(probe[0]);
    ::close(probe[1]);
    return "the process could not be created";
}

// A descriptor closed when it goes out of scope, unless released.
struct OwnedFd {
    int fd = -1;
    OwnedFd() = default;
    explicit OwnedFd(int f) : fd(f) {}
    OwnedFd(OwnedFd&& other) noexcept : fd(other.release()) {}
    OwnedFd(const OwnedFd&) = delete;
    OwnedFd& operator=(const OwnedFd&) = delete;
    ~OwnedFd() {
        if (fd >= 0) ::close(fd);
    }
    int release() { return std::exchange(fd, -1); }
};

// A descriptor >= 3 with O_CLOEXEC: the child's dup2 onto 0..2 must never clobber a source.
int above_stdio(int fd) {
    if (fd >= 3) return fd;
    int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    ::close(fd);
    if (moved < 0) throw_errno("cannot move descriptor");
    return moved;
}

struct Pipe {
    OwnedFd read, write;
};

void make_pipe(Pipe& pipe) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw_errno("cannot create pipe");
    pipe.read.fd = fds[0];
    pipe.write.fd = fds[1];
    pipe.read.fd = above_stdio(pipe.read.release());
    pipe.write.fd = above_stdio(pipe.write.release());
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

constexpr unsigned kCloseRangeCloexec = 1u << 2;  // CLOSE_RANGE_CLOEXEC, <linux/close_range.h>

// Runs in the child between fork and exec: async-signal-safe calls only. Boost's own start_dir
// ignores a failed chdir, and its set_error() in the child does not stop the exec, so the
// working directory is changed here and any failure ends the child at once.
struct ChildSetup : bp::extend::handler {
    int in_fd, out_fd, err_fd;
    const char* dir;
    pid_t referee;
    pid_t* spawned;  // the parent learns the pid even when the start fails, to reap it

    template <typename Executor>
    void on_exec_setup(Executor& exec) const {
        // Its own process group: we kill the engine and whatever it started with one kill(-pgid).
        ::setpgid(0, 0);
        // It dies with the referee, even after kill -9 (process_guard.hpp: the spawner thread
        // that forked it lives as long as the referee). Checked after: the referee may have died
        // before the signal was asked for.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        if (::getppid() != referee) ::_exit(127);
        // An ignored SIGPIPE and a blocked signal mask survive exec; the engine gets defaults.
        ::signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        ::sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (::chdir(dir) != 0) {
            exec.set_error(std::error_code(errno, std::system_category()), "chdir failed");
            ::_exit(127);
        }
        if (::dup2(in_fd, 0) < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0) {
            exec.set_error(std::error_code(errno, std::system_category()), "dup2 failed");
            ::_exit(127);
        }
        // Descriptors the referee inherited or opened without O_CLOEXEC (its parent's, a
        // library's) must not reach the engine either: mark everything above 2 close-on-exec.
        // Not closed now: Boost reports a failed exec through one of them. Best effort (Linux
        // 5.11+); on older kernels only our own O_CLOEXEC descriptors are guaranteed closed.
        ::syscall(SYS_close_range, 3u, ~0u, kCloseRangeCloexec);
    }
    template <typename Executor>
    void on_error(Executor& exec, const std::error_code&) const {
        *spawned = exec.pid;
    }
    template <typename Executor>
    void on_success(Executor& exec) const {
        *spawned = exec.pid;
    }
};

std::string signal_name(int sig) {
    const char* abbrev = ::sigabbrev_np(sig);
    return abbrev ? std::string("SIG") + abbrev : "unknown";
}

ExitStatus status_of(int raw) {
    if (WIFSIGNALED(raw)) return {true, WTERMSIG(raw)};
    return {false, WEXITSTATUS(raw)};
}

// Waits for `events` on `fd` (and for `pidfd` to become readable: the process exited) until
// `deadline`. Returns the revents of `fd`, or kPidExited, or 0 on timeout.
constexpr short kPidExited = 0x4000;

short wait_fd(int fd, short events, Clock::time_point deadline, int pidfd = -1) {
    for (;;) {
        auto left = deadline - Clock::now();
        if (left < std::chrono::nanoseconds::zero()) left = std::chrono::nanoseconds::zero();
        auto secs = std::chrono::duration_cast<std::chrono::seconds>(left);
        timespec ts{static_cast<time_t>(secs.count()), static_cast<long>((left - secs).count())};
        pollfd p[2] = {{fd, events, 0}, {pidfd, POLLIN, 0}};
        int n = ::ppoll(p, pidfd >= 0 ? 2 : 1, &ts, nullptr);
        if (n > 0) return p[0].revents != 0 ? p[0].revents : kPidExited;
        if (n == 0) return 0;
        if (errno != EINTR) return POLLERR;
    }
}

}  // namespace

std::string ExitStatus::describe() const {
    if (signaled) return "signal " + std::to_string(code) + " (" + signal_name(code) + ")";
    return "exit code " + std::to_string(code);
}

namespace {

// A command with a slash is a path; otherwise the first executable file of that name in PATH.
// (Not Boost's search_path: its path conversions need a locale, which cannot be loaded when the
// referee is out of descriptors, and the error would not say why.)
std::filesystem::path executable(const std::string& command) {
    if (command.find('/') != std::string::npos) return std::filesystem::absolute(command);
    const char* path = std::getenv("PATH");
    std::string_view dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    while (!dirs.empty()) {
        const auto colon = dirs.find(':');
        const std::string_view dir = dirs.substr(0, colon);
        dirs = colon == std::string_view::npos ? std::string_view{} : dirs.substr(colon + 1);
        const auto candidate = std::filesystem::path(dir.empty() ? "." : dir) / command;
        std::error_code ec;
        if (std::filesystem::is_regular_file(candidate, ec) &&
            ::access(candidate.c_str(), X_OK) == 0) {
            return std::filesystem::absolute(candidate);
        }
    }
    throw OaqError("cannot start engine: \"" + command + "\" not found in PATH");
}

// The engine's stderr: /dev/null, the log file itself, or a pipe to the stderr copier when the log
// has a budget (stderr_copier.hpp). The copier owns the log from then on.
OwnedFd stderr_for(const ProcessSpec& spec, std::shared_ptr<StderrCopy>& copy) {
    if (spec.stderr_log.empty()) {
        OwnedFd null(::open("/dev/null", O_WRONLY | O_CLOEXEC));
        if (null.fd < 0) throw_errno("cannot open /dev/null");
        null.fd = above_stdio(null.release());
        return null;
    }
    int log = ::open(spec.stderr_log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log < 0) throw_errno("cannot open engine log \"" + spec.stderr_log.string() + "\"");
    if (!spec.stderr_budget) return OwnedFd(above_stdio(log));
    auto sink = start_stderr_copy(log, spec.stderr_budget);
    copy = std::move(sink.copy);
    return OwnedFd(sink.child_fd);
}

}  // namespace

EngineProcess::EngineProcess(const ProcessSpec& spec, std::size_t max_line_length)
    : lines_(max_line_length) {
    const std::filesystem::path exe = executable(spec.command);
    const std::string what = "cannot start engine \"" + exe.string() + "\"";
    try {
        prepare_referee_process();
    } catch (const OaqError& e) {
        throw OaqError(what + ": " + e.what());
    }
    if (::access(exe.c_str(), X_OK) != 0) throw_errno(what);
    const std::filesystem::path dir =
        spec.working_dir.empty() ? std::filesystem::current_path() : spec.working_dir;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        throw OaqError(what + ": no directory \"" + dir.string() + "\"");
    }

    Pipe in, out;
    OwnedFd err;
    try {
        err.fd = stderr_for(spec, stderr_copy_).release();
        make_pipe(in);
        make_pipe(out);
    } catch (const OaqError& e) {
        throw OaqError(what + ": " + e.what());
    }

    // A copy: this_process::environment() is the referee's own environment, and assigning to it
    // is setenv() — one engine's env.K=V and mark would leak into the referee and every later
    // engine, and concurrent spawns would race on environ (a crash when one reallocates it).
    bp::environment env = boost::this_process::environment();
    for (const auto& [key, value] : spec.env) env[key] = value;
    // The mark (process_guard.hpp) last: a configured variable cannot hide it.
    const EngineMark mark = next_engine_mark();
    env[mark.name] = mark.value;

    std::string failure;
    run_on_spawner([&] {
        pid_t spawned = -1;
        bp::child child(
            bp::exe = exe.string(), bp::args = spec.args, env,
            ChildSetup{{}, in.read.fd, out.write.fd, err.fd, dir.c_str(), ::getpid(), &spawned},
            ec);
        if (ec || !child.valid()) {
            if (child.valid()) child.detach();
            if (spawned > 0) {  // not reaped yet, so the pid is still ours to kill and reap
                ::kill(spawned, SIGKILL);
                ::waitpid(spawned, nullptr, 0);
            }
            failure = spawn_failure(ec);
            return;
        }
        pid_ = child.id();
        // We reap it ourselves (pidfd + waitpid): Boost must never wait on or kill this pid.
        child.detach();
        // Also set in the parent: whichever of the two runs first, the group exists before use.
        ::setpgid(pid_, pid_);
        register_engine(pid_, mark.number);
    });
    if (!failure.empty()) {
        ::close(err.release());  // the copy ends: nobody else holds its pipe
        if (stderr_copy_) wait_stderr_copied(*stderr_copy_, Clock::now() + std::chrono::seconds(1));
        throw OaqError(what + ": " + failure);
    }

    stdin_fd_ = in.write.release();
    stdout_fd_ = out.read.release();
    ::fcntl(stdin_fd_, F_SETFL, ::fcntl(stdin_fd_, F_GETFL) | O_NONBLOCK);
    ::fcntl(stdout_fd_, F_SETFL, ::fcntl(stdout_fd_, F_GETFL) | O_NONBLOCK);
    pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));  // -1: fall back to polling
}

EngineProcess::~EngineProcess() {
    if (!exit_) kill();
    close_fds();
}

void EngineProcess::close_fds() {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
    close_fd(pidfd_);
}

WriteStatus EngineProcess::write_line(std::string_view text, Clock::time_point deadline) {
    if (stdin_fd_ < 0) return WriteStatus::Broken;
    std::string data;
    data.reserve(text.size() + 1);
    data.append(text);
    data.push_back('\n');
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::write(stdin_fd_, data.data() + done, data.size() - done);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            // The engine is not reading its input and the pipe is full.
            short ev = wait_fd(stdin_fd_, POLLOUT, deadline);
            if (ev == 0) return WriteStatus::Timeout;
            if (ev & (POLLERR | POLLHUP)) return WriteStatus::Broken;
            continue;
        }
        return WriteStatus::Broken;  // EPIPE: the engine closed its input or exited
    }
    return WriteStatus::Ok;
}

bool EngineProcess::has_buffered_line() const {
    return lines_.ready_lines() > 0;
}

ReadResult EngineProcess::read_line(Clock::time_point deadline) {
    for (;;) {
        if (auto line = lines_.next()) {
            return {ReadStatus::Line, std::move(line->text), line->overlong, false};
        }
        if (eof_) {
            if (auto tail = lines_.finish()) {
                return {ReadStatus::Line, std::move(tail->text), tail->overlong, true};
            }
            return {ReadStatus::Eof, {}, false, false};
        }
        char chunk[65536];
        ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
        if (n > 0) {
            lines_.append(std::string_view(chunk, static_cast<std::size_t>(n)));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            if (pid_exited_) {
                // Nothing left that the engine wrote: it is gone, even if a child of it still
                // holds the pipe open (so EOF would never come).
                eof_ = true;
                continue;
            }
            short ev = wait_fd(stdout_fd_, POLLIN, deadline, pidfd_);
            if (ev == 0) return {ReadStatus::Timeout, {}, false, false};
            if (ev == kPidExited) pid_exited_ = true;
            continue;  // readable, or POLLHUP: the next read() returns 0
        }
        eof_ = true;
    }
}

std::optional<ExitStatus> EngineProcess::poll_exit() {
    if (exit_) return exit_;
    // Peek without reaping: while the leader is an unreaped zombie its pid (our pgid) cannot be
    // reused, so killing the group it leaves behind is safe.
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid != pid_) {
        return std::nullopt;
    }
    kill_group_and_reap();
    return exit_;
}

std::optional<ExitStatus> EngineProcess::wait_exit(Clock::time_point deadline) {
    if (exit_) return exit_;
    if (pidfd_ >= 0) {
        // pidfd becomes readable when the process exits (not yet reaped: its pgid stays ours).
        if (wait_fd(pidfd_, POLLIN, deadline) != 0) {
            if (auto s = poll_exit()) return s;
        }
        return poll_exit();
    }
    // No pidfd (old kernel): short naps, only on the exit path.
    auto nap = std::chrono::microseconds(100);
    for (;;) {
        if (auto s = poll_exit()) return s;
        if (Clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(nap);
        nap = std::min(nap * 2, std::chrono::microseconds(10000));
    }
}

void EngineProcess::kill_group_and_reap() {
    ::kill(-pid_, SIGKILL);
    if (!exit_) {
        int raw = 0;
        while (::waitpid(pid_, &raw, 0) < 0 && errno == EINTR) {
        }
        exit_ = status_of(raw);
    }
    // Members of the group that outlived the leader were re-parented to us (child subreaper):
    // reap them until none is left. Bounded, in case one was re-parented elsewhere.
    auto until = Clock::now() + std::chrono::seconds(2);
    while (::kill(-pid_, 0) == 0 && Clock::now() < until) {
        ::kill(-pid_, SIGKILL);
        int raw = 0;
        if (::waitpid(-pid_, &raw, WNOHANG) <= 0) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    }
    while (::waitpid(-pid_, nullptr, WNOHANG) > 0) {
    }
    unregister_engine(pid_);
    close_fds();
    // Descendants that left the group (setsid) were adopted by us when the engine died.
    reap_orphans();
    // Every writer of its stderr is gone now: the log is complete once the copier drained it.
    if (stderr_copy_) wait_stderr_copied(*stderr_copy_, Clock::now() + std::chrono::seconds(1));
}

ExitStatus EngineProcess::stop(std::string_view quit_line, std::chrono::nanoseconds grace) {
    if (exit_) return *exit_;
    if (!quit_line.empty()) {
        auto deadline = Clock::now() + grace;
        // Even when the write fails the process may be on its way out: wait the grace anyway.
        write_line(quit_line, deadline);
        if (auto s = wait_exit(deadline)) return *s;
    }
    return kill();
}

ExitStatus EngineProcess::kill() {
    if (!exit_) {
        killed_ = true;
        kill_group_and_reap();
    }
    return *exit_;
}

std::unique_ptr<ProcessPort> start_engine_process(const ProcessSpec& spec) {
    return std::make_unique<EngineProcess>(spec);
}

}  // namespace oaq::engine
