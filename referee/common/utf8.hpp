// Utf8: checks text for well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
// above U+10FFFF) and repairs it for writers that must emit valid UTF-8 (every JSON oaq prints or
// stores). Bytes an engine sent are kept as they came everywhere else; only the writers repair.
// Repair replaces each maximal ill-formed subpart with U+FFFD, the practice Unicode recommends
// (chapter 3, "U+FFFD Substitution of Maximal Subparts") and WHATWG decoders follow, so one bad
// byte costs one replacement character and a truncated sequence costs one. Text printed for a
// person to read (a terminal line quoting an engine or what a person typed) is escaped instead:
// each byte that is not part of a character becomes \xNN, so no raw byte reaches the terminal and
// none is lost. Header-only, no I/O.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace oaq::utf8 {

inline constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

struct Sequence {
    std::size_t length = 0;  // bytes this step covers (at least 1)
    bool valid = false;      // false: they are one maximal ill-formed subpart
};

// The sequence starting at text[at] (at < text.size()).
inline Sequence next_sequence(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return {1, true};
    std::size_t need = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range of the first continuation byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2;
        if (lead == 0xE0) low = 0xA0;   // no overlong three-byte forms
        if (lead == 0xED) high = 0x9F;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3;
        if (lead == 0xF0) low = 0x90;   // no overlong four-byte forms
        if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    } else {
        return {1, false};  // a continuation byte, C0, C1 or F5..FF
    }
    std::size_t length = 1;
    for (std::size_t k = 0; k < need; ++k, ++length) {
        if (at + length >= text.size()) return {length, false};
        const unsigned char c = byte(at + length);
        const unsigned char lo = k == 0 ? low : 0x80, hi = k == 0 ? high : 0xBF;
        if (c < lo || c > hi) return {length, false};
    }
    return {length, true};
}

inline bool is_valid(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto s = next_sequence(text, i);
        if (!s.valid) return false;
        i += s.length;
    }
    return true;
}

// `text` with every maximal ill-formed subpart replaced by U+FFFD; valid text comes back as is.
inline std::string repaired(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto s = next_sequence(text, i);
        if (s.valid)
            out.append(text.substr(i, s.length));
        else
            out.append(kReplacement);
        i += s.length;
    }
    return out;
}

// `text` for a terminal: each byte of an ill-formed subpart and each control character (C0, DEL)
// as \xNN, valid characters as they are; past `max_chars` characters (an ill-formed subpart or a
// control counts as one), cut and ended with "...".
inline std::string escaped(std::string_view text, std::size_t max_chars = std::string_view::npos) {
    constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++chars) {
        if (chars == max_chars) return out + "...";
        const auto s = next_sequence(text, i);
        const auto lead = static_cast<unsigned char>(text[i]);
        if (s.valid && lead >= 0x20 && lead != 0x7F) {
            out.append(text.substr(i, s.length));
        } else {
            for (std::size_t k = 0; k < s.length; ++k) {
                const auto byte = static_cast<unsigned char>(text[i + k]);
                out += "\\x";
                out += kHex[byte >> 4];
                out += kHex[byte & 0xF];
            }
        }
        i += s.length;
    }
    return out;
}

}  // namespace oaq::utf8
