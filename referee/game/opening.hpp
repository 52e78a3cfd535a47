// Opening: where one game starts, a position ("startpos" or a position string) and the moves played
// from it before the players take over (a book line). The game starts at the position after them
// (protocol-spec 4.5): it is sent to the engines with `fen`, and the book's moves are kept with the
// game as its opening, not as its moves.
// Which opening each game of a tournament gets (book files, seeded random lines) is the
// tournament layer's business (tournament/openings.hpp); this is only the value a game is given.
#pragma once

#include <string>
#include <vector>

namespace oaq::game {

struct Opening {
    std::string position = "startpos";
    std::vector<std::string> moves;

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
