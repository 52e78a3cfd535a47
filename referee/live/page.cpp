#include "live/page.hpp"

#include "live/live_assets.hpp"
#include "report/report_html.hpp"

namespace oaq::live {

namespace {

std::string_view asset(std::string_view name) {
    for (const auto& f : generated::kFiles) {
        if (f.name == name) return f.text;
    }
    return {};
}

}  // namespace

std::string live_page() {
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>oaq live</title>\n<style>\n";
    html += report::report_css();
    html += asset("live.css");
    html +=
        "</style>\n</head>\n<body>\n<header>\n<h1 id=\"run-name\">oaq live</h1>\n"
        "<p class=\"meta\"><span>engines <b id=\"run-engines\"></b></span><span>games <b "
        "id=\"run-done\">0</b> of <b id=\"run-games\">?</b></span><span>run <b id=\"run-status\">"
        "running</b></span><span>page <b id=\"live-status\" class=\"live-status\">connecting…"
        "</b></span></p>\n<nav><a href=\"#running-games\">running games</a><a href=\"#standings\">"
        "standings</a><a href=\"#sprt\">SPRT</a><a href=\"#finished-games\">finished games</a>"
        "</nav>\n</header>\n<main>\n"
        "<section id=\"running-games\"><h2>Running games</h2>\n<p class=\"note\" "
        "id=\"running-note\"></p>\n<div class=\"running\" id=\"running\"></div></section>\n"
        "<section id=\"standings\"><h2>Standings</h2>\n<table class=\"grid standings\" "
        "id=\"standings-table\"><thead><tr><th>#</th><th class=\"l\">engine</th><th>games</th>"
        "<th>points</th><th>score</th><th>W/D/L</th><th>failures</th><th>rating</th></tr></thead>"
        "<tbody></tbody></table></section>\n"
        "<section id=\"sprt\" hidden><h2>SPRT</h2>\n<p id=\"sprt-summary\"></p>\n"
        "<svg class=\"chart llr\" id=\"sprt-chart\" viewBox=\"0 0 640 220\" width=\"640\" "
        "height=\"220\" role=\"img\" aria-label=\"LLR over games\"></svg>\n<p class=\"note\">The "
        "log-likelihood ratio after each complete pair of games; the test ends when it crosses a "
        "dashed bound.</p></section>\n"
        "<section id=\"finished-games\"><h2>Finished games</h2>\n<p class=\"note\" "
        "id=\"finished-note\">No game has finished yet.</p>\n<div class=\"games-wrap\"><div "
        "class=\"list\"><table class=\"grid finished-list\" id=\"finished\"><thead><tr><th>game"
        "</th><th class=\"l\">south</th><th class=\"l\">north</th><th>result</th><th "
        "class=\"l\">termination</th><th>plies</th></tr></thead><tbody></tbody></table></div>\n"
        "<div class=\"viewer\" id=\"replay\"><p class=\"note\">Click a finished game to replay "
        "it.</p></div></div></section>\n</main>\n<script>\n";
    html += report::board_js();
    html += asset("live.js");
    html += "</script>\n</body>\n</html>\n";
    return html;
}

}  // namespace oaq::live
