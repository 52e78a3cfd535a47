#include "app/rules_session_command.hpp"

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/two_players.hpp"
#include "common/error.hpp"
#include "rules/position_string.hpp"
#include "rules/session.hpp"
#include "tournament/numbers.hpp"
#include "views/session_replay.hpp"

namespace oaq::app {

using tournament::int_number;

namespace {

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
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
    rules::Session session(rules, game_limit);
    views::PlayedGames played;
    for (const auto& text : (*vm)["game"].as<std::vector<std::string>>()) {
        const auto moves = words(text);
        auto game = rules::play_session_game(session, moves, ply_limit);
        if (!game) throw OaqError("session: " + game.error().message);
        played.emplace_back(*game, moves.size());
    }

    std::cout << (json ? views::session_replay_json(session, played, game_limit) + "\n"
                       : views::session_replay_text(session, played, game_limit));
    return 0;
}

}  // namespace oaq::app
