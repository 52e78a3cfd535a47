// Helpers shared by the rules tests: parse a rules string and a position string that the test
// itself wrote (a failure there is a bug in the test, so it fails the test loudly), and play a
// space-separated move list with every move checked for legality on the way.
#pragma once

#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"

namespace oaq::rules::test {

inline Rules rules_of(const std::string& text) {
    auto rules = parse_rules(text);
    INFO("rules string: " << text);
    REQUIRE(rules.has_value());
    return *rules;
}

inline Position position_of(const std::string& text, const Rules& rules) {
    auto pos = parse_position(text, rules);
    INFO("position string: " << text << (pos ? "" : " -> " + pos.error().message));
    REQUIRE(pos.has_value());
    return *pos;
}

// Plays `moves` ("1R 3L ...") from `pos` (a 2-player or a ring position); every move must be legal.
template <typename Pos>
Pos play_line(const Rules& rules, Pos pos, const std::string& moves) {
    std::istringstream in(moves);
    std::string word;
    while (in >> word) {
        auto move = parse_move(word);
        REQUIRE(move.has_value());
        INFO("move " << word << " in " << to_string(pos));
        REQUIRE(why_illegal(pos, *move, rules).empty());
        pos = play(pos, *move, rules);
    }
    return pos;
}

// Plays `moves` ("1R 3L ...") from `start` under `rules_text`; every move must be legal.
inline Position play_moves(const std::string& rules_text, const std::string& start,
                           const std::string& moves) {
    const Rules rules = rules_of(rules_text);
    return play_line(rules, position_of(start, rules), moves);
}

// The position string after `moves`: what most rule-clause tests compare against.
inline std::string after(const std::string& rules_text, const std::string& start,
                         const std::string& moves) {
    return to_string(play_moves(rules_text, start, moves));
}

}  // namespace oaq::rules::test
