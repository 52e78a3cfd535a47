#include "report/report_html.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "common/json.hpp"
#include "report/report_assets.hpp"
#include "report/report_parts.hpp"
#include "report/report_words.hpp"
#include "rules/game.hpp"
#include "store/time_text.hpp"
#include "views/export_games.hpp"
#include "views/results_json.hpp"
#include "views/table.hpp"

namespace oaq::report {

namespace {

using tournament::RatingStatus;

std::string_view asset(std::string_view name) {
    for (const auto& f : generated::kFiles) {
        if (f.name == name) return f.text;
    }
    return {};
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

// "+0.30" (citizens, from the mover's side) or "M3" / "-M3" (plies to a forced end).
std::string eval_text(const protocol::Score& s) {
    if (s.kind == protocol::Score::Kind::Mate)
        return fmt::format("{}M{}", s.value < 0 ? "-" : "", std::abs(s.value));
    return fmt::format("{:+.2f}", static_cast<double>(s.value) / 100.0);
}

std::string ply_json(const game::MoveRecord& m) {
    Json j;
    j.field("used", static_cast<double>(m.time_used.count()) / 1e6);
    j.field("left", static_cast<double>(m.time_left.count()) / 1e6);
    j.field("depth", m.depth);
    if (m.score)
        j.field("eval", eval_text(*m.score));
    else
        j.null("eval");
    if (m.nodes)
        j.field("nodes", static_cast<double>(*m.nodes));
    else
        j.null("nodes");
    return j.field("pv", views::join_words(m.pv)).str();
}

std::string game_json(const ReportGame& g) {
    const auto& r = g.row;
    std::vector<std::string> scores, from, plies;
    for (const auto& s : g.scores) scores.push_back(fmt::format("[{},{}]", s[0], s[1]));
    for (int p : g.from_pits) from.push_back(std::to_string(p));
    for (const auto& m : g.plies) plies.push_back(ply_json(m));
    std::string movers;
    for (auto side : g.movers) movers += side == rules::Side::South ? 'S' : 'N';
    const auto tc = store::side_time_controls(r.time_control);
    Json j;
    j.field("game", r.slot.game_index + 1).field("round", r.slot.round + 1);
    j.field("pair", r.slot.pair_index + 1).field("db_id", r.id);
    j.field("south", r.south).field("north", r.north);
    j.field("result", rules::to_string(r.result)).field("result_text", result_text(r.result));
    const bool table = r.seats.size() > 2;
    if (!table) j.raw("score", fmt::format("[{},{}]", r.score_south, r.score_north));
    j.field("termination", game::to_string(r.termination));
    j.field("termination_text", people_words(game::to_string(r.termination)));
    j.field("detail", r.detail).field("detail_text", people_words(r.detail));
    j.field("opening", r.opening);
    j.raw("time_control", Json().field("south", tc.south).field("north", tc.north).str());
    if (!table)
        j.raw("clock",
              fmt::format("[{},{}]", views::is_clock(tc.south), views::is_clock(tc.north)));
    j.field("ended", date_text(r.ended_at));
    j.raw("moves", Json::string_array(g.moves));
    if (!table) j.field("movers", movers);
    j.raw("positions", Json::string_array(g.positions)).field("settlement", g.settlement_step);
    j.raw("from", Json::array(from));
    if (!table) j.raw("scores", Json::array(scores));
    j.raw("plies", Json::array(plies)).field("error", g.replay_error);
    if (!table) return j.str();
    // A table's seats, scores, clocks and movers (report_seats.cpp), in the same object.
    auto out = j.str();
    out.pop_back();
    return out + "," + seat_game_fields(g).substr(1);
}

// As `oaq results tournaments` says it (views/results_json.hpp), else the run's own.
std::string time_controls_text(const ReportData& d) {
    const auto text = views::time_controls_text(d.time_controls);
    return html_escape(text.empty() ? d.tournament.time_control : text);
}

std::string header_html(const ReportData& d) {
    const auto& t = d.tournament;
    return fmt::format(
        "<header>\n<h1>{}</h1>\n<p class=\"meta\"><span>{}</span><span>rules <b>{}</b></span>"
        "<span>time control <b id=\"time-control\">{}</b></span><span>{} games</span>"
        "<span>status <b>{}</b></span><span>started {}</span>{}</p>\n<nav><a href=\"#standings"
        "\">standings</a>{}<a href=\"#crosstable\">"
        "crosstable</a><a href=\"#terminations\">terminations</a><a href=\"#games\">games</a>"
        "<a href=\"#links\">links</a></nav>\n</header>\n",
        html_escape(t.name), html_escape(people_words(t.format)), html_escape(d.rules_name),
        time_controls_text(d), d.games.size(), tournament::to_string(t.status),
        date_text(t.started_at),
        t.finished_at ? "<span>finished " + date_text(*t.finished_at) + "</span>" : "",
        d.seats > 2 ? "" : "<a href=\"#history\">rating over games</a>");
}

std::string standings_section(const ReportData& d) {
    std::string out = "<section id=\"standings\"><h2>Standings</h2>\n" + standings_table_html(d);
    out +=
        "<h3>Ratings <small>(Bradley–Terry Elo, pool mean 0, bars: 95% interval)</small></h3>\n" +
        rating_chart_svg(d);
    const auto any = [&](auto pred) {
        return std::any_of(d.standings.begin(), d.standings.end(), pred);
    };
    if (any([](const StandingsLine& l) { return l.rating.status == RatingStatus::Disconnected; })) {
        out +=
            "<p class=\"note\" id=\"disconnected-note\">Orange, “(group N)”: rated within its "
            "group only (the groups are linked by one-sided results or not at all), so ratings "
            "of different groups do not compare.</p>\n";
    }
    if (any([](const StandingsLine& l) { return !tournament::is_rated(l.rating); })) {
        out +=
            "<p class=\"note\" id=\"unrated-note\">Unrated: no finite rating exists for an "
            "engine that won or lost every game, or is linked to the others by one-sided "
            "results only; it ranks after the rated engines.</p>\n";
    }
    return out + "</section>\n";
}

// A tournament of tables: the standings and the crosstable of finishing above (report_seats.cpp)
// with the terminations, where a 2-seat report has its ratings charts and engine pages.
std::string seat_sections_html(const ReportData& d) {
    return fmt::format(
        "<section id=\"standings\"><h2>Standings <small>(tables of {} seats)</small></h2>\n{}"
        "<p class=\"note\">Points as RULES.md section 9 counts them (1 for a sole first, 0 for a "
        "sole last); the rating is the Plackett-Luce fit of <code>oaq ratings</code> (Elo scale, "
        "pool mean 0, 95% interval).</p></section>\n<div class=\"two\">\n<section id=\"crosstable"
        "\"><h2>Crosstable</h2>\n{}<p class=\"note\">How often the row engine finished above the "
        "column engine, of the games they played at one table.</p></section>\n<section id=\""
        "terminations\"><h2>Terminations</h2>\n{}</section>\n</div>\n",
        d.seats, seat_standings_html(d), seat_crosstable_html(d), terminations_html(d));
}

std::string links_section() {
    return "<section id=\"links\"><h2>Links into this page</h2>\n<p>Every view of this page has "
           "an address: <code>index.html?game=N</code> opens game N of the tournament (its "
           "number in the schedule, as <code>oaq results game NAME#N</code>), "
           "<code>&amp;step=K</code> shows it after K plies (the step after the last ply is the "
           "settlement), <code>#engine-NAME</code> opens an engine's page, and "
           "<code>#standings</code>, <code>#history</code>, <code>#crosstable</code>, "
           "<code>#terminations</code>, <code>#games</code> its sections. The viewer's “link to "
           "this position” gives the address of what it shows.</p></section>\n";
}

}  // namespace

std::string_view report_css() {
    return asset("page.css");
}

std::string_view report_js() {
    return asset("page.js");
}

std::string_view board_js() {
    return asset("board.js");
}

std::string report_games_json(const ReportData& d) {
    std::vector<std::string> games;
    games.reserve(d.games.size());
    for (const auto& g : d.games) games.push_back(game_json(g));
    Json top;
    top.field("tournament", d.tournament.name).raw("games", Json::array(games));
    return top.str();
}

std::string render_report(const ReportData& d, std::string_view generated) {
    const auto& t = d.tournament;
    std::string html;
    html.reserve(64 * 1024 + d.games.size() * 8 * 1024);
    html +=
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    html += "<title>" + html_escape("oaq report – " + t.name) + "</title>\n<style>\n";
    html += report_css();
    html += "</style>\n</head>\n<body>\n" + header_html(d) + "<main>\n";
    if (d.seats > 2) {
        html += seat_sections_html(d);
    } else {
        html += engine_pages_html(d) + round_format_html(d) + standings_section(d);
        html +=
            "<section id=\"history\"><h2>Rating over games</h2>\n" + history_chart_svg(d) +
            "<p class=\"note\">Each engine's rating (same fit and scale as the standings) after "
            "the first n games stored, in the order they finished; a gap while an engine has no "
            "finite rating yet.</p></section>\n";
        html += sessions_html(d);
        html +=
            "<div class=\"two\">\n<section id=\"crosstable\"><h2>Crosstable</h2>\n" +
            crosstable_html(d) + "<p class=\"note\">" +
            (t.format == "gauntlet"
                 ? "A gauntlet: the first engine against each opponent (the opponents do not "
                   "play each other)."
                 : "The row engine's points against the column engine, of the games they played "
                   "(hover a cell for wins, draws and losses).") +
            "</p></section>\n";
        html += "<section id=\"terminations\"><h2>Terminations</h2>\n" + terminations_html(d) +
                "</section>\n</div>\n";
    }
    html +=
        "<section id=\"games\"><h2>Games</h2>\n<div class=\"games-wrap\">\n<div class=\"list\">\n" +
        games_list_html(d) + "</div>\n";
    html += fmt::format(
        "<div class=\"viewer\" id=\"viewer\"><p class=\"note\">{}</p></div>\n</div>\n</section>\n",
        d.games.empty() ? "No game of this tournament is stored yet." : "Select a game.");
    html += links_section();
    html += fmt::format(
        "</main>\n<footer>Generated by oaq report at {}. Rules: <code>{}</code>.</footer>\n",
        html_escape(generated), html_escape(t.rules));
    html += "<script type=\"application/json\" id=\"oaq-data\">" +
            escape_script(report_games_json(d)) + "</script>\n<script>\n";
    html += board_js();
    html += report_js();
    html += "</script>\n</body>\n</html>\n";
    return html;
}

}  // namespace oaq::report
