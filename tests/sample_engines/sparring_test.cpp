// oaq-sparring's own rules and search (sample-engines/sparring/), in-process: its move generator,
// written from protocol-spec/rules.md alone, gives the rules library's perft from the start, from
// the spec's mid-game vectors and from seeded random positions, and ends whole games as the
// library does; its Rules parser takes exactly the three rule sets it plays; its search takes a
// won capture, sees a forced end and stops at its node limit.
#include <catch2/catch.hpp>

#include <atomic>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "board.hpp"
#include "rules/perft.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"
#include "search.hpp"

namespace {

const char* const kPlayed[] = {"standard", "stop-after-capture", "tg-standard"};

sparring::RuleSet sparring_rules(const std::string& text) {
    std::string why;
    const auto r = sparring::parse_rules(text, why);
    REQUIRE(r);
    return *r;
}

sparring::Board sparring_board(const std::string& text, const sparring::RuleSet& rules) {
    std::istringstream in(text);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    std::string why;
    auto b = sparring::Board::parse(fields, why);
    REQUIRE(b);
    b->begin_turn(rules);
    return *b;
}

// Positions of seeded random games under `rules`, game not over.
std::vector<oaq::rules::Position> sample_positions(const oaq::rules::Rules& rules,
                                                   std::uint64_t seed, std::size_t count) {
    std::mt19937_64 rng(seed);
    std::vector<oaq::rules::Position> out;
    while (out.size() < count) {
        auto pos = oaq::rules::start_position(rules);
        for (std::uint64_t ply = 0; !pos.is_over() && out.size() < count; ++ply) {
            if (ply % 3 == 2) out.push_back(pos);
            const auto moves = oaq::rules::legal_moves(pos, rules);
            pos =
                oaq::rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("the sparring bot's perft from the start is the rules library's", "[sparring]") {
    const std::string text = GENERATE(from_range(std::begin(kPlayed), std::end(kPlayed)));
    INFO(text);
    const auto rules = *oaq::rules::parse_rules(text);
    for (int depth = 1; depth <= 6; ++depth)
        CHECK(sparring::perft(sparring::Board::start(), depth, sparring_rules(text)) ==
              oaq::rules::perft(oaq::rules::start_position(rules), depth, rules));
}

TEST_CASE("the sparring bot's perft gives the spec's mid-game test vectors", "[sparring]") {
    struct Vector {
        const char* rules;
        const char* position;
        std::uint64_t d5;
        std::uint64_t d6;
    };
    // protocol-spec/rules.md section 7 (test-vectors.json), the rows of the three rule sets.
    const Vector vectors[] = {
        {"standard", "Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0", 5312, 28184},
        {"standard", "5,3,2,0,0,1,Q7,1,3,3,12,3 N 10+1 0+0 0 0", 15428, 85644},
        {"standard", "Q5,0,0,0,0,1,0,1,1,1,1,1 N 0+0 0+1 0 2", 1042, 3754},
        {"standard", "0,0,0,1,0,0,Q3,0,0,1,1,1 S 0+1 0+0 0 0", 14, 30},
        {"standard", "1,1,1,1,1,1,2,4,0,1,0,0 S 18+1 19+1 0 0", 6894, 31868},
        {"stop-after-capture", "Q4,0,0,11,3,10,Q5,2,2,3,1,0 S 6+0 3+0 0 0", 14658, 91208},
        {"tg-standard", "0,0,0,0,0,1,Q10,8,0,1,0,0 S 29+1 1+0 0 0", 1598, 6414},
        {"stop-after-capture", "0,0,0,0,0,1,Q10,8,0,1,0,0 S 29+1 1+0 0 0", 1598, 7134},
    };
    for (const auto& v : vectors) {
        INFO(v.rules << " / " << v.position);
        const auto rules = sparring_rules(v.rules);
        const auto board = sparring_board(v.position, rules);
        CHECK(sparring::perft(board, 5, rules) == v.d5);
        CHECK(sparring::perft(board, 6, rules) == v.d6);
    }
}

TEST_CASE("the sparring bot's perft from random mid-game positions is the rules library's",
          "[sparring]") {
    const std::string text = GENERATE(from_range(std::begin(kPlayed), std::end(kPlayed)));
    const auto rules = *oaq::rules::parse_rules(text);
    for (const auto& pos : sample_positions(rules, 17, 40)) {
        const std::string position = oaq::rules::to_string(pos);
        INFO(text << " / " << position);
        CHECK(sparring::perft(sparring_board(position, sparring_rules(text)), 4,
                              sparring_rules(text)) == oaq::rules::perft(pos, 4, rules));
    }
}

TEST_CASE("the sparring bot ends and settles whole random games as the rules library",
          "[sparring]") {
    const std::string text = GENERATE(from_range(std::begin(kPlayed), std::end(kPlayed)));
    const auto rules = *oaq::rules::parse_rules(text);
    const auto mine = sparring_rules(text);
    std::mt19937_64 rng(29);
    for (int game = 0; game < 30; ++game) {
        auto pos = oaq::rules::start_position(rules);
        auto board = sparring::Board::start();
        while (!pos.is_over()) {
            const auto legal = oaq::rules::legal_moves(pos, rules);
            REQUIRE(legal.size() == board.moves().size());
            const auto move = legal[static_cast<std::size_t>(rng() % legal.size())];
            pos = oaq::rules::play(pos, move, rules);
            const auto m = sparring::parse_move(oaq::rules::to_string(move));
            REQUIRE(m);
            board.play(*m, mine);
        }
        INFO(text << " / game " << game + 1 << " / " << oaq::rules::to_string(pos));
        REQUIRE(board.is_over());
        CHECK(board.score(0) == oaq::rules::score(pos, oaq::rules::Side::South, rules));
        CHECK(board.score(1) == oaq::rules::score(pos, oaq::rules::Side::North, rules));
    }
}

TEST_CASE("the sparring bot plays exactly standard, stop-after-capture and tg-standard",
          "[sparring]") {
    std::string why;
    for (const auto& text : {"standard", "stop-after-capture", "tg-standard",
                             "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,"
                             "after_capture=stop,chain=yes,quan_non=0,end=mandarins_empty,"
                             "refill=own_or_lose"}) {
        INFO(text);
        CHECK(sparring::parse_rules(text, why));
    }
    const auto tg = sparring::parse_rules("tg-standard", why);
    CHECK((tg->stop_after_capture && tg->refill_or_lose));
    for (const auto& text : {"village", "quan-non", "standard,quan_value=5", "standard,players=3",
                             "quan_value=10,direction=cw", "standard,,chain=no"}) {
        INFO(text);
        CHECK_FALSE(sparring::parse_rules(text, why));
        CHECK_FALSE(why.empty());
    }
}

TEST_CASE("the sparring search takes a winning capture and reports the forced end", "[sparring]") {
    // rules.md 8.8: South's 3R captures QE and ends the game 24-3.
    const auto rules = sparring_rules("standard");
    const auto board = sparring_board("0,0,0,1,0,0,Q3,0,0,1,1,1 S 0+1 0+0 0 0", rules);
    sparring::Searcher searcher(1);
    std::atomic<bool> stop{false};
    sparring::Limits limits;
    limits.depth = 6;
    std::vector<sparring::Report> reports;
    const auto best = searcher.search(board, rules, {board.hash()}, 300, limits, stop,
                                      [&](const sparring::Report& r) { reports.push_back(r); });
    CHECK(sparring::to_text(best) == "3R");
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().score == sparring::kMate - 1);
}

TEST_CASE("the sparring search stops at its node limit with a legal move", "[sparring]") {
    const auto rules = sparring_rules("tg-standard");
    const auto board = sparring::Board::start();
    sparring::Searcher searcher(1);
    std::atomic<bool> stop{false};
    sparring::Limits limits;
    limits.nodes = 2000;
    std::vector<sparring::Report> reports;
    const auto best = searcher.search(board, rules, {board.hash()}, 300, limits, stop,
                                      [&](const sparring::Report& r) { reports.push_back(r); });
    CHECK(board.is_legal(best));
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().nodes <= 2000);
}

TEST_CASE("the sparring search scores a position that the ply limit ends as its settlement",
          "[sparring]") {
    // One ply before the limit every move ends the game: the score is the settled result.
    const auto rules = sparring_rules("standard");
    const auto board = sparring_board("Q5,0,0,0,0,1,Q5,1,0,0,0,0 S 10+0 0+0 0 0", rules);
    sparring::Searcher searcher(1);
    std::atomic<bool> stop{false};
    sparring::Limits limits;
    limits.depth = 4;
    std::vector<sparring::Report> reports;
    searcher.search(board, rules, {board.hash()}, 1, limits, stop,
                    [&](const sparring::Report& r) { reports.push_back(r); });
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().score == sparring::kMate - 1);  // 11 to 1 after settlement: won
}
