// Replies (engine -> referee): literal good and bad lines, canonical encodings, round trips.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/codec.hpp"

using namespace oaq::protocol;
using namespace std::chrono_literals;

namespace {

Reply decoded(std::string_view line) {
    auto r = decode_reply(line);
    INFO(line);
    REQUIRE(r.has_value());
    return *r;
}

std::string error_of(std::string_view line) {
    auto r = decode_reply(line);
    INFO(line);
    REQUIRE_FALSE(r.has_value());
    return r.error().message;
}

template <class T>
T as(std::string_view line) {
    Reply r = decoded(line);
    REQUIRE(std::holds_alternative<T>(r));
    return std::get<T>(r);
}

OptionDecl option(std::string name, OptionType type, std::string default_value = {},
                  std::optional<long long> min = {}, std::optional<long long> max = {},
                  std::vector<std::string> vars = {}) {
    return OptionDecl{std::move(name), type, std::move(default_value), min, max, std::move(vars)};
}

}  // namespace

TEST_CASE("ugiok and readyok decode with or without clutter", "[protocol]") {
    CHECK(decoded("ugiok") == Reply{UgiOk{}});
    CHECK(decoded("readyok\r") == Reply{ReadyOk{}});
    CHECK(decoded("\treadyok  extra") == Reply{ReadyOk{}});
    CHECK(encode(UgiOk{}) == "ugiok");
    CHECK(encode(ReadyOk{}) == "readyok");
}

TEST_CASE("an unknown, empty or too long engine line is an error value", "[protocol]") {
    CHECK(error_of("uciok") == "unknown command \"uciok\"");
    CHECK(error_of("Hello from my engine") == "unknown command \"Hello\"");
    CHECK(error_of("") == "empty line");
    CHECK(error_of("  \r") == "empty line");
    CHECK(error_of("info string " + std::string(kMaxLineLength, 'x')) ==
          "line of 16396 bytes exceeds the 16384-byte limit");
}

TEST_CASE("id keeps the rest of the line verbatim", "[protocol][id]") {
    CHECK(as<Id>("id name Random Mover 1.0") == Id{"name", "Random Mover 1.0"});
    CHECK(as<Id>("id   author  A.  N. Other \r") == Id{"author", "A.  N. Other"});
    CHECK(as<Id>("id protocol 1") == Id{"protocol", "1"});
    CHECK(as<Id>("id name") == Id{"name", ""});
    CHECK(error_of("id") == "id without a field");
    CHECK(encode(Id{"name", "Greedy 2"}) == "id name Greedy 2");
    CHECK(encode(Id{"name", ""}) == "id name");
}

TEST_CASE("option declares every type", "[protocol][option]") {
    CHECK(as<OptionDecl>("option name Rules type string default standard") ==
          option("Rules", OptionType::String, "standard"));
    CHECK(as<OptionDecl>("option name Hash type spin default 16 min 1 max 1024") ==
          option("Hash", OptionType::Spin, "16", 1, 1024));
    CHECK(as<OptionDecl>("option name Ponder type check default false") ==
          option("Ponder", OptionType::Check, "false"));
    CHECK(as<OptionDecl>("option name Style type combo default Solid Play var Solid Play var "
                         "Risky var Random") == option("Style", OptionType::Combo, "Solid Play", {},
                                                       {}, {"Solid Play", "Risky", "Random"}));
    CHECK(as<OptionDecl>("option name Clear Hash type button") ==
          option("Clear Hash", OptionType::Button));
}

TEST_CASE("option text fields join tokens and end at the next keyword", "[protocol][option]") {
    CHECK(as<OptionDecl>("option\tname  Book  File type string default <empty>\r") ==
          option("Book File", OptionType::String));
    CHECK(as<OptionDecl>("option name Contempt type spin min -100 max 100 default 0") ==
          option("Contempt", OptionType::Spin, "0", -100, 100));
    CHECK(as<OptionDecl>("option name X type string default") == option("X", OptionType::String));
}

TEST_CASE("option skips unknown tokens after single values", "[protocol][option]") {
    CHECK(as<OptionDecl>("option name Hash type spin MB default 16 min 1 really max 64") ==
          option("Hash", OptionType::Spin, "16", 1, 64));
    CHECK(as<OptionDecl>("option junk name Hash type spin") == option("Hash", OptionType::Spin));
}

TEST_CASE("a malformed option declaration is an error", "[protocol][option]") {
    CHECK(error_of("option") == "option without a name");
    CHECK(error_of("option type spin") == "option without a name");
    CHECK(error_of("option name type spin") == "option without a name");
    CHECK(error_of("option name Hash") == "option \"Hash\" without a type");
    CHECK(error_of("option name Hash type") == "type: missing value");
    CHECK(error_of("option name Hash type integer") == "option: unknown type \"integer\"");
    CHECK(error_of("option name Hash type spin min") == "min: missing value");
    CHECK(error_of("option name Hash type spin max 1.5") == "max: \"1.5\" is not an integer");
    CHECK(error_of("option name Hash type spin max 9223372036854775808") ==
          "max: \"9223372036854775808\" is out of range");
}

TEST_CASE("option encodes canonically, with <empty> for an empty string default",
          "[protocol][option]") {
    CHECK(encode(option("Rules", OptionType::String, "standard")) ==
          "option name Rules type string default standard");
    CHECK(encode(option("Path", OptionType::String)) ==
          "option name Path type string default <empty>");
    CHECK(encode(option("Hash", OptionType::Spin, "16", 1, 1024)) ==
          "option name Hash type spin default 16 min 1 max 1024");
    CHECK(encode(option("Style", OptionType::Combo, "A", {}, {}, {"A", "B"})) ==
          "option name Style type combo default A var A var B");
    CHECK(encode(option("Clear Hash", OptionType::Button)) == "option name Clear Hash type button");
}

TEST_CASE("option types convert to and from their words", "[protocol][option]") {
    for (auto type : {OptionType::Check, OptionType::Spin, OptionType::Combo, OptionType::String,
                      OptionType::Button}) {
        CHECK(parse_option_type(to_string(type)) == type);
    }
    CHECK_FALSE(parse_option_type("Spin").has_value());
}

TEST_CASE("info decodes every field", "[protocol][info]") {
    Info info = as<Info>(
        "info depth 12 seldepth 20 score cp -35 nodes 123456 nps 1000000 time 123 pv 1L 3R 4R");
    CHECK(info.depth == 12);
    CHECK(info.seldepth == 20);
    CHECK(info.score == Score{Score::Kind::Cp, -35});
    CHECK(info.nodes == 123456u);
    CHECK(info.nps == 1000000u);
    CHECK(info.time == 123ms);
    CHECK(info.pv == std::vector<std::string>{"1L", "3R", "4R"});
    CHECK(info.string.empty());
    CHECK(as<Info>("info score mate -3").score == Score{Score::Kind::Mate, -3});
    CHECK(as<Info>("info") == Info{});
}

TEST_CASE("info pv runs to the next info keyword", "[protocol][info]") {
    Info info = as<Info>("info pv 1L 2R depth 4 pv 5L string the end");
    CHECK(info.pv == std::vector<std::string>{"5L"});
    CHECK(info.depth == 4);
    CHECK(info.string == "the end");
    CHECK(as<Info>("info pv").pv.empty());
}

TEST_CASE("info string takes the rest of the line verbatim", "[protocol][info]") {
    CHECK(as<Info>("info string  hello   depth 3 \t\r").string == "hello   depth 3");
    Info info = as<Info>("info depth 2 string");
    CHECK(info.depth == 2);
    CHECK(info.string.empty());
}

TEST_CASE("info skips unknown tokens such as UCI's multipv and hashfull", "[protocol][info]") {
    Info info = as<Info>("info multipv 1 depth 5 hashfull 17 score cp 20 lowerbound nodes 9");
    CHECK(info.depth == 5);
    CHECK(info.score == Score{Score::Kind::Cp, 20});
    CHECK(info.nodes == 9u);
}

TEST_CASE("info clamps a negative time to 0", "[protocol][info]") {
    CHECK(as<Info>("info time -4").time == 0ms);
}

TEST_CASE("a malformed info field is an error", "[protocol][info]") {
    CHECK(error_of("info depth") == "depth: missing value");
    CHECK(error_of("info depth x") == "depth: \"x\" is not a non-negative integer");
    CHECK(error_of("info nodes 18446744073709551616") ==
          "nodes: \"18446744073709551616\" is out of range");
    CHECK(error_of("info score") == "score: missing value");
    CHECK(error_of("info score 35") == "score: expected cp or mate, got \"35\"");
    CHECK(error_of("info score cp") == "cp: missing value");
    CHECK(error_of("info score cp 3000000000") == "cp: \"3000000000\" is out of range");
    CHECK(error_of("info score mate x") == "mate: \"x\" is not an integer");
}

TEST_CASE("info encodes its fields in canonical order", "[protocol][info]") {
    Info info;
    info.string = "from book";
    info.pv = {"1L", "2R"};
    info.time = 15ms;
    info.nps = 2000;
    info.nodes = 30;
    info.score = Score{Score::Kind::Mate, 5};
    info.seldepth = 9;
    info.depth = 3;
    CHECK(
        encode(info) ==
        "info depth 3 seldepth 9 score mate 5 nodes 30 nps 2000 time 15 pv 1L 2R string from book");
    CHECK(encode(Info{}) == "info");
}

TEST_CASE("bestmove takes the first token as the move", "[protocol][bestmove]") {
    CHECK(as<BestMove>("bestmove 3R") == BestMove{"3R", std::nullopt});
    CHECK(as<BestMove>("bestmove  3R \r") == BestMove{"3R", std::nullopt});
    CHECK(as<BestMove>("bestmove 3R ponder 2L") == BestMove{"3R", "2L"});
    CHECK(as<BestMove>("bestmove 3R junk ponder 2L more") == BestMove{"3R", "2L"});
    CHECK(as<BestMove>("bestmove 3R ponder") == BestMove{"3R", std::nullopt});
    // The form of the move is the rules library's business, not the codec's.
    CHECK(as<BestMove>("bestmove e2e4") == BestMove{"e2e4", std::nullopt});
}

TEST_CASE("bestmove without a move is an error a referee can recognise", "[protocol][bestmove]") {
    CHECK(error_of("bestmove") == "bestmove without a move");
    CHECK(error_of("bestmove \t\r") == "bestmove without a move");
    CHECK(command_word("bestmove \t\r") == "bestmove");
}

TEST_CASE("bestmove encodes with an optional ponder", "[protocol][bestmove]") {
    CHECK(encode(BestMove{"1L", std::nullopt}) == "bestmove 1L");
    CHECK(encode(BestMove{"1L", "5R"}) == "bestmove 1L ponder 5R");
}

TEST_CASE("every reply survives encode then decode", "[protocol][roundtrip]") {
    Info full;
    full.depth = 2147483647;
    full.seldepth = 0;
    full.score = Score{Score::Kind::Cp, -2147483647 - 1};
    full.nodes = 18446744073709551615ULL;
    full.nps = 0;
    full.time = kMaxTime;
    full.pv = {"1L", "2L", "3L"};
    full.string = "tabs\tand  spaces kept";
    Info mate;
    mate.score = Score{Score::Kind::Mate, -7};
    const Reply replies[] = {
        Id{"name", "Random Mover 1.0"},
        Id{"author", "The  oaq team"},
        Id{"protocol", "1"},
        option("Rules", OptionType::String, "standard"),
        option("Book File", OptionType::String),
        option("Hash", OptionType::Spin, "16", -5, 1024),
        option("Ponder", OptionType::Check, "true"),
        option("Style", OptionType::Combo, "Very Solid", {}, {}, {"Very Solid", "Wild"}),
        option("Clear Hash", OptionType::Button),
        UgiOk{},
        ReadyOk{},
        Info{},
        full,
        mate,
        BestMove{"5R", std::nullopt},
        BestMove{"5R", "1L"},
    };
    for (const auto& reply : replies) {
        std::string line = encode(reply);
        INFO(line);
        auto back = decode_reply(line);
        REQUIRE(back.has_value());
        CHECK(*back == reply);
        CHECK(encode(*back) == line);
    }
}
