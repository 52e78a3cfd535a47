// Tokens: the lexical layer the codec shares between commands and replies (protocol-spec/README.md,
// "Framing"). A line is prepared once (one trailing CR stripped, length checked, blank rejected),
// then split on runs of spaces and tabs. Each token remembers where it starts so a field that runs
// "to the end of the line" (`id name`, `info string`) can be taken verbatim. Numbers are decimal
// digits only, checked against the range of the field they fill. Internal to oaq_protocol: nothing
// outside referee/protocol/ includes this header. Standard library only; no I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "protocol/messages.hpp"

namespace oaq::protocol::detail {

bool is_blank(char c);

// std::visit over a message variant with one lambda per alternative.
template <class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

// A time as sent: decimal milliseconds, a negative one as 0 (a clock that already ran out), so
// the other side never sees a negative budget.
std::string format_time(Milliseconds t);

// Strips one trailing CR, rejects a line longer than kMaxLineLength and a blank one; the result
// has no leading or trailing blanks.
Expected<std::string_view> prepare_line(std::string_view line);

// `"text"`, cut to a readable length so an error about a 16 KB token stays one short line.
std::string quoted(std::string_view text);

class Tokens {
  public:
    explicit Tokens(std::string_view line);

    std::size_t size() const { return tokens_.size(); }
    std::string_view operator[](std::size_t i) const { return tokens_[i]; }
    // The line from token i to its end, exactly as sent (inner blanks kept); "" when i is past
    // the last token.
    std::string_view rest_from(std::size_t i) const;
    // Tokens [first, last) joined by single spaces.
    std::string join(std::size_t first, std::size_t last) const;

  private:
    std::string_view line_;
    std::vector<std::string_view> tokens_;
};

// The value after keyword tokens[i]: an error "<key>: missing value" when there is none.
Expected<std::string_view> value_after(const Tokens& tokens, std::size_t i);

// A time in milliseconds: digits, or `-` and digits (clamped to 0: a clock that has run out).
// Larger than kMaxTime -> "<key>: "<token>" is out of range".
Expected<Milliseconds> parse_time(std::string_view key, std::string_view token);
// A non-negative count no larger than max.
Expected<std::uint64_t> parse_count(std::string_view key, std::string_view token,
                                    std::uint64_t max);
// A signed integer within [min, max].
Expected<long long> parse_integer(std::string_view key, std::string_view token, long long min,
                                  long long max);

}  // namespace oaq::protocol::detail
