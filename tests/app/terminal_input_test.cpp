// TerminalInput (`oaq play`): the person's lines from a file descriptor, and a stop request (the
// flag a Ctrl-C sets) that ends the wait at once, before any line still buffered. Driven through
// a pipe: every wait ends on data, on the closed end or on the flag, never on a nap's timeout.
#include "app/terminal_input.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

using oaq::app::TerminalInput;
using Got = TerminalInput::Got;

namespace {

struct Pipe {
    int fds[2] = {-1, -1};
    Pipe() { REQUIRE(::pipe(fds) == 0); }
    ~Pipe() {
        for (int fd : fds)
            if (fd >= 0) ::close(fd);
    }
    void write(const std::string& text) const {
        REQUIRE(::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    }
    void close_writer() {
        ::close(fds[1]);
        fds[1] = -1;
    }
};

}  // namespace

TEST_CASE("lines come one by one and the last one needs no end of line", "[app][play]") {
    Pipe pipe;
    std::atomic<bool> stop{false};
    TerminalInput input(pipe.fds[0], stop);
    pipe.write("3l\r\nhelp\n" + std::string(5000, 'x') + "\nquit");
    pipe.close_writer();
    std::string line;
    REQUIRE(input.next(line) == Got::Line);
    CHECK(line == "3l\r");  // the CR is the caller's to strip
    REQUIRE(input.next(line) == Got::Line);
    CHECK(line == "help");
    REQUIRE(input.next(line) == Got::Line);
    CHECK(line.size() == 5000);
    REQUIRE(input.next(line) == Got::Line);
    CHECK(line == "quit");
    CHECK(input.next(line) == Got::End);
    CHECK(input.next(line) == Got::End);
}

TEST_CASE("a stop request ends the wait at once, before lines still waiting", "[app][play]") {
    Pipe pipe;
    std::atomic<bool> stop{true};  // Ctrl-C while the person thinks
    TerminalInput input(pipe.fds[0], stop);
    std::string line;
    CHECK(input.next(line) == Got::Stopped);  // nothing typed: no wait for an Enter
    pipe.write("1L\n");
    CHECK(input.next(line) == Got::Stopped);
}
