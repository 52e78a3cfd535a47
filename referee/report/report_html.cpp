#include "report/report_html.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "common/json.hpp"
#include "report/report_assets.hpp"
#include "rules/game.hpp"
#include "store/time_text.hpp"

namespace oaq::report {

namespace {

using tournament::RatingStatus;

bool is_rated(const StandingsLine& l) {
    return tournament::is_rated(l.rating);
}

std::string_view asset(std::string_view name) {
    for (const auto& f : generated::kFiles) {
        if (f.name == name) return f.text;
    }
    return {};
}

std::string elo_cell(const StandingsLine& l) {
    switch (l.rating.status) {
        case RatingStatus::Ok:
            return fmt::format("{:+.0f} ± {:.0f}", l.rating.rating, l.rating.error);
        case RatingStatus::Disconnected:
            return fmt::format("{:+.0f} ± {:.0f} <small>(group {})</small>", l.rating.rating,
                               l.rating.error, l.rating.group);
        case RatingStatus::AllWins:
            return "<i>all wins</i>";
        case RatingStatus::AllLosses:
            return "<i>all losses</i>";
        case RatingStatus::Unbounded:
            return "<i>unbounded</i>";
        case RatingStatus::NoGames:
            return "–";
    }
    return "–";
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

std::string points_text(double p) {
    // 1.5 -> "1½", 2 -> "2", 0.5 -> "½": how crosstables are usually written.
    const auto whole = static_cast<long>(std::floor(p));
    const bool half = p - static_cast<double>(whole) > 0.25;
    if (whole == 0 && half) return "½";
    return std::to_string(whole) + (half ? "½" : "");
}

std::string standings_table_html(const ReportData& d) {
    std::string out =
        "<table class=\"grid standings\"><thead><tr><th>#</th><th "
        "class=\"l\">engine</th><th>games</th>"
        "<th>points</th><th>score</th><th>W</th><th>D</th><th>L</th><th>Elo ± "
        "95%</th><th>failures</th>"
        "</tr></thead><tbody>\n";
    for (const auto& l : d.standings) {
        const auto& r = l.rating;
        out += fmt::format(
            "<tr><td>{}</td><td class=\"l name\">{}</td><td>{}</td><td>{:.1f}</td><td>{:.1f}%</td>"
            "<td>{}</td><td>{}</td><td>{}</td><td class=\"elo\">{}</td><td{}>{}</td></tr>\n",
            l.rank, html_escape(l.engine), r.games, r.points, 100.0 * r.score, r.wins, r.draws,
            r.losses, elo_cell(l), l.failures > 0 ? " class=\"bad\"" : "", l.failures);
    }
    return out + "</tbody></table>\n";
}

double nice_step(double span) {
    for (double step : {10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0}) {
        if (span / step <= 8) return step;
    }
    return 2000.0;
}

// Horizontal chart: one row per engine, a dot at the rating and whiskers over the 95% interval.
std::string rating_chart_svg(const ReportData& d) {
    double lo = 0, hi = 0;
    for (const auto& l : d.standings) {
        if (!is_rated(l)) continue;
        lo = std::min(lo, l.rating.rating - l.rating.error);
        hi = std::max(hi, l.rating.rating + l.rating.error);
    }
    const double step = nice_step(std::max(hi - lo, 1.0));
    lo = std::floor(lo / step) * step;
    hi = std::ceil(hi / step) * step;
    if (hi - lo < step) hi = lo + step;
    const int left = 150, right = 130, width = 760, row = 30, top = 14;
    const int plot = width - left - right;
    const int height = top + row * static_cast<int>(d.standings.size()) + 30;
    auto x = [&](double elo) { return left + (elo - lo) / (hi - lo) * plot; };
    std::string out = fmt::format(
        "<svg class=\"chart\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" role=\"img\" "
        "aria-label=\"ratings with 95% intervals\">\n",
        width, height);
    const int axis_y = top + row * static_cast<int>(d.standings.size()) + 4;
    for (double v = lo; v <= hi + 1e-9; v += step) {
        out += fmt::format(
            "<line class=\"{}\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/>"
            "<text class=\"tick\" x=\"{:.1f}\" y=\"{}\">{:+.0f}</text>\n",
            std::abs(v) < 1e-9 ? "zero" : "gridline", x(v), x(v), top - 6, axis_y, x(v),
            axis_y + 16, v);
    }
    for (std::size_t i = 0; i < d.standings.size(); ++i) {
        const auto& l = d.standings[i];
        const int y = top + row * static_cast<int>(i) + row / 2;
        out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">{}. {}</text>\n", left - 10,
                           y + 4, l.rank, html_escape(l.engine));
        if (is_rated(l)) {
            const double a = x(l.rating.rating - l.rating.error),
                         b = x(l.rating.rating + l.rating.error);
            out += fmt::format(
                "<g class=\"bar{}\"><title>{}: {:+.1f} ± {:.1f}</title>"
                "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"10\" rx=\"5\"/>"
                "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/><line x1=\"{:.1f}\" "
                "x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\"/>"
                "<circle cx=\"{:.1f}\" cy=\"{}\" r=\"6\"/></g>"
                "<text class=\"value\" x=\"{}\" y=\"{}\">{:+.0f} ± {:.0f}</text>\n",
                l.rating.status == RatingStatus::Disconnected ? " disconnected" : "",
                html_escape(l.engine), l.rating.rating, l.rating.error, a, y - 5,
                std::max(b - a, 1.0), a, a, y - 8, y + 8, b, b, y - 8, y + 8, x(l.rating.rating), y,
                width - right + 12, y + 4, l.rating.rating, l.rating.error);
        } else {
            out += fmt::format("<text class=\"value unrated\" x=\"{}\" y=\"{}\">{}</text>\n",
                               width - right + 12, y + 4, to_string(l.rating.status));
        }
    }
    return out + "</svg>\n";
}

std::string crosstable_html(const ReportData& d) {
    // Rows and columns in standings order; seat indices map names to the crosstable.
    std::vector<std::size_t> order;
    for (const auto& l : d.standings) {
        order.push_back(static_cast<std::size_t>(
            std::find(d.engines.begin(), d.engines.end(), l.engine) - d.engines.begin()));
    }
    std::string out =
        "<table class=\"grid cross\"><thead><tr><th>#</th><th class=\"l\">engine</th>";
    for (std::size_t c = 0; c < order.size(); ++c) {
        out += fmt::format("<th title=\"{}\">{}</th>", html_escape(d.engines[order[c]]), c + 1);
    }
    out += "<th>points</th></tr></thead><tbody>\n";
    for (std::size_t r = 0; r < order.size(); ++r) {
        out += fmt::format("<tr><td>{}</td><td class=\"l name\">{}</td>", r + 1,
                           html_escape(d.engines[order[r]]));
        for (std::size_t c = 0; c < order.size(); ++c) {
            if (r == c) {
                out += "<td class=\"self\"></td>";
                continue;
            }
            const auto& cell = d.cross[order[r]][order[c]];
            if (cell.games() == 0) {
                out += "<td class=\"none\">·</td>";
                continue;
            }
            const double share = cell.points() / cell.games();
            out += fmt::format(
                "<td class=\"{}\" title=\"{} vs {}: +{} ={} -{}\">{}<small> of {}</small></td>",
                share > 0.5   ? "plus"
                : share < 0.5 ? "minus"
                              : "even",
                html_escape(d.engines[order[r]]), html_escape(d.engines[order[c]]), cell.wins,
                cell.draws, cell.losses, points_text(cell.points()), cell.games());
        }
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
            n == 0 ? "zero" : "", kind, kind, n,
            total ? 100.0 * static_cast<double>(n) / static_cast<double>(total) : 0.0,
            failure ? " fail" : "", 220.0 * static_cast<double>(n) / static_cast<double>(most));
    }
    return out + "</tbody></table>\n";
}

std::string games_list_html(const ReportData& d) {
    std::string out =
        "<table class=\"grid games\" id=\"game-list\"><thead><tr><th>game</th><th>rnd</th><th "
        "class=\"l\">South</th>"
        "<th class=\"l\">North</th><th>result</th><th>score</th><th "
        "class=\"l\">termination</th><th>plies</th>"
        "</tr></thead><tbody>\n";
    for (std::size_t i = 0; i < d.games.size(); ++i) {
        const auto& g = d.games[i].row;
        out += fmt::format(
            "<tr data-game=\"{}\" tabindex=\"0\"><td>{}</td><td>{}</td><td class=\"l\">{}</td><td "
            "class=\"l\">{}</td>"
            "<td>{}</td><td>{} : {}</td><td class=\"l{}\" title=\"{}\">{}</td><td>{}</td></tr>\n",
            i, g.slot.game_index + 1, g.slot.round + 1, html_escape(g.south), html_escape(g.north),
            result_text(g.result), g.score_south, g.score_north,
            game::is_failure(g.termination) ? " bad" : "", html_escape(g.detail),
            game::to_string(g.termination), g.plies);
    }
    return out + "</tbody></table>\n";
}

// Inside <script> only "</script" (and "<!--", which changes how the browser looks for it) can
// end the element early. In JSON a '<' can only stand in a string, where \u003c means the same.
std::string escape_script(const std::string& json) {
    std::string out;
    out.reserve(json.size());
    for (char c : json) {
        if (c == '<')
            out += "\\u003c";
        else
            out += c;
    }
    return out;
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

std::string_view report_css() {
    return asset("page.css");
}

std::string_view report_js() {
    return asset("page.js");
}

std::string report_games_json(const ReportData& d) {
    std::vector<std::string> games;
    games.reserve(d.games.size());
    for (const auto& g : d.games) {
        std::vector<std::string> scores;
        for (const auto& s : g.scores) scores.push_back(fmt::format("[{},{}]", s[0], s[1]));
        std::vector<std::string> from;
        for (int p : g.from_pits) from.push_back(std::to_string(p));
        Json j;
        j.field("id", g.row.id)
            .field("index", g.row.slot.game_index + 1)
            .field("round", g.row.slot.round + 1);
        j.field("south", g.row.south).field("north", g.row.north);
        j.field("result", rules::to_string(g.row.result))
            .field("result_text", result_text(g.row.result));
        j.raw("score", fmt::format("[{},{}]", g.row.score_south, g.row.score_north));
        j.field("termination", game::to_string(g.row.termination)).field("detail", g.row.detail);
        j.field("opening", g.row.opening).field("time_control", g.row.time_control);
        j.raw("moves", Json::string_array(g.moves))
            .raw("positions", Json::string_array(g.positions));
        j.raw("from", Json::array(from)).raw("scores", Json::array(scores));
        j.field("error", g.replay_error);
        games.push_back(j.str());
    }
    Json top;
    top.field("tournament", d.tournament.name).raw("games", Json::array(games));
    return top.str();
}

std::string render_report(const ReportData& d, std::string_view generated) {
    const auto& t = d.tournament;
    const std::string title = "oaq report – " + t.name;
    std::string html;
    html.reserve(64 * 1024 + d.games.size() * 8 * 1024);
    html +=
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    html += "<title>" + html_escape(title) + "</title>\n<style>\n";
    html += report_css();
    html += "</style>\n</head>\n<body>\n<header>\n";
    html += fmt::format(
        "<h1>{}</h1>\n<p class=\"meta\"><span>{}</span><span>rules <b>{}</b></span>"
        "<span>time control <b>{}</b></span><span>{} games</span><span>status <b>{}</b></span>"
        "<span>started {}</span>{}</p>\n</header>\n<main>\n",
        html_escape(t.name), html_escape(t.format), html_escape(d.rules_name),
        html_escape(t.time_control), d.games.size(), store::to_string(t.status),
        store::format_utc(t.started_at),
        t.finished_at ? "<span>finished " + store::format_utc(*t.finished_at) + "</span>" : "");
    html += "<section id=\"standings\"><h2>Standings</h2>\n" + standings_table_html(d);
    html +=
        "<h3>Ratings <small>(Bradley–Terry Elo, pool mean 0, bars: 95% interval)</small></h3>\n" +
        rating_chart_svg(d);
    if (std::any_of(d.standings.begin(), d.standings.end(), [](const StandingsLine& l) {
            return l.rating.status == RatingStatus::Disconnected;
        })) {
        html +=
            "<p class=\"note\">Orange: rated within its group only (the groups are linked by "
            "one-sided "
            "results or not at all), so ratings of different groups do not compare.</p>\n";
    }
    html += "</section>\n";
    html += "<div class=\"two\">\n<section id=\"crosstable\"><h2>Crosstable</h2>\n" +
            crosstable_html(d) +
            "<p class=\"note\">The row engine's points against the column engine, of the games "
            "they played "
            "(hover a cell for wins, draws and losses).</p></section>\n";
    html += "<section id=\"terminations\"><h2>Terminations</h2>\n" + terminations_html(d) +
            "</section>\n</div>\n";
    html +=
        "<section id=\"games\"><h2>Games</h2>\n<div class=\"games-wrap\">\n<div class=\"list\">\n" +
        games_list_html(d) + "</div>\n";
    html += fmt::format(
        "<div class=\"viewer\" id=\"viewer\"><p class=\"note\">{}</p></div>\n</div>\n</section>\n",
        d.games.empty() ? "No game of this tournament is stored yet." : "Select a game.");
    html += fmt::format("</main>\n<footer>Generated by oaq report at {}. Rules: {}.</footer>\n",
                        html_escape(generated), html_escape(t.rules));
    html += "<script type=\"application/json\" id=\"oaq-data\">" +
            escape_script(report_games_json(d)) + "</script>\n";
    html += "<script>\n";
    html += report_js();
    html += "</script>\n</body>\n</html>\n";
    return html;
}

}  // namespace oaq::report
