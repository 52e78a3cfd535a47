#include <catch2/catch.hpp>

#include "kit/options.hpp"
#include "kit/seeded_engine.hpp"

using oaq::kit::Options;
using oaq::protocol::OptionType;

TEST_CASE("declaring an option calls its callback with the default", "[kit][options]") {
    Options options;
    long long hash = 0;
    bool ponder = true;
    std::string style;
    options.add_spin("Hash", 16, 1, 1024, [&](long long v) { hash = v; });
    options.add_check("Ponder", false, [&](bool v) { ponder = v; });
    options.add_combo("Style", "solid", {"solid", "wild"},
                      [&](const std::string& v) { style = v; });
    CHECK(hash == 16);
    CHECK_FALSE(ponder);
    CHECK(style == "solid");
    const auto decls = options.declarations();
    REQUIRE(decls.size() == 3);
    CHECK(decls[0].name == "Hash");
    CHECK(decls[0].type == OptionType::Spin);
    CHECK(decls[0].min == 1);
    CHECK(decls[0].max == 1024);
    CHECK(decls[2].vars == std::vector<std::string>{"solid", "wild"});
}

TEST_CASE("setoption checks the value against the declaration", "[kit][options]") {
    Options options;
    long long hash = 0;
    bool flag = false;
    std::string style;
    int presses = 0;
    options.add_spin("Hash", 16, 1, 1024, [&](long long v) { hash = v; });
    options.add_check("Flag", false, [&](bool v) { flag = v; });
    options.add_combo("Style", "solid", {"solid", "wild"},
                      [&](const std::string& v) { style = v; });
    options.add_button("Clear Hash", [&] { ++presses; });

    SECTION("good values reach the callback and the current value") {
        CHECK(options.set("Hash", "64"));
        CHECK(hash == 64);
        CHECK(*options.value("hash") == "64");
        CHECK(options.set("flag", "true"));
        CHECK(flag);
        CHECK(options.set("STYLE", "wild"));
        CHECK(style == "wild");
        CHECK(options.set("clear hash", ""));
        CHECK(presses == 1);
    }
    SECTION("bad values are refused and change nothing") {
        CHECK_FALSE(options.set("Hash", "0"));
        CHECK_FALSE(options.set("Hash", "2000"));
        CHECK_FALSE(options.set("Hash", "12x"));
        CHECK(hash == 16);
        CHECK_FALSE(options.set("Flag", "yes"));
        CHECK_FALSE(options.set("Style", "calm"));
        CHECK(style == "solid");
    }
    SECTION("an unknown option is an error naming it") {
        const auto r = options.set("Threads", "2");
        REQUIRE_FALSE(r);
        CHECK(r.error().message.find("Threads") != std::string::npos);
    }
}

TEST_CASE("the --seed flag of the seeded engines' mains", "[kit][options]") {
    std::string prog = "oaq-random", flag = "--seed", value = "77", junk = "--fast";
    char* good[] = {prog.data(), flag.data(), value.data()};
    CHECK(oaq::kit::parse_seed_flag(3, good, "oaq-random") == 77u);
    char* none[] = {prog.data()};
    CHECK(oaq::kit::parse_seed_flag(1, none, "oaq-random") == 1u);
    char* bad[] = {prog.data(), junk.data()};
    CHECK_FALSE(oaq::kit::parse_seed_flag(2, bad, "oaq-random"));
}
