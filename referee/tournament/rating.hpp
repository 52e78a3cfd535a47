// Ratings: maximum-likelihood Bradley-Terry ratings on the logistic Elo scale, fitted over all
// games at once. Engine i scores against engine j with expectation 1/(1+10^(-(r_i-r_j)/400)); a
// draw counts as half a point for each side. The fit depends only on how many points each engine
// took off each other engine, never on the order of the games.
//
// It never reports an infinite or made-up number: a rating only exists where the maximum of the
// likelihood does. Engines that scored 100% or 0%, or sit in a chain of one-sided results, get a
// status instead; groups that cannot be compared (never met, or met with one-sided results only)
// are fitted separately, each anchored on its own, and flagged Disconnected. Pure: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "common/expected.hpp"
#include "common/words.hpp"

namespace oaq::tournament {

// One finished game. Engines are indices into the caller's engine list.
struct GameResult {
    int south = 0;
    int north = 0;
    double south_points = 0.5;            // 1 win, 0.5 draw, 0 loss
    std::optional<std::int64_t> pair_id;  // shared by the two games of a colour-swapped pair
};

// Logistic Elo difference for an expected score s: -400 log10(1/s - 1). 0.6 -> +70.4.
// Returns -infinity for s <= 0 and +infinity for s >= 1.
double elo_from_score(double score);

// Expected score for an Elo difference: 1/(1+10^(-elo/400)).
double score_from_elo(double elo);

enum class RatingStatus {
    Ok,            // rated, comparable with every other Ok engine
    NoGames,       // played no game: no rating
    AllWins,       // scored 100%: rating would be +infinity, left out of the fit
    AllLosses,     // scored 0%: rating would be -infinity, left out of the fit
    Unbounded,     // mixed score, but only one-sided results link it to the rest: no finite MLE
    Disconnected,  // rated within its own group only (see EngineRating::group)
};

inline constexpr auto kRatingStatusWords = words<RatingStatus>({
    {RatingStatus::Ok, "ok"},
    {RatingStatus::NoGames, "no_games"},
    {RatingStatus::AllWins, "all_wins"},
    {RatingStatus::AllLosses, "all_losses"},
    {RatingStatus::Unbounded, "unbounded"},
    {RatingStatus::Disconnected, "disconnected"},
});
inline std::string_view to_string(RatingStatus status) {
    return kRatingStatusWords.word(status);
}

struct EngineRating {
    RatingStatus status = RatingStatus::NoGames;
    double rating = 0.0;  // Elo; meaningful for Ok and Disconnected only
    double error = 0.0;   // 95% half-width of the rating's interval, same condition
    int group = -1;       // which fitted group (ratings compare within a group); -1 if unfitted
    std::int64_t games = 0;
    double points = 0.0;
    double score = 0.0;  // points / games, 0 without games
    std::int64_t wins = 0;
    std::int64_t draws = 0;
    std::int64_t losses = 0;
};

// Where the scale sits. By default the mean of each fitted group is 0. With an engine named, that
// engine's rating is `rating` exactly (error 0) and the others are measured from it; groups that
// do not contain it keep mean anchoring (and are Disconnected anyway).
struct Anchor {
    std::optional<int> engine;
    double rating = 0.0;  // the value of the anchor (the group mean, or the engine's rating)
};

// Fits ratings for engines 0..engines-1 from `games`. Errors: an engine index out of range, an
// engine playing itself, or points other than 0, 0.5 or 1; an anchor engine out of range.
// The errors come from the inverse Fisher information (the negated Hessian of the log-likelihood)
// under the anchor constraint, times 1.96.
Expected<std::vector<EngineRating>> fit_ratings(int engines, std::span<const GameResult> games,
                                                const Anchor& anchor = {});

}  // namespace oaq::tournament
