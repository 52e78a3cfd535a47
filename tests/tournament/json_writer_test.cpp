// common/json.hpp and common/utf8.hpp: whatever bytes come in (an engine's output, a name typed in
// another encoding), the writer's output is valid UTF-8 and reads back; valid text is kept as is
// and each maximal ill-formed subpart becomes one U+FFFD.
#include <catch2/catch.hpp>

#include "common/json.hpp"
#include "common/json_reader.hpp"
#include "common/utf8.hpp"

using namespace oaq;

namespace {

const std::string kFffd = "\xEF\xBF\xBD";

}  // namespace

TEST_CASE("well-formed UTF-8 passes through the writer unchanged", "[json][utf8]") {
    const std::string text = "Ô ăn quan \xF0\x9F\x98\x80 \xE2\x82\xAC \xC2\xA9 \x7F";
    CHECK(utf8::is_valid(text));
    CHECK(utf8::repaired(text) == text);
    CHECK(Json::quote(text) == "\"" + text + "\"");
    CHECK(Json::quote("a\"b\\c\n\x01") == R"("a\"b\\c\n\u0001")");
}

TEST_CASE("each maximal ill-formed subpart becomes one replacement character", "[json][utf8]") {
    using Row = std::tuple<std::string, std::string>;
    auto [bytes, repaired] = GENERATE(table<std::string, std::string>({
        Row{"\xFF", kFffd},                                      // never a UTF-8 byte
        Row{"a\x80z", "a" + kFffd + "z"},                        // a lone continuation byte
        Row{"\xC0\xAF", kFffd + kFffd},                          // overlong two-byte form
        Row{"\xE0\x80\xAF", kFffd + kFffd + kFffd},              // overlong three-byte form
        Row{"\xED\xA0\x80", kFffd + kFffd + kFffd},              // a surrogate
        Row{"\xF4\x90\x80\x80", kFffd + kFffd + kFffd + kFffd},  // above U+10FFFF
        Row{"\xE2\x82", kFffd},                                  // truncated at the end
        Row{"\xE2\x82z", kFffd + "z"},                           // truncated before ASCII
        Row{"\xF0\x9F\x98", kFffd},                              // a four-byte form cut short
        Row{"\xC3\x28", kFffd + "("},                            // a bad continuation
        Row{"ok\xC3\xA9\xFE\xFFok", "ok\xC3\xA9" + kFffd + kFffd + "ok"},
    }));
    CAPTURE(bytes);
    CHECK_FALSE(utf8::is_valid(bytes));
    CHECK(utf8::repaired(bytes) == repaired);
    CHECK(utf8::is_valid(utf8::repaired(bytes)));
    CHECK(Json::quote(bytes) == "\"" + repaired + "\"");
}

TEST_CASE("a JSON object with invalid bytes in keys and values reads back as valid UTF-8",
          "[json][utf8]") {
    Json j;
    j.field("detail", "bestmove \xFF\xFE").field("name\x80", "x");
    j.raw("pv", Json::string_array({"1L", "\xE2\x82"}));
    const auto text = j.str();
    CHECK(utf8::is_valid(text));
    auto back = parse_json(text);
    REQUIRE(back);
    CHECK(*back->find("detail")->as_string() == "bestmove " + kFffd + kFffd);
    CHECK(back->find("name" + kFffd) != nullptr);
}

TEST_CASE("text for a terminal shows each byte that is not UTF-8 and each control as an escape",
          "[utf8]") {
    // `oaq check-engine` printed an engine's bytes raw; `oaq play` quoted 5,000 pasted characters.
    CHECK(utf8::escaped("Ô ăn quan \xE2\x82\xAC") == "Ô ăn quan \xE2\x82\xAC");
    CHECK(utf8::escaped("id name bad\xFF\xFE") == "id name bad\\xFF\\xFE");
    CHECK(utf8::escaped("6L\xE2\x82") == "6L\\xE2\\x82");  // a truncated sequence: each byte
    CHECK(utf8::escaped("a\tb\x1B[2Jc\x7F") == "a\\x09b\\x1B[2Jc\\x7F");
    CHECK(utf8::escaped(std::string(5000, 'x'), 40) == std::string(40, 'x') + "...");
    CHECK(utf8::escaped(std::string(40, 'x'), 40) == std::string(40, 'x'));
    // The cut counts characters, never splitting one.
    CHECK(utf8::escaped("ăăă", 2) == "ăă...");
    CHECK(utf8::is_valid(utf8::escaped("\xC0\xAF\xED\xA0\x80\xF4\x90\x80\x80", 100)));
}
