// The report's games table (with its filter, sort and paging controls, worked by page.js) and
// one page per engine, as static HTML (report_parts.hpp).
#include <fmt/format.h>
#include <algorithm>
#include <set>

#include "report/report_parts.hpp"
#include "report/report_words.hpp"

namespace oaq::report {

namespace {

std::string game_tools_html(const ReportData& d) {
    std::set<std::string> kinds;
    for (const auto& g : d.games) kinds.insert(std::string(game::to_string(g.row.termination)));
    std::string terms;
    for (const auto& k : kinds)
        terms += fmt::format("<option value=\"{}\">{}</option>", k, people_words(k));
    return fmt::format(
        "<div class=\"game-tools\" id=\"game-tools\">"
        "<input type=\"search\" id=\"game-search\" placeholder=\"engine or game number\" "
        "aria-label=\"search the games\">"
        "<select id=\"filter-result\" aria-label=\"result\"><option value=\"\">every result"
        "</option><option value=\"south_win\">South won (1–0)</option><option "
        "value=\"north_win\">North won (0–1)</option><option value=\"draw\">draw (½–½)</option>"
        "</select><select id=\"filter-termination\" aria-label=\"termination\"><option "
        "value=\"\">every termination</option>{}</select>"
        "<span id=\"games-shown\">{} games</span>"
        "<button type=\"button\" id=\"page-prev\" title=\"previous page\">◀</button>"
        "<button type=\"button\" id=\"page-next\" title=\"next page\">▶</button></div>\n",
        terms, d.games.size());
}

// `won`, `lost` or `drew` from `side`'s point of view.
const char* outcome_for(rules::Result r, rules::Side side) {
    if (r == rules::Result::Draw) return "drew";
    const bool south_won = r == rules::Result::SouthWin;
    return south_won == (side == rules::Side::South) ? "won" : "lost";
}

std::string engine_games_html(const ReportData& d, const std::string& engine) {
    std::string out =
        "<table class=\"grid\"><thead><tr><th>game</th><th>round</th><th class=\"l\">as</th>"
        "<th class=\"l\">opponent</th><th class=\"l\">result</th><th class=\"l\">termination"
        "</th><th>plies</th></tr></thead><tbody>\n";
    for (const auto& g : d.games) {
        const auto& r = g.row;
        if (r.south != engine && r.north != engine) continue;
        const auto side = r.south == engine ? rules::Side::South : rules::Side::North;
        const auto number = r.slot.game_index + 1;
        out += fmt::format(
            "<tr><td><a href=\"?game={0}\" data-game-link=\"{0}\">#{0}</a></td><td>{1}</td>"
            "<td class=\"l\">{2}</td><td class=\"l\">{3}</td><td class=\"l\">{4} {5}</td>"
            "<td class=\"l\">{6}</td><td>{7}</td></tr>\n",
            number, r.slot.round + 1, side == rules::Side::South ? "South" : "North",
            html_escape(side == rules::Side::South ? r.north : r.south),
            outcome_for(r.result, side), result_text(r.result),
            people_words(game::to_string(r.termination)), r.plies);
    }
    return out + "</tbody></table>\n";
}

std::string opponents_html(const ReportData& d, std::size_t seat) {
    std::string out =
        "<table class=\"grid\"><thead><tr><th class=\"l\">opponent</th><th>games</th><th>+</th>"
        "<th>=</th><th>−</th><th>points</th><th>score</th></tr></thead><tbody>\n";
    for (const auto& l : d.standings) {
        const auto other = static_cast<std::size_t>(
            std::find(d.engines.begin(), d.engines.end(), l.engine) - d.engines.begin());
        if (other == seat || other >= d.cross.size() || d.cross[seat][other].games() == 0) continue;
        const auto& c = d.cross[seat][other];
        out += fmt::format(
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1f}"
            "</td><td>{:.1f}%</td></tr>\n",
            engine_link(d, engine_anchors(d.engines), l.engine), c.games(), c.wins, c.draws,
            c.losses, c.points(), 100.0 * c.points() / static_cast<double>(c.games()));
    }
    return out + "</tbody></table>\n";
}

std::string colours_html(const EngineSummary& s) {
    std::string out =
        "<table class=\"grid\"><thead><tr><th class=\"l\">as</th><th>games</th><th>+</th>"
        "<th>=</th><th>−</th><th>points</th></tr></thead><tbody>\n";
    for (const auto& [label, c] : {std::pair{"South", s.as_south}, std::pair{"North", s.as_north}})
        out += fmt::format(
            "<tr><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1f}"
            "</td></tr>\n",
            label, c.games(), c.wins, c.draws, c.losses, c.points());
    return out + "</tbody></table>\n";
}

std::string moves_line(const EngineSummary& s) {
    std::string out = fmt::format("{} moves, {:.1f} ms per move", s.moves, s.mean_time_used_ms);
    if (s.mean_depth) out += fmt::format(", mean depth {:.1f}", *s.mean_depth);
    if (s.nodes_per_second) out += fmt::format(", {:.0f} nodes/s", *s.nodes_per_second);
    return out;
}

std::string losses_line(const EngineSummary& s) {
    if (s.losses_by.empty()) return "no losses";
    std::string out;
    for (const auto& [kind, n] : s.losses_by)
        out += (out.empty() ? "" : ", ") + fmt::format("{} {}", n, people_words(kind));
    return "losses: " + out;
}

std::string engine_page_html(const ReportData& d, const StandingsLine& l, std::size_t seat,
                             const std::string& anchor) {
    const auto& r = l.rating;
    const auto& s = d.summaries[seat];
    const std::string tc = seat < d.time_controls.size() ? d.time_controls[seat].time_control : "";
    return fmt::format(
        "<section class=\"engine-page\" id=\"{}\" data-engine=\"{}\">\n"
        "<p class=\"back\"><a href=\"#standings\">← all engines</a></p>\n"
        "<h2>{} <small>rank {} of {}</small></h2>\n"
        "<p class=\"facts\"><span>rating <b>{}</b></span><span>{} games</span><span>{:.1f} points "
        "({:.1f}%)</span><span>+{} ={} −{}</span><span>{} failures</span>"
        "<span>time control <b>{}</b></span></p>\n"
        "<div class=\"two\"><div><h3>By colour</h3>\n{}</div><div><h3>Against each opponent</h3>"
        "\n{}</div></div>\n<p class=\"note\">{}. {}.</p>\n<h3>Games</h3>\n{}</section>\n",
        anchor, html_escape(l.engine), html_escape(l.engine), l.rank, d.standings.size(),
        html_escape(rating_phrase(r)), r.games, r.points, 100.0 * r.score, r.wins, r.draws,
        r.losses, l.failures, html_escape(tc), colours_html(s), opponents_html(d, seat),
        moves_line(s), losses_line(s), engine_games_html(d, l.engine));
}

}  // namespace

std::string games_list_html(const ReportData& d) {
    if (d.seats > 2) return game_tools_html(d) + seat_games_list_html(d);
    std::string out = game_tools_html(d) +
                      "<table class=\"grid games\" id=\"game-list\"><thead><tr>"
                      "<th data-sort=\"game\">game</th><th data-sort=\"round\">round</th>"
                      "<th class=\"l\" data-sort=\"south\">South</th>"
                      "<th class=\"l\" data-sort=\"north\">North</th>"
                      "<th data-sort=\"result\">result</th><th>score</th>"
                      "<th class=\"l\" data-sort=\"termination\">termination</th>"
                      "<th data-sort=\"plies\">plies</th>"
                      "</tr></thead><tbody>\n";
    for (std::size_t i = 0; i < d.games.size(); ++i) {
        const auto& g = d.games[i].row;
        const auto term = std::string(game::to_string(g.termination));
        out += fmt::format(
            "<tr data-index=\"{}\" data-game=\"{}\" data-round=\"{}\" data-south=\"{}\" "
            "data-north=\"{}\" data-result=\"{}\" data-termination=\"{}\" data-plies=\"{}\" "
            "data-ended=\"{}\" tabindex=\"0\"><td>{}</td><td>{}</td><td class=\"l\">{}</td>"
            "<td class=\"l\">{}</td><td>{}</td><td>{} : {}</td><td class=\"l{}\" title=\"{}\">{}"
            "</td><td title=\"ended {}\">{}</td></tr>\n",
            i, g.slot.game_index + 1, g.slot.round + 1, html_escape(g.south), html_escape(g.north),
            rules::to_string(g.result), term, g.plies, store::format_utc(g.ended_at),
            g.slot.game_index + 1, g.slot.round + 1, html_escape(g.south), html_escape(g.north),
            result_text(g.result), g.score_south, g.score_north,
            game::is_failure(g.termination) ? " bad" : "", html_escape(people_words(g.detail)),
            people_words(term), date_text(g.ended_at), g.plies);
    }
    return out + "</tbody></table>\n";
}

std::string engine_pages_html(const ReportData& d) {
    const auto anchors = engine_anchors(d.engines);
    std::string out;
    for (const auto& l : d.standings) {
        const auto seat = static_cast<std::size_t>(
            std::find(d.engines.begin(), d.engines.end(), l.engine) - d.engines.begin());
        if (seat >= anchors.size() || seat >= d.summaries.size()) continue;
        out += engine_page_html(d, l, seat, anchors[seat]);
    }
    return out;
}

}  // namespace oaq::report
