// The report of a tournament of tables of 3 or 4 seats (RULES.md section 9): each game replayed
// on the ring, the standings with points, average rank and firsts, the crosstable of how often
// each engine finished above each other, and the games table with every seat (report_parts.hpp).
#include <fmt/format.h>

#include "common/json.hpp"
#include "report/report_parts.hpp"
#include "report/report_words.hpp"
#include "rules/move.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/rules.hpp"
#include "store/time_text.hpp"
#include "views/export_games.hpp"
#include "views/standings.hpp"
#include "views/table_lines.hpp"

namespace oaq::report {

namespace {

void add_ring(ReportGame& game, const rules::RingPosition& pos, const rules::Rules& rules) {
    game.positions.push_back(rules::to_string(pos));
    std::vector<int> scores;
    for (int s = 0; s < pos.seats; ++s) scores.push_back(rules::score(pos, s, rules));
    game.seat_scores.push_back(std::move(scores));
}

}  // namespace

void replay_ring(ReportGame& game, const store::StoredRecord& record) {
    auto rules = rules::parse_rules(record.rules);
    if (!rules) {
        game.replay_error = "rules \"" + record.rules + "\": " + rules.error().message;
        return;
    }
    auto start = rules::parse_ring_position(record.start_position, *rules);
    if (!start) {
        game.replay_error = "start position: " + start.error().message;
        return;
    }
    rules::RingGame replayed(*rules, *start);
    add_ring(game, *start, *rules);
    game.plies = record.moves;
    for (const auto& m : record.moves) game.moves.push_back(rules::to_string(m.move));
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        // Typed once by the store (store/rows.hpp read_move); legality is the replay's question.
        const auto move = &record.moves[i].move;
        const rules::RingPosition before = replayed.position();
        auto after = replayed.play(*move);
        if (!after) {
            game.replay_error = "move " + std::to_string(i + 1) + " (\"" + rules::to_string(*move) +
                                "\"): " + after.error().message;
            return;
        }
        game.seat_movers.push_back(before.to_move);
        game.from_pits.push_back(6 * before.to_move + move->square);
        if (after->is_over() && i + 1 == record.moves.size()) {
            // The rules ended the game: the move, then the settlement as a step of its own.
            const auto unsettled = rules::play_unsettled(before, *move, *rules);
            if (!(unsettled == *after)) {
                add_ring(game, unsettled, *rules);
                game.settlement_step = true;
            }
        }
        add_ring(game, *after, *rules);
    }
}

std::string seat_standings_html(const ReportData& d) {
    std::string out =
        "<table class=\"grid standings seats\" id=\"standings-table\"><thead><tr><th>#</th>"
        "<th class=\"l\">engine</th><th>games</th><th>points</th><th>score</th><th>avg rank</th>"
        "<th>firsts</th><th>failures</th><th class=\"l\">rating</th></tr></thead><tbody>\n";
    for (const auto& l : d.standings) {
        const auto i = static_cast<std::size_t>(l.engine_index);
        const auto totals = i < d.seat_totals.size() ? d.seat_totals[i] : views::SeatTotals{};
        out += fmt::format(
            "<tr><td>{}</td><td class=\"l name\">{}</td><td>{}</td><td>{}</td><td>{:.1f}%</td>"
            "<td>{}</td><td>{}</td><td>{}</td><td class=\"l\">{}</td></tr>\n",
            l.rank, html_escape(l.engine), l.rating.games, views::points_text(l.rating.points),
            100.0 * l.rating.score, views::average_rank_text(totals), totals.firsts, l.failures,
            html_escape(views::rating_text(l.rating)));
    }
    return out + "</tbody></table>\n";
}

std::string seat_crosstable_html(const ReportData& d) {
    std::string out = "<table class=\"grid cross seats\"><thead><tr><th class=\"l\">above</th>";
    for (const auto& e : d.engines) out += "<th>" + html_escape(e) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (std::size_t i = 0; i < d.engines.size(); ++i) {
        out += "<tr><td class=\"l name\">" + html_escape(d.engines[i]) + "</td>";
        for (std::size_t k = 0; k < d.engines.size(); ++k) {
            const auto m = i < d.meetings.size() && k < d.meetings[i].size() ? d.meetings[i][k]
                                                                             : views::Meeting{};
            if (i == k || m.games() == 0) {
                out += "<td class=\"none\"></td>";
                continue;
            }
            const char* cls = m.above > m.below ? "plus" : m.above < m.below ? "minus" : "even";
            out += fmt::format(
                "<td class=\"{}\" title=\"{} above {}: {} of {} games together ({} level)\">{}"
                "<small> of {}</small></td>",
                cls, html_escape(d.engines[i]), html_escape(d.engines[k]), m.above, m.games(),
                m.level, m.above, m.games());
        }
        out += "</tr>\n";
    }
    return out + "</tbody></table>\n";
}

std::string seat_games_list_html(const ReportData& d) {
    std::string out =
        "<table class=\"grid games seats\" id=\"game-list\"><thead><tr>"
        "<th data-sort=\"game\">game</th><th class=\"l\" data-sort=\"south\">seats (rank, "
        "score)</th><th class=\"l\" data-sort=\"termination\">termination</th>"
        "<th data-sort=\"plies\">plies</th></tr></thead><tbody>\n";
    for (std::size_t i = 0; i < d.games.size(); ++i) {
        const auto& g = d.games[i].row;
        const auto term = std::string(game::to_string(g.termination));
        std::string names, seats;
        for (const auto& s : g.seats) {
            names += (names.empty() ? "" : " ") + s.engine;
            seats += (seats.empty() ? "" : ", ") +
                     fmt::format("{} ({}, {})", s.engine, views::ordinal(s.rank), s.score);
        }
        out += fmt::format(
            "<tr data-index=\"{}\" data-game=\"{}\" data-round=\"1\" data-south=\"{}\" "
            "data-north=\"\" data-result=\"table\" data-termination=\"{}\" data-plies=\"{}\" "
            "data-ended=\"{}\" tabindex=\"0\"><td>{}</td><td class=\"l\">{}</td>"
            "<td class=\"l{}\" title=\"{}\">{}</td><td title=\"ended {}\">{}</td></tr>\n",
            i, g.slot.game_index + 1, html_escape(names), term, g.plies,
            store::format_utc(g.ended_at), g.slot.game_index + 1, html_escape(seats),
            game::is_failure(g.termination) ? " bad" : "", html_escape(people_words(g.detail)),
            people_words(term), date_text(g.ended_at), g.plies);
    }
    return out + "</tbody></table>\n";
}

std::string seat_game_fields(const ReportGame& g) {
    std::vector<std::string> seats, scores, clock;
    for (const auto& s : g.row.seats) {
        Json j;
        j.field("seat", static_cast<int>(seats.size()) + 1).field("engine", s.engine);
        j.field("time_control", s.time_control).field("score", s.score);
        seats.push_back(j.field("rank", s.rank).field("points", s.points).str());
        clock.push_back(views::is_clock(s.time_control) ? "true" : "false");
    }
    for (const auto& step : g.seat_scores) {
        std::vector<std::string> cells;
        for (int v : step) cells.push_back(std::to_string(v));
        scores.push_back(Json::array(cells));
    }
    std::string movers;
    for (int s : g.seat_movers) movers += static_cast<char>('1' + s);
    Json j;
    j.raw("seats", Json::array(seats)).raw("scores", Json::array(scores));
    j.raw("clock", Json::array(clock)).field("movers", movers);
    return j.str();
}

}  // namespace oaq::report
