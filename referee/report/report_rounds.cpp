// The report's section for the round formats: a Swiss's standings with its tie-breaks named and its
// byes, or a knockout's bracket drawn as columns of matches, one column a round, each match with
// its seeds, points, tie-break pairs and how it was decided. Plain HTML and CSS (page.css,
// .bracket), so it reads without the page's script.
#include <fmt/format.h>

#include "report/report_parts.hpp"

namespace oaq::report {

namespace {

std::string swiss_html(const ReportData& d) {
    const auto& s = *d.swiss;
    std::string out = fmt::format(
        "<section id=\"swiss\"><h2>Swiss standings</h2>\n<p class=\"note\">{} of {} rounds "
        "paired; a bye is worth {:g} points. Ranked by {}.</p>\n",
        s.rounds_paired, s.rounds, d.round_definition->bye_points, tournament::kSwissTiebreaks);
    out +=
        "<table class=\"grid standings\"><thead><tr><th>rank</th><th class=\"l\">engine</th>"
        "<th>seed</th><th>points</th><th>games</th><th>W/D/L</th><th>byes</th>"
        "<th>Buchholz</th><th>Sonneborn-Berger</th><th>direct encounter</th></tr></thead><tbody>\n";
    for (const auto& l : s.lines) {
        out += fmt::format(
            "<tr><td>{}</td><td class=\"l name\">{}</td><td>{}</td><td>{:g}</td><td>{}</td>"
            "<td>{}/{}/{}</td><td>{}</td><td>{:.2f}</td><td>{:.2f}</td><td>{:g}</td></tr>\n",
            l.rank, html_escape(s.names[static_cast<std::size_t>(l.engine)]), l.seed + 1, l.points,
            l.games, l.wins, l.draws, l.losses, l.byes, l.buchholz, l.sonneborn_berger, l.direct);
    }
    out += "</tbody></table>\n";
    if (!s.byes.empty()) {
        std::string byes;
        for (std::size_t i = 0; i < s.byes.size(); ++i)
            byes += fmt::format("{}round {}: {}", i ? ", " : "", s.byes[i].round + 1,
                                html_escape(s.bye_engines[i]));
        out += "<p class=\"note\">Byes (not games): " + byes + ".</p>\n";
    }
    return out + "</section>\n";
}

std::string side_html(const views::KnockoutData& k, const tournament::KnockoutMatch& m, int engine,
                      double points, double tb_points) {
    if (engine < 0) {
        const bool bye = m.decision == tournament::KnockoutDecision::Bye;
        return std::string("<div class=\"side none\">") + (bye ? "bye" : "&nbsp;") + "</div>";
    }
    const bool played = m.decision != tournament::KnockoutDecision::Pending &&
                        m.decision != tournament::KnockoutDecision::Bye;
    std::string score;
    if (played) score = fmt::format("<b>{:g}</b>", points);
    if (played && m.tiebreak) score += fmt::format(" <small>+{:g}</small>", tb_points);
    return fmt::format(
        "<div class=\"side{}\"><span class=\"seed\">{}</span> {} <span class=\"pts\">{}</span>"
        "</div>",
        m.winner == engine ? " won" : "", k.seed_of[static_cast<std::size_t>(engine)] + 1,
        html_escape(k.names[static_cast<std::size_t>(engine)]), score);
}

std::string knockout_html(const ReportData& d) {
    const auto& k = *d.knockout;
    const int rounds = static_cast<int>(k.bracket.rounds.size());
    std::string out = fmt::format(
        "<section id=\"bracket\"><h2>Bracket</h2>\n<p class=\"note\">{} engines seeded into a "
        "bracket of {} (the top seeds have byes); each match {} games; a tied match plays {} "
        "tie-break pair(s) (the points after +), then the higher seed goes through.</p>\n"
        "<div class=\"bracket\">\n",
        k.names.size(), k.bracket.bracket_size, d.round_definition->games,
        d.round_definition->tiebreak_pairs);
    for (int r = 0; r < rounds; ++r) {
        out += fmt::format("<div class=\"round\"><h3>{}</h3><div class=\"matches\">",
                           views::knockout_round_name(r, rounds));
        for (const auto& m : k.bracket.rounds[static_cast<std::size_t>(r)]) {
            out += "<div class=\"match\">" +
                   side_html(k, m, m.higher, m.higher_points, m.higher_tb_points) +
                   side_html(k, m, m.lower, m.lower_points, m.lower_tb_points);
            if (m.decision != tournament::KnockoutDecision::Pending)
                out += fmt::format("<div class=\"how\">{}</div>",
                                   html_escape(std::string(tournament::to_string(m.decision))));
            out += "</div>";
        }
        out += "</div></div>\n";
    }
    out +=
        "<div class=\"round\"><h3>winner</h3><div class=\"matches\"><div class=\"match\">"
        "<div class=\"side won\">" +
        (k.bracket.champion >= 0
             ? html_escape(k.names[static_cast<std::size_t>(k.bracket.champion)])
             : std::string("&nbsp;")) +
        "</div></div></div></div>\n";
    return out + "</div>\n</section>\n";
}

}  // namespace

std::string round_format_html(const ReportData& d) {
    if (d.swiss) return swiss_html(d);
    if (d.knockout) return knockout_html(d);
    return "";
}

}  // namespace oaq::report
