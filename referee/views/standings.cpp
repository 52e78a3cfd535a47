#include "views/standings.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace oaq::views {

namespace {

// -0.0 (a difference of nothing) prints without its sign.
double unsigned_zero(double v) {
    return v == 0.0 ? 0.0 : v;
}

std::size_t display_width(const std::string& s) {
    std::size_t w = 0;
    for (char c : s) w += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return w;
}

std::string pad_right(const std::string& s, std::size_t width) {
    return s + std::string(width - std::min(width, display_width(s)), ' ');
}

}  // namespace

std::string rating_text(const tournament::EngineRating& r, bool anchor) {
    using tournament::RatingStatus;
    if (!tournament::is_rated(r))
        return fmt::format("unrated ({})", tournament::to_string(r.status));
    std::string out = anchor || r.error <= 0
                          ? fmt::format("{:+.1f} (anchor)", unsigned_zero(r.rating))
                          : fmt::format("{:+.1f} ± {:.1f}", unsigned_zero(r.rating), r.error);
    if (r.status == RatingStatus::Disconnected) out += fmt::format(" (group {})", r.group + 1);
    return out;
}

std::string elo_difference_text(const std::optional<tournament::EloEstimate>& e) {
    if (!e) return "-";
    if (e->error <= 0) {
        return fmt::format("{:+.1f} (no error estimate: every game or pair scored the same)",
                           unsigned_zero(e->elo));
    }
    return fmt::format("{:+.1f} ± {:.1f}", unsigned_zero(e->elo), e->error);
}

std::string standings_notes(const std::vector<StandingsLine>& lines) {
    const auto any = [&](auto pred) { return std::any_of(lines.begin(), lines.end(), pred); };
    std::string out;
    if (any([](const StandingsLine& l) {
            return l.rating.status == tournament::RatingStatus::Disconnected;
        })) {
        out +=
            "note: the results split the engines into groups (one group only won against the "
            "other, or they never met), so ratings compare only within a group; play more games "
            "to join them.\n";
    }
    if (any([](const StandingsLine& l) { return !tournament::is_rated(l.rating); })) {
        out +=
            "note: unrated engines have no finite rating (all_wins: won every game, all_losses: "
            "lost every game, unbounded: linked to the rest by one-sided results only, "
            "no_games); they rank after the rated ones.\n";
    }
    return out;
}

std::string score_pair_text(int south, int north) {
    return fmt::format("{} : {}", south, north);
}

namespace {

// The last columns of a line: W/D/L (2 seats) or the average rank and the firsts (3 or 4).
std::string outcome_cells(const StandingsLine& l, const std::vector<SeatTotals>* seats) {
    if (!seats) {
        return fmt::format("{:>9}",
                           fmt::format("{}/{}/{}", l.rating.wins, l.rating.draws, l.rating.losses));
    }
    const auto& t = (*seats)[static_cast<std::size_t>(l.engine_index)];
    return fmt::format("{:>8}  {:>6}", average_rank_text(t), t.firsts);
}

}  // namespace

std::string standings_table(const std::vector<StandingsLine>& lines, std::optional<int> anchor,
                            const std::vector<SeatTotals>* seats) {
    std::size_t width = 6, rating_width = 12;
    std::vector<std::string> ratings;
    for (const auto& l : lines) {
        width = std::max(width, display_width(l.engine));
        ratings.push_back(rating_text(l.rating, anchor && *anchor == l.engine_index));
        rating_width = std::max(rating_width, display_width(ratings.back()));
    }
    const auto outcome_head =
        seats ? fmt::format("{:>8}  {:>6}", "avg rank", "firsts") : fmt::format("{:>9}", "W/D/L");
    std::string out =
        fmt::format("{:>4}  {}  {:>6}  {:>7}  {:>6}  {}  {}  {:>8}\n", "rank",
                    pad_right("engine", width), "games", "points", "score",
                    pad_right("rating ± 95%", rating_width), outcome_head, "failures");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& l = lines[i];
        out += fmt::format("{:>4}  {}  {:>6}  {:>7.1f}  {:>5.1f}%  {}  {}  {:>8}\n", l.rank,
                           pad_right(l.engine, width), l.rating.games, l.rating.points,
                           100.0 * l.rating.score, pad_right(ratings[i], rating_width),
                           outcome_cells(l, seats), l.failures);
    }
    return out + standings_notes(lines);
}

}  // namespace oaq::views
