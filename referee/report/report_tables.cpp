// The report's tables and engine pages as static HTML (report_parts.hpp).
#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <set>

#include "report/report_parts.hpp"
#include "report/report_words.hpp"

namespace oaq::report {

namespace {

using tournament::RatingStatus;

std::size_t seat_of(const ReportData& d, const std::string& engine) {
    return static_cast<std::size_t>(std::find(d.engines.begin(), d.engines.end(), engine) -
                                    d.engines.begin());
}

std::string points_text(double p) {
    // 1.5 -> "1½", 2 -> "2", 0.5 -> "½": how crosstables are usually written.
    const auto whole = static_cast<long>(std::floor(p));
    const bool half = p - static_cast<double>(whole) > 0.25;
    if (whole == 0 && half) return "½";
    return std::to_string(whole) + (half ? "½" : "");
}

std::string cross_cell_html(const ReportData& d, std::size_t row, std::size_t column) {
    const auto& cell = d.cross[row][column];
    if (cell.games() == 0) return "<td class=\"none\"></td>";
    const double share = cell.points() / static_cast<double>(cell.games());
    return fmt::format(
        "<td class=\"{}\" title=\"{} vs {}: +{} ={} -{}\">{}<small> of {}</small></td>",
        share > 0.5   ? "plus"
        : share < 0.5 ? "minus"
                      : "even",
        html_escape(d.engines[row]), html_escape(d.engines[column]), cell.wins, cell.draws,
        cell.losses, points_text(cell.points()), cell.games());
}

// A gauntlet: the first engine plays everyone, the others never meet, so the table is one row
// per opponent with the first engine's result against it.
std::string gauntlet_html(const ReportData& d, const std::vector<std::string>& anchors) {
    const std::size_t hero = 0;
    std::string out = fmt::format(
        "<table class=\"grid cross gauntlet\"><thead><tr><th class=\"l\">opponent</th><th>games"
        "</th><th>+</th><th>=</th><th>−</th><th>{} scored</th></tr></thead><tbody>\n",
        html_escape(d.engines.empty() ? "" : d.engines[hero]));
    for (const auto& l : d.standings) {
        const auto seat = seat_of(d, l.engine);
        if (seat == hero || seat >= d.cross.size()) continue;
        const auto& c = d.cross[hero][seat];
        out += fmt::format(
            "<tr><td class=\"l name\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>\n",
            engine_link(d, anchors, l.engine), c.games(), c.wins, c.draws, c.losses,
            cross_cell_html(d, hero, seat));
    }
    return out + "</tbody></table>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string engine_link(const ReportData& d, const std::vector<std::string>& anchors,
                        const std::string& engine) {
    const auto seat = seat_of(d, engine);
    if (seat >= anchors.size()) return html_escape(engine);
    return fmt::format("<a href=\"#{}\">{}</a>", anchors[seat], html_escape(engine));
}

std::vector<std::string> engine_anchors(const std::vector<std::string>& engines) {
    std::vector<std::string> out;
    std::set<std::string> taken;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        std::string slug;
        for (char c : engines[i]) {
            const bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
            slug += plain ? c : '-';
        }
        std::string anchor = "engine-" + slug;
        if (slug.empty() || !taken.insert(anchor).second) {
            anchor = "engine-" + std::to_string(i + 1);
            taken.insert(anchor);
        }
        out.push_back(anchor);
    }
    return out;
}

std::string standings_table_html(const ReportData& d) {
    const auto anchors = engine_anchors(d.engines);
    std::string out =
        "<table class=\"grid standings\"><thead><tr><th>#</th><th class=\"l\">engine</th>"
        "<th>games</th><th>points</th><th>score</th><th>W</th><th>D</th><th>L</th>"
        "<th class=\"l\">rating ± 95%</th><th>failures</th></tr></thead><tbody>\n";
    for (const auto& l : d.standings) {
        const auto& r = l.rating;
        out += fmt::format(
            "<tr data-status=\"{}\"><td>{}</td><td class=\"l name\">{}</td><td>{}</td>"
            "<td>{:.1f}</td><td>{:.1f}%</td><td>{}</td><td>{}</td><td>{}</td>"
            "<td class=\"l elo{}\">{}</td><td{}>{}</td></tr>\n",
            to_string(r.status), l.rank, engine_link(d, anchors, l.engine), r.games, r.points,
            100.0 * r.score, r.wins, r.draws, r.losses, tournament::is_rated(r) ? "" : " unrated",
            html_escape(rating_phrase(r)), l.failures > 0 ? " class=\"bad\"" : "", l.failures);
    }
    return out + "</tbody></table>\n";
}

std::string crosstable_html(const ReportData& d) {
    const auto anchors = engine_anchors(d.engines);
    if (d.tournament.format == "gauntlet") return gauntlet_html(d, anchors);
    std::vector<std::size_t> order;  // standings order, as seat indices
    for (const auto& l : d.standings) order.push_back(seat_of(d, l.engine));
    std::string out =
        "<table class=\"grid cross\"><thead><tr><th>#</th><th class=\"l\">engine</th>";
    for (std::size_t c = 0; c < order.size(); ++c)
        out += fmt::format("<th title=\"{}\">{}</th>", html_escape(d.engines[order[c]]), c + 1);
    out += "<th>points</th></tr></thead><tbody>\n";
    for (std::size_t r = 0; r < order.size(); ++r) {
        out += fmt::format("<tr><td>{}</td><td class=\"l name\">{}</td>", r + 1,
                           engine_link(d, anchors, d.engines[order[r]]));
        for (std::size_t c = 0; c < order.size(); ++c)
            out += r == c ? "<td class=\"self\"></td>" : cross_cell_html(d, order[r], order[c]);
        out += fmt::format("<td><b>{:.1f}</b></td></tr>\n", d.standings[r].rating.points);
    }
    return out + "</tbody></table>\n";
}

std::string terminations_html(const ReportData& d) {
    std::int64_t most = 1, total = 0;
    for (const auto& [kind, n] : d.terminations) {
        most = std::max(most, n);
        total += n;
    }
    std::string out =
        "<table class=\"grid terms\"><thead><tr><th class=\"l\">termination</th><th>games</th>"
        "<th>share</th><th class=\"l\"></th></tr></thead><tbody>\n";
    for (const auto& [kind, n] : d.terminations) {
        const bool failure = kind != "normal" && kind != "repetition" && kind != "ply_limit";
        out += fmt::format(
            "<tr class=\"{}\" data-kind=\"{}\"><td class=\"l\">{}</td><td>{}</td><td>{:.1f}%</td>"
            "<td class=\"l\"><span class=\"meter{}\" style=\"width:{:.0f}px\"></span></td></tr>\n",
            n == 0 ? "zero" : "", kind, people_words(kind), n,
            total ? 100.0 * static_cast<double>(n) / static_cast<double>(total) : 0.0,
            failure ? " fail" : "", 220.0 * static_cast<double>(n) / static_cast<double>(most));
    }
    return out + "</tbody></table>\n";
}

}  // namespace oaq::report
