// The rules string of rules.md sections 5 and 6: presets, overrides, the expanded canonical form
// and its round trip, short names, and errors that name the bad item.
#include <catch2/catch.hpp>

#include <string>

#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::rules_of;

TEST_CASE("every preset means what the switch table says", "[rules][rules-string]") {
    const Rules standard;
    CHECK(rules_of("standard") == standard);
    CHECK(expanded(standard) ==
          "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,"
          "chain=yes,quan_non=0,end=mandarins_empty");
    CHECK(expanded(rules_of("stop-after-capture")) ==
          "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=stop,"
          "chain=yes,quan_non=0,end=mandarins_empty");
    CHECK(expanded(rules_of("quan-non")) ==
          "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,"
          "chain=yes,quan_non=5,end=mandarins_empty");
    CHECK(expanded(rules_of("quan5")) ==
          "quan_value=5,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,"
          "chain=yes,quan_non=0,end=mandarins_empty");
    CHECK(expanded(rules_of("no-empty-gap")) ==
          "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=no,after_capture=relay,"
          "chain=yes,quan_non=0,end=mandarins_empty");
    CHECK(expanded(rules_of("village")) ==
          "quan_value=10,quan_setup=stones10,direction=cw,empty_quan_gap=yes,after_capture=stop,"
          "chain=yes,quan_non=0,end=first_mandarin_capture");
    CHECK(expanded(rules_of("tg-standard")) ==
          "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=stop,"
          "chain=yes,quan_non=0,end=mandarins_empty,refill=own_or_lose");
    REQUIRE(presets().size() == 7);
    CHECK(presets()[0].name == "standard");
    CHECK(presets()[5].name == "village");
    CHECK(presets()[6].name == "tg-standard");
}

TEST_CASE("expanded rules strings parse back to the same rules", "[rules][rules-string]") {
    const std::string text =
        GENERATE(as<std::string>{}, "standard", "stop-after-capture", "quan-non", "quan5",
                 "no-empty-gap", "village", "standard,quan_non=5", "village,direction=ccw,chain=no",
                 "quan_value=5,chain=no", "quan-non,quan_non=3,end=first_mandarin_capture",
                 "stop-after-capture,empty_quan_gap=no,quan_setup=stones10",
                 "direction=free,after_capture=relay,quan_non=100", "tg-standard",
                 "tg-standard,refill=borrow", "village,refill=own_or_lose", "refill=borrow");
    const Rules rules = rules_of(text);
    const std::string full = expanded(rules);
    INFO(text << " -> " << full);
    CHECK(rules_of(full) == rules);
    CHECK(expanded(rules_of(full)) == full);
    CHECK(rules_of(short_name(rules)) == rules);
}

TEST_CASE("expanded strings stored before the refill switch still mean the same rules",
          "[rules][rules-string]") {
    // Every expanded string written before `refill` existed names eight switches; it must parse to
    // the rules it was stored for (refill=borrow) and be exactly what expanded() prints for them,
    // so results stored then and now pool, and engines hear the strings they always heard.
    const std::string old_standard =
        "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,"
        "chain=yes,quan_non=0,end=mandarins_empty";
    const std::string old_village =
        "quan_value=10,quan_setup=stones10,direction=cw,empty_quan_gap=yes,after_capture=stop,"
        "chain=yes,quan_non=0,end=first_mandarin_capture";
    CHECK(rules_of(old_standard) == Rules{});
    CHECK(rules_of(old_standard).refill == RefillRule::Borrow);
    CHECK(expanded(Rules{}) == old_standard);
    CHECK(rules_of(old_village) == rules_of("village"));
    CHECK(expanded(rules_of("village")) == old_village);
    CHECK(rules_of(old_standard + ",refill=borrow") == Rules{});
    CHECK(expanded(rules_of(old_standard + ",refill=borrow")) == old_standard);
    // own_or_lose is always named, so it is never pooled with borrow.
    CHECK(rules_of(old_standard + ",refill=own_or_lose").refill == RefillRule::OwnOrLose);
    CHECK(expanded(rules_of("refill=own_or_lose")) == old_standard + ",refill=own_or_lose");
}

TEST_CASE("tg-standard is stop-after-capture with refill=own_or_lose", "[rules][rules-string]") {
    const Rules tg = rules_of("tg-standard");
    CHECK(tg.after_capture == AfterCapture::Stop);
    CHECK(tg.refill == RefillRule::OwnOrLose);
    Rules stop = rules_of("stop-after-capture");
    CHECK_FALSE(stop == tg);
    stop.refill = RefillRule::OwnOrLose;
    CHECK(stop == tg);
    CHECK(rules_of("stop-after-capture,refill=own_or_lose") == tg);
    CHECK(short_name(rules_of("refill=own_or_lose")) == "standard,refill=own_or_lose");
    CHECK(short_name(rules_of("tg-standard,quan_value=5")) ==
          "standard,quan_value=5,after_capture=stop,refill=own_or_lose");
}

TEST_CASE("overrides apply in order after the preset", "[rules][rules-string]") {
    const Rules r = rules_of("village,direction=free,after_capture=relay");
    CHECK(r.quan_setup == QuanSetup::Stones10);
    CHECK(r.direction == DirectionRule::Free);
    CHECK(r.after_capture == AfterCapture::Relay);
    CHECK(r.end == EndRule::FirstMandarinCapture);
    CHECK(rules_of("quan_non=5,quan_non=0") == Rules{});
    CHECK(rules_of("quan_non=5") == rules_of("quan-non"));
    CHECK(rules_of("standard,quan_non=5") == rules_of("quan-non"));
}

TEST_CASE("players is a switch like any other and is named only away from 2",
          "[rules][rules-string][ring]") {
    const std::string standard =
        "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,"
        "chain=yes,quan_non=0,end=mandarins_empty";
    CHECK(rules_of("standard").players == 2);
    CHECK(rules_of("standard,players=2") == rules_of("standard"));
    CHECK(expanded(rules_of("standard,players=2")) == standard);
    CHECK(rules_of("standard,players=3").players == 3);
    CHECK(expanded(rules_of("standard,players=3")) == standard + ",players=3");
    CHECK(expanded(rules_of("players=4,refill=own_or_lose")) ==
          standard + ",refill=own_or_lose,players=4");
    CHECK(rules_of(standard + ",players=3") == rules_of("standard,players=3"));
    CHECK(rules_of("standard,players=3") != rules_of("standard"));
    CHECK(short_name(rules_of("standard,players=3")) == "standard,players=3");
    CHECK(short_name(rules_of("players=4,after_capture=stop")) == "stop-after-capture,players=4");
    CHECK(short_name(rules_of("tg-standard,players=3")) == "tg-standard,players=3");
    CHECK(short_name(rules_of("quan_non=7,players=3")) == "standard,quan_non=7,players=3");
    for (const char* text : {"village,players=3", "quan-non,players=4,chain=no"}) {
        const Rules rules = rules_of(text);
        CHECK(rules_of(expanded(rules)) == rules);
        CHECK(rules_of(short_name(rules)) == rules);
    }
}

TEST_CASE("short_name gives a preset name or standard with the differing switches",
          "[rules][rules-string]") {
    for (const auto& preset : presets()) {
        CHECK(short_name(rules_of(std::string(preset.name))) == preset.name);
    }
    CHECK(short_name(rules_of("standard,quan_non=5")) == "quan-non");
    CHECK(short_name(rules_of("quan_value=5,chain=no")) == "standard,quan_value=5,chain=no");
    CHECK(short_name(rules_of("village,chain=no")) ==
          "standard,quan_setup=stones10,direction=cw,after_capture=stop,chain=no,"
          "end=first_mandarin_capture");
    CHECK(short_name(rules_of("quan_non=7")) == "standard,quan_non=7");
}

TEST_CASE("a bad rules string is refused naming the item and the reason",
          "[rules][rules-string][errors]") {
    auto [text, message] = GENERATE(table<std::string, std::string>({
        {"", "rules: empty rules string"},
        {"classic",
         "rules: unknown preset \"classic\" (known: standard, stop-after-capture, quan-non, quan5, "
         "no-empty-gap, village, tg-standard)"},
        {"Standard",
         "rules: unknown preset \"Standard\" (known: standard, stop-after-capture, quan-non, "
         "quan5, no-empty-gap, village, tg-standard)"},
        {"standard,speed=3",
         "rules: unknown switch \"speed\" (known: quan_value, quan_setup, direction, "
         "empty_quan_gap, after_capture, chain, quan_non, end, refill, players)"},
        {"players=5", "rules: players=5: expected 2, 3 or 4"},
        {"standard,players=1", "rules: players=1: expected 2, 3 or 4"},
        {"standard,players=03", "rules: players=03: expected 2, 3 or 4"},
        {"standard,players=", "rules: players=: expected 2, 3 or 4"},
        {"refill=lend", "rules: refill=lend: expected borrow or own_or_lose"},
        {"tg-standard,refill=", "rules: refill=: expected borrow or own_or_lose"},
        {"standard,quan_value=7", "rules: quan_value=7: expected 10 or 5"},
        {"standard,quan_setup=stones", "rules: quan_setup=stones: expected piece or stones10"},
        {"direction=up", "rules: direction=up: expected free, cw or ccw"},
        {"empty_quan_gap=maybe", "rules: empty_quan_gap=maybe: expected yes or no"},
        {"after_capture=", "rules: after_capture=: expected relay or stop"},
        {"chain=1", "rules: chain=1: expected yes or no"},
        {"quan_non=-1", "rules: quan_non=-1: expected a whole number, 0 (off) or more"},
        {"quan_non=+5", "rules: quan_non=+5: expected a whole number, 0 (off) or more"},
        {"quan_non=99999999999",
         "rules: quan_non=99999999999: expected a whole number, 0 (off) or more"},
        {"quan_non=5x", "rules: quan_non=5x: expected a whole number, 0 (off) or more"},
        {"end=never", "rules: end=never: expected mandarins_empty or first_mandarin_capture"},
        {"standard,,chain=no", "rules: empty item 2"},
        {"standard,", "rules: empty item 2"},
        {"standard,village", "rules: \"village\" is not a preset name or a switch=value override"},
    }));
    auto rules = parse_rules(text);
    INFO(text);
    REQUIRE_FALSE(rules.has_value());
    CHECK(rules.error().message == message);
}

}  // namespace
}  // namespace oaq::rules
