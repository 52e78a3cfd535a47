// One hand-built position per rule clause of rules.md section 3 and per switch of section 6, each
// with the exact position string after the move. Pits are QW,S1..S5,QE,N1..N5; R is +1 in pit
// index.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules_test_support.hpp"

namespace oaq::rules {
namespace {

using test::after;
using test::play_moves;
using test::position_of;
using test::rules_of;

std::vector<std::string> move_texts(const Position& pos, const Rules& rules) {
    std::vector<std::string> out;
    for (Move m : legal_moves(pos, rules)) out.push_back(to_string(m));
    return out;
}

TEST_CASE("a last stone followed by a full square relays sowing from that square", "[rules][sow]") {
    // S1's 2 stones end in S3; S4 (3) is full, so its 3 go on to S5, QE and N1; N2 is a gap and
    // N3 is empty, so the turn ends there.
    CHECK(after("standard", "Q5,2,1,1,3,0,Q5,1,0,0,1,1 S 0+0 0+0 0 0", "1R") ==
          "Q5,0,2,2,0,1,Q6,2,0,0,1,1 N 0+0 0+0 0 0");
}

TEST_CASE("sowing 12 or more laps over the origin, which receives a stone", "[rules][sow]") {
    // 14 stones from S3: one in every pit including S3 itself, then S4 and S5 again; the next pit
    // is QE, which is not empty, so the turn ends.
    CHECK(after("standard", "Q0,0,0,14,0,0,Q0,1,1,1,1,1 S 0+0 0+0 0 0", "3R") ==
          "Q1,1,1,1,2,2,Q1,2,2,2,2,2 N 0+0 0+0 0 0");
}

TEST_CASE("sowing 11 stones makes the emptied origin the gap before a capture", "[rules][sow]") {
    // 11 stones from S3 end in S2; S3 is the gap; S4 (1) is captured; S5 relays 1 into QE; N1, N4
    // and S1 relay in turn until S3 is a gap again with the captured S4 empty behind it.
    CHECK(after("standard", "Q0,0,0,11,0,0,Q0,1,1,1,1,1 S 0+0 0+0 0 0", "3R") ==
          "Q2,0,2,0,0,0,Q2,0,3,3,0,3 N 1+0 0+0 0 0");
}

TEST_CASE("a last stone before a mandarin pit that is not empty ends the turn", "[rules][sow]") {
    // S4's stone lands in S5; QE after it holds its piece: the turn ends.
    CHECK(after("standard", "Q5,0,0,0,1,0,Q5,1,1,1,1,1 S 0+0 0+0 0 0", "4R") ==
          "Q5,0,0,0,0,1,Q5,1,1,1,1,1 N 0+0 0+0 0 0");
    // S5's stone lands in QE itself; N1 after it is full, so sowing relays from N1.
    CHECK(after("standard", "Q5,0,0,0,0,1,Q5,1,1,1,1,1 S 0+0 0+0 0 0", "5R") ==
          "Q6,0,0,0,0,0,Q6,0,2,0,2,0 N 0+0 0+0 0 0");
}

TEST_CASE("an empty mandarin pit is a gap unless empty_quan_gap=no", "[rules][gap][switch]") {
    const std::string start = "Q5,0,0,0,1,0,0,3,0,0,1,1 S 0+0 0+1 0 0";
    SECTION("empty_quan_gap=yes: QE is a gap, N1 is captured, the empty N2 and N3 end the turn") {
        CHECK(after("standard", start, "4R") == "Q5,0,0,0,0,1,0,0,0,0,1,1 N 3+0 0+1 0 0");
    }
    SECTION("empty_quan_gap=no: the turn ends at the empty QE") {
        CHECK(after("no-empty-gap", start, "4R") == "Q5,0,0,0,0,1,0,3,0,0,1,1 N 0+0 0+1 0 0");
        CHECK(after("empty_quan_gap=no", start, "4R") == "Q5,0,0,0,0,1,0,3,0,0,1,1 N 0+0 0+1 0 0");
    }
}

TEST_CASE("an empty mandarin pit after a capture chains only when it is a gap",
          "[rules][chain][switch]") {
    // S2 ends in S3; S4 is the gap; S5 (2) is captured; the empty QE after it is a gap in
    // standard, so N1 (3) is captured too and the empty N2, N3 end the turn.
    const std::string start = "Q5,0,1,0,0,2,0,3,0,0,1,1 S 0+0 0+1 0 0";
    CHECK(after("standard", start, "2R") == "Q5,0,0,1,0,0,0,0,0,0,1,1 N 5+0 0+1 0 0");
    CHECK(after("no-empty-gap", start, "2R") == "Q5,0,0,1,0,0,0,3,0,0,1,1 N 2+0 0+1 0 0");
}

TEST_CASE("a gap followed by an empty pit ends the turn (two empties)", "[rules][gap]") {
    CHECK(after("standard", "Q5,1,0,0,0,1,Q5,1,1,1,1,1 S 0+0 0+0 0 0", "1R") ==
          "Q5,0,1,0,0,1,Q5,1,1,1,1,1 N 0+0 0+0 0 0");
}

TEST_CASE("a gap followed by a full square captures its citizens", "[rules][capture]") {
    // S2 ends in S3; S4 is the gap; S5 (4) is captured; QE after it is not empty: the turn ends.
    CHECK(after("standard", "Q5,0,1,0,0,4,Q5,1,1,1,1,1 S 0+0 0+0 0 0", "2R") ==
          "Q5,0,0,1,0,0,Q5,1,1,1,1,1 N 4+0 0+0 0 0");
}

TEST_CASE("a capture of a mandarin pit takes its citizens and its piece", "[rules][capture]") {
    const Rules rules;
    const Position pos = play_moves("standard", "Q5,0,0,1,0,0,Q3,0,0,1,1,1 S 0+0 0+0 0 0", "3R");
    CHECK(to_string(pos) == "Q5,0,0,0,1,0,0,0,0,1,1,1 N 3+1 0+0 0 0");
    CHECK(pos.store_pieces[0] == 1);
    CHECK_FALSE(pos.has_piece(kEastMandarin));
    CHECK(score(pos, Side::South, rules) == 13);
}

TEST_CASE("captures chain over further gaps, and chain=no stops after the first",
          "[rules][chain][switch]") {
    // S5's 2 stones end in N1; N2 is a gap; N3 (2) is captured; N4 is a gap; N5 (3) is captured;
    // QW after it is not empty.
    const std::string start = "Q5,1,0,0,0,2,Q0,1,0,2,0,3 S 0+0 0+0 0 0";
    SECTION("chain=yes") {
        CHECK(after("standard", start, "5R") == "Q5,1,0,0,0,0,Q1,2,0,0,0,0 N 5+0 0+0 0 0");
    }
    SECTION("chain=no") {
        CHECK(after("chain=no", start, "5R") == "Q5,1,0,0,0,0,Q1,2,0,0,0,3 N 2+0 0+0 0 0");
    }
    SECTION("after_capture=stop still chains") {
        CHECK(after("stop-after-capture", start, "5R") ==
              "Q5,1,0,0,0,0,Q1,2,0,0,0,0 N 5+0 0+0 0 0");
    }
}

TEST_CASE("a chain runs clockwise across the end of the pit numbering", "[rules][chain]") {
    // S1's 2 stones go L into QW and N5; N4 is a gap; N3 (4) is captured; N2 is a gap; N1 (1) is
    // captured; QE after it is not empty.
    CHECK(after("standard", "Q5,2,0,0,0,1,Q5,1,0,4,0,3 S 0+0 0+0 0 0", "1L") ==
          "Q6,0,0,0,0,1,Q5,0,0,0,0,4 N 5+0 0+0 0 0");
}

TEST_CASE("a full square after a capture relays, or ends the turn under after_capture=stop",
          "[rules][capture][switch]") {
    // S1 ends in S2; S3 is the gap; S4 (2) is captured; S5 (2) is full.
    const std::string start = "Q5,1,0,0,2,2,Q5,1,0,0,1,1 S 0+0 0+0 0 0";
    SECTION("after_capture=relay: S5's 2 stones go on to QE and N1, then N2, N3 are two empties") {
        CHECK(after("standard", start, "1R") == "Q5,0,1,0,0,0,Q6,2,0,0,1,1 N 2+0 0+0 0 0");
    }
    SECTION("after_capture=stop: the turn ends at S5") {
        CHECK(after("stop-after-capture", start, "1R") ==
              "Q5,0,1,0,0,2,Q5,1,0,0,1,1 N 2+0 0+0 0 0");
        CHECK(after("after_capture=stop", start, "1R") ==
              "Q5,0,1,0,0,2,Q5,1,0,0,1,1 N 2+0 0+0 0 0");
    }
}

TEST_CASE("quan_non protects a young mandarin: its piece and fewer than K citizens",
          "[rules][capture][switch]") {
    SECTION("QE with its piece and 3 citizens is not captured under quan_non=5; the turn ends") {
        const std::string start = "Q5,0,0,1,0,0,Q3,0,0,1,1,1 S 0+0 0+0 0 0";
        CHECK(after("quan-non", start, "3R") == "Q5,0,0,0,1,0,Q3,0,0,1,1,1 N 0+0 0+0 0 0");
        CHECK(after("standard", start, "3R") == "Q5,0,0,0,1,0,0,0,0,1,1,1 N 3+1 0+0 0 0");
        CHECK(after("quan_non=3", start, "3R") == "Q5,0,0,0,1,0,0,0,0,1,1,1 N 3+1 0+0 0 0");
        CHECK(after("quan_non=4", start, "3R") == "Q5,0,0,0,1,0,Q3,0,0,1,1,1 N 0+0 0+0 0 0");
        // Any K > 0 is allowed; one above every citizen in play always protects.
        CHECK(after("quan_non=100", start, "3R") == "Q5,0,0,0,1,0,Q3,0,0,1,1,1 N 0+0 0+0 0 0");
    }
    SECTION("with K citizens it is captured") {
        CHECK(after("quan-non", "Q5,0,0,1,0,0,Q5,0,0,1,1,1 S 0+0 0+0 0 0", "3R") ==
              "Q5,0,0,0,1,0,0,0,0,1,1,1 N 5+1 0+0 0 0");
    }
    SECTION("without its piece a mandarin pit is never protected") {
        CHECK(after("quan-non", "Q5,0,0,1,0,0,2,0,0,1,1,1 S 0+0 0+1 0 0", "3R") ==
              "Q5,0,0,0,1,0,0,0,0,1,1,1 N 2+0 0+1 0 0");
    }
    SECTION("in a chain the protected pit ends the turn and earlier captures stand") {
        const std::string start = "Q5,1,0,0,2,0,Q3,0,0,1,1,1 S 0+0 0+0 0 0";
        CHECK(after("quan-non", start, "1R") == "Q5,0,1,0,0,0,Q3,0,0,1,1,1 N 2+0 0+0 0 0");
        CHECK(after("standard", start, "1R") == "Q5,0,1,0,0,0,0,0,0,1,1,1 N 5+1 0+0 0 0");
    }
}

TEST_CASE("quan_value sets what a captured piece scores", "[rules][score][switch]") {
    const std::string text = "Q5,0,0,0,1,0,0,0,0,1,1,1 N 3+1 0+0 0 0";
    const Rules standard = rules_of("standard");
    const Rules quan5 = rules_of("quan5");
    CHECK(score(position_of(text, standard), Side::South, standard) == 13);
    CHECK(score(position_of(text, quan5), Side::South, quan5) == 8);
    CHECK(score(position_of(text, quan5), Side::North, quan5) == 0);
    CHECK(rules_of("quan_value=5") == quan5);
}

TEST_CASE("quan_setup chooses the start position", "[rules][setup][switch]") {
    CHECK(to_string(start_position(rules_of("standard"))) ==
          "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0");
    CHECK(to_string(start_position(rules_of("quan_setup=stones10"))) ==
          "10,5,5,5,5,5,10,5,5,5,5,5 S 0+0 0+0 0 0");
    CHECK(to_string(position_of("startpos", rules_of("village"))) ==
          "10,5,5,5,5,5,10,5,5,5,5,5 S 0+0 0+0 0 0");
    CHECK(to_string(position_of("startpos", rules_of("standard"))) ==
          "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0");
}

TEST_CASE("direction limits the legal moves to L (cw) or R (ccw)", "[rules][moves][switch]") {
    const std::string text = "Q5,1,0,3,0,1,Q5,2,0,0,0,4 S 0+0 0+0 0 0";
    const Position south = position_of(text, Rules{});
    CHECK(move_texts(south, rules_of("standard")) ==
          std::vector<std::string>{"1L", "1R", "3L", "3R", "5L", "5R"});
    CHECK(move_texts(south, rules_of("direction=cw")) ==
          std::vector<std::string>{"1L", "3L", "5L"});
    CHECK(move_texts(south, rules_of("direction=ccw")) ==
          std::vector<std::string>{"1R", "3R", "5R"});
    CHECK(move_texts(south, rules_of("village")) == std::vector<std::string>{"1L", "3L", "5L"});
    const Position north = position_of("Q5,1,0,3,0,1,Q5,2,0,0,0,4 N 0+0 0+0 0 0", Rules{});
    CHECK(move_texts(north, rules_of("standard")) ==
          std::vector<std::string>{"1L", "1R", "5L", "5R"});
    CHECK(why_illegal(south, Move{1, Direction::R}, rules_of("direction=cw")) ==
          "direction R is not allowed under direction=cw");
    CHECK(why_illegal(south, Move{1, Direction::L}, rules_of("direction=ccw")) ==
          "direction L is not allowed under direction=ccw");
    CHECK_FALSE(is_legal(south, Move{1, Direction::R}, rules_of("direction=cw")));
    CHECK(is_legal(south, Move{1, Direction::L}, rules_of("direction=cw")));
}

TEST_CASE("North's moves use North's own squares and wrap from N5 into QW", "[rules][moves]") {
    // N5 (pit 11) sows R into QW; S1 is a gap; S2 (3) is captured; S3 is a gap and S4 empty.
    // South's squares are now empty: South refills from its own store of 5.
    CHECK(after("standard", "Q5,0,3,0,0,0,Q5,0,0,0,1,1 N 5+0 0+0 0 0", "5R") ==
          "Q6,1,1,1,1,1,Q5,0,0,0,1,0 S 0+0 3+0 0 0");
}

TEST_CASE("a mover with five empty squares refills them", "[rules][refill]") {
    // South's move captures North's last citizens (N1); North must refill before its turn.
    SECTION("from his own store") {
        CHECK(after("standard", "Q5,0,0,0,1,0,0,2,0,0,0,0 S 0+0 7+1 0 0", "4R") ==
              "Q5,0,0,0,0,1,0,1,1,1,1,1 N 2+0 2+1 0 0");
    }
    SECTION("borrowing the shortfall from the opponent's store, recorded as a debt") {
        const Rules rules;
        const Position pos = play_moves("standard", "Q5,0,0,0,1,0,0,2,0,0,0,0 S 0+0 3+1 0 0", "4R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,1,0,1,1,1,1,1 N 0+0 0+1 0 2");
        CHECK(pos.debt[1] == 2);
        // Score counts debts: own debt subtracted, the opponent's added.
        CHECK(score(pos, Side::South, rules) == 0 + 2);
        CHECK(score(pos, Side::North, rules) == 10 - 2);
        CHECK(result(pos, rules) == Result::Ongoing);
    }
    SECTION("an impossible refill ends the game with settlement") {
        const Rules rules;
        const Position pos = play_moves("standard", "Q5,0,0,0,1,0,0,2,0,0,0,0 S 0+0 1+1 0 0", "4R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,0,0,0,0,0,0,0 N 3+0 1+1 0 0");
        CHECK(pos.end == EndReason::RefillImpossible);
        CHECK(score(pos, Side::South, rules) == 3);
        CHECK(score(pos, Side::North, rules) == 11);
        CHECK(result(pos, rules) == Result::NorthWin);
        CHECK(legal_moves(pos, rules).empty());
    }
    SECTION("a parsed position whose mover has five empty squares is the start of a turn") {
        CHECK(to_string(position_of("Q5,0,0,0,0,0,Q5,1,1,1,1,1 S 7+0 0+0 0 0", Rules{})) ==
              "Q5,1,1,1,1,1,Q5,1,1,1,1,1 S 2+0 0+0 0 0");
        CHECK(to_string(position_of("Q5,0,0,0,0,0,Q5,1,1,1,1,1 S 1+0 6+0 3 0", Rules{})) ==
              "Q5,1,1,1,1,1,Q5,1,1,1,1,1 S 0+0 2+0 7 0");
        const Position over = position_of("Q5,0,0,0,0,0,Q5,1,1,1,1,1 S 2+0 2+0 0 0", Rules{});
        CHECK(over.end == EndReason::RefillImpossible);
        CHECK(to_string(over) == "Q5,0,0,0,0,0,Q5,0,0,0,0,0 S 2+0 7+0 0 0");
    }
}

TEST_CASE("end=mandarins_empty: a turn leaving both mandarin pits empty ends and settles",
          "[rules][end][switch]") {
    const Rules rules;
    SECTION("each side's own squares go to its own store") {
        const Position pos = play_moves("standard", "0,0,0,1,0,0,Q3,0,0,1,1,1 S 0+1 0+0 0 0", "3R");
        CHECK(to_string(pos) == "0,0,0,0,0,0,0,0,0,0,0,0 N 4+2 3+0 0 0");
        CHECK(pos.end == EndReason::MandarinsEmpty);
        CHECK(pos.side == Side::North);  // the side passes also when the move ends the game
        CHECK(score(pos, Side::South, rules) == 24);
        CHECK(score(pos, Side::North, rules) == 3);
        CHECK(result(pos, rules) == Result::SouthWin);
    }
    SECTION("a turn that ends the game is not followed by a refill") {
        // North's squares are all empty after the chain, but the game is over: no refill.
        const Position pos = play_moves("standard", "0,0,0,1,0,0,Q3,0,2,0,0,0 S 0+1 9+0 0 0", "3R");
        CHECK(to_string(pos) == "0,0,0,0,0,0,0,0,0,0,0,0 N 6+2 9+0 0 0");
        CHECK(pos.end == EndReason::MandarinsEmpty);
    }
    SECTION("one empty mandarin pit is not enough") {
        const Position pos =
            play_moves("standard", "Q5,0,0,1,0,0,Q3,0,0,1,1,1 S 0+0 0+0 0 0", "3R");
        CHECK_FALSE(pos.is_over());
    }
}

TEST_CASE("end=first_mandarin_capture: a turn that captures a mandarin pit ends the game",
          "[rules][end][switch]") {
    SECTION("a mandarin pit with its piece") {
        const Position pos = play_moves("end=first_mandarin_capture",
                                        "Q5,0,0,1,0,0,Q3,0,0,1,1,1 S 0+0 0+0 0 0", "3R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,0,0,0,0,0,0,0 N 4+1 3+0 0 0");
        CHECK(pos.end == EndReason::MandarinCaptured);
    }
    SECTION("village: 10 pebbles in QW, sown clockwise, captured; the full N5 after it stops") {
        const Rules village = rules_of("village");
        const Position pos = play_moves("village", "10,0,0,1,2,0,10,1,1,1,1,1 S 0+0 0+0 0 0", "3L");
        CHECK(to_string(pos) == "0,0,0,0,0,0,10,0,0,0,0,0 N 13+0 5+0 0 0");
        CHECK(pos.end == EndReason::MandarinCaptured);
        CHECK(result(pos, village) == Result::SouthWin);
    }
    // RULES.md section 4: the turn is played to its end first (rules.md 8.5). Had it ended at the
    // mandarin capture, both would settle to 14 to 3.
    SECTION("a chained capture after the mandarin capture still happens: 16 to 1") {
        const Rules r = rules_of("standard,end=first_mandarin_capture");
        const Position pos = play_moves("standard,end=first_mandarin_capture",
                                        "Q5,0,0,1,0,0,Q3,0,2,0,0,1 S 0+0 0+0 0 0", "3R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,0,0,0,0,0,0,0 N 6+1 1+0 0 0");
        CHECK(pos.end == EndReason::MandarinCaptured);
        CHECK(score(pos, Side::South, r) == 16);
        CHECK(score(pos, Side::North, r) == 1);
    }
    SECTION("a relay after the mandarin capture still happens, and captures again: 15 to 2") {
        const Rules r = rules_of("standard,end=first_mandarin_capture");
        const Position pos = play_moves("standard,end=first_mandarin_capture",
                                        "Q5,0,0,1,0,0,Q3,2,0,0,0,1 S 0+0 0+0 0 0", "3R");
        CHECK(to_string(pos) == "Q5,0,0,0,0,0,0,0,0,0,0,0 N 5+1 2+0 0 0");
        CHECK(pos.end == EndReason::MandarinCaptured);
        CHECK(score(pos, Side::South, r) == 15);
        CHECK(score(pos, Side::North, r) == 2);
    }
    SECTION("village: South's 1L from the start wins at once, 35 to 24") {
        const Rules village = rules_of("village");
        const Position pos = play_moves("village", "startpos", "1L");
        CHECK(to_string(pos) == "0,0,0,0,0,0,11,0,0,0,0,0 N 35+0 24+0 0 0");
        CHECK(pos.end == EndReason::MandarinCaptured);
        CHECK(result(pos, village) == Result::SouthWin);
    }
    SECTION("a capture of squares only does not end it") {
        const Position pos = play_moves("end=first_mandarin_capture",
                                        "Q5,0,1,0,0,4,Q5,1,1,1,1,1 S 0+0 0+0 0 0", "2R");
        CHECK_FALSE(pos.is_over());
    }
}

TEST_CASE("score and result of finished games", "[rules][score]") {
    const Rules standard;
    const Rules quan5 = rules_of("quan5");
    // Both mandarin pits empty: a parsed position like this is a finished game.
    const Position pos = position_of("0,0,0,0,0,0,0,0,0,0,0,0 S 25+1 35+0 0 0", standard);
    REQUIRE(pos.end == EndReason::MandarinsEmpty);
    CHECK(result(pos, standard) == Result::Draw);
    CHECK(result(pos, quan5) == Result::NorthWin);
    const Position debts = position_of("0,0,0,0,0,0,0,0,0,0,0,0 S 30+1 35+1 4 9", standard);
    CHECK(score(debts, Side::South, standard) == 30 + 10 - 4 + 9);
    CHECK(score(debts, Side::North, standard) == 35 + 10 - 9 + 4);
    CHECK(result(debts, standard) == Result::SouthWin);  // 45 to 40
    const Position settles = position_of("0,3,0,0,0,1,0,2,0,0,0,0 N 20+2 23+0 0 0", standard);
    CHECK(to_string(settles) == "0,0,0,0,0,0,0,0,0,0,0,0 N 24+2 25+0 0 0");
    CHECK(result(settles, standard) == Result::SouthWin);
}

TEST_CASE("illegal moves are refused with the reason", "[rules][moves]") {
    const Rules rules;
    const Position pos = position_of("Q5,1,0,3,0,1,Q5,2,0,0,0,4 S 0+0 0+0 0 0", rules);
    CHECK(why_illegal(pos, Move{2, Direction::L}, rules) == "square 2 (S2) is empty");
    CHECK(why_illegal(pos, Move{6, Direction::L}, rules) == "square must be 1..5");
    CHECK(why_illegal(pos, Move{0, Direction::R}, rules) == "square must be 1..5");
    CHECK(why_illegal(pos, Move{3, Direction::R}, rules).empty());
    CHECK_FALSE(is_legal(pos, Move{2, Direction::L}, rules));
    const Position north = position_of("Q5,1,0,3,0,1,Q5,2,0,0,0,4 N 0+0 0+0 0 0", rules);
    CHECK(why_illegal(north, Move{3, Direction::L}, rules) == "square 3 (N3) is empty");
    const Position over = position_of("0,0,0,0,0,0,0,0,0,0,0,0 S 25+1 35+1 0 0", rules);
    CHECK(why_illegal(over, Move{1, Direction::L}, rules) == "the game is over");
    CHECK_FALSE(is_legal(over, Move{1, Direction::L}, rules));
}

TEST_CASE("moves are written as a square and a direction", "[rules][moves][notation]") {
    CHECK(to_string(Move{3, Direction::R}) == "3R");
    CHECK(to_string(Move{1, Direction::L}) == "1L");
    CHECK(parse_move("5L").value() == Move{5, Direction::L});
    auto bad = GENERATE(table<std::string, std::string>({
        {"6L", "\"6L\" is not a move: square must be 1..5"},
        {"0R", "\"0R\" is not a move: square must be 1..5"},
        {"3X", "\"3X\" is not a move: direction must be L or R"},
        {"3r", "\"3r\" is not a move: direction must be L or R"},
        {"", "\"\" is not a move: expected a square 1..5 and L or R, like 3R"},
        {"3RR", "\"3RR\" is not a move: expected a square 1..5 and L or R, like 3R"},
    }));
    auto move = parse_move(std::get<0>(bad));
    REQUIRE_FALSE(move.has_value());
    CHECK(move.error().message == std::get<1>(bad));
}

}  // namespace
}  // namespace oaq::rules
