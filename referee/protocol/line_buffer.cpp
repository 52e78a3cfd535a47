#include "protocol/line_buffer.hpp"

#include <utility>

namespace oaq::protocol {

LineBuffer::LineBuffer(std::size_t max_length) : max_length_(max_length) {}

void LineBuffer::append(std::string_view bytes) {
    while (!bytes.empty()) {
        std::size_t lf = bytes.find('\n');
        std::string_view piece = bytes.substr(0, lf);
        // Keep one byte beyond the limit so a line of exactly max_length bytes plus its CR still
        // arrives whole; past that the line is overlong and its bytes are only counted.
        std::size_t room = max_length_ + 1 - partial_.text.size();
        partial_.text.append(piece.substr(0, room));
        partial_.length += piece.size();
        if (lf == std::string_view::npos) return;
        complete_line();
        bytes.remove_prefix(lf + 1);
    }
}

void LineBuffer::complete_line() {
    Line line = std::exchange(partial_, Line{});
    std::size_t content = line.length;
    // The one trailing CR does not count against the limit (the codec strips it). For an
    // overlong line the CR may not have been kept; the kept prefix is long enough either way.
    if (line.text.size() == line.length && !line.text.empty() && line.text.back() == '\r') {
        --content;
    }
    if (content > max_length_) {
        line.overlong = true;
        line.text.resize(max_length_);
    }
    ready_.push_back(std::move(line));
}

std::optional<Line> LineBuffer::next() {
    if (ready_.empty()) return std::nullopt;
    Line line = std::move(ready_.front());
    ready_.pop_front();
    return line;
}

std::optional<Line> LineBuffer::finish() {
    if (partial_.length == 0) return std::nullopt;
    complete_line();
    Line line = std::move(ready_.back());
    ready_.pop_back();
    return line;
}

}  // namespace oaq::protocol
