// The number readers every option's value goes through: whole numbers and finite reals only.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "tournament/numbers.hpp"

using namespace oaq;

TEST_CASE("the number readers take whole numbers and finite reals only", "[app][numbers]") {
    CHECK(tournament::whole_number("-7", "--x", {-10, 10}) == -7);
    CHECK_THROWS_WITH(tournament::whole_number("+7", "--x", {-10, 10}), Catch::Contains("\"+7\""));
    CHECK_THROWS_WITH(tournament::whole_number(" 7", "--x", {-10, 10}), Catch::Contains("-10..10"));
    CHECK_THROWS_WITH(tournament::whole_number("", "--x", {-10, 10}), Catch::Contains("\"\""));
    CHECK(tournament::real_number("2.5e1", "--y", {0, 100}) == 25.0);
    CHECK_THROWS(tournament::real_number("inf", "--y", {0, 1e308}));
    CHECK_THROWS(tournament::real_number("NaN", "--y", {-1, 1}));
    CHECK(tournament::unsigned_number("18446744073709551615", "--s") == 18446744073709551615ull);
    CHECK(tournament::int_number("2147483647", "--i", {0, 9223372036854775807}) == 2147483647);
    CHECK_THROWS_WITH(tournament::int_number("2147483648", "--i", {0, 9223372036854775807}),
                      Catch::Contains("0..2147483647"));
}
