// common/json_reader.hpp: good documents read back exactly; malformed ones fail with one line that
// names the line and column.
#include <catch2/catch.hpp>

#include "common/json.hpp"
#include "common/json_reader.hpp"

using namespace oaq;

TEST_CASE("the JSON reader reads objects, arrays, strings, numbers and literals", "[json]") {
    auto v = parse_json(
        R"( {"a": [1, -2.5e3, true, false, null], "s": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00",
        "big": 18446744073709551615, "o": {}} )");
    REQUIRE(v);
    REQUIRE(v->is_object());
    const auto* a = v->find("a");
    REQUIRE(a);
    REQUIRE(a->as_array()->size() == 5);
    CHECK((*a->as_array())[0].as_int64() == 1);
    CHECK((*a->as_array())[1].as_double() == -2500.0);
    CHECK((*a->as_array())[1].as_int64() == std::nullopt);
    CHECK((*a->as_array())[2].as_bool() == true);
    CHECK((*a->as_array())[3].as_bool() == false);
    CHECK((*a->as_array())[4].is_null());
    CHECK(*v->find("s")->as_string() == "x\"\\/\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80");
    CHECK(v->find("big")->as_uint64() == 18446744073709551615ull);
    CHECK(v->find("big")->as_int64() == std::nullopt);
    CHECK(v->find("o")->as_object()->empty());
    CHECK(v->find("missing") == nullptr);
    // Members keep document order.
    CHECK(v->as_object()->front().first == "a");
    CHECK(v->as_object()->back().first == "o");
}

TEST_CASE("the JSON reader reads back what the writer writes", "[json]") {
    Json j;
    j.field("name", "tab\there \"quoted\" \x01").field("n", 42).field("x", 0.5);
    j.raw("list", Json::string_array({"a", "", "b"}));
    auto v = parse_json(j.str());
    REQUIRE(v);
    CHECK(*v->find("name")->as_string() == "tab\there \"quoted\" \x01");
    CHECK(v->find("n")->as_int64() == 42);
    CHECK(v->find("x")->as_double() == 0.5);
    CHECK(v->find("list")->as_array()->size() == 3);
}

TEST_CASE("malformed JSON fails with one line naming the position", "[json]") {
    struct Case {
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"", "line 1, column 1: expected a value"},
        {"{\"a\":1,}", "line 1, column 8: expected a member name"},
        {"[1,]", "line 1, column 4: expected a value"},
        {"[1 2]", "line 1, column 4: expected ',' or ']'"},
        {"{\"a\" 1}", "line 1, column 6: expected ':'"},
        {"{\"a\":1}\n  x", "line 2, column 3: expected the end of the document, found 'x'"},
        {"01", "expected no leading zero"},
        {"1.", "expected a digit after the decimal point"},
        {"-", "expected a digit"},
        {"1e", "expected a digit in the exponent"},
        {"\"abc", "expected '\"' to close the string"},
        {"\"a\tb\"", "expected no control character"},
        {"\"\\x\"", "expected an escape"},
        {"\"\\u12\"", "expected four hex digits"},
        {"\"\\ud800\"", "expected a low surrogate"},
        {"\"\\udc00\"", "expected no lone low surrogate"},
        {"{\"a\":1,\"a\":2}", "line 1, column 8: duplicate member name \"a\""},
        {"tru", "expected a value"},
        {"// comment\n1", "expected a value"},
        {"NaN", "expected a value"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto v = parse_json(c.text);
        REQUIRE_FALSE(v);
        CHECK_THAT(v.error().message, Catch::Contains(c.message));
        CHECK(v.error().message.rfind("JSON line ", 0) == 0);
        CHECK(v.error().message.find('\n') == std::string::npos);
    }
    std::string deep(300, '[');
    auto v = parse_json(deep);
    REQUIRE_FALSE(v);
    CHECK_THAT(v.error().message, Catch::Contains("nesting deeper than 200"));
}

TEST_CASE("the JSON reader refuses what RFC 8259 refuses beyond the grammar", "[json]") {
    struct Case {
        std::string text;
        const char* message;
    };
    const Case cases[] = {
        {"\"caf\xFF\"", "line 1, column 5: expected UTF-8 text in a string, found byte 255"},
        {"[1e999]", "line 1, column 2: expected a number within the range of a double"},
        {"\xEF\xBB\xBF{}", "line 1, column 1: expected a value"},
        {std::string("1\0", 2), "line 1, column 2: expected the end of the document, found byte 0"},
        {"[[1] [2]]", "line 1, column 6: expected ',' or ']' after an array item, found '['"},
        {"{\"a\":1 \"b\":2}", "line 1, column 8: expected ',' or '}' after an object member"},
        {"{\"a\":1, -2}", "line 1, column 9: expected a member name in double quotes, found '-'"},
        {"[0, 012]", "line 1, column 6: expected no leading zero, found '1'"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto v = parse_json(c.text);
        REQUIRE_FALSE(v);
        CHECK_THAT(v.error().message, Catch::Contains(c.message));
    }
    auto zero = parse_json("[-0, 0, -0.0]");
    REQUIRE(zero);
    CHECK(*(*zero->as_array())[0].number_text() == "-0");
    CHECK(*(*zero->as_array())[1].number_text() == "0");
    CHECK(*(*zero->as_array())[2].number_text() == "-0.0");
}

TEST_CASE("Json::string_field reads one top-level string member back", "[json]") {
    Json j;
    j.field("summary", "caf\xC3\xA9 \"1-0\"\n").field("n", 3);
    CHECK(Json::string_field(j.str(), "summary") == "caf\xC3\xA9 \"1-0\"\n");
    CHECK(Json::string_field(R"({"summary":"\u00e9"})", "summary") == "\xC3\xA9");
    CHECK(Json::string_field(j.str(), "n").empty());                           // not a string
    CHECK(Json::string_field(j.str(), "missing").empty());                     // absent
    CHECK(Json::string_field("", "summary").empty());                          // not JSON
    CHECK(Json::string_field(R"({"o":{"summary":"x"}})", "summary").empty());  // not top-level
}
