// LineBuffer: turns the bytes an engine (or the referee) writes into protocol lines, for readers
// that receive a pipe's output in arbitrary chunks (protocol-spec/README.md, "Framing"). A line
// ends at LF; its text is the bytes before the LF, verbatim (a trailing CR is kept for the codec
// to strip). A line longer than the limit (after one trailing CR) is delivered flagged `overlong`
// with only its first `max_length` bytes: the buffer never holds more than max_length + 1 bytes of
// an unfinished line, so an engine that floods without newlines cannot grow the referee's memory.
// Complete lines wait in a queue until next() takes them; drain it after every append().
// Standard library only; no I/O, no threads (one reader owns one buffer).
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"

namespace oaq::protocol {

struct Line {
    std::string text;        // the line without its LF; for an overlong line, its first bytes
    std::size_t length = 0;  // the line's real length in bytes (LF excluded, CR included)
    bool overlong = false;   // longer than the limit: text is truncated, do not decode it
};

class LineBuffer {
  public:
    explicit LineBuffer(std::size_t max_length = kMaxLineLength);

    // Adds bytes as read from the stream; any number of lines, or part of one.
    void append(std::string_view bytes);

    // The oldest complete line not yet taken, or nullopt when none is complete.
    std::optional<Line> next();

    // At end of stream: the unterminated tail (if any bytes are pending) as a last line, and the
    // unfinished line is cleared. A tail is not a protocol line; readers usually only log it.
    std::optional<Line> finish();

    // Bytes of the unfinished line currently held (at most max_length + 1).
    std::size_t pending_bytes() const { return partial_.text.size(); }
    // Complete lines waiting for next().
    std::size_t ready_lines() const { return ready_.size(); }

  private:
    void complete_line();

    std::size_t max_length_;
    Line partial_;  // the line being received; partial_.length counts every byte
    std::deque<Line> ready_;
};

}  // namespace oaq::protocol
