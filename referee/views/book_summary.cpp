#include "views/book_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "common/json.hpp"

namespace oaq::views {

BookSummary summarize_book(std::string file, const std::vector<game::Opening>& openings) {
    BookSummary s;
    s.file = std::move(file);
    s.openings = openings.size();
    std::map<std::string, std::size_t> times;
    std::vector<std::string> first_seen;
    for (const auto& opening : openings) {
        const auto line = opening.text();
        if (times[line]++ == 0) first_seen.push_back(line);
        const auto plies = opening.moves.size();
        s.shortest = &opening == &openings.front() ? plies : std::min(s.shortest, plies);
        s.longest = std::max(s.longest, plies);
    }
    s.distinct = first_seen.size();
    for (const auto& line : first_seen) {
        if (times[line] > 1) s.repeated.push_back({line, times[line]});
    }
    return s;
}

std::string book_summary_text(const BookSummary& s) {
    const auto plies = s.shortest == s.longest
                           ? fmt::format("{} plies", s.longest)
                           : fmt::format("{} to {} plies", s.shortest, s.longest);
    std::string out =
        fmt::format("{}: {} openings, {} distinct, {}\n", s.file, s.openings, s.distinct, plies);
    for (const auto& r : s.repeated) {
        out +=
            fmt::format("  repeated {} times: {}\n", r.times, r.line.empty() ? "(start)" : r.line);
    }
    return out;
}

std::string book_summaries_json(const rules::Rules& rules, int max_plies,
                                const std::vector<BookSummary>& summaries) {
    std::vector<std::string> books;
    for (const auto& s : summaries) {
        std::vector<std::string> repeated;
        for (const auto& r : s.repeated) {
            repeated.push_back(Json().field("line", r.line).field("times", r.times).str());
        }
        Json b;
        b.field("file", s.file).field("openings", s.openings).field("distinct", s.distinct);
        b.field("shortest", s.shortest).field("longest", s.longest);
        b.raw("repeated", Json::array(repeated));
        books.push_back(b.str());
    }
    Json j;
    j.field("rules", rules::expanded(rules)).field("max_plies", max_plies);
    j.raw("books", Json::array(books));
    return j.str();
}

}  // namespace oaq::views
