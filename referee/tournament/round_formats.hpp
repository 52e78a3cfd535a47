// Round formats: the Swiss and the knockout, whose rounds are paired from the results of the
// rounds before. Pure: a run's rounds are replayed from its stored games alone (and its
// definition: engines, seeding, rounds, games per pairing, bye points, tie-break pairs), so a
// resumed run, a view and a fresh run all see the same rounds, the same pairings, the same byes
// and the same game numbers. A phase is a set of pairings played together (a round barrier): a
// Swiss round, a knockout round's matches, or its tie-break pairs for the matches left tied.
//
// Game numbering: every pairing plays `pairs` colour-swapped pairs, pair p holding games 2p and
// 2p+1, each pair from its own opening (opening index = pair index). A Swiss round r pairing k
// holds pairs (r x floor(n/2) + k) x pairs ...; a knockout phase's pairs follow the pairs of every
// phase before it (all of them complete before it starts).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/words.hpp"
#include "tournament/schedule.hpp"
#include "tournament/swiss_pairing.hpp"

namespace oaq::tournament {

struct RunDefinition;

// What a round format needs from its run's definition.
struct RoundParams {
    int engines = 0;
    std::vector<int> seed_order;  // engine indices, the top seed first
    int rounds = 1;               // Swiss rounds
    int pairs = 1;                // colour-swapped pairs per pairing (a knockout match)
    int bye_half_points = 4;      // a Swiss bye's worth, in half-points
    int tiebreak_pairs = 1;       // knockout: pairs played by a tied match before the seed rule
};
// Fails for a definition of another format or a seeding that is not its engines.
Expected<RoundParams> round_params(const RunDefinition& definition);

// The stored games of a run, by pair: who was South and the South points of each game.
class PairResults {
  public:
    void add(std::int64_t pair_index, int south, double south_points);
    // The games stored of pair p (0, 1 or 2).
    int games(std::int64_t pair) const;
    // Engine e's points in pair p's stored games.
    double points(std::int64_t pair, int engine) const;

  private:
    struct Game {
        int south = 0;
        double south_points = 0;
    };
    std::map<std::int64_t, std::vector<Game>> pairs_;
};

// One pairing of a phase: `pairs` pairs from `first_pair` on. `first` is South in the first game
// of its even pairs, `second` of its odd ones.
struct PlannedPairing {
    int round = 0;  // 0-based
    int first = 0;
    int second = 0;
    std::int64_t first_pair = 0;
    int pairs = 1;
    bool tiebreak = false;

    friend bool operator==(const PlannedPairing&, const PlannedPairing&) = default;
};

struct RoundBye {
    int round = 0;  // 0-based
    int engine = 0;
    int half_points = 0;

    friend bool operator==(const RoundBye&, const RoundBye&) = default;
};

// The next set of pairings to play together, and the byes of its round.
struct Phase {
    int round = 0;
    bool tiebreak = false;
    std::vector<PlannedPairing> pairings;
    std::vector<RoundBye> byes;
};

// The games of a phase as the runner plays them (opening index = pair index).
std::vector<Pairing> phase_games(const Phase& phase);
// Whether every game of `pairing` is stored.
bool is_played(const PlannedPairing& pairing, const PairResults& results);
// `engine`'s points in the stored games of `pairing`.
double pairing_points(const PlannedPairing& pairing, const PairResults& results, int engine);

// ---- Swiss ----------------------------------------------------------------------------------

struct SwissRoundPlan {
    std::vector<PlannedPairing> pairings;
    std::optional<RoundBye> bye;
    int repeats = 0;
};

struct SwissReplay {
    std::vector<SwissRoundPlan> rounds;  // every round paired so far (the last may be unplayed)
    std::optional<Phase> next;           // nothing when every round is played
};

// Pairs round after round from the stored results until a round is not complete (it is `next`)
// or all rounds are played. Fails when a round cannot be paired.
Expected<SwissReplay> replay_swiss(const RoundParams& params, const PairResults& results);

// Games a Swiss plans: rounds x floor(n/2) pairings x 2 x pairs.
std::int64_t swiss_games(const RoundParams& params);

// ---- knockout -------------------------------------------------------------------------------

enum class KnockoutDecision {
    Pending,        // not played yet
    Bye,            // no opponent in the bracket
    Games,          // won on points in the match's pairs
    TiebreakPairs,  // tied, won on points in the tie-break pairs
    HigherSeed,     // still tied: the higher (better) seed goes through
};

inline constexpr auto kKnockoutDecisionWords = words<KnockoutDecision>({
    {KnockoutDecision::Pending, "pending"},
    {KnockoutDecision::Bye, "bye"},
    {KnockoutDecision::Games, "games"},
    {KnockoutDecision::TiebreakPairs, "tiebreak"},
    {KnockoutDecision::HigherSeed, "higher seed"},
});
inline std::string_view to_string(KnockoutDecision d) {
    return kKnockoutDecisionWords.word(d);
}

struct KnockoutMatch {
    int round = 0;
    int higher = -1;  // engine indices; -1: nobody (a bye) or not known yet
    int lower = -1;
    PlannedPairing games;                              // when both engines are known
    std::optional<PlannedPairing> tiebreak;            // when the match was tied after its games
    double higher_points = 0, lower_points = 0;        // in its games
    double higher_tb_points = 0, lower_tb_points = 0;  // in its tie-break pairs
    int winner = -1;
    KnockoutDecision decision = KnockoutDecision::Pending;
};

struct KnockoutReplay {
    int bracket_size = 1;                            // the power of two the bracket is drawn for
    std::vector<std::vector<KnockoutMatch>> rounds;  // in bracket order; later rounds may be
                                                     // Pending with engines unknown
    std::optional<Phase> next;
    int champion = -1;
};

// The bracket positions of the seeds (0-based) for `size` (a power of two): 1 meets `size`, and
// seeds 1 and 2 can meet only in the final, 1 to 4 only in the semi-finals, and so on.
std::vector<int> bracket_order(int size);

// Plays the bracket from the stored results: byes to the top seeds when n is not a power of two,
// each match `pairs` pairs, a tied match `tiebreak_pairs` more, then the higher seed.
KnockoutReplay replay_knockout(const RoundParams& params, const PairResults& results);

// The most games a knockout can play: (n - 1) matches x 2 x (pairs + tie-break pairs); a match
// decided in its own pairs plays no tie-break.
std::int64_t knockout_games(const RoundParams& params);

}  // namespace oaq::tournament
