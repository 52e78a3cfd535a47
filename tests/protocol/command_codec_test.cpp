// Commands (referee -> engine): literal good and bad lines, canonical encodings, round trips.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/codec.hpp"

using namespace oaq::protocol;
using namespace std::chrono_literals;

namespace {

// A `go` with clocks only: times and increments in seat order.
Go clocks(std::vector<Milliseconds> times, std::vector<Milliseconds> incs) {
    Go go;
    for (std::size_t k = 0; k < times.size(); ++k) go.time[k] = times[k];
    for (std::size_t k = 0; k < incs.size(); ++k) go.inc[k] = incs[k];
    return go;
}

Go all_max() {
    Go go{{}, {}, kMaxTime, 2147483647, 18446744073709551615ULL, true};
    go.time = {kMaxTime, kMaxTime, kMaxTime, kMaxTime};
    go.inc = {kMaxTime, kMaxTime, kMaxTime, kMaxTime};
    return go;
}

Command decoded(std::string_view line) {
    auto c = decode_command(line);
    INFO(line);
    REQUIRE(c.has_value());
    return *c;
}

std::string error_of(std::string_view line) {
    auto c = decode_command(line);
    INFO(line);
    REQUIRE_FALSE(c.has_value());
    return c.error().message;
}

template <class T>
T as(std::string_view line) {
    Command c = decoded(line);
    REQUIRE(std::holds_alternative<T>(c));
    return std::get<T>(c);
}

}  // namespace

TEST_CASE("the argument-less commands decode and encode as their single word", "[protocol]") {
    CHECK(decoded("ugi") == Command{Ugi{}});
    CHECK(decoded("isready") == Command{IsReady{}});
    CHECK(decoded("uginewgame") == Command{NewGame{}});
    CHECK(decoded("stop") == Command{Stop{}});
    CHECK(decoded("quit") == Command{Quit{}});
    CHECK(encode(Ugi{}) == "ugi");
    CHECK(encode(IsReady{}) == "isready");
    CHECK(encode(NewGame{}) == "uginewgame");
    CHECK(encode(Stop{}) == "stop");
    CHECK(encode(Quit{}) == "quit");
}

TEST_CASE("a trailing CR, tabs and runs of blanks are only separators", "[protocol]") {
    CHECK(decoded("isready\r") == Command{IsReady{}});
    CHECK(decoded("  \t isready \t ") == Command{IsReady{}});
    CHECK(as<Go>("go\tp1time   100 \t p2time 200\r") == clocks({100ms, 200ms}, {}));
}

TEST_CASE("only one trailing CR is stripped", "[protocol]") {
    // The second CR is part of the last token: `isready\r` is not a command word.
    CHECK(error_of("isready\r\r") == "unknown command \"isready\r\"");
}

TEST_CASE("words after an argument-less command are skipped", "[protocol]") {
    CHECK(decoded("isready now please") == Command{IsReady{}});
    CHECK(decoded("quit 0") == Command{Quit{}});
}

TEST_CASE("an empty or blank line is the error value \"empty line\"", "[protocol]") {
    CHECK(error_of("") == "empty line");
    CHECK(error_of("\r") == "empty line");
    CHECK(error_of(" \t  ") == "empty line");
}

TEST_CASE("an unknown command word is named in the error", "[protocol]") {
    CHECK(error_of("xyz") == "unknown command \"xyz\"");
    CHECK(error_of("uci") == "unknown command \"uci\"");
    CHECK(error_of("IsReady") == "unknown command \"IsReady\"");
    CHECK(error_of("bestmove 1L") == "unknown command \"bestmove\"");
}

TEST_CASE("an unknown word of 16 KB is quoted cut short", "[protocol]") {
    std::string word(10000, 'x');
    CHECK(error_of(word) == "unknown command \"" + std::string(40, 'x') + "...\"");
}

TEST_CASE("a line longer than kMaxLineLength is an error, the limit itself is fine", "[protocol]") {
    std::string at_limit = "isready" + std::string(kMaxLineLength - 7, ' ');
    REQUIRE(at_limit.size() == kMaxLineLength);
    CHECK(decoded(at_limit) == Command{IsReady{}});
    CHECK(decoded(at_limit + "\r") == Command{IsReady{}});
    CHECK(error_of(at_limit + " ") == "line of 16385 bytes exceeds the 16384-byte limit");
}

TEST_CASE("go decodes clocks, increments and each limit", "[protocol][go]") {
    CHECK(as<Go>("go p1time 60000 p2time 59000 p1inc 1000 p2inc 500") ==
          clocks({60000ms, 59000ms}, {1000ms, 500ms}));
    CHECK(as<Go>("go p1time 3 p2time 4 p3time 5 p4time 6 p1inc 1 p2inc 1 p3inc 2 p4inc 0") ==
          clocks({3ms, 4ms, 5ms, 6ms}, {1ms, 1ms, 2ms, 0ms}));
    CHECK(as<Go>("go p5time 100 depth 2") == Go{{}, {}, {}, 2, {}, false});
    Go movetime = as<Go>("go movetime 250");
    CHECK(movetime.movetime == 250ms);
    CHECK(as<Go>("go depth 7").depth == 7);
    CHECK(as<Go>("go nodes 18446744073709551615").nodes == 18446744073709551615ULL);
    CHECK(as<Go>("go infinite").infinite);
    CHECK(as<Go>("go") == Go{});
}

TEST_CASE("go skips unknown tokens between its keywords", "[protocol][go]") {
    CHECK(as<Go>("go p1time 100 foo p2time 200") == clocks({100ms, 200ms}, {}));
    // A UCI clock is unknown here: its keyword and its value are both skipped.
    CHECK(as<Go>("go wtime 5 btime 6 depth 3") == Go{{}, {}, {}, 3, {}, false});
    CHECK(as<Go>("go ponder infinite").infinite);
}

TEST_CASE("a repeated go keyword keeps its last value", "[protocol][go]") {
    CHECK(as<Go>("go depth 3 depth 5").depth == 5);
}

TEST_CASE("negative times are clamped to 0, whatever their size", "[protocol][go]") {
    CHECK(as<Go>("go p1time -120 p2time 300").time[0] == 0ms);
    CHECK(as<Go>("go p1inc -99999999999999999999999").inc[0] == 0ms);
    CHECK(as<Go>("go movetime -1").movetime == 0ms);
}

TEST_CASE("go rejects overflowing, malformed and missing numbers", "[protocol][go]") {
    CHECK(error_of("go p1time 99999999999999999999") ==
          "p1time: \"99999999999999999999\" is out of range");
    // Times stop where std::chrono::nanoseconds would overflow.
    CHECK(as<Go>("go p2time 9223372036854").time[1] == kMaxTime);
    CHECK(error_of("go p2time 9223372036855") == "p2time: \"9223372036855\" is out of range");
    CHECK(error_of("go depth 2147483648") == "depth: \"2147483648\" is out of range");
    CHECK(error_of("go nodes 18446744073709551616") ==
          "nodes: \"18446744073709551616\" is out of range");
    CHECK(error_of("go depth -1") == "depth: \"-1\" is not a non-negative integer");
    CHECK(error_of("go p1time 1e3") == "p1time: \"1e3\" is not a non-negative integer");
    CHECK(error_of("go p1time +5") == "p1time: \"+5\" is not a non-negative integer");
    CHECK(error_of("go p1time p2time 100") == "p1time: \"p2time\" is not a non-negative integer");
    CHECK(error_of("go movetime") == "movetime: missing value");
    CHECK(error_of("go depth 3 nodes") == "nodes: missing value");
}

TEST_CASE("go encodes its fields in canonical order and clamps negative clocks", "[protocol][go]") {
    Go go = clocks({1000ms, 2000ms}, {10ms, 20ms});
    go.movetime = 50ms;
    go.depth = 4;
    go.nodes = 1000;
    go.infinite = true;
    CHECK(encode(go) ==
          "go p1time 1000 p2time 2000 p1inc 10 p2inc 20 movetime 50 depth 4 nodes 1000 infinite");
    CHECK(encode(Go{}) == "go");
    // Every seat's clock, then every seat's increment (spec section 4.6).
    CHECK(encode(clocks({1ms, 2ms, 3ms}, {4ms, 5ms, 6ms})) ==
          "go p1time 1 p2time 2 p3time 3 p1inc 4 p2inc 5 p3inc 6");
    Go late;
    late.time[0] = -35ms;
    CHECK(encode(late) == "go p1time 0");
}

TEST_CASE("position decodes startpos and fen with and without moves", "[protocol][position]") {
    CHECK(as<PositionCommand>("position startpos") == PositionCommand{});
    CHECK(as<PositionCommand>("position startpos moves 1L 3R") ==
          PositionCommand{std::nullopt, {"1L", "3R"}});
    CHECK(as<PositionCommand>("position startpos moves") == PositionCommand{});
    const std::string fen = "5,3,2,0,0,1,Q7,1,3,3,12,3 N 10+1 0+0 0 0";
    CHECK(as<PositionCommand>("position fen " + fen) == PositionCommand{fen, {}});
    CHECK(as<PositionCommand>("position fen " + fen + " moves 2R") == PositionCommand{fen, {"2R"}});
}

TEST_CASE("a fen's fields are joined by single spaces whatever separated them",
          "[protocol][position]") {
    CHECK(as<PositionCommand>("position\tfen  Q0,5,5,5,5,5,Q0,5,5,5,5,5\tS 0+0  0+0 0 0 \r").fen ==
          "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0");
}

TEST_CASE("position skips unknown tokens around the position", "[protocol][position]") {
    CHECK(as<PositionCommand>("position please startpos now moves 1L") ==
          PositionCommand{std::nullopt, {"1L"}});
    // Tokens after the six fields and before `moves` are unknown tokens.
    CHECK(as<PositionCommand>("position fen a b c d e f g moves 1L") ==
          PositionCommand{"a b c d e f", {"1L"}});
}

TEST_CASE("a seventh fen field of ten digits is a session game's shares and travels with the fen",
          "[protocol][position]") {
    const std::string fen = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5";
    const auto position = as<PositionCommand>("position fen " + fen + " moves 1L");
    CHECK(position == PositionCommand{fen, {"1L"}});
    CHECK(encode(Command{position}) == "position fen " + fen + " moves 1L");
    // Not of that shape: an unknown token, skipped as before.
    CHECK(as<PositionCommand>("position fen a b c d e f 0,0,0 moves 1L").fen == "a b c d e f");
    CHECK(as<PositionCommand>("position fen a b c d e f 0,0,0,0,0,0,0,0,2,55").fen ==
          "a b c d e f");
}

TEST_CASE("position needs startpos or six fen fields", "[protocol][position]") {
    CHECK(error_of("position") == "position without startpos or fen");
    CHECK(error_of("position moves 1L") == "position without startpos or fen");
    CHECK(error_of("position fen Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0") ==
          "position fen: expected 6 fields, got 4");
    CHECK(error_of("position fen Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 moves 1L") ==
          "position fen: expected 6 fields, got 5");
    CHECK(error_of("position fen") == "position fen: expected 6 fields, got 0");
}

TEST_CASE("a ring position string takes 2N + 2 fields", "[protocol][position][ring]") {
    const std::string three = "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0";
    CHECK(as<PositionCommand>("position fen " + three + " moves 1L 2R") ==
          PositionCommand{three, {"1L", "2R"}});
    // A token after the fields that is not `moves` is skipped, as for two seats.
    CHECK(as<PositionCommand>("position fen " + three + " extra").fen == three);
    const std::string four =
        "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 4 1+0 0+0 0+0 0+0 2 -1 -1 0";
    CHECK(as<PositionCommand>("position fen " + four).fen == four);
    CHECK(error_of("position fen Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 2 0+0 0+0 0+0 0 0") ==
          "position fen: expected 8 fields for 3 seats, got 7");
}

TEST_CASE("position encodes canonically", "[protocol][position]") {
    CHECK(encode(PositionCommand{}) == "position startpos");
    CHECK(encode(PositionCommand{std::nullopt, {"1L", "2R"}}) == "position startpos moves 1L 2R");
    CHECK(encode(PositionCommand{"a b c d e f", {"5L"}}) == "position fen a b c d e f moves 5L");
}

TEST_CASE("setoption names and values may contain spaces", "[protocol][setoption]") {
    CHECK(as<SetOption>("setoption name Rules value standard,quan_non=5") ==
          SetOption{"Rules", "standard,quan_non=5"});
    CHECK(as<SetOption>("setoption name Book File value /tmp/my book.txt") ==
          SetOption{"Book File", "/tmp/my book.txt"});
    // The name is normalised to single spaces; the value is the rest of the line verbatim.
    CHECK(as<SetOption>("setoption\tname  Book \t File  value  a  b \r") ==
          SetOption{"Book File", "a  b"});
    CHECK(as<SetOption>("setoption name Clear Hash") == SetOption{"Clear Hash", ""});
    CHECK(as<SetOption>("setoption name Threads value") == SetOption{"Threads", ""});
    CHECK(as<SetOption>("setoption junk name Hash value 64") == SetOption{"Hash", "64"});
}

TEST_CASE("setoption without a name is an error", "[protocol][setoption]") {
    CHECK(error_of("setoption") == "setoption without a name");
    CHECK(error_of("setoption value 3") == "setoption without a name");
    CHECK(error_of("setoption name value 3") == "setoption: empty name");
}

TEST_CASE("setoption encodes a button without a value", "[protocol][setoption]") {
    CHECK(encode(SetOption{"Rules", "village"}) == "setoption name Rules value village");
    CHECK(encode(SetOption{"Clear Hash", ""}) == "setoption name Clear Hash");
}

TEST_CASE("every command survives encode then decode", "[protocol][roundtrip]") {
    const Command commands[] = {
        Ugi{},
        IsReady{},
        SetOption{"Rules", "quan_value=10,quan_setup=piece,direction=free"},
        SetOption{"Book File", "a b  c"},
        SetOption{"Clear Hash", ""},
        NewGame{},
        PositionCommand{},
        PositionCommand{std::nullopt, {"1L", "3R", "4R"}},
        PositionCommand{"Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0", {}},
        PositionCommand{"10,5,5,5,5,5,10,5,5,5,5,5 S 0+0 0+0 0 0", {"1L"}},
        PositionCommand{"Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0", {"2R"}},
        Go{},
        clocks({60000ms, 0ms}, {1000ms, 0ms}),
        clocks({1ms, 2ms, 3ms}, {0ms, 0ms, 5ms}),
        Go{{}, {}, 100ms, {}, {}, false},
        Go{{}, {}, {}, 12, {}, false},
        Go{{}, {}, {}, {}, 5000000, false},
        Go{{}, {}, {}, {}, {}, true},
        all_max(),
        Stop{},
        Quit{},
    };
    for (const auto& command : commands) {
        std::string line = encode(command);
        INFO(line);
        auto back = decode_command(line);
        REQUIRE(back.has_value());
        CHECK(*back == command);
        CHECK(encode(*back) == line);
    }
}

TEST_CASE("command_word finds the first token of any line", "[protocol]") {
    CHECK(command_word("bestmove 1L\r") == "bestmove");
    CHECK(command_word(" \tbestmove") == "bestmove");
    CHECK(command_word("bestmove\r") == "bestmove");
    CHECK(command_word("   ") == "");
    CHECK(command_word("") == "");
}
