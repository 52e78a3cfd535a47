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
    std::string s(2, ' ');
    s[0] = static_cast<char>('0' + move.square);
    s[1] = move.direction == Direction::L ? 'L' : 'R';
    return s;
}

}  // namespace oaq::rules
