#include "app/rules_session_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/two_players.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "rules/position_string.hpp"
#include "rules/session.hpp"
#include "tournament/numbers.hpp"
#include "views/board_view.hpp"
#include "views/session_lines.hpp"

namespace oaq::app {

using tournament::int_number;

using views::describe_shares;

namespace {

using rules::Player;
using rules::Session;
using rules::SessionGame;
using rules::Side;

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string by_player(const std::array<int, 2>& wealth) {
    return fmt::format("first {}, second {}", wealth[0], wealth[1]);
}

std::string sides(Player south) {
    return fmt::format("{} is South, {} is North", rules::to_string(south),
                       rules::to_string(rules::other(south)));
}

void print_game(const SessionGame& g, std::size_t plies, const rules::Rules& rules) {
    const auto& end = g.final_position;
    std::cout << fmt::format("game {}: {}", g.number, sides(g.south));
    if (g.start.shares.any()) std::cout << "; sold or shared: " << describe_shares(g.start.shares);
    std::cout << "\n";
    std::cout << "  start   " << rules::to_string(g.start) << "\n";
    std::cout << "  final   " << rules::to_string(end) << "\n";
    std::cout << fmt::format("  ended   {} after {} plies: {}\n", rules::to_string(end.end), plies,
                             rules::to_string(rules::result(end, rules)));
    std::cout << fmt::format("  score   South {}, North {}; unscored {}\n", g.score[0], g.score[1],
                             g.unscored);
    std::cout << "  wealth  " << by_player(g.wealth_after) << "\n";
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

using PlayedGames = std::vector<std::pair<SessionGame, std::size_t>>;

std::string session_json(const Session& session, const PlayedGames& played, int game_limit) {
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

void print_session(const Session& session, const PlayedGames& played, int game_limit) {
    const auto& rules = session.rules();
    std::cout << fmt::format("session under {}: M = {}, T = {}, game limit {}\n",
                             rules::short_name(rules), session.mandarin(), session.total(),
                             game_limit);
    for (const auto& [game, plies] : played) print_game(game, plies, rules);
    if (session.is_over()) {
        std::cout << fmt::format(
            "session: {} ({} after game {}); wealth {}\n", rules::to_string(session.result()),
            rules::to_string(session.end()), session.games_played(), by_player(session.wealth()));
    } else {
        std::cout << fmt::format("session: ongoing after {} games; wealth {}\n",
                                 session.games_played(), by_player(session.wealth()));
        std::cout << fmt::format("next    game {}: {}; start {}\n", session.next_game(),
                                 sides(session.south()), rules::to_string(session.start()));
    }
}

}  // namespace

int rules_session_command(int argc, char** argv) {
    CommandLine cli(
        "oaq rules session [--rules R] [--game-limit G] [--max-plies N] --game \"MOVES\" "
        "[--game \"MOVES\" ...] [--json]",
        "Replays a session (rules.md section 9): a series of games in which each player's wealth "
        "carries over, a short player sells squares and the players change sides every game. Give "
        "each game's moves, from that game's start, as one quoted --game; the first player is "
        "South in game 1. Prints per game the sides, the start and final positions, both scores, "
        "what scored for nobody and the wealth after it, then the session's result. An illegal "
        "move, a game its moves do not finish, or a game given after the session ended is an "
        "error naming the game and the move (exit 2).");
    cli.options.add_options()("rules", po::value<std::string>()->default_value("standard"),
                              "rules string: a preset, optionally with switch=value overrides")(
        "game-limit",
        po::value<std::string>()->default_value(std::to_string(rules::kDefaultGameLimit)),
        "games after which the greater wealth wins (at least 1)")(
        "max-plies",
        po::value<std::string>()->default_value(std::to_string(rules::kDefaultPlyLimit)),
        "ply limit of each game (0: none)")(
        "game", po::value<std::vector<std::string>>()->required(),
        "one game's moves, space-separated (repeat for every game, in order)")(
        "json", "print one JSON object");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto parsed = rules::parse_rules((*vm)["rules"].as<std::string>());
    if (!parsed) throw OaqError("--rules: " + parsed.error().message);
    require_two_players(*parsed, "--rules", "sessions");
    const rules::Rules rules = *parsed;
    const int game_limit =
        int_number((*vm)["game-limit"].as<std::string>(), "--game-limit", {1, 1000000});
    const int ply_limit =
        int_number((*vm)["max-plies"].as<std::string>(), "--max-plies", {0, 1000000});
    const bool json = vm->count("json") > 0;

    // Every game is replayed before anything is printed: an error is the only output then.
    Session session(rules, game_limit);
    PlayedGames played;
    for (const auto& text : (*vm)["game"].as<std::vector<std::string>>()) {
        const auto moves = words(text);
        auto game = rules::play_session_game(session, moves, ply_limit);
        if (!game) throw OaqError("session: " + game.error().message);
        played.emplace_back(*game, moves.size());
    }

    if (json) {
        std::cout << session_json(session, played, game_limit) << "\n";
    } else {
        print_session(session, played, game_limit);
    }
    return 0;
}

}  // namespace oaq::app
