// MatchTally: engine 0's trinomial and pentanomial, open pairs, and an SPRT decision that stays.
#include <catch2/catch.hpp>

#include "common/json_reader.hpp"
#include "tournament/match_tally.hpp"

using namespace oaq;
using namespace oaq::tournament;

TEST_CASE("the tally counts games and completed pairs from engine 0's side", "[match_tally]") {
    MatchTally t;
    t.add(0, 1, 1.0, 0);  // engine 0 wins as South
    CHECK(t.open_pairs() == 1);
    t.add(1, 0, 0.5, 0);  // draw as North: pair 0 scores 1.5 -> WD
    t.add(0, 1, 0.0, 1);
    t.add(1, 0, 1.0, 1);  // engine 0 loses both: LL
    t.add(0, 1, 0.5, 2);  // lone game
    t.add(0, 2, 1.0, 3);  // not a game of this pair: ignored
    CHECK(t.trinomial() == Trinomial{1, 2, 2});
    CHECK(t.pentanomial().counts == std::array<std::int64_t, 5>{1, 0, 0, 1, 0});
    CHECK(t.open_pairs() == 1);
    CHECK(t.points() == 2.0);
    CHECK_FALSE(t.has_sprt());
    CHECK(t.outcome_json() == "{}");
    CHECK_FALSE(t.sprt_status());
}

TEST_CASE("an SPRT verdict is reached on pairs and then stays", "[match_tally][sprt]") {
    MatchTally t(SprtParams::normalized({0}, {5}, 0.05, 0.05).value());
    std::int64_t pair = 0;
    while (!t.decided() && pair < 10000) {
        t.add(0, 1, 1.0, pair);
        t.add(1, 0, pair % 3 == 0 ? 0.5 : 0.0, pair);
        ++pair;
    }
    REQUIRE(t.decided());
    CHECK(t.decision() == SprtDecision::AcceptH1);
    const auto at_verdict = t.sprt_status().value();
    REQUIRE(at_verdict.decision_llr);
    CHECK(*at_verdict.decision_llr >= at_verdict.upper_bound);
    CHECK(at_verdict.decision_games == 2 * pair);
    // Losses after the verdict do not revise it.
    for (int i = 0; i < 20; ++i) {
        t.add(0, 1, 0.0, pair);
        t.add(1, 0, 1.0, pair++);
    }
    CHECK(t.decision() == SprtDecision::AcceptH1);
    const auto s = t.sprt_status();
    REQUIRE(s);
    CHECK(s->upper_bound == Approx(std::log(0.95 / 0.05)));
    auto json = parse_json(t.outcome_json());
    REQUIRE(json);
    CHECK(*json->find("type")->as_string() == "sprt");
    CHECK(*json->find("verdict")->as_string() == "H1");
    CHECK(*json->find("model")->as_string() == "normalized");
    CHECK(json->find("games")->as_int64() == t.trinomial().games());
    CHECK_THAT(*json->find("summary")->as_string(),
               Catch::StartsWith("SPRT [0, 5] normalized alpha=0.05 beta=0.05: H1 accepted"));
    // Both LLRs are kept: where the verdict was reached, and over every game.
    CHECK(s->decision_llr == at_verdict.decision_llr);
    CHECK(s->decision_games == at_verdict.decision_games);
    CHECK(s->llr < *s->decision_llr);
    CHECK(json->find("decision_games")->as_int64() == at_verdict.decision_games);
    CHECK_THAT(*json->find("summary")->as_string(),
               Catch::Contains("H1 accepted at LLR") &&
                   Catch::Contains("after " + std::to_string(at_verdict.decision_games) +
                                   " games; with the games that finished after it"));
}

TEST_CASE("no decision is made before a complete pair", "[match_tally][sprt]") {
    MatchTally t(SprtParams::logistic({0}, {1}, 0.4, 0.4).value());
    t.add(0, 1, 1.0, 0);
    CHECK_FALSE(t.decided());
    CHECK(t.sprt_status()->llr == 0.0);
    CHECK(decision_word(SprtDecision::Continue) == "none");
    CHECK(decision_phrase(SprtDecision::AcceptH0) == "H0 accepted");
}
