#include "rules/move.hpp"

namespace oaq::rules {

Expected<Move> parse_move(std::string_view text) {
    auto quoted = "\"" + std::string(text) + "\" is not a move: ";
    if (text.size() != 2) return fail(quoted + "expected a square 1..5 and L or R, like 3R");
    if (text[0] < '1' || text[0] > '5') return fail(quoted + "square must be 1..5");
    Move m;
    m.square = static_cast<std::uint8_t>(text[0] - '0');
    if (text[1] == 'L')
        m.direction = Direction::L;
    else if (text[1] == 'R')
        m.direction = Direction::R;
    else
        return fail(quoted + "direction must be L or R");
    return m;
}

std::string to_string(Move move) {
    // A square outside 1..5 (a move no checked record holds, read from an old file) in decimal.
    std::string s = move.square < 10 ? std::string(1, static_cast<char>('0' + move.square))
                                     : std::to_string(move.square);
    s += move.direction == Direction::L ? 'L' : 'R';
    return s;
}

}  // namespace oaq::rules
