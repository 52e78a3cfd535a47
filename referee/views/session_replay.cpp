#include "views/session_replay.hpp"

#include <fmt/format.h>

#include "common/json.hpp"
#include "rules/position_string.hpp"
#include "views/board_view.hpp"
#include "views/session_lines.hpp"

namespace oaq::views {

namespace {

using rules::Player;
using rules::Session;
using rules::SessionGame;

std::string by_player(const std::array<int, 2>& wealth) {
    return fmt::format("first {}, second {}", wealth[0], wealth[1]);
}

std::string sides(Player south) {
    return fmt::format("{} is South, {} is North", rules::to_string(south),
                       rules::to_string(rules::other(south)));
}

std::string game_text(const SessionGame& g, std::size_t plies, const rules::Rules& rules) {
    const auto& end = g.final_position;
    std::string out = fmt::format("game {}: {}", g.number, sides(g.south));
    if (g.start.shares.any()) out += "; sold or shared: " + describe_shares(g.start.shares);
    out += "\n  start   " + rules::to_string(g.start) + "\n";
    out += "  final   " + rules::to_string(end) + "\n";
    out += fmt::format("  ended   {} after {} plies: {}\n", rules::to_string(end.end), plies,
                       rules::to_string(rules::result(end, rules)));
    out += fmt::format("  score   South {}, North {}; unscored {}\n", g.score[0], g.score[1],
                       g.unscored);
    return out + "  wealth  " + by_player(g.wealth_after) + "\n";
}

std::string game_json(const SessionGame& g, std::size_t plies) {
    Json j;
    j.field("game", g.number);
    j.field("south", rules::to_string(g.south)).field("north", rules::to_string(other(g.south)));
    j.field("shares", rules::to_string(g.start.shares));
    j.field("start", rules::to_string(g.start)).field("final", rules::to_string(g.final_position));
    j.field("plies", plies).field("end", rules::to_string(g.final_position.end));
    j.field("result", rules::to_string(g.result));
    j.raw("score", Json().field("south", g.score[0]).field("north", g.score[1]).str());
    j.field("unscored", g.unscored);
    j.raw("wealth", views::wealth_json(g.wealth_after));
    return j.str();
}

}  // namespace

std::string session_replay_json(const Session& session, const PlayedGames& played, int game_limit) {
    const auto& rules = session.rules();
    std::vector<std::string> games_json;
    for (const auto& [game, plies] : played) games_json.push_back(game_json(game, plies));
    Json j;
    j.field("rules", rules::expanded(rules)).field("mandarin", session.mandarin());
    j.field("total", session.total()).field("game_limit", game_limit);
    j.raw("games", Json::array(games_json));
    j.field("over", session.is_over()).field("end", rules::to_string(session.end()));
    j.field("result", rules::to_string(session.result()));
    j.raw("wealth", views::wealth_json(session.wealth()));
    if (!session.is_over()) {
        Json next;
        next.field("game", session.next_game()).field("south", rules::to_string(session.south()));
        next.field("start", rules::to_string(session.start()));
        j.raw("next", next.str());
    }
    return j.str();
}

std::string session_replay_text(const Session& session, const PlayedGames& played, int game_limit) {
    const auto& rules = session.rules();
    std::string out =
        fmt::format("session under {}: M = {}, T = {}, game limit {}\n", rules::short_name(rules),
                    session.mandarin(), session.total(), game_limit);
    for (const auto& [game, plies] : played) out += game_text(game, plies, rules);
    if (session.is_over()) {
        return out + fmt::format("session: {} ({} after game {}); wealth {}\n",
                                 rules::to_string(session.result()),
                                 rules::to_string(session.end()), session.games_played(),
                                 by_player(session.wealth()));
    }
    out += fmt::format("session: ongoing after {} games; wealth {}\n", session.games_played(),
                       by_player(session.wealth()));
    return out + fmt::format("next    game {}: {}; start {}\n", session.next_game(),
                             sides(session.south()), rules::to_string(session.start()));
}

}  // namespace oaq::views
