// What the parsers of the notation (rules strings, 2-player and ring position strings) share:
// cutting at a separator, quoting a piece in a message, reading a count.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace oaq::rules::detail {

// Cuts `text` at every `sep` (empty parts kept, so "a,,b" has three). Views into the caller's
// text: keep it alive.
inline std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        auto pos = text.find(sep, start);
        parts.push_back(text.substr(start, pos == std::string_view::npos ? pos : pos - start));
        if (pos == std::string_view::npos) break;
        start = pos + 1;
    }
    return parts;
}

inline std::string quoted(std::string_view s) {
    return "\"" + std::string(s) + "\"";
}

// A count is 1 to 5 decimal digits, nothing else (no sign, no spaces).
inline bool parse_count(std::string_view s, long& out) {
    if (s.empty() || s.size() > 5) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace oaq::rules::detail
