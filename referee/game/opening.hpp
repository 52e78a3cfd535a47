// Opening: where one game starts, a position ("startpos" or a position string) and the moves played
// from it before the players take over (a book line). The game starts at the position after them
// (protocol-spec 4.5): it is sent to the engines with `fen`, and the book's moves are kept with the
// game as its opening, not as its moves.
// Which opening each game of a tournament gets (book files, seeded random lines) is the
// tournament layer's business (tournament/openings.hpp); this is only the value a game is given.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/position.hpp"

namespace oaq::game {

struct Opening {
    std::string position = "startpos";
    std::vector<std::string> moves;
    // The position after the line, once the line was checked under the run's rules and ply limit
    // (tournament/openings.hpp: a book's lines when the run reads them, a random line as it is
    // drawn, a session's start): play_game starts there without parsing and replaying the line
    // again. Without it, play_game replays the line itself.
    std::optional<rules::Position> start;

    // "" for the plain start; else the moves, or "fen <position> [moves ...]".
    std::string text() const {
        std::string s;
        if (position != "startpos") s = "fen " + position + (moves.empty() ? "" : " moves");
        for (const auto& m : moves) s += (s.empty() ? "" : " ") + m;
        return s;
    }

    friend bool operator==(const Opening&, const Opening&) = default;
};

}  // namespace oaq::game
