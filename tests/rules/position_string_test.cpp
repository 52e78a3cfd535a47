// The position string of rules.md section 5: canonical formatting, parse/format round trips over
// positions reached by seeded random playouts, and one error per kind of malformed field, naming
// the field (and cell) and the reason.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::rules_of;

TEST_CASE("positions reached by random playouts format and parse back equal", "[rules][notation]") {
    const std::string rules_text = GENERATE(as<std::string>{}, "standard", "village", "quan-non",
                                            "stop-after-capture", "no-empty-gap");
    const Rules rules = rules_of(rules_text);
    std::mt19937 rng(7);
    int checked = 0;
    for (int game = 0; game < 200; ++game) {
        Position pos = start_position(rules);
        while (true) {
            const std::string text = to_string(pos);
            auto back = parse_position(text, rules);
            INFO(rules_text << ": " << text);
            REQUIRE(back.has_value());
            // The string has no "game over" field: a running position comes back equal; a finished
            // one only when its text says so by itself (both mandarin pits empty under
            // end=mandarins_empty). Any other settled position reads as the start of a turn.
            if (!pos.is_over() || (rules.end == EndRule::MandarinsEmpty &&
                                   pos.is_empty(kWestMandarin) && pos.is_empty(kEastMandarin))) {
                Position expected = pos;
                if (pos.is_over()) expected.end = EndReason::MandarinsEmpty;
                CHECK(*back == expected);
                CHECK(to_string(*back) == text);
                ++checked;
            }
            if (pos.is_over()) break;
            const auto moves = legal_moves(pos, rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            pos = play(pos, moves[pick(rng)], rules);
        }
    }
    CHECK(checked > 1000);
}

TEST_CASE("the start position has its canonical text and startpos names it", "[rules][notation]") {
    const Rules rules;
    CHECK(to_string(start_position(rules)) == "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0");
    CHECK(parse_position("startpos", rules).value() == start_position(rules));
    CHECK(parse_position("Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0", rules).value() ==
          start_position(rules));
}

TEST_CASE("pit names follow the board diagram", "[rules][notation]") {
    CHECK(pit_name(0) == "QW");
    CHECK(pit_name(1) == "S1");
    CHECK(pit_name(5) == "S5");
    CHECK(pit_name(6) == "QE");
    CHECK(pit_name(7) == "N1");
    CHECK(pit_name(11) == "N5");
    CHECK(pit_of(Side::South, 3) == 3);
    CHECK(pit_of(Side::North, 3) == 9);
}

TEST_CASE("a malformed position string is refused naming the field, the cell and the reason",
          "[rules][notation][errors]") {
    const Rules rules;
    auto [text, message] = GENERATE(table<std::string, std::string>({
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0",
         "position: expected 6 fields separated by single spaces (pits, side, south store, north "
         "store, south debt, north debt) and an optional 7th (shares), found 5 in "
         "\"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0\""},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,0,0 0",
         "position: expected 6 fields separated by single spaces (pits, side, south store, north "
         "store, south debt, north debt) and an optional 7th (shares), found 8 in "
         "\"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,0,0 0\""},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5  S 0+0 0+0 0 0",
         "position: field 2 is empty (fields are separated by single spaces) in "
         "\"Q0,5,5,5,5,5,Q0,5,5,5,5,5  S 0+0 0+0 0 0\""},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 ",
         "position: field 7 is empty (fields are separated by single spaces) in "
         "\"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 \""},
        {"",
         "position: expected 6 fields separated by single spaces (pits, side, south store, north "
         "store, south debt, north debt) and an optional 7th (shares), found 1 in \"\""},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5 S 0+0 0+0 0 0",
         "field 1 (pits): expected 12 comma-separated cells, found 11"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5,5 S 0+0 0+0 0 0",
         "field 1 (pits): expected 12 comma-separated cells, found 13"},
        {"Q0,5,x5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0",
         "field 1 (pits), cell 3 (S2): \"x5\" is not a count"},
        {"Q0,5,5,5,5,5,Q0,5,5,,5,5 S 0+0 0+0 0 0",
         "field 1 (pits), cell 10 (N3): \"\" is not a count"},
        {"Q0,5,5,5,5,5,Q,5,5,5,5,5 S 0+0 0+0 0 0",
         "field 1 (pits), cell 7 (QE): \"Q\" is not a count"},
        {"Q0,5,5,Q5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0",
         "field 1 (pits), cell 4 (S3): \"Q5\" has a mandarin piece, but only QW and QE can hold "
         "one"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,-1 S 0+0 0+0 0 0",
         "field 1 (pits), cell 12 (N5): \"-1\" is not a count"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,+1 S 0+0 0+0 0 0",
         "field 1 (pits), cell 12 (N5): \"+1\" is not a count"},
        {"Q0,5,5,5,5,5,Q0,180,5,5,5,5 S 0+0 0+0 0 0",
         "field 1 (pits), cell 8 (N1): more than 200 citizens in the position"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 X 0+0 0+0 0 0", "field 2 (side to move): \"X\" is not S or N"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 s 0+0 0+0 0 0", "field 2 (side to move): \"s\" is not S or N"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0 0+0 0 0",
         "field 3 (south store): \"0\" is not <citizens>+<pieces>"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 3-1 0 0",
         "field 4 (north store): \"3-1\" is not <citizens>+<pieces>"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S a+0 0+0 0 0",
         "field 3 (south store): \"a\" is not a count of citizens"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+3 0+0 0 0",
         "field 3 (south store): \"3\" is not a count of pieces (0, 1 or 2)"},
        {"0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+1 0+1 0 0",
         "field 4 (north store): more than 2 mandarin pieces in the position"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 160+0 0 0",
         "field 4 (north store): more than 200 citizens in the position"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 x 0", "field 5 (south debt): \"x\" is not a count"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 -2", "field 6 (north debt): \"-2\" is not a count"},
        {"Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 70000",
         "field 6 (north debt): \"70000\" is not a count"},
    }));
    auto pos = parse_position(text, rules);
    INFO(text);
    REQUIRE_FALSE(pos.has_value());
    CHECK(pos.error().message == message);
}

TEST_CASE("a position string's error says by its kind whether it names only a field",
          "[rules][notation][errors]") {
    const Rules rules;
    // About one field: callers put "position: " in front, by the kind.
    for (const char* text :
         {"Q0,5,x5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0", "Q0,5,5,5,5,5,Q0,5,5,5,5,5 X 0+0 0+0 0 0",
          "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 9,0,0,0,0,0,0,0,0,0"}) {
        INFO(text);
        auto pos = parse_position(text, rules);
        REQUIRE_FALSE(pos);
        CHECK(pos.error().kind == ErrorKind::PositionField);
    }
    // About the string as a whole: the message names the position already.
    for (const char* text : {"", "Q0,5,5,5,5,5,Q0,5,5,5,5,5  S 0+0 0+0 0 0"}) {
        INFO(text);
        auto pos = parse_position(text, rules);
        REQUIRE_FALSE(pos);
        CHECK(pos.error().kind == ErrorKind::Other);
    }
}

}  // namespace
}  // namespace oaq::rules
