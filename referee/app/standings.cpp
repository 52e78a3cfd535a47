#include "app/standings.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "common/json.hpp"

namespace oaq::app {

std::string elo_text(const tournament::EngineRating& r) {
    using tournament::RatingStatus;
    switch (r.status) {
        case RatingStatus::Ok:
            return fmt::format("{:+.0f} ± {:.0f}", r.rating, r.error);
        case RatingStatus::Disconnected:
            return fmt::format("{:+.0f} ± {:.0f} (group {})", r.rating, r.error, r.group);
        case RatingStatus::AllWins:
            return "all wins";
        case RatingStatus::AllLosses:
            return "all losses";
        case RatingStatus::Unbounded:
            return "unbounded";
        case RatingStatus::NoGames:
            return "-";
    }
    return "-";
}

std::string standings_table(const std::vector<StandingsLine>& lines) {
    std::size_t width = 6;
    for (const auto& l : lines) width = std::max(width, l.engine.size());
    std::string out =
        fmt::format("{:>4}  {:<{}}  {:>6}  {:>7}  {:>6}  {:<22}  {:>6}  {:>8}\n", "rank", "engine",
                    width, "games", "points", "score", "elo ± 95%", "draws", "failures");
    for (const auto& l : lines) {
        out += fmt::format("{:>4}  {:<{}}  {:>6}  {:>7.1f}  {:>5.1f}%  {:<22}  {:>6}  {:>8}\n",
                           l.rank, l.engine, width, l.rating.games, l.rating.points,
                           100.0 * l.rating.score, elo_text(l.rating), l.rating.draws, l.failures);
    }
    const bool split = std::any_of(lines.begin(), lines.end(), [](const StandingsLine& l) {
        return l.rating.status == tournament::RatingStatus::Disconnected;
    });
    if (split) {
        out +=
            "note: the results split the engines into groups (one group only won against the "
            "other), so ratings compare only within a group; play more games to join them.\n";
    }
    return out;
}

std::string standings_json(const std::vector<StandingsLine>& lines) {
    std::vector<std::string> items;
    for (const auto& l : lines) {
        Json j;
        j.field("rank", l.rank).field("engine", l.engine).field("games", l.rating.games);
        j.field("points", l.rating.points).field("score", l.rating.score);
        if (tournament::is_rated(l.rating))
            j.field("elo", l.rating.rating).field("error", l.rating.error);
        else
            j.null("elo").null("error");
        j.field("status", to_string(l.rating.status));
        j.field("wins", l.rating.wins)
            .field("draws", l.rating.draws)
            .field("losses", l.rating.losses);
        j.field("failures", l.failures);
        items.push_back(j.str());
    }
    return Json::array(items);
}

}  // namespace oaq::app
