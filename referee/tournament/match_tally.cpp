#include "tournament/match_tally.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "common/json.hpp"

namespace oaq::tournament {

std::string_view decision_word(SprtDecision d) {
    return d == SprtDecision::AcceptH1 ? "H1" : d == SprtDecision::AcceptH0 ? "H0" : "none";
}

std::string_view decision_phrase(SprtDecision d) {
    return d == SprtDecision::AcceptH1   ? "H1 accepted"
           : d == SprtDecision::AcceptH0 ? "H0 accepted"
                                         : "no verdict";
}

void MatchTally::add(int south, int north, double south_points, std::int64_t pair_index) {
    if (!((south == 0 && north == 1) || (south == 1 && north == 0))) return;
    const double p0 = south == 0 ? south_points : 1.0 - south_points;
    trinomial_.add(p0);
    auto open = open_.find(pair_index);
    if (open == open_.end()) {
        open_[pair_index] = p0;
    } else {
        ++pentanomial_.counts[static_cast<std::size_t>(std::lround((open->second + p0) * 2))];
        open_.erase(open);
    }
    if (sprt_ && decision_ == SprtDecision::Continue && pentanomial_.pairs() > 0) {
        const double now = llr(*sprt_, pentanomial_);
        decision_ = sprt_->decide(now);
        if (decision_ != SprtDecision::Continue) {
            decision_llr_ = now;
            decision_games_ = trinomial_.games();
        }
    }
}

double MatchTally::points() const {
    return static_cast<double>(trinomial_.wins) + 0.5 * static_cast<double>(trinomial_.draws);
}

std::optional<SprtStatus> MatchTally::sprt_status() const {
    if (!sprt_) return std::nullopt;
    return SprtStatus{*sprt_,
                      trinomial_,
                      pentanomial_,
                      elo_estimate(pentanomial_),
                      normalized_elo(pentanomial_),
                      llr(*sprt_, pentanomial_),
                      sprt_->lower_bound(),
                      sprt_->upper_bound(),
                      decision_,
                      decided() ? std::optional<double>(decision_llr_) : std::nullopt,
                      decided() ? decision_games_ : 0};
}

namespace {

std::string fixed2(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

std::string general(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string summary_text(const SprtStatus& s) {
    const auto& p = s.params;
    const std::string text = "SPRT [" + general(p.elo0()) + ", " + general(p.elo1()) + "] " +
                             (p.is_normalized() ? "normalized" : "logistic") +
                             " alpha=" + general(p.alpha()) + " beta=" + general(p.beta()) + ": " +
                             std::string(decision_phrase(s.decision));
    const std::string bounds = " (" + fixed2(s.lower_bound) + ", " + fixed2(s.upper_bound) + ")";
    const auto games = std::to_string(s.games.games()) + " games";
    if (!s.decision_llr || s.decision_games == s.games.games())
        return text + ", LLR " + fixed2(s.llr) + bounds + ", " + games;
    // Games that were running when the verdict came finished after it: they change the LLR shown
    // for all games, not the verdict (it was reached at decision_llr).
    return text + " at LLR " + fixed2(*s.decision_llr) + bounds + " after " +
           std::to_string(s.decision_games) +
           " games; with the games that finished after it, LLR " + fixed2(s.llr) + ", " + games;
}

}  // namespace

std::string MatchTally::outcome_json() const {
    const auto status = sprt_status();
    if (!status) return "{}";
    const auto& s = *status;
    Json j;
    j.field("type", "sprt").field("games", s.games.games());
    j.field("wins", s.games.wins).field("draws", s.games.draws).field("losses", s.games.losses);
    std::vector<std::string> penta;
    for (auto n : s.pairs.counts) penta.push_back(std::to_string(n));
    j.raw("pentanomial", Json::array(penta));
    j.field("elo", s.elo ? std::optional<double>(s.elo->elo) : std::nullopt);
    j.field("elo_error", s.elo ? std::optional<double>(s.elo->error) : std::nullopt);
    j.field("nelo", s.nelo);
    j.field("llr", s.llr).field("lower_bound", s.lower_bound).field("upper_bound", s.upper_bound);
    j.field("model", s.params.is_normalized() ? "normalized" : "logistic");
    j.field("elo0", s.params.elo0()).field("elo1", s.params.elo1());
    j.field("alpha", s.params.alpha()).field("beta", s.params.beta());
    j.field("verdict", decision_word(s.decision));
    j.field("decision_llr", s.decision_llr);
    if (s.decision_llr)
        j.field("decision_games", s.decision_games);
    else
        j.null("decision_games");
    j.field("summary", summary_text(s));
    return j.str();
}

}  // namespace oaq::tournament
