#include "report/report_words.hpp"

#include <fmt/format.h>
#include <chrono>

namespace oaq::report {

std::string people_words(std::string_view word) {
    std::string out(word);
    for (char& c : out)
        if (c == '_') c = ' ';
    return out;
}

std::string status_phrase(tournament::RatingStatus status) {
    using tournament::RatingStatus;
    switch (status) {
        case RatingStatus::AllWins:
            return "won every game";
        case RatingStatus::AllLosses:
            return "lost every game";
        case RatingStatus::Unbounded:
            return "one-sided results only";
        case RatingStatus::NoGames:
            return "no games";
        case RatingStatus::Ok:
            return "rated";
        case RatingStatus::Disconnected:
            return "rated within its group";
    }
    return "rated";
}

std::string rating_phrase(const tournament::EngineRating& r) {
    if (!tournament::is_rated(r)) return "unrated (" + status_phrase(r.status) + ")";
    const double value = r.rating == 0.0 ? 0.0 : r.rating;  // no "-0.0"
    std::string out = r.error > 0 ? fmt::format("{:+.1f} ± {:.1f}", value, r.error)
                                  : fmt::format("{:+.1f}", value);
    if (r.status == tournament::RatingStatus::Disconnected)
        out += fmt::format(" (group {})", r.group + 1);
    return out;
}

std::string result_text(rules::Result r) {
    switch (r) {
        case rules::Result::SouthWin:
            return "1–0";
        case rules::Result::NorthWin:
            return "0–1";
        case rules::Result::Draw:
            return "½–½";
        case rules::Result::Ongoing:
            return "*";
    }
    return "*";
}

std::string date_text(store::TimePoint time) {
    const auto iso = store::format_utc(time);  // 2026-12-01T14:20:03.019Z
    return iso.substr(0, 10) + " " + iso.substr(11, 5) + " UTC";
}

}  // namespace oaq::report
