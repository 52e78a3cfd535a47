// Report page: turns ReportData into one self-contained HTML page (inline CSS, inline JS, inline
// SVG; nothing is fetched from the network). The tables, the two charts and the engine pages are
// written as static HTML (report_parts.hpp) so they read without JavaScript; the games table's
// filter, sort and pages, and the replay board with each ply's engine data, are the page's
// script's, from a <script type="application/json" id="oaq-data"> block holding, per game, the
// position strings computed by the rules library (the script only parses and draws them). Every
// stored word is shown to people through report_words.hpp; docs/report.md lists the addresses.
// Every text from the database is HTML-escaped; the JSON block has every '<' written as \u003c
// (so also no "</"), so no engine name or detail can close the script element.
#pragma once

#include <string>
#include <string_view>

#include "report/report_data.hpp"

namespace oaq::report {

// `generated` is shown in the footer as is (e.g. an ISO-8601 time).
std::string render_report(const ReportData& data, std::string_view generated);

// The games as the JSON the page's script reads (before "</" escaping).
std::string report_games_json(const ReportData& data);

// The page's stylesheet and script: referee/report/page.css and page.js, embedded at build time.
std::string_view report_css();
std::string_view report_js();
// The board both pages draw (referee/report/board.js: OaqBoard), inlined before their scripts.
std::string_view board_js();

// HTML text escaping for element content and attribute values.
std::string html_escape(std::string_view text);

}  // namespace oaq::report
