// Ratings: maximum-likelihood Plackett-Luce ratings on the logistic Elo scale, fitted over all
// games at once, one model for games of 2, 3 and 4 seats. Engine i has strength 10^(r_i/400); a
// game's finishing order (best first) has the Plackett-Luce probability: the product, over its
// places, of the strength of the engine placed there over the total strength of the engines not
// yet placed. Ties are broken every way: a game's log-likelihood is the mean, over the orders that
// break its ties, of the log-probability of that order. With two seats this is Bradley-Terry:
// engine i scores against engine j with expectation 1/(1+10^(-(r_i-r_j)/400)) and a draw counts
// as half a point for each side. The fit depends only on how often each engine was placed first
// among each set of engines still unplaced, never on the order of the games.
//
// It never reports an infinite or made-up number: a rating only exists where the maximum of the
// likelihood does. Engines that were never beaten (100%) or never beat anyone (0%), or sit in a
// chain of one-sided results, get a status instead; groups that cannot be compared (never met, or
// met with one-sided results only) are fitted separately, each anchored on its own, and flagged
// Disconnected. Ratings never pool games of different numbers of seats. Pure: no I/O.
#pragma once

#include <array>
#include <cstddef>
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

// Most seats at one table (RULES.md section 9: players=2, 3 or 4).
inline constexpr std::size_t kMaxTableSeats = 4;

// One finished game of 2 to 4 seats. Engines are indices into the caller's engine list, in seat
// order; a seat's rank is 1 for first, and equal ranks are ties (RULES.md section 9: 1, 1, 3).
struct TableResult {
    std::size_t seats = 2;
    std::array<int, kMaxTableSeats> engines{};
    std::array<int, kMaxTableSeats> ranks{};
};

// A seat's points from a game (RULES.md section 9): (seats it ranks above + half the seats it
// ties with) / (seats - 1). 1, 0.5 or 0 with two seats.
double table_points(const TableResult& game, std::size_t seat);

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
    double points = 0.0;  // table_points() summed over its games
    double score = 0.0;   // points / games, 0 without games
    // Games it ranked above every other seat (points 1), below every other seat (points 0), and
    // the rest: with two seats its wins, losses and draws.
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

// Fits ratings for engines 0..engines-1 from 2-seat `games`. Errors: an engine index out of
// range, an engine playing itself, or points other than 0, 0.5 or 1; an anchor engine out of
// range. The errors come from the inverse Fisher information (the negated Hessian of the
// log-likelihood, which here is also the observed information) under the anchor constraint,
// times 1.96. Maximised by Newton's method on the natural-log strengths with step halving.
Expected<std::vector<EngineRating>> fit_ratings(int engines, std::span<const GameResult> games,
                                                const Anchor& anchor = {});

// The same fit from games of 2, 3 or 4 seats, all with the same number of seats. Errors as
// fit_ratings, and: a seat count outside 2..4 or different from the first game's, a rank outside
// 1..seats. A 2-seat TableResult rates exactly as the GameResult it stands for.
Expected<std::vector<EngineRating>> fit_table_ratings(int engines,
                                                      std::span<const TableResult> games,
                                                      const Anchor& anchor = {});

}  // namespace oaq::tournament
