// Openings: where each colour-swapped pair of games starts. Either lines of an opening file (a
// position string, or a move list from the start, one per line) or random legal plies generated
// from a seed. Generation is a pure function of (rules, plies, seed, opening index), so a
// tournament of any size needs no opening table in memory and a resumed run regenerates the same
// openings. Pure: the caller reads files.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/opening.hpp"
#include "rules/rules.hpp"

namespace oaq::tournament {

// One line of an opening file: a position string (it contains commas) optionally followed by
// `moves ...`, or a move list such as "1R 3L". Checks that every move is legal and the game is
// not over. Errors name the reason; the caller adds the file and line number. The opening keeps
// the position after the line (Opening::start).
Expected<game::Opening> parse_opening_line(std::string_view line, const rules::Rules& rules,
                                           int max_plies);

// Whether `opening` can start a game under these rules and ply limit: every move legal and the
// game not over after them (the ply limit counts the opening's plies). The error names the move.
Expected<Ok> check_opening(const game::Opening& opening, const rules::Rules& rules, int max_plies);
// The same check, giving the position after the line (what Opening::start keeps).
Expected<rules::Position> opening_start(const game::Opening& opening, const rules::Rules& rules,
                                        int max_plies);

// Every opening of a book's text: one parse_opening_line per line, blank lines and lines starting
// with '#' skipped. Errors are "<source>:<line>: <reason>". An empty book is not an error here.
Expected<std::vector<game::Opening>> parse_opening_book(std::string_view text,
                                                        const std::string& source,
                                                        const rules::Rules& rules, int max_plies);

// The order a book of `size` openings is played in: indices into the book, each once. In file
// order from the 1-based `start` (wrapping round), or, `shuffled`, a permutation drawn from `seed`
// alone (mt19937_64 and a Fisher-Yates of our own, so every platform and every resume draws the
// same one). The run cycles through it when it needs more openings than the book has.
std::vector<std::size_t> book_order(std::size_t size, bool shuffled, std::uint64_t seed,
                                    std::int64_t start);

// `plies` random legal plies from the start position, from a generator seeded with (seed, index).
// A line that would end the game is redrawn, so the result always leaves a game to play.
game::Opening random_opening(const rules::Rules& rules, int plies, std::uint64_t seed,
                             std::int64_t index);

}  // namespace oaq::tournament
