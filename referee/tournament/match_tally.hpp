// MatchTally: the running tally of one pair of engines (engine 0 against engine 1) from engine
// 0's point of view: the trinomial W/D/L, the pentanomial of completed colour-swapped pairs, the
// pairs still waiting for their second game, and, when an SPRT is configured, its decision. The
// decision is made once: after the first pair that takes the LLR to a bound it stays (a verdict is
// never revised by the games still finishing). outcome_json() is what a run stores as its outcome.
// Pure: no I/O, not thread-safe (the run calls it under its lock).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "tournament/pentanomial.hpp"
#include "tournament/sprt.hpp"

namespace oaq::tournament {

// Where an SPRT stands, for printing and storing.
struct SprtStatus {
    SprtParams params;
    Trinomial games;
    Pentanomial pairs;
    std::optional<EloEstimate> elo;  // from the pairs
    std::optional<double> nelo;      // normalized Elo of the pairs
    double llr = 0;
    double lower_bound = 0;
    double upper_bound = 0;
    SprtDecision decision = SprtDecision::Continue;
    // Where the verdict was reached: the LLR and the games then. Games still running when it came
    // finish afterwards and move `llr`, never the verdict, so both are shown.
    std::optional<double> decision_llr;
    std::int64_t decision_games = 0;
};

// "H1", "H0", "none"; and the long forms "H1 accepted", "H0 accepted", "no verdict".
std::string_view decision_word(SprtDecision decision);
std::string_view decision_phrase(SprtDecision decision);

class MatchTally {
  public:
    explicit MatchTally(std::optional<SprtParams> sprt = std::nullopt) : sprt_(sprt) {}

    // One finished game between engines 0 and 1 (south/north are 0 or 1; other games are
    // ignored). Games sharing a pair index form a pair; the second completes it.
    void add(int south, int north, double south_points, std::int64_t pair_index);

    const Trinomial& trinomial() const { return trinomial_; }
    const Pentanomial& pentanomial() const { return pentanomial_; }
    std::size_t open_pairs() const { return open_.size(); }
    // Engine 0's points over all games.
    double points() const;

    bool has_sprt() const { return sprt_.has_value(); }
    SprtDecision decision() const { return decision_; }
    bool decided() const { return decision_ != SprtDecision::Continue; }
    // Nothing without an SPRT.
    std::optional<SprtStatus> sprt_status() const;
    // {"type":"sprt","games":..,"wins":..,"pentanomial":[..],"elo":..,"llr":..,"verdict":"H1",
    //  "summary":"SPRT [0, 5] normalized alpha=0.05 beta=0.05: H1 accepted, LLR 2.95 ...", ...};
    // "{}" without an SPRT.
    std::string outcome_json() const;

  private:
    std::optional<SprtParams> sprt_;
    Trinomial trinomial_;
    Pentanomial pentanomial_;
    std::map<std::int64_t, double> open_;  // pair index -> engine 0's points in its first game
    SprtDecision decision_ = SprtDecision::Continue;
    double decision_llr_ = 0;
    std::int64_t decision_games_ = 0;
};

}  // namespace oaq::tournament
