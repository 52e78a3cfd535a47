// Swiss standings: points (games and byes) and the tie-breaks that order engines on equal points,
// in this order (FIDE's usual ones, named wherever the table is shown):
//   1. Buchholz: the sum of the final points of every opponent, once per game played against it;
//      a bye counts as a game against an opponent with the engine's own points (FIDE's virtual
//      opponent), so a bye neither helps nor hurts.
//   2. Sonneborn-Berger: the sum, over the games played, of the points the engine scored times the
//      opponent's final points (a bye adds nothing).
//   3. Direct encounter: the points the engine scored in the games among the engines still tied
//      after 1 and 2.
//   4. The seed (the better seed first); engines equal in 1 to 3 share a rank.
// Pure: no I/O.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace oaq::tournament {

struct SwissGame {
    int south = 0;
    int north = 0;
    double south_points = 0.5;
};

struct SwissByeResult {
    int engine = 0;
    double points = 0;
    int games = 2;  // the games of a pairing it stands for (Buchholz)
};

struct SwissLine {
    int rank = 0;
    int engine = 0;
    int seed = 0;  // 0-based
    double points = 0;
    int games = 0;
    int wins = 0, draws = 0, losses = 0;
    int byes = 0;
    double buchholz = 0;
    double sonneborn_berger = 0;
    double direct = 0;  // among the engines tied with it on points, Buchholz and S-B
};

inline constexpr const char* kSwissTiebreaks =
    "points, then Buchholz, Sonneborn-Berger, direct encounter, seed";

// `seed_of[e]`: engine e's seed (0 is the top).
std::vector<SwissLine> swiss_standings(std::span<const int> seed_of,
                                       std::span<const SwissGame> games,
                                       std::span<const SwissByeResult> byes);

}  // namespace oaq::tournament
