// `oaq rules book`: an opening book as a run reads it (tournament/openings.hpp), summed up for
// the person who made it: how many openings, how many of them distinct, how long the lines are and
// which lines are given more than once (a run plays a repeated line as often as the book has it,
// so a repeat weighs that opening twice in the results).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "game/opening.hpp"
#include "rules/rules.hpp"

namespace oaq::views {

struct RepeatedOpening {
    std::string line;   // Opening::text(): the moves, or "fen <position> [moves ...]"
    std::size_t times;  // 2 or more
};

struct BookSummary {
    std::string file;
    std::size_t openings = 0;
    std::size_t distinct = 0;
    std::size_t shortest = 0;  // plies of the shortest line
    std::size_t longest = 0;
    std::vector<RepeatedOpening> repeated;  // in the order of their first appearance
};

// The summary of a book's openings, read from `file` (parse_opening_book's result, in file order).
BookSummary summarize_book(std::string file, const std::vector<game::Opening>& openings);

// "FILE: N openings, D distinct, P plies" (or "P to Q plies"), then a line per repeated opening.
std::string book_summary_text(const BookSummary& summary);
// One object: the expanded rules, the ply limit, and a `books` list with an object per file.
std::string book_summaries_json(const rules::Rules& rules, int max_plies,
                                const std::vector<BookSummary>& summaries);

}  // namespace oaq::views
