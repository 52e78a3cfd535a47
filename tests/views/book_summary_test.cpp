// `oaq rules book`: a book's openings summed up (views/book_summary.hpp), from books parsed as a
// run parses them (tournament/openings.hpp).
#include "views/book_summary.hpp"

#include <catch2/catch.hpp>

#include "tournament/openings.hpp"

using namespace oaq;

namespace {

std::vector<game::Opening> book(std::string_view text) {
    const auto rules = rules::parse_rules("standard").value();
    return tournament::parse_opening_book(text, "b.txt", rules, 300).value();
}

}  // namespace

TEST_CASE("a book's summary counts its openings, distinct lines and line lengths",
          "[views][book]") {
    const auto s = views::summarize_book("b.txt", book("# made by hand\n1L 2R\n\n3L\n1L 1L 2L\n"));
    CHECK(s.file == "b.txt");
    CHECK(s.openings == 3);
    CHECK(s.distinct == 3);
    CHECK(s.shortest == 1);
    CHECK(s.longest == 3);
    CHECK(s.repeated.empty());
    CHECK(views::book_summary_text(s) == "b.txt: 3 openings, 3 distinct, 1 to 3 plies\n");
}

TEST_CASE("a line given more than once is named with its count, in the order first seen",
          "[views][book]") {
    // "1L  2R" with two blanks is the same opening as "1L 2R": lines compare as openings.
    const auto s = views::summarize_book("b.txt", book("3L\n1L 2R\n3L\n1L  2R\n4R\n1L 2R\n"));
    CHECK(s.openings == 6);
    CHECK(s.distinct == 3);
    REQUIRE(s.repeated.size() == 2);
    CHECK(s.repeated[0].line == "3L");
    CHECK(s.repeated[0].times == 2);
    CHECK(s.repeated[1].line == "1L 2R");
    CHECK(s.repeated[1].times == 3);
    CHECK(views::book_summary_text(s) ==
          "b.txt: 6 openings, 3 distinct, 1 to 2 plies\n"
          "  repeated 2 times: 3L\n"
          "  repeated 3 times: 1L 2R\n");
}

TEST_CASE("the JSON of book summaries names the rules, the ply limit and each book",
          "[views][book]") {
    const auto rules = rules::parse_rules("stop-after-capture").value();
    const auto one = views::summarize_book("a.txt", book("1L 2R\n1L 2R\n"));
    const auto two = views::summarize_book("b.txt", book("4R 5L\n"));
    CHECK(views::book_summaries_json(rules, 250, {one, two}) ==
          R"({"rules":")" + rules::expanded(rules) +
              R"(","max_plies":250,"books":[)"
              R"({"file":"a.txt","openings":2,"distinct":1,"shortest":2,"longest":2,)"
              R"("repeated":[{"line":"1L 2R","times":2}]},)"
              R"({"file":"b.txt","openings":1,"distinct":1,"shortest":2,"longest":2,)"
              R"("repeated":[]}]})");
}

TEST_CASE("a book of one position string counts its moves as its plies", "[views][book]") {
    const auto s =
        views::summarize_book("p.txt", book("Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 moves 1L\n"
                                            "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0\n"));
    CHECK(s.distinct == 2);
    CHECK(s.shortest == 0);
    CHECK(s.longest == 1);
    CHECK(views::book_summary_text(s) == "p.txt: 2 openings, 2 distinct, 0 to 1 plies\n");
}
