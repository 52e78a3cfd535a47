#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "tournament/round_formats.hpp"
#include "tournament/swiss_standings.hpp"

using oaq::tournament::bracket_order;
using oaq::tournament::KnockoutDecision;
using oaq::tournament::PairResults;
using oaq::tournament::PlannedPairing;
using oaq::tournament::replay_knockout;
using oaq::tournament::RoundParams;

namespace {

RoundParams field(std::vector<int> seed_order, int pairs = 1, int tiebreak_pairs = 1) {
    RoundParams p;
    p.engines = static_cast<int>(seed_order.size());
    p.seed_order = std::move(seed_order);
    p.pairs = pairs;
    p.tiebreak_pairs = tiebreak_pairs;
    return p;
}

// Stores every game of `pp` with `winner` winning each (or drawn when winner is -1).
void play(PairResults& results, const PlannedPairing& pp, int winner) {
    for (int j = 0; j < pp.pairs; ++j) {
        for (int g = 0; g < 2; ++g) {
            const int south = (j + g) % 2 == 0 ? pp.first : pp.second;
            results.add(pp.first_pair + j, south, winner < 0 ? 0.5 : south == winner ? 1.0 : 0.0);
        }
    }
}

}  // namespace

TEST_CASE("the bracket order keeps the top seeds apart until the last rounds", "[knockout]") {
    CHECK(bracket_order(2) == std::vector<int>{0, 1});
    CHECK(bracket_order(4) == std::vector<int>{0, 3, 1, 2});
    CHECK(bracket_order(8) == std::vector<int>{0, 7, 3, 4, 1, 6, 2, 5});
}

TEST_CASE("a knockout of 5 gives byes to the top three seeds", "[knockout]") {
    auto replay = replay_knockout(field({0, 1, 2, 3, 4}), {});
    CHECK(replay.bracket_size == 8);
    REQUIRE(replay.next);
    CHECK(replay.next->round == 0);
    REQUIRE(replay.next->pairings.size() == 1);
    CHECK(replay.next->pairings[0].first == 3);  // seed 4 plays seed 5
    CHECK(replay.next->pairings[0].second == 4);
    int byes = 0;
    for (const auto& m : replay.rounds[0]) byes += m.decision == KnockoutDecision::Bye ? 1 : 0;
    CHECK(byes == 3);
    CHECK(replay.rounds.size() == 3);  // drawn whole: quarter-finals, semi-finals, final
}

TEST_CASE("a knockout of 6 plays to a champion with compact game numbers", "[knockout]") {
    const auto p = field({5, 4, 3, 2, 1, 0});  // engine 5 is the top seed
    PairResults results;
    std::set<std::int64_t> pairs;
    int phases = 0;
    while (true) {
        auto replay = replay_knockout(p, results);
        if (!replay.next) {
            CHECK(replay.champion == 5);
            break;
        }
        REQUIRE(++phases < 10);
        for (const auto& pp : replay.next->pairings) {
            CHECK(pairs.insert(pp.first_pair).second);
            play(results, pp, pp.first);  // the higher seed wins
        }
    }
    CHECK(phases == 3);  // 2 matches, then 2 semi-finals, then the final
    CHECK(pairs == std::set<std::int64_t>{0, 1, 2, 3, 4});
}

TEST_CASE("a tied knockout match plays its tie-break pairs, which decide it", "[knockout]") {
    const auto p = field({1, 0}, 1, 2);  // engine 1 is the top seed
    PairResults results;
    auto replay = replay_knockout(p, results);
    play(results, replay.next->pairings[0], -1);  // drawn
    replay = replay_knockout(p, results);
    REQUIRE(replay.next);
    CHECK(replay.next->tiebreak);
    const auto tb = replay.next->pairings.at(0);
    CHECK(tb.pairs == 2);
    CHECK(tb.first_pair == 1);
    play(results, tb, 0);  // the lower seed wins the tie-break
    replay = replay_knockout(p, results);
    CHECK_FALSE(replay.next);
    CHECK(replay.champion == 0);
    CHECK(replay.rounds[0][0].decision == KnockoutDecision::TiebreakPairs);
}

TEST_CASE(
    "a knockout match still tied after its tie-break goes to the higher seed, not the "
    "first-listed engine",
    "[knockout]") {
    const auto p = field({1, 0}, 1, 1);  // engine 1, listed second, is the top seed
    PairResults results;
    auto replay = replay_knockout(p, results);
    play(results, replay.next->pairings[0], -1);
    replay = replay_knockout(p, results);
    play(results, replay.next->pairings[0], -1);
    replay = replay_knockout(p, results);
    CHECK_FALSE(replay.next);
    CHECK(replay.champion == 1);
    CHECK(replay.rounds[0][0].decision == KnockoutDecision::HigherSeed);
}

TEST_CASE("without tie-break pairs a tied knockout match goes to the higher seed at once",
          "[knockout]") {
    const auto p = field({1, 0}, 1, 0);
    PairResults results;
    auto replay = replay_knockout(p, results);
    play(results, replay.next->pairings[0], -1);
    replay = replay_knockout(p, results);
    CHECK_FALSE(replay.next);
    CHECK(replay.champion == 1);
}

TEST_CASE("Swiss standings break ties by Buchholz and name the Sonneborn-Berger of each engine",
          "[swiss]") {
    using oaq::tournament::SwissByeResult;
    using oaq::tournament::SwissGame;
    // Points: engine 1 2.5, engines 0 and 2 1.5 each, engine 3 0.5.
    const std::vector<int> seeds{0, 1, 2, 3};
    const std::vector<SwissGame> games{{0, 2, 1.0}, {1, 3, 1.0}, {2, 0, 0.5},
                                       {3, 1, 0.5}, {2, 3, 1.0}, {0, 1, 0.0}};
    const auto lines =
        oaq::tournament::swiss_standings(seeds, games, std::vector<SwissByeResult>{});
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].engine == 1);
    CHECK(lines[0].points == 2.5);
    CHECK(lines[0].sonneborn_berger == Approx(1.0 * 0.5 + 0.5 * 0.5 + 1.0 * 1.5));
    CHECK(lines[1].engine == 0);  // Buchholz 1.5 + 1.5 + 2.5
    CHECK(lines[1].buchholz == 5.5);
    CHECK(lines[2].engine == 2);  // Buchholz 1.5 + 1.5 + 0.5
    CHECK(lines[2].buchholz == 3.5);
    CHECK(lines[3].engine == 3);
    CHECK(lines[3].rank == 4);
}

TEST_CASE("engines equal in points and every tie-break share a rank, the better seed listed first",
          "[swiss]") {
    using oaq::tournament::SwissByeResult;
    using oaq::tournament::SwissGame;
    const std::vector<int> seeds{1, 0};
    const std::vector<SwissGame> games{{0, 1, 1.0}, {1, 0, 1.0}};
    const auto lines =
        oaq::tournament::swiss_standings(seeds, games, std::vector<SwissByeResult>{});
    CHECK(lines[0].engine == 1);
    CHECK(lines[0].rank == 1);
    CHECK(lines[1].rank == 1);
    CHECK(lines[0].direct == 1.0);
}

TEST_CASE("a bye counts in Buchholz as a virtual opponent with the engine's own points",
          "[swiss]") {
    using oaq::tournament::SwissByeResult;
    using oaq::tournament::SwissGame;
    const std::vector<int> seeds{0, 1, 2};
    const std::vector<SwissGame> games{{0, 1, 1.0}, {1, 0, 0.0}};
    const std::vector<SwissByeResult> byes{{2, 2.0, 2}};
    const auto lines = oaq::tournament::swiss_standings(seeds, games, byes);
    CHECK(lines[0].engine == 2);
    CHECK(lines[0].points == 2.0);
    CHECK(lines[0].byes == 1);
    CHECK(lines[0].games == 0);
    CHECK(lines[0].buchholz == 4.0);  // 2 games x its own 2 points
    CHECK(lines[1].engine == 0);
    CHECK(lines[1].points == 2.0);
    CHECK(lines[1].buchholz == 0.0);  // two games against engine 1, who has 0
}
