// The specification's own transcripts: every `>` line must decode as a command and every `<` line
// as a reply, and each must already be in canonical form, so the examples people copy are right.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/codec.hpp"

using namespace oaq::protocol;

namespace {

struct TranscriptLine {
    int number;
    char direction;
    std::string text;
};

// Lines of fenced code blocks that start with "> " or "< "; a "[...]" timing note is cut off.
std::vector<TranscriptLine> transcript_lines() {
    std::ifstream in(OAQ_PROTOCOL_SPEC);
    REQUIRE(in.good());
    std::vector<TranscriptLine> out;
    bool in_code = false;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.rfind("```", 0) == 0) {
            in_code = !in_code;
            continue;
        }
        if (!in_code || line.size() < 3 || (line[0] != '>' && line[0] != '<') || line[1] != ' ') {
            continue;
        }
        std::string text = line.substr(2);
        if (auto note = text.find("  ["); note != std::string::npos) text.resize(note);
        while (!text.empty() && text.back() == ' ') text.pop_back();
        out.push_back({number, line[0], text});
    }
    return out;
}

}  // namespace

TEST_CASE("every transcript line of the specification decodes and is canonical",
          "[protocol][spec]") {
    auto lines = transcript_lines();
    CHECK(lines.size() > 50);
    for (const auto& l : lines) {
        INFO("README.md line " << l.number << ": " << l.text);
        if (l.direction == '>') {
            auto command = decode_command(l.text);
            REQUIRE(command.has_value());
            CHECK(encode(*command) == l.text);
        } else {
            auto reply = decode_reply(l.text);
            REQUIRE(reply.has_value());
            CHECK(encode(*reply) == l.text);
        }
    }
}
