// time_text: how the store writes points in time, as ISO-8601 UTC text with milliseconds
// ("2026-11-30T00:21:55.123Z"). Text rather than a number so `sqlite3 oaq.db` shows readable
// times, they sort as text in time order, and SQLite's date functions (julianday, strftime) accept
// them. Sub-millisecond precision is dropped (floored) on the way in.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace oaq::store {

using TimePoint = std::chrono::system_clock::time_point;

std::string format_utc(TimePoint time);

// Accepts what format_utc writes and the common variants people type into sqlite3: a space
// instead of 'T', no fraction or any number of fraction digits, no 'Z'. Nullopt otherwise.
std::optional<TimePoint> parse_utc(std::string_view text);

}  // namespace oaq::store
