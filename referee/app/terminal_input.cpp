#include "app/terminal_input.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace oaq::app {

TerminalInput::TerminalInput(int fd, const std::atomic<bool>& stop, std::chrono::milliseconds nap)
    : fd_(fd), stop_(stop), nap_(nap) {}

TerminalInput::Got TerminalInput::next(std::string& line) {
    for (;;) {
        if (stop_) return Got::Stopped;
        if (const auto end = pending_.find('\n'); end != std::string::npos) {
            line = pending_.substr(0, end);
            pending_.erase(0, end + 1);
            return Got::Line;
        }
        if (ended_) {
            if (pending_.empty()) return Got::End;
            line = std::move(pending_);  // a last line without its LF
            pending_.clear();
            return Got::Line;
        }
        pollfd p{fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(nap_.count()));
        if (ready < 0 && errno != EINTR) ended_ = true;
        if (ready <= 0) continue;
        char buffer[4096];
        const ssize_t got = ::read(fd_, buffer, sizeof buffer);
        if (got > 0) {
            pending_.append(buffer, static_cast<std::size_t>(got));
        } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
            ended_ = true;
        }
    }
}

}  // namespace oaq::app
