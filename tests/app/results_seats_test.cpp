// `oaq results` over games of three seats (RULES.md section 9) stored beside a 2-seat tournament:
// standings with points, average rank, firsts, failures and the Plackett-Luce rating; the
// crosstable of how often each engine finished above each other; h2h; games filtered by the
// engine's seat and rank; JSON seats; CSV seat columns; PGN leaving the tables out. The commands
// run in-process (argv in, std::cout captured) as in results_test.cpp.
#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../store/fixtures.hpp"
#include "app/commands.hpp"
#include "common/error.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/rules.hpp"
#include "store/store.hpp"
#include "views/seat_results.hpp"

namespace {

using namespace oaq;
using store::test::TempDir;

const rules::Rules kTri = rules::parse_rules("standard,players=3").value();

// A 3-seat game of four legal ring moves from the start; the scores are set by hand and the ranks
// and points follow RULES.md section 9 (a failing seat ranked last alone, 0 points).
game::GameRecord tri_game(const std::vector<std::string>& names, const std::vector<int>& scores,
                          std::optional<int> failed = std::nullopt, unsigned seed = 1) {
    game::GameRecord g = store::test::make_game(names[0], names[1], 0, seed);
    g.rules = kTri;
    const auto start = rules::ring_start_position(kTri);
    g.start_position = rules::to_string(start);
    g.opening.moves.clear();
    rules::RingGame played(kTri, start);
    for (int i = 0; i < 4; ++i) {
        const auto move = rules::legal_moves(played.position(), kTri)[0];
        played.play(move).value();
        game::MoveRecord m;
        m.move = move;
        m.time_used = std::chrono::microseconds{1000};
        m.time_left = std::chrono::microseconds{9'000'000};
        g.moves.push_back(m);
    }
    g.final_position = rules::to_string(played.position());
    const int n = static_cast<int>(names.size());
    g.seats.resize(names.size());
    for (int s = 0; s < n; ++s) {
        auto& seat = g.seats[static_cast<std::size_t>(s)];
        seat.name = names[static_cast<std::size_t>(s)];
        seat.time_control = game::parse_time_control("10+0.1").value();
        seat.score = scores[static_cast<std::size_t>(s)];
    }
    auto beats = [&](int s, int o) {
        if (failed) return *failed != s && *failed == o ? 1.0 : *failed == s ? 0.0 : -1.0;
        return -1.0;
    };
    for (int s = 0; s < n; ++s) {
        int rank = 1;
        double above = 0;
        for (int o = 0; o < n; ++o) {
            if (o == s) continue;
            double b = beats(s, o);
            if (b < 0) {
                const int mine = scores[static_cast<std::size_t>(s)];
                const int theirs = scores[static_cast<std::size_t>(o)];
                b = mine > theirs ? 1.0 : mine == theirs ? 0.5 : 0.0;
            }
            above += b;
            if (b == 0.0) ++rank;
        }
        g.seats[static_cast<std::size_t>(s)].rank = rank;
        g.seats[static_cast<std::size_t>(s)].points = above / (n - 1);
    }
    g.result = rules::Result::Draw;
    g.termination = failed ? game::Termination::TimeForfeit : game::Termination::Normal;
    g.detail = failed ? "seat " + std::to_string(*failed + 1) + " ran out of time" : "ring";
    g.failed_seat = failed;
    return g;
}

// tri (standard,players=3), games 1..4:
//   tri#1 A B C  30 20 10         ranks 1 2 3
//   tri#2 B C D  25 25  5         ranks 1 1 3
//   tri#3 C D A  10 30 20         ranks 3 1 2
//   tri#4 D A B  D loses on time  ranks 3 1 2 (A 40, B 10)
// duo (standard, 2 seats): one game A-B 1-0.
struct SeatFixture {
    TempDir dir;
    std::string path = dir.file("seats.db");
    SeatFixture() {
        auto db = store::Store::open(path);
        const auto tri = store::test::make_run(db, "tri", kTri);
        const auto duo = store::test::make_run(db, "duo", rules::parse_rules("standard").value());
        auto put = [&](store::RowId t, std::int64_t index, game::GameRecord g) {
            db.record_game(t, store::GameSlot{index, static_cast<int>(index), 0}, g).value();
        };
        put(tri, 0, tri_game({"A", "B", "C"}, {30, 20, 10}));
        put(tri, 1, tri_game({"B", "C", "D"}, {25, 25, 5}));
        put(tri, 2, tri_game({"C", "D", "A"}, {10, 30, 20}));
        put(tri, 3, tri_game({"D", "A", "B"}, {0, 40, 10}, 0));
        auto two = store::test::make_game("A", "B", 4, 3);
        two.rules = rules::parse_rules("standard").value();
        two.result = rules::Result::SouthWin;
        put(duo, 0, two);
    }
};

struct Capture {
    explicit Capture(std::ostream& stream) : s(stream), old(stream.rdbuf(out.rdbuf())) {}
    ~Capture() { s.rdbuf(old); }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    std::ostream& s;
    std::ostringstream out;
    std::streambuf* old;
};

struct Output {
    std::string out, err;
};

Output results_both(const SeatFixture& f, std::vector<std::string> args) {
    args.insert(args.begin(), "results");
    args.push_back("--db");
    args.push_back(f.path);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    Capture out(std::cout), err(std::cerr);
    const int code = app::run_results(static_cast<int>(argv.size()), argv.data());
    REQUIRE(code == 0);
    return {out.out.str(), err.out.str()};
}

std::string results(const SeatFixture& f, std::vector<std::string> args) {
    return results_both(f, std::move(args)).out;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string line_of(const std::string& text, const std::string& start) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(start, 0) == 0 || contains(line, start)) return line;
    return "";
}

}  // namespace

TEST_CASE("seat totals count points, ranks and firsts and meetings count who finished above",
          "[views][seats]") {
    tournament::RatingInput input;
    input.names = {"A", "B", "C"};
    tournament::TableResult g1;
    g1.seats = 3;
    g1.engines = {0, 1, 2, 0};
    g1.ranks = {1, 1, 3, 0};
    tournament::TableResult g2 = g1;
    g2.engines = {2, 0, 1, 0};
    g2.ranks = {1, 2, 3, 0};
    input.tables = {g1, g2};
    const auto totals = views::seat_totals(input);
    CHECK(totals[0].games == 2);
    CHECK(totals[0].points == Approx(0.75 + 0.5));
    CHECK(totals[0].firsts == 1);
    CHECK(totals[0].average_rank() == Approx(1.5));
    CHECK(views::average_rank_text(totals[2]) == "2.00");
    CHECK(views::average_rank_text(views::SeatTotals{}) == "-");
    const auto m = views::meetings(input);
    CHECK(m[0][1].level == 1);  // g1: A and B share first
    CHECK(m[0][1].above == 1);  // g2: A 2nd, B 3rd
    CHECK(m[2][0].above == 1);  // g2
    CHECK(m[2][0].below == 1);  // g1
    CHECK(m[1][2].games() == 2);
    CHECK(views::seats_of_rules(rules::expanded(kTri)) == 3);
    CHECK(views::seats_of_rules("no rules at all") == 2);
}

TEST_CASE("standings of a 3-seat tournament show points, average rank, firsts and failures",
          "[app][results][seats]") {
    SeatFixture f;
    const auto text = results(f, {"standings", "--tournament", "tri"});
    INFO(text);
    CHECK(contains(text, "Standings, tournament tri (4 games, 3 seats)"));
    CHECK(contains(text, "avg rank  firsts  failures"));
    CHECK_FALSE(contains(text, "W/D/L"));
    const auto a = line_of(text, "  A  ");
    CHECK(contains(a, "      3      2.5"));
    CHECK(contains(a, "    1.33       2         0"));
    const auto d = line_of(text, "  D  ");
    CHECK(contains(d, "      3      1.0"));
    CHECK(contains(d, "    2.33       1         1"));

    const auto json = results(f, {"standings", "--tournament", "tri", "--json"});
    INFO(json);
    CHECK(contains(json, R"("engine":"B","games":3,"points":1.75,)"));
    CHECK(contains(json, R"("seats":3,"average_rank":1.66667,"firsts":1})"));
    const auto csv = results(f, {"standings", "--tournament", "tri", "--csv"});
    CHECK(contains(csv, ",group,seats,average_rank,firsts\n"));
    CHECK(contains(csv, ",3,2.3333,1\n"));
}

TEST_CASE("the 3-seat crosstable counts how often the row engine finished above the column",
          "[app][results][seats]") {
    SeatFixture f;
    const auto text = results(f, {"crosstable", "--tournament", "tri"});
    INFO(text);
    CHECK(contains(text, "finished above the column engine"));
    // A above B in both games together, above C in both, above D in one of two.
    const auto a = line_of(text, "A       x");
    CHECK(contains(a, "2/2"));
    CHECK(contains(a, "1/2"));
    CHECK(contains(a, "2.5/3"));
    const auto json = results(f, {"crosstable", "--tournament", "tri", "--json"});
    INFO(json);
    CHECK(contains(json, R"({"opponent":"C","games":2,"above":1,"below":0,"level":1})"));
}

TEST_CASE("h2h of two engines that met at tables counts above, below and level by seat",
          "[app][results][seats]") {
    SeatFixture f;
    const auto text = results(f, {"h2h", "A", "B"});
    INFO(text);
    // The 2-seat game of duo first, as before, then the tables of three.
    CHECK(contains(text, "A vs B: 1 games"));
    CHECK(contains(text,
                   "A vs B at tables of 3: 2 games together, A finished above B in 2, "
                   "below in 0, level in 0"));
    CHECK(contains(line_of(text, "A in seat 2"), "1"));
    const auto json = results(f, {"h2h", "A", "D", "--json"});
    INFO(json);
    CHECK(contains(json, R"("engine":"A","opponent":"D","seats":3,"games":2,"above":1,"below":1)"));
    CHECK(contains(json, R"("failures":{"engine":0,"opponent":1})"));
    CHECK_FALSE(contains(json, "pentanomial"));  // no 2-seat game between A and D
}

TEST_CASE("games filter by the engine's seat and rank and list every seat in JSON and CSV",
          "[app][results][seats]") {
    SeatFixture f;
    const auto firsts = results(f, {"games", "--engine", "A", "--rank", "1", "--json"});
    INFO(firsts);
    CHECK(contains(firsts, R"("tournament":"tri","game":1,)"));
    CHECK(contains(firsts, R"("tournament":"tri","game":4,)"));
    CHECK(contains(firsts, R"("tournament":"duo","game":1,)"));  // a 2-seat win is rank 1
    CHECK_FALSE(contains(firsts, R"("tournament":"tri","game":3,)"));
    CHECK(contains(firsts, R"("seats":[{"seat":1,"engine":"D","time_control":"10+0.1",)"
                           R"("score":0,"rank":3,"points":0})"));
    const auto seat3 = results(f, {"games", "--engine", "A", "--seat", "3", "--json"});
    CHECK(contains(seat3, R"("tournament":"tri","game":3,)"));
    CHECK_FALSE(contains(seat3, R"("tournament":"tri","game":1,)"));
    CHECK(results(f, {"games", "--engine", "D", "--seat", "1", "--rank", "1"}) ==
          "game  round  south  north  result  score  termination  plies  ended_at\n"
          "no games match\n");
    CHECK_THROWS_WITH(results(f, {"games", "--rank", "1"}),
                      "--rank: give --engine too (the rank of which engine)");
    CHECK_THROWS_AS(results(f, {"games", "--engine", "A", "--seat", "5"}), OaqError);

    const auto csv = results(f, {"games", "--tournament", "tri", "--csv"});
    INFO(csv);
    CHECK(contains(csv,
                   ",ended_at,seats,seat1_engine,seat1_time_control,seat1_score,seat1_rank,"
                   "seat1_points,seat2_engine,"));
    CHECK(contains(csv, ",3,B,10+0.1,25,1,0.75,C,10+0.1,25,1,0.75,D,10+0.1,5,3,0,,,,,\n"));
    const auto two = results(f, {"games", "--tournament", "duo", "--csv"});
    CHECK_FALSE(contains(two, "seat1_engine"));  // a page of 2-seat games keeps its columns
}

TEST_CASE("export --pgn leaves out games of three seats and says how many on stderr",
          "[app][results][seats]") {
    SeatFixture f;
    const auto all = results_both(f, {"export", "--pgn"});
    CHECK(contains(all.out, "[OaqGame \"duo#1\"]"));
    CHECK_FALSE(contains(all.out, "tri#"));
    CHECK(all.err ==
          "export: left out 4 games of 3 or 4 seats: PGN has no form for them (use --json or "
          "--csv)\n");
    const auto json = results_both(f, {"export", "--json", "--tournament", "tri"});
    CHECK(json.err.empty());
    CHECK(contains(json.out, R"("failed_seat":1)"));
    const auto csv = results_both(f, {"export", "--csv"});
    CHECK(contains(csv.out, ",seat4_points\n"));
    CHECK(contains(csv.out, "duo,1,"));
    const auto only_two = results_both(f, {"export", "--pgn", "--tournament", "duo"});
    CHECK(only_two.err.empty());
}

TEST_CASE("engines count games of three seats beside 2-seat games", "[app][results][seats]") {
    SeatFixture f;
    const auto json = results(f, {"engines", "--json"});
    INFO(json);
    // D: first alone once (a win), last twice (one by its own time forfeit).
    CHECK(contains(json, R"("games":3,"wins":1,"draws":0,"losses":2,"points":1,)"));
    CHECK(contains(json, R"("failures":1})"));
    // A: three tables (2 firsts alone, one second) and the 2-seat win of duo.
    CHECK(contains(json, R"("games":4,"wins":3,"draws":1,"losses":0,"points":3.5,)"));
    const auto tri = results(f, {"engines", "--tournament", "tri", "--csv"});
    CHECK(contains(tri, "\nA,3,2,1,0,2.5,"));
}

TEST_CASE("a file of tables under one rules string shows them without --rules",
          "[app][results][seats]") {
    TempDir dir;
    const auto path = dir.file("tables.db");
    {
        auto db = store::Store::open(path);
        const auto tri = store::test::make_run(db, "tri", kTri);
        db.record_game(tri, store::GameSlot{0, 0, 0}, tri_game({"A", "B", "C"}, {30, 20, 10}))
            .value();
    }
    SeatFixture f;  // holds a 2-seat standard tournament too: standard stays the default there
    CHECK(contains(results(f, {"standings"}), "Standings, rules standard (1 games)"));
    f.path = path;
    CHECK(contains(results(f, {"standings"}),
                   "Standings, rules standard,players=3 (1 games, 3 seats)"));
}

TEST_CASE("the store lists and counts games by the engine's seat and rank, paged or not",
          "[store][seats]") {
    SeatFixture f;
    store::StoreOptions options;
    options.create = false;
    options.read_only = true;
    auto db = store::Store::open(f.path, options);
    const auto a = db.find_engine("A");
    REQUIRE(a);
    auto ids = [&](store::GameFilter filter) {
        std::vector<store::RowId> out;
        for (const auto& g : db.games(filter)) out.push_back(g.id);
        return out;
    };
    store::GameFilter firsts;
    firsts.engine_id = a->id;
    firsts.engine_rank = 1;
    CHECK(ids(firsts) == std::vector<store::RowId>{1, 4, 5});  // tri#1, tri#4, duo#1
    CHECK(db.count_games(firsts) == 3);
    firsts.limit = 0;  // the unpaged query
    CHECK(ids(firsts) == std::vector<store::RowId>{1, 4, 5});
    firsts.min_seats = 3;
    CHECK(ids(firsts) == std::vector<store::RowId>{1, 4});
    CHECK(db.count_games(firsts) == 2);

    store::GameFilter seat2;
    seat2.engine_id = a->id;
    seat2.engine_seat = 1;  // from 0: the second seat
    CHECK(ids(seat2) == std::vector<store::RowId>{4});
    seat2.opponent_id = db.find_engine("D")->id;
    CHECK(ids(seat2) == std::vector<store::RowId>{4});
    seat2.opponent_id = db.find_engine("C")->id;
    CHECK(ids(seat2).empty());
    CHECK(db.count_games(seat2) == 0);
}
