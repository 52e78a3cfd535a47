#include "engine/stderr_copier.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "common/error.hpp"

namespace oaq::engine {

// One engine's copy: what the copier reads, where it writes, and whether it has finished.
class StderrCopy {
  public:
    StderrCopy(int from, int to, std::shared_ptr<LogBudget> limit)
        : read_fd(from), log_fd(to), budget(std::move(limit)) {}
    const int read_fd, log_fd;
    const std::shared_ptr<LogBudget> budget;
    bool done = false;  // guarded by the copier's mutex
};

namespace {

void write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // a full disk or a bad file: the bytes are dropped, the engine goes on
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}

// A descriptor >= 3, close-on-exec: the child's dup2 onto 0..2 must never clobber a source.
int above_stdio(int fd) {
    if (fd >= 3) return fd;
    int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    ::close(fd);
    return moved;
}

// The wake-up descriptor, or an OaqError naming why there is none: a copier without it would
// never see the copies added after it started (their engines then block on a full stderr pipe).
int make_wake_fd() {
    int fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (fd >= 0) fd = above_stdio(fd);
    if (fd < 0) {
        throw OaqError(std::string("cannot start the stderr copier: ") + std::strerror(errno));
    }
    return fd;
}

class Copier {
  public:
    Copier() : wake_fd_(make_wake_fd()) {
        try {
            std::thread([this] { loop(); }).detach();
        } catch (const std::system_error& e) {  // no thread left (a pids limit)
            ::close(wake_fd_);
            throw OaqError(std::string("cannot start the stderr copier: ") + e.what());
        }
    }

    void add(std::shared_ptr<StderrCopy> copy) {
        {
            std::lock_guard lock(mutex_);
            copies_.push_back(std::move(copy));
        }
        const std::uint64_t one = 1;
        if (::write(wake_fd_, &one, sizeof one) < 0) {
            // The counter is saturated: the thread is being woken anyway.
        }
    }

    bool wait(const StderrCopy& copy, std::chrono::steady_clock::time_point deadline) {
        std::unique_lock lock(mutex_);
        return done_.wait_until(lock, deadline, [&] { return copy.done; });
    }

  private:
    [[noreturn]] void loop() {
        std::vector<pollfd> polled;
        std::vector<std::shared_ptr<StderrCopy>> watched;
        for (;;) {
            {
                std::lock_guard lock(mutex_);
                watched = copies_;
            }
            polled.assign(1, pollfd{wake_fd_, POLLIN, 0});
            for (const auto& c : watched) polled.push_back({c->read_fd, POLLIN, 0});
            if (::poll(polled.data(), polled.size(), -1) < 0) continue;  // EINTR
            if (polled[0].revents != 0) {
                std::uint64_t count;
                if (::read(wake_fd_, &count, sizeof count) < 0) {
                    // Nothing to read: another wake-up took it.
                }
            }
            for (std::size_t i = 0; i < watched.size(); ++i) {
                if (polled[i + 1].revents != 0 && !copy_some(*watched[i])) finish(watched[i]);
            }
        }
    }

    // Copies what one read returns; false at the end of the pipe.
    bool copy_some(StderrCopy& copy) {
        ssize_t got = ::read(copy.read_fd, buffer_, sizeof buffer_);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) return true;
        if (got <= 0) return false;
        const std::size_t allowed = copy.budget->take(static_cast<std::size_t>(got));
        write_all(copy.log_fd, buffer_, allowed);
        if (copy.budget->should_mark_cut()) {
            const std::string marker = copy.budget->cut_marker("stderr");
            write_all(copy.log_fd, marker.data(), marker.size());
        }
        return true;
    }

    void finish(const std::shared_ptr<StderrCopy>& copy) {
        ::close(copy->read_fd);
        ::close(copy->log_fd);
        {
            std::lock_guard lock(mutex_);
            copy->done = true;
            std::erase(copies_, copy);
        }
        done_.notify_all();
    }

    const int wake_fd_;
    std::mutex mutex_;
    std::condition_variable done_;
    std::vector<std::shared_ptr<StderrCopy>> copies_;
    char buffer_[65536];
};

// Leaked: the thread runs until the process ends, and so must what it uses. A construction that
// throws (no descriptor or thread left) leaves no instance: the next call tries again.
Copier& copier() {
    static auto* instance = new Copier;
    return *instance;
}

}  // namespace

void start_stderr_copier() {
    try {
        copier();
    } catch (const OaqError&) {
        // Out of descriptors at start-up: the first copy (start_stderr_copy) tries again and fails
        // its engine's start with the reason, instead of a copier that never wakes.
    }
}

StderrSink start_stderr_copy(int log_fd, std::shared_ptr<LogBudget> budget) {
    Copier* running = nullptr;
    try {
        running = &copier();
    } catch (const OaqError&) {
        ::close(log_fd);
        throw;
    }
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        const int error = errno;
        ::close(log_fd);
        throw OaqError(std::string("cannot create pipe: ") + std::strerror(error));
    }
    const int read_fd = above_stdio(fds[0]);
    const int write_fd = above_stdio(fds[1]);
    if (read_fd < 0 || write_fd < 0) {
        const int error = errno;
        for (int fd : {read_fd, write_fd, log_fd})
            if (fd >= 0) ::close(fd);
        throw OaqError(std::string("cannot create pipe: ") + std::strerror(error));
    }
    auto copy = std::make_shared<StderrCopy>(read_fd, log_fd, std::move(budget));
    running->add(copy);
    return {write_fd, copy};
}

bool wait_stderr_copied(const StderrCopy& copy, std::chrono::steady_clock::time_point deadline) {
    return copier().wait(copy, deadline);
}

}  // namespace oaq::engine
