// SPRT: the generalized sequential probability ratio test fishtest runs (Michel Van den Bergh's
// GSPRT), on pentanomial pair counts or trinomial game counts. H0 says the true strength is elo0,
// H1 says elo1; the log-likelihood ratio (LLR) compares the maximum-likelihood distributions of
// results constrained to each hypothesis with the observed one. Stop and accept H1 when the LLR
// reaches log((1-beta)/alpha), accept H0 when it falls to log(beta/(1-alpha)).
//
// Two Elo models, as fishtest: logistic Elo bounds constrain the expected score; normalized Elo
// bounds constrain the t-value (score - 1/2) / sigma, which does not depend on the draw rate. The
// bound units are distinct types so a logistic bound can never reach the normalized model.
//
// Pure maths, no I/O. Empty cells are replaced by 1e-3 as fishtest does, so the LLR is finite from
// the first game on. The normalized fit is exact for every accepted bound (fishtest's fixed point
// has no solution past about 230 nElo): see t_value_fit in sprt.cpp. Sources: fishtest
// server/fishtest/stats/LLRcalc.py and stat_util.py;
// https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf (Proposition 1.1) and
// https://www.cantate.be/Fishtest/normalized_elo_practical.pdf (Section 4.1).
#pragma once

#include <optional>
#include <stdexcept>
#include <variant>

#include "common/expected.hpp"
#include "tournament/pentanomial.hpp"

namespace oaq::tournament {

// An Elo value on the logistic scale: expected score 1/(1+10^(-elo/400)).
struct LogisticElo {
    double value = 0.0;
};

// An Elo value on the normalized scale: t-value times 800/ln(10) per game (fishtest's nElo).
struct NormalizedElo {
    double value = 0.0;
};

// The widest bound either model takes: far past any real test (a +1000 logistic bound is an
// expected score of 99.7%), and every fit is tested up to it.
constexpr double kMaxSprtElo = 1000.0;

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

class SprtParams {
  public:
    // Errors: a bound beyond +-kMaxSprtElo, elo0 >= elo1, alpha or beta outside (0, 1),
    // alpha + beta >= 1.
    static Expected<SprtParams> logistic(LogisticElo elo0, LogisticElo elo1, double alpha,
                                         double beta);
    static Expected<SprtParams> normalized(NormalizedElo elo0, NormalizedElo elo1, double alpha,
                                           double beta);

    bool is_normalized() const { return std::holds_alternative<Normalized>(bounds_); }
    double elo0() const;
    double elo1() const;
    double alpha() const { return alpha_; }
    double beta() const { return beta_; }
    double lower_bound() const;  // log(beta / (1 - alpha))
    double upper_bound() const;  // log((1 - beta) / alpha)

    // Accept H1 at or above the upper bound, H0 at or below the lower bound.
    SprtDecision decide(double llr) const;

  private:
    struct Logistic {
        LogisticElo elo0, elo1;
    };
    struct Normalized {
        NormalizedElo elo0, elo1;
    };
    using Bounds = std::variant<Logistic, Normalized>;
    SprtParams(Bounds bounds, double alpha, double beta)
        : bounds_(bounds), alpha_(alpha), beta_(beta) {}
    static Expected<SprtParams> make(Bounds bounds, double lo, double hi, double alpha,
                                     double beta);

    Bounds bounds_;
    double alpha_;
    double beta_;
};

// A maximum-likelihood fit that did not converge: a bug for bounds SprtParams accepts (the tests
// fit every kind of count vector at the extreme bounds), never silently replaced by a guess.
class SprtFitError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The LLR of H1 over H0 for pair counts (fishtest's LLR_logistic / LLR_normalized on 5 cells)
// and for game counts (the same on 3 cells). 0 when there is nothing to test yet. Throws
// SprtFitError when a fit fails.
double llr(const SprtParams& params, const Pentanomial& pairs);
double llr(const SprtParams& params, const Trinomial& games);

// Normalized Elo of observed results, fishtest's definition: nElo = (mu - 1/2) / sigma_game *
// 800 / ln 10, where mu is the mean score per game and sigma_game the standard deviation per game;
// with pairs sigma_game = sqrt(2) * (standard deviation of the pair's per-game score). Nothing
// when there are no results or the variance is 0.
std::optional<double> normalized_elo(const Pentanomial& pairs);
std::optional<double> normalized_elo(const Trinomial& games);

}  // namespace oaq::tournament
