// Numbers from the command line. Every number an option or argument takes is read here from its
// text, so each is range-checked the same way and nothing downstream ever sees a value that
// overflows what reads it (a deadline, a count, a rating). A bad value is one line naming the
// option, the text as given and the range (exit 2):
//   --concurrency: "0" is not a whole number in 1..256
//   --anchor-rating: "nan" is not a number in -100000..100000
// Whole numbers take optional '-' and digits only; reals also take a fraction and an exponent,
// never nan or inf.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace oaq::tournament {

// A range and the unit its numbers are in ("ms", "" for none), as the message prints it.
struct WholeRange {
    std::int64_t min;
    std::int64_t max;
    std::string_view unit = {};
};
struct RealRange {
    double min;
    double max;
    std::string_view unit = {};
};

// Throws OaqError naming `what` (e.g. "--concurrency" or "--sprt elo1").
std::int64_t whole_number(std::string_view text, std::string_view what, WholeRange range);
// 0..2^64-1 (seeds).
std::uint64_t unsigned_number(std::string_view text, std::string_view what);
double real_number(std::string_view text, std::string_view what, RealRange range);

// The same with an int result (the range must fit an int).
int int_number(std::string_view text, std::string_view what, WholeRange range);

}  // namespace oaq::tournament
