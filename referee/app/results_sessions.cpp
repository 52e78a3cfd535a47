// `oaq results sessions`: the sessions of the stored runs (rules.md section 9): players, games,
// the wealth after each game, how the session ended and who won it. And the session line of
// `oaq results game` for a game that belongs to a session.
#include <fmt/format.h>
#include <iostream>

#include "app/results_common.hpp"
#include "app/session_lines.hpp"
#include "common/error.hpp"
#include "common/json.hpp"

namespace oaq::app {

namespace {

std::string session_json(const store::SessionRow& s) {
    std::vector<std::string> curve;
    for (const auto& w : s.wealth) curve.push_back(wealth_json(w));
    const std::array<int, 2> start{s.total / 2, s.total - s.total / 2};
    Json j;
    j.field("tournament", s.tournament).field("session", s.session_index + 1);
    j.field("first", s.first).field("second", s.second);
    j.field("game_limit", s.game_limit).field("total", s.total).field("games", s.games_played);
    j.raw("wealth", Json::array(curve));
    j.raw("final_wealth", wealth_json(s.wealth.empty() ? start : s.wealth.back()));
    j.field("end", s.end_reason).field("result", s.result);
    std::vector<std::string> ids;
    for (auto id : s.game_ids) ids.push_back(std::to_string(id));
    j.raw("game_ids", Json::array(ids));
    return j.str();
}

std::string result_words(const store::SessionRow& s) {
    if (s.result == "first_wins") return s.first + " wins";
    if (s.result == "second_wins") return s.second + " wins";
    return s.result == "draw" ? "drawn" : "ongoing";
}

std::string curve_text(const store::SessionRow& s) {
    std::string out = fmt::format("{}-{}", s.total / 2, s.total - s.total / 2);
    for (const auto& w : s.wealth) out += fmt::format(" {}-{}", w[0], w[1]);
    return out;
}

}  // namespace

std::string with_session(std::string game_json, const store::SessionLink& link) {
    Json j;
    j.field("session", link.session_index + 1).field("number", link.number);
    j.raw("wealth_after", wealth_json(link.wealth_after));
    game_json.insert(game_json.size() - 1, ",\"session\":" + j.str());
    return game_json;
}

std::string session_link_text(const store::SessionLink& link) {
    return fmt::format("session {}, game {}: wealth after it {} - {}", link.session_index + 1,
                       link.number, link.wealth_after[0], link.wealth_after[1]);
}

std::vector<store::ResultGame> session_results(store::Store& db, const Selection& sel) {
    std::optional<store::RowId> only;
    if (sel.tournament) only = sel.tournament->id;
    std::vector<store::ResultGame> out;
    for (const auto& s : db.sessions(only)) {
        if (s.result == "ongoing") continue;
        if (!sel.tournament && sel.filter.rules) {
            const auto t = db.tournament(s.tournament_id);
            if (!t || t->rules != *sel.filter.rules) continue;
        }
        const auto first = db.find_engine(s.first);
        const auto second = db.find_engine(s.second);
        if (!first || !second) continue;
        if (sel.engine && sel.engine->id != first->id && sel.engine->id != second->id) continue;
        store::ResultGame g;
        g.id = s.id;
        g.tournament_id = s.tournament_id;
        g.pair_index = static_cast<int>(s.session_index);
        g.south_engine_id = first->id;
        g.north_engine_id = second->id;
        g.result = s.result == "first_wins"    ? rules::Result::SouthWin
                   : s.result == "second_wins" ? rules::Result::NorthWin
                                               : rules::Result::Draw;
        out.push_back(g);
    }
    return out;
}

int results_sessions_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results sessions [--db FILE] [--tournament NAME] [--json|--csv]",
        "The sessions (oaq match/tournament --session): each with its players (first = South in "
        "game 1), games played, the wealth curve (first-second, from T/2 each, after each game), "
        "how it ended (sold_out, game_limit, none while it goes on) and its result.");
    add_db_option(cli);
    add_format_options(cli);
    cli.options.add_options()("tournament", po::value<std::string>(), "only this run's sessions");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    std::optional<store::RowId> only;
    if (vm->count("tournament")) {
        const auto name = (*vm)["tournament"].as<std::string>();
        auto t = db.find_tournament(name);
        if (!t)
            throw OaqError("--tournament: no tournament named \"" + name + "\" in " + db.path());
        only = t->id;
    }
    const auto format = output_format(*vm);
    Table table{
        {"tournament", "session", "first", "second", "games", "wealth", "end", "result", "curve"},
        {}};
    for (const auto& s : db.sessions(only)) {
        if (format == OutputFormat::Json) {
            std::cout << session_json(s) << "\n";
            continue;
        }
        const auto final =
            s.wealth.empty() ? std::array<int, 2>{s.total / 2, s.total / 2} : s.wealth.back();
        table.rows.push_back({text_cell(s.tournament), int_cell(s.session_index + 1),
                              text_cell(s.first), text_cell(s.second), int_cell(s.games_played),
                              text_cell(fmt::format("{}-{}", final[0], final[1])),
                              text_cell(s.end_reason), text_cell(result_words(s)),
                              text_cell(curve_text(s))});
    }
    if (format != OutputFormat::Json) std::cout << render(table, format);
    return 0;
}

}  // namespace oaq::app
