// LineBuffer: framing of a byte stream into lines, whatever the chunking.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "protocol/codec.hpp"
#include "protocol/line_buffer.hpp"

using namespace oaq::protocol;

namespace {

std::vector<std::string> drain(LineBuffer& buffer) {
    std::vector<std::string> lines;
    while (auto line = buffer.next()) {
        CHECK_FALSE(line->overlong);
        lines.push_back(line->text);
    }
    return lines;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("a partial line waits for its LF", "[protocol][line_buffer]") {
    LineBuffer buffer;
    buffer.append("best");
    CHECK_FALSE(buffer.next().has_value());
    CHECK(buffer.pending_bytes() == 4);
    buffer.append("move 1");
    CHECK_FALSE(buffer.next().has_value());
    buffer.append("L\nrea");
    CHECK(drain(buffer) == Lines{"bestmove 1L"});
    CHECK(buffer.pending_bytes() == 3);
}

TEST_CASE("several lines in one chunk come out in order", "[protocol][line_buffer]") {
    LineBuffer buffer;
    buffer.append("id name R\nid author A\n\nugiok\n");
    CHECK(buffer.ready_lines() == 4);
    CHECK(drain(buffer) == Lines{"id name R", "id author A", "", "ugiok"});
    CHECK(buffer.pending_bytes() == 0);
}

TEST_CASE("the chunking of a stream does not change its lines", "[protocol][line_buffer]") {
    const std::string stream = "info depth 1\r\ninfo depth 2 pv 1L\n\nbestmove 1L\r\n";
    for (std::size_t size = 1; size <= stream.size(); ++size) {
        LineBuffer buffer;
        Lines lines;
        for (std::size_t at = 0; at < stream.size(); at += size) {
            buffer.append(std::string_view(stream).substr(at, size));
            for (auto& l : drain(buffer)) lines.push_back(l);
        }
        INFO("chunk size " << size);
        CHECK(lines == Lines{"info depth 1\r", "info depth 2 pv 1L", "", "bestmove 1L\r"});
    }
}

TEST_CASE("a CRLF line keeps its CR for the codec to strip", "[protocol][line_buffer]") {
    LineBuffer buffer;
    buffer.append("readyok\r\n");
    auto line = buffer.next();
    REQUIRE(line.has_value());
    CHECK(line->text == "readyok\r");
    CHECK(line->length == 8);
    CHECK(decode_reply(line->text).has_value());
}

TEST_CASE("a line of exactly the limit is whole, with or without CR", "[protocol][line_buffer]") {
    const std::string at_limit(kMaxLineLength, 'x');
    LineBuffer buffer;
    buffer.append(at_limit + "\n" + at_limit + "\r\n");
    auto plain = buffer.next();
    auto crlf = buffer.next();
    REQUIRE(plain.has_value());
    REQUIRE(crlf.has_value());
    CHECK_FALSE(plain->overlong);
    CHECK(plain->text == at_limit);
    CHECK_FALSE(crlf->overlong);
    CHECK(crlf->text == at_limit + "\r");
}

TEST_CASE("an overlong line is flagged, truncated and never held whole",
          "[protocol][line_buffer]") {
    LineBuffer buffer(10);
    buffer.append("0123456789A");  // 11 bytes: could still be 10 + CR
    CHECK(buffer.pending_bytes() == 11);
    for (int i = 0; i < 1000; ++i) buffer.append("flood flood flood ");
    CHECK(buffer.pending_bytes() == 11);
    CHECK_FALSE(buffer.next().has_value());
    buffer.append("\nreadyok\n");
    auto flood = buffer.next();
    REQUIRE(flood.has_value());
    CHECK(flood->overlong);
    CHECK(flood->text == "0123456789");
    CHECK(flood->length == 11 + 18000);
    auto after = buffer.next();
    REQUIRE(after.has_value());
    CHECK_FALSE(after->overlong);
    CHECK(after->text == "readyok");
}

TEST_CASE("one byte over the limit is overlong, a CR there is not", "[protocol][line_buffer]") {
    LineBuffer buffer(4);
    buffer.append("abcde\nabcd\r\nabcd\r\r\n");
    auto over = buffer.next();
    auto crlf = buffer.next();
    auto two_crs = buffer.next();
    REQUIRE(two_crs.has_value());
    CHECK(over->overlong);
    CHECK(over->text == "abcd");
    CHECK(over->length == 5);
    CHECK_FALSE(crlf->overlong);
    CHECK(crlf->text == "abcd\r");
    CHECK(two_crs->overlong);
    CHECK(two_crs->length == 6);
}

TEST_CASE("finish returns the unterminated tail once", "[protocol][line_buffer]") {
    LineBuffer buffer;
    buffer.append("readyok\nbestmo");
    auto tail = buffer.finish();
    REQUIRE(tail.has_value());
    CHECK(tail->text == "bestmo");
    CHECK(buffer.pending_bytes() == 0);
    CHECK_FALSE(buffer.finish().has_value());
    CHECK(drain(buffer) == Lines{"readyok"});
}

TEST_CASE("finish flags an overlong tail", "[protocol][line_buffer]") {
    LineBuffer buffer(3);
    buffer.append("abcdefgh");
    auto tail = buffer.finish();
    REQUIRE(tail.has_value());
    CHECK(tail->overlong);
    CHECK(tail->text == "abc");
    CHECK(tail->length == 8);
}
