#include "tournament/numbers.hpp"

#include <fmt/format.h>
#include <charconv>
#include <cmath>
#include <limits>

#include "common/error.hpp"

namespace oaq::tournament {

namespace {

std::string range_text(std::string_view min, std::string_view max, std::string_view unit) {
    return fmt::format("{}..{}{}{}", min, max, unit.empty() ? "" : " ", unit);
}

[[noreturn]] void refuse(std::string_view text, std::string_view what, std::string_view kind,
                         const std::string& range) {
    throw OaqError(fmt::format("{}: \"{}\" is not {} in {}", what, text, kind, range));
}

// Digits with an optional leading '-': what from_chars reads, nothing around it.
template <typename T>
bool parse_whole(std::string_view text, T& out) {
    const auto* end = text.data() + text.size();
    auto [at, ec] = std::from_chars(text.data(), end, out);
    return !text.empty() && ec == std::errc() && at == end;
}

}  // namespace

std::int64_t whole_number(std::string_view text, std::string_view what, WholeRange range) {
    std::int64_t value = 0;
    if (!parse_whole(text, value) || value < range.min || value > range.max) {
        refuse(text, what, "a whole number",
               range_text(std::to_string(range.min), std::to_string(range.max), range.unit));
    }
    return value;
}

int int_number(std::string_view text, std::string_view what, WholeRange range) {
    range.min = std::max<std::int64_t>(range.min, std::numeric_limits<int>::min());
    range.max = std::min<std::int64_t>(range.max, std::numeric_limits<int>::max());
    return static_cast<int>(whole_number(text, what, range));
}

std::uint64_t unsigned_number(std::string_view text, std::string_view what) {
    std::uint64_t value = 0;
    if (!parse_whole(text, value)) {
        refuse(text, what, "a whole number",
               range_text("0", std::to_string(std::numeric_limits<std::uint64_t>::max()), ""));
    }
    return value;
}

double real_number(std::string_view text, std::string_view what, RealRange range) {
    double value = 0;
    // from_chars also reads "nan" and "inf": a number here is finite.
    if (!parse_whole(text, value) || !std::isfinite(value) || value < range.min ||
        value > range.max) {
        refuse(
            text, what, "a number",
            range_text(fmt::format("{:g}", range.min), fmt::format("{:g}", range.max), range.unit));
    }
    return value;
}

}  // namespace oaq::tournament
