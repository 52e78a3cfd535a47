#include "app/export_games.hpp"

#include <fmt/format.h>

#include "app/results_common.hpp"
#include "common/json.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

namespace {

std::string pgn_quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string pgn_date(store::TimePoint t) {
    const auto day = std::chrono::year_month_day{std::chrono::floor<std::chrono::days>(t)};
    return fmt::format("{:04}.{:02}.{:02}", static_cast<int>(day.year()),
                       static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
}

// Who moves first in the recorded moves: the side to move in the start position.
bool north_moves_first(const game::GameRecord& r) {
    auto start = replay_start(r);
    return start && start->position().side == rules::Side::North;
}

}  // namespace

std::string seconds_text(std::chrono::microseconds us) {
    return fmt::format("{:.3f}s", static_cast<double>(us.count()) / 1e6);
}

std::string score_text(const protocol::Score& score) {
    return fmt::format("{} {}", score.kind == protocol::Score::Kind::Mate ? "mate" : "cp",
                       score.value);
}

std::string pgn_game(const store::StoredGame& game, const std::string& event) {
    const auto& g = game.row;
    const auto& r = game.record;
    const std::string result = result_token(g.result);
    std::string out;
    auto tag = [&](const char* name, const std::string& value) {
        out += fmt::format("[{} {}]\n", name, pgn_quote(value));
    };
    tag("Event", event);
    tag("Site", "oaq");
    tag("Date", pgn_date(g.started_at));
    tag("Round", std::to_string(g.slot.round + 1));
    tag("White", g.south);
    tag("Black", g.north);
    tag("South", g.south);
    tag("North", g.north);
    tag("Result", result);
    tag("Rules", r.rules);
    tag("TimeControl", g.time_control);
    tag("Termination", std::string(game::to_string(g.termination)));
    if (!g.detail.empty()) tag("TerminationDetail", g.detail);
    tag("PlyCount", std::to_string(g.plies));
    tag("GameId", std::to_string(g.id));
    if (!g.opening.empty()) tag("Opening", g.opening);
    if (!g.start_position.empty()) tag("FEN", g.start_position);
    out += "\n";

    std::string text;
    const bool north_first = north_moves_first(r);
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const std::size_t ply = i + (north_first ? 1 : 0);  // 0-based, South's plies even
        const std::size_t number = ply / 2 + 1;
        if (ply % 2 == 0)
            text += fmt::format("{}. ", number);
        else if (i == 0)
            text += fmt::format("{}... ", number);
        const auto& m = r.moves[i];
        text += fmt::format("{} {{{} {}}} ", m.move, seconds_text(m.time_used),
                            seconds_text(m.time_left));
    }
    text += result;
    // Wrap at 80 columns on spaces outside comments, as PGN readers expect lines of modest length.
    std::size_t line_start = 0, last_break = std::string::npos;
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '{') ++depth;
        if (text[i] == '}') --depth;
        if (text[i] == ' ' && depth == 0) last_break = i;
        if (i - line_start >= 79 && last_break != std::string::npos && last_break > line_start) {
            text[last_break] = '\n';
            line_start = last_break + 1;
            last_break = std::string::npos;
        }
    }
    return out + text + "\n\n";
}

std::string json_game(const store::StoredGame& game, const std::string& event) {
    const auto& g = game.row;
    const auto& r = game.record;
    std::vector<std::string> moves;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        Json j;
        j.field("ply", static_cast<std::int64_t>(i + 1)).field("move", m.move);
        j.field("time_used_us", static_cast<std::int64_t>(m.time_used.count()));
        j.field("time_left_us", static_cast<std::int64_t>(m.time_left.count()));
        j.field("depth", m.depth);
        if (m.score)
            j.field("score", score_text(*m.score));
        else
            j.null("score");
        j.field("nodes", m.nodes);
        j.raw("pv", Json::string_array(m.pv));
        moves.push_back(j.str());
    }
    Json j;
    j.field("id", g.id).field("tournament", event).field("game_index", g.slot.game_index);
    j.field("pair_index", g.slot.pair_index).field("round", g.slot.round);
    j.field("south", g.south).field("north", g.north).field("result", result_token(g.result));
    j.field("score_south", g.score_south).field("score_north", g.score_north);
    j.field("termination", game::to_string(g.termination)).field("detail", g.detail);
    j.field("plies", g.plies).field("rules", r.rules).field("time_control", g.time_control);
    j.field("opening", g.opening).field("start_position", g.start_position);
    j.field("final_position", g.final_position);
    j.field("started_at", store::format_utc(g.started_at))
        .field("ended_at", store::format_utc(g.ended_at));
    j.raw("moves", Json::array(moves));
    return j.str();
}

std::string csv_header() {
    return "id,tournament,game_index,round,south,north,result,score_south,score_north,termination,"
           "detail,plies,rules,time_control,opening,started_at,ended_at";
}

std::string csv_game(const store::GameRow& g, const std::string& event, const std::string& rules) {
    const std::vector<std::string> cells = {std::to_string(g.id),
                                            event,
                                            std::to_string(g.slot.game_index),
                                            std::to_string(g.slot.round),
                                            g.south,
                                            g.north,
                                            result_token(g.result),
                                            std::to_string(g.score_south),
                                            std::to_string(g.score_north),
                                            std::string(game::to_string(g.termination)),
                                            g.detail,
                                            std::to_string(g.plies),
                                            rules,
                                            g.time_control,
                                            g.opening,
                                            store::format_utc(g.started_at),
                                            store::format_utc(g.ended_at)};
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_field(cells[i]);
    return out;
}

}  // namespace oaq::app
