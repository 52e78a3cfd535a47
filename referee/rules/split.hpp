// split: cuts a notation string at every `sep` (empty parts kept, so "a,,b" has three), for the
// rules-string and position-string parsers. Views into the caller's text: keep it alive.
#pragma once

#include <string_view>
#include <vector>

namespace oaq::rules::detail {

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

}  // namespace oaq::rules::detail
