// The report's session section (oaq match/tournament --session): one small SVG per session with
// the first player's wealth after each game (from T/2 before game 1; the second player's is T
// minus it), the line M + 5 below which a player is sold out, and the session's result. Drawn in
// C++ like the other charts, so it reads without the page's script.
#include <fmt/format.h>

#include "report/report_parts.hpp"
#include "views/results_views.hpp"

namespace oaq::report {

namespace {

std::string session_svg(const store::SessionRow& s) {
    constexpr int kWidth = 320, kHeight = 120, kLeft = 30, kRight = 10, kTop = 10, kBottom = 20;
    const int games = std::max(1, s.game_limit);
    auto x = [&](int game) {
        return kLeft + static_cast<double>(game) * (kWidth - kLeft - kRight) / games;
    };
    auto y = [&](int wealth) {
        const double clamped = std::clamp(wealth, 0, s.total);
        return kTop + (1.0 - clamped / s.total) * (kHeight - kTop - kBottom);
    };
    std::string points = fmt::format("{:.1f},{:.1f}", x(0), y(s.total / 2));
    for (std::size_t i = 0; i < s.wealth.size(); ++i)
        points += fmt::format(" {:.1f},{:.1f}", x(static_cast<int>(i) + 1), y(s.wealth[i][0]));
    const int mandarin = (s.total - 50) / 2;
    std::string out = fmt::format(
        "<svg class=\"chart session-chart\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" "
        "role=\"img\" aria-label=\"wealth of {2} after each game\">",
        kWidth, kHeight, html_escape(s.first));
    for (int level : {mandarin + 5, s.total / 2, s.total - mandarin - 5}) {
        out += fmt::format(
            "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#d0d7de\"/>"
            "<text class=\"axis\" x=\"2\" y=\"{:.1f}\">{}</text>",
            kLeft, kWidth - kRight, y(level), y(level), y(level) + 4, level);
    }
    out += fmt::format(
        "<polyline points=\"{}\" stroke=\"#0969da\" fill=\"none\"/>"
        "<text class=\"axis\" x=\"{}\" y=\"{}\">game {} of {}</text></svg>",
        points, kLeft, kHeight - 4, s.games_played, s.game_limit);
    return out;
}

}  // namespace

std::string sessions_html(const ReportData& d) {
    if (d.sessions.empty()) return "";
    std::string out =
        "<section id=\"sessions\"><h2>Sessions</h2>\n<p class=\"note\">Each session's wealth "
        "of its first player (South in game 1) after each game, from T/2; the second player's is "
        "T minus it. The lines mark T/2 and M + 5, below which a player is sold out.</p>\n"
        "<div class=\"sessions\">\n";
    for (const auto& s : d.sessions) {
        const auto last = views::last_wealth(s);
        out += fmt::format(
            "<figure id=\"session-{}\">{}<figcaption>session {}: {} {} - {} {}, {} games, {} "
            "({})</figcaption></figure>\n",
            s.session_index + 1, session_svg(s), s.session_index + 1, html_escape(s.first), last[0],
            last[1], html_escape(s.second), s.games_played,
            html_escape(views::session_result_words(s, "going on")), html_escape(s.end_reason));
    }
    return out + "</div>\n</section>\n";
}

}  // namespace oaq::report
