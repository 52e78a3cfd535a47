// Session rows (db/008_sessions.sql): what the store keeps of each session of a tournament and of
// each game's place in it. Plain data; Store reads and writes them (store_sessions.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/termination.hpp"
#include "rules/position.hpp"

namespace oaq::store {

using RowId = std::int64_t;

// What a session game adds when it is stored (Store::record_game): its session and where the
// session stands after it. The session row is made with its first game.
struct SessionSlot {
    std::int64_t session_index = 0;
    int number = 1;     // the game's number in its session, 1 for the first
    std::string first;  // engine names: the first player (South in game 1)
    std::string second;
    int game_limit = 20;
    int total = 70;                     // T
    std::array<int, 2> wealth_after{};  // [first, second] after this game
    std::string end_reason = "none";    // after this game: none, sold_out, game_limit
    std::string result = "ongoing";     // ongoing, first_wins, second_wins, draw
};

struct SessionRow {
    RowId id = 0;
    RowId tournament_id = 0;
    std::string tournament;
    std::int64_t session_index = 0;
    std::string first;
    std::string second;
    int game_limit = 0;
    int total = 0;
    int games_played = 0;
    std::vector<std::array<int, 2>> wealth;  // after each game, [first, second]
    std::vector<RowId> game_ids;             // in game order
    std::string end_reason;
    std::string result;
};

// A game's place in its session (Store::session_of_game).
struct SessionLink {
    RowId session_id = 0;
    std::int64_t session_index = 0;
    int number = 0;
    std::array<int, 2> wealth_after{};
};

// A stored session game as a resume rebuilds the session from it.
struct SessionGameEnd {
    std::int64_t session_index = 0;
    std::int64_t game_index = 0;
    std::string final_position;
    game::Termination termination = game::Termination::Normal;
    rules::Result result = rules::Result::Draw;
};

}  // namespace oaq::store
