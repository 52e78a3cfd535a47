#include "store/time_text.hpp"

#include <cstdio>

namespace oaq::store {

namespace {

using namespace std::chrono;

// Reads exactly `width` digits at `pos`; advances pos.
std::optional<int> digits(std::string_view text, std::size_t& pos, std::size_t width) {
    if (pos + width > text.size()) return std::nullopt;
    int value = 0;
    for (std::size_t i = 0; i < width; ++i) {
        char c = text[pos + i];
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    pos += width;
    return value;
}

bool expect(std::string_view text, std::size_t& pos, char c) {
    if (pos >= text.size() || text[pos] != c) return false;
    ++pos;
    return true;
}

}  // namespace

std::string format_utc(TimePoint time) {
    auto ms = floor<milliseconds>(time);
    auto day = floor<days>(ms);
    year_month_day ymd{day};
    hh_mm_ss hms{ms - day};
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", int{ymd.year()},
                  unsigned{ymd.month()}, unsigned{ymd.day()}, static_cast<int>(hms.hours().count()),
                  static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()),
                  static_cast<int>(hms.subseconds().count()));
    return buf;
}

std::optional<TimePoint> parse_utc(std::string_view text) {
    std::size_t pos = 0;
    auto y = digits(text, pos, 4);
    if (!y || !expect(text, pos, '-')) return std::nullopt;
    auto mo = digits(text, pos, 2);
    if (!mo || !expect(text, pos, '-')) return std::nullopt;
    auto d = digits(text, pos, 2);
    if (!d || pos >= text.size() || (text[pos] != 'T' && text[pos] != ' ')) return std::nullopt;
    ++pos;
    auto h = digits(text, pos, 2);
    if (!h || !expect(text, pos, ':')) return std::nullopt;
    auto mi = digits(text, pos, 2);
    if (!mi || !expect(text, pos, ':')) return std::nullopt;
    auto s = digits(text, pos, 2);
    if (!s) return std::nullopt;
    long long micros = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        long long scale = 100000;
        std::size_t first = pos;
        for (; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
            micros += (text[pos] - '0') * scale;
            scale /= 10;
        }
        if (pos == first) return std::nullopt;
    }
    if (pos < text.size() && text[pos] == 'Z') ++pos;
    if (pos != text.size()) return std::nullopt;

    year_month_day ymd{year{*y}, month{static_cast<unsigned>(*mo)}, day{static_cast<unsigned>(*d)}};
    if (!ymd.ok() || *h > 23 || *mi > 59 || *s > 60) return std::nullopt;
    auto point = sys_days{ymd} + hours{*h} + minutes{*mi} + seconds{*s} + microseconds{micros};
    return time_point_cast<system_clock::duration>(point);
}

}  // namespace oaq::store
