// The report page's parts, each written as static HTML (readable without the script): the
// standings table, the rating chart with 95% intervals, the rating-over-games chart, the
// crosstable (for a gauntlet: the first engine against each opponent, since the others never
// meet), the termination counts, the games table with its filter, sort and paging controls, and
// one page per engine (a section shown when its anchor #engine-<name> is the target). Internal to
// the report library; report_html.cpp puts them together. Every text is HTML-escaped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report_data.hpp"

namespace oaq::report {

std::string html_escape(std::string_view text);

// The anchor of each engine's page ("engine-alpha"), by seat index; unique within the page.
std::vector<std::string> engine_anchors(const std::vector<std::string>& engines);
// <a href="#engine-NAME">NAME</a>, or the name alone for an engine not in the page.
std::string engine_link(const ReportData& data, const std::vector<std::string>& anchors,
                        const std::string& engine);

std::string standings_table_html(const ReportData& data);
std::string crosstable_html(const ReportData& data);
std::string terminations_html(const ReportData& data);
std::string games_list_html(const ReportData& data);
std::string engine_pages_html(const ReportData& data);

// A tournament of tables of 3 or 4 seats (report_seats.cpp): its standings (points, average
// rank, firsts), its crosstable of finishing above, its games table with every seat, and the
// JSON fields a game of the page adds or replaces ("seats", "scores" by step and seat, "clock"
// by seat, "movers" as seat numbers), as one object.
std::string seat_standings_html(const ReportData& data);
std::string seat_crosstable_html(const ReportData& data);
std::string seat_games_list_html(const ReportData& data);
std::string seat_game_fields(const ReportGame& game);

std::string rating_chart_svg(const ReportData& data);
std::string history_chart_svg(const ReportData& data);
// The sessions' wealth curves (report_sessions.cpp); "" without sessions.
std::string sessions_html(const ReportData& data);
// A Swiss's standings with its tie-breaks and byes, or a knockout's bracket ("" for neither).
std::string round_format_html(const ReportData& data);

}  // namespace oaq::report
