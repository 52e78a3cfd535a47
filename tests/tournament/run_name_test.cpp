// A run's name and its games' names: game references count from 1, and a name that would break
// them (a '#', control characters, spaces at the ends, ill-formed UTF-8, nothing) is refused, by
// check_run_name and by Run::create before anything is written.
#include <catch2/catch.hpp>

#include "memory_recorder.hpp"
#include "tournament/run.hpp"
#include "tournament/run_name.hpp"

using namespace oaq;
using namespace oaq::tournament;

TEST_CASE("a game is named by its run and its number counted from 1", "[run][names]") {
    CHECK(game_reference("cup", 0) == "cup#1");
    CHECK(game_reference("spring cup", 41) == "spring cup#42");
}

TEST_CASE("a run name that would break its games' references is refused with the reason",
          "[run][names]") {
    for (const char* good :
         {"cup", "spring cup 2", "gi\xE1\xBA\xA3i \xC3\xB4 \xC4\x83n quan", "a-b_c.d"})
        CHECK(check_run_name(good));
    CHECK(check_run_name("a#b").error().message ==
          "run name \"a#b\" contains '#', which separates a run's name from a game's number "
          "(NAME#7)");
    CHECK(check_run_name("#").error().message.find("contains '#'") != std::string::npos);
    CHECK(check_run_name("").error().message == "a run's name must not be empty");
    CHECK(check_run_name(" cup").error().message ==
          "run name \" cup\" starts or ends with a space, which a reference to its games would "
          "lose");
    CHECK_FALSE(check_run_name("cup "));
    CHECK(check_run_name("a\tb").error().message ==
          "run name \"a\\x09b\" contains a control character");
    CHECK_FALSE(check_run_name(std::string("a\0b", 3)));
    CHECK_FALSE(check_run_name("a\x7F"));
    CHECK(check_run_name("caf\xE9").error().message == "run name \"caf\xE9\" is not valid UTF-8");
}

TEST_CASE("Run::create refuses a name its games could not be named by and writes nothing",
          "[run][names]") {
    testing::MemoryRecorder recorder;
    RunDefinition d;
    d.format = Format::Match;
    d.games = 2;
    EngineDefinition a, b;
    a.name = "a";
    a.command = "/bin/a";
    b.name = "b";
    b.command = "/bin/b";
    d.engines = {a, b};
    auto refused = Run::create(recorder, "a#b", d, "{}");
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message.find("contains '#'") != std::string::npos);
    CHECK_FALSE(recorder.find_run("a#b"));
    CHECK(Run::create(recorder, "ab", d, "{}"));
}

TEST_CASE("the resume command is quoted for the shell", "[run][names][edges]") {
    CHECK(shell_quote("plain-name_1.db") == "plain-name_1.db");
    CHECK(shell_quote("my run") == "'my run'");
    CHECK(shell_quote("it's") == "'it'\\''s'");
    CHECK(shell_quote("") == "''");
    CHECK(shell_quote("$HOME;rm") == "'$HOME;rm'");
    CHECK(resume_command("tournament", "spring cup", "/data/my results.db") ==
          "oaq tournament --resume 'spring cup' --db '/data/my results.db'");
    CHECK(resume_command("match", "m1", "x.db") == "oaq match --resume m1 --db x.db");
}
