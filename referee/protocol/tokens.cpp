#include "protocol/tokens.hpp"

#include <charconv>
#include <limits>
#include <system_error>

namespace oaq::protocol::detail {
namespace {

constexpr std::size_t kQuoteLimit = 40;

bool is_digits(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

std::string out_of_range(std::string_view key, std::string_view token) {
    return std::string(key) + ": " + quoted(token) + " is out of range";
}

}  // namespace

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

std::string format_time(Milliseconds t) {
    return std::to_string(t.count() < 0 ? 0 : t.count());
}

Expected<std::string_view> prepare_line(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxLineLength) {
        return fail("line of " + std::to_string(line.size()) + " bytes exceeds the " +
                    std::to_string(kMaxLineLength) + "-byte limit");
    }
    while (!line.empty() && is_blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
    if (line.empty()) return fail("empty line");
    return line;
}

std::string quoted(std::string_view text) {
    if (text.size() <= kQuoteLimit) return "\"" + std::string(text) + "\"";
    return "\"" + std::string(text.substr(0, kQuoteLimit)) + "...\"";
}

Tokens::Tokens(std::string_view line) : line_(line) {
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i])) ++i;
        std::size_t start = i;
        while (i < line.size() && !is_blank(line[i])) ++i;
        if (i > start) tokens_.push_back(line.substr(start, i - start));
    }
}

std::string_view Tokens::rest_from(std::size_t i) const {
    if (i >= tokens_.size()) return {};
    auto start = static_cast<std::size_t>(tokens_[i].data() - line_.data());
    std::string_view rest = line_.substr(start);
    while (!rest.empty() && is_blank(rest.back())) rest.remove_suffix(1);
    return rest;
}

std::string Tokens::join(std::size_t first, std::size_t last) const {
    std::string out;
    for (std::size_t i = first; i < last && i < tokens_.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += tokens_[i];
    }
    return out;
}

Expected<std::string_view> value_after(const Tokens& tokens, std::size_t i) {
    if (i + 1 >= tokens.size()) return fail(std::string(tokens[i]) + ": missing value");
    return tokens[i + 1];
}

Expected<Milliseconds> parse_time(std::string_view key, std::string_view token) {
    // A negative time is a clock that already ran out (UCI GUIs send them too): 0, whatever
    // its magnitude, so an engine never has to handle a negative budget.
    if (token.size() > 1 && token.front() == '-' && is_digits(token.substr(1))) {
        return Milliseconds{0};
    }
    auto count = parse_count(key, token, static_cast<std::uint64_t>(kMaxTime.count()));
    if (!count) return count.error();
    return Milliseconds{static_cast<Milliseconds::rep>(*count)};
}

Expected<std::uint64_t> parse_count(std::string_view key, std::string_view token,
                                    std::uint64_t max) {
    if (!is_digits(token)) {
        return fail(std::string(key) + ": " + quoted(token) + " is not a non-negative integer");
    }
    std::uint64_t value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec == std::errc::result_out_of_range || value > max) return fail(out_of_range(key, token));
    (void)end;
    return value;
}

Expected<long long> parse_integer(std::string_view key, std::string_view token, long long min,
                                  long long max) {
    bool negative = !token.empty() && token.front() == '-';
    if (!is_digits(negative ? token.substr(1) : token)) {
        return fail(std::string(key) + ": " + quoted(token) + " is not an integer");
    }
    long long value = 0;
    auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec == std::errc::result_out_of_range || value < min || value > max) {
        return fail(out_of_range(key, token));
    }
    (void)end;
    return value;
}

}  // namespace oaq::protocol::detail
