// Times as stored: ISO-8601 UTC text with milliseconds, and the variants people type in sqlite3.
#include <catch2/catch.hpp>

#include "store/time_text.hpp"

using namespace oaq::store;
using std::chrono::milliseconds;

TEST_CASE("times are written as ISO-8601 UTC with milliseconds and read back", "[store][time]") {
    TimePoint t{milliseconds{1'764'462'115'123}};
    CHECK(format_utc(t) == "2025-11-30T00:21:55.123Z");
    CHECK(parse_utc("2025-11-30T00:21:55.123Z") == t);
    CHECK(format_utc(TimePoint{}) == "1970-01-01T00:00:00.000Z");
    CHECK(format_utc(TimePoint{milliseconds{-1}}) == "1969-12-31T23:59:59.999Z");
    CHECK(parse_utc("1969-12-31T23:59:59.999Z") == TimePoint{milliseconds{-1}});
}

TEST_CASE("time parsing accepts sqlite3's common forms and refuses the rest", "[store][time]") {
    TimePoint t{milliseconds{1'764'462'115'000}};
    CHECK(parse_utc("2025-11-30 00:21:55") == t);
    CHECK(parse_utc("2025-11-30T00:21:55Z") == t);
    CHECK(parse_utc("2025-11-30T00:21:55.5") == t + milliseconds{500});
    CHECK(parse_utc("2025-11-30T00:21:55.000250Z") == t + std::chrono::microseconds{250});
    for (const char* bad :
         {"", "2025-11-30", "2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-11-30T24:00:00Z",
          "2025-11-30T00:21:55.Z", "2025-11-30T00:21:55+01:00", "yesterday"}) {
        INFO(bad);
        CHECK_FALSE(parse_utc(bad).has_value());
    }
}
