// Words: the one mapping between an enum and the words oaq stores and prints for it. Each enum that
// has words defines one `inline constexpr Words<E, N>` table beside itself, and its to_string /
// parse functions are one line over that table, so a value's word is written in exactly one place
// and reading back a stored word can never disagree with writing it. Header-only, no I/O.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace oaq {

template <typename E, std::size_t N>
struct Words {
    std::array<std::pair<E, std::string_view>, N> entries;

    // The word of `value`; a value missing from the table is a programming error (the first word).
    constexpr std::string_view word(E value) const {
        for (const auto& [e, w] : entries)
            if (e == value) return w;
        return entries[0].second;
    }
    // The value whose word is `text` exactly, or nothing.
    constexpr std::optional<E> find(std::string_view text) const {
        for (const auto& [e, w] : entries)
            if (w == text) return e;
        return std::nullopt;
    }
    // "a, b or c": for error messages that list what is accepted.
    std::string list() const {
        std::string out;
        for (std::size_t i = 0; i < N; ++i) {
            if (i) out += i + 1 == N ? " or " : ", ";
            out += entries[i].second;
        }
        return out;
    }
};

// Deduces N: `inline constexpr auto kWords = words<E>({{E::A, "a"}, {E::B, "b"}});`
template <typename E, std::size_t N>
constexpr Words<E, N> words(const std::pair<E, std::string_view> (&entries)[N]) {
    Words<E, N> out{};
    for (std::size_t i = 0; i < N; ++i) out.entries[i] = entries[i];
    return out;
}

}  // namespace oaq
