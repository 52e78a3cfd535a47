// `oaq results` and `oaq ratings` against a real database file holding a known set of games: the
// commands run in-process (argv in, std::cout captured) and the tests read what people and scripts
// would read.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../store/fixtures.hpp"
#include "app/commands.hpp"
#include "common/error.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"
#include "store/store.hpp"
#include "tournament/run_definition.hpp"
#include "views/results_json.hpp"

namespace {

using namespace oaq;
using store::TimePoint;

using store::test::TempDir;

std::string expanded(const std::string& preset) {
    return rules::expanded(rules::parse_rules(preset).value());
}
std::string standard() {
    return expanded("standard");
}

TimePoint day(int y, unsigned m, unsigned d, int hour = 12) {
    return std::chrono::sys_days{std::chrono::year{y} / std::chrono::month{m} /
                                 std::chrono::day{d}} +
           std::chrono::hours{hour};
}

// A game of `plies` legal moves from the start position (always the first legal move), with a
// result set by hand: the store keeps what the referee decided.
game::GameRecord make_game(const std::string& south, const std::string& north, rules::Result result,
                           game::Termination termination = oaq::game::Termination::Normal,
                           int plies = 4, TimePoint ended = day(2026, 1, 10),
                           const std::string& preset = "standard") {
    const auto r = rules::parse_rules(preset).value();
    const auto start = rules::parse_position("startpos", r).value();
    game::GameRecord g;
    g.south = south;
    g.north = north;
    g.rules = rules::expanded(r);
    g.time_control = "10+0.1";
    g.start_position = rules::to_string(start);
    rules::Game played(r, start, 0);
    for (int i = 0; i < plies && !played.is_over(); ++i) {
        const auto move = rules::legal_moves(played.position(), r)[0];
        played.play(move).value();
        game::MoveRecord m;
        m.move = rules::to_string(move);
        m.time_used = std::chrono::microseconds{100'000 + i};
        m.time_left = std::chrono::microseconds{9'900'000 - i * 1000};
        m.depth = 5 + i;
        m.score = protocol::Score{protocol::Score::Kind::Cp, 10 * i};
        m.nodes = 1000u + static_cast<std::uint64_t>(i);
        m.pv = {m.move};
        g.moves.push_back(m);
    }
    g.result = result;
    g.score_south = 30;
    g.score_north = 20;
    g.termination = termination;
    g.detail = termination == oaq::game::Termination::TimeForfeit ? "exceeded by 12 ms"
                                                                  : "mandarins_empty";
    g.final_position = rules::to_string(played.position());
    g.started_at = ended - std::chrono::seconds{30};
    g.ended_at = ended;
    return g;
}

store::RowId make_tournament(store::Store& db, const std::string& name,
                             const std::vector<std::string>& engines,
                             const std::string& preset = "standard") {
    store::TournamentRow t;
    t.name = name;
    t.format = "round_robin";
    t.rules = expanded(preset);
    t.time_control = "10+0.1";
    t.started_at = day(2026, 1, 10, 0);
    for (const auto& e : engines) {
        store::EngineRow row;
        row.name = e;
        row.command = "./" + e;
        t.engine_ids.push_back(db.upsert_engine(row));
    }
    return t.id = db.create_tournament(t).value();
}

// t1: A, B, C in colour-swapped pairs; t2: one later game A vs D.
//   pair 0: A-B 1-0, B-A draw           A 1.5 of 2 against B (pentanomial WD)
//   pair 1: A-C 1-0, C-A 0-1            A 2 of 2 against C (WW)
//   pair 2: B-C draw, C-B 0-1 (C loses on time)   B 1.5 of 2 against C
// Points: A 3.5, B 2, C 0.5 (one failure). Game ids 1..6 in that order, 7 in t2.
struct Fixture {
    TempDir dir;
    std::string path = dir.file("results.db");
    Fixture() {
        using R = rules::Result;
        auto db = store::Store::open(path);
        const auto t1 = make_tournament(db, "t1", {"A", "B", "C"});
        const auto t2 = make_tournament(db, "t2", {"A", "D"});
        auto put = [&](store::RowId t, std::int64_t index, int pair, game::GameRecord g) {
            db.record_game(t, store::GameSlot{index, pair, 0}, g).value();
        };
        put(t1, 0, 0, make_game("A", "B", R::SouthWin));
        put(t1, 1, 0, make_game("B", "A", R::Draw));
        put(t1, 2, 1, make_game("A", "C", R::SouthWin));
        put(t1, 3, 1, make_game("C", "A", R::NorthWin));
        put(t1, 4, 2, make_game("B", "C", R::Draw));
        put(t1, 5, 2, make_game("C", "B", R::NorthWin, oaq::game::Termination::TimeForfeit));
        put(t2, 0, 0,
            make_game("A", "D", R::NorthWin, oaq::game::Termination::Normal, 6, day(2026, 2, 1)));
    }
};

struct Capture {
    Capture() : old(std::cout.rdbuf(out.rdbuf())) {}
    ~Capture() { std::cout.rdbuf(old); }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    std::ostringstream out;
    std::streambuf* old;
};

std::string run(int (*command)(int, char**), std::vector<std::string> args) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    Capture capture;
    const int code = command(static_cast<int>(argv.size()), argv.data());
    REQUIRE(code == 0);
    return capture.out.str();
}

std::string results(const Fixture& f, std::vector<std::string> args) {
    args.insert(args.begin(), "results");
    args.push_back("--db");
    args.push_back(f.path);
    return run(app::run_results, args);
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("standings of a tournament rank engines by rating with W/D/L, failures and marks",
          "[app][results]") {
    Fixture f;
    const auto text = results(f, {"standings", "--tournament", "t1"});
    const auto l = lines(text);
    REQUIRE(l.size() >= 5);  // title, header, three engines, notes
    CHECK(contains(l[0], "tournament t1 (6 games)"));
    CHECK(contains(l[1], "rating ± 95%"));
    CHECK(contains(l[2], "A"));
    CHECK(contains(l[2], "3.5"));
    CHECK(contains(l[2], "87.5%"));
    CHECK(contains(l[2], "3/1/0"));
    CHECK(contains(l[3], "B"));
    CHECK(contains(l[3], "2.0"));
    CHECK(contains(l[4], "C"));
    CHECK(contains(l[4], "0.5"));
    CHECK(contains(l[4], "0/1/3"));

    const auto csv = lines(results(f, {"standings", "--tournament", "t1", "--csv"}));
    REQUIRE(csv.size() == 4);
    CHECK(csv[0] ==
          "rank,engine,games,points,score,wins,draws,losses,failures,status,rating,rating_error,"
          "group");
    CHECK(csv[3].rfind("3,C,4,0.5,0.1250,0,1,3,1,ok,", 0) == 0);

    const auto json = lines(results(f, {"standings", "--tournament", "t1", "--json"}));
    REQUIRE(json.size() == 3);
    CHECK(contains(json[0], R"({"rank":1,"engine":"A","games":4,"points":3.5,"score":0.875,)"));
    CHECK(contains(json[0], R"("rating":{"status":"ok","value":)"));
    CHECK(contains(json[0], R"("group":null,"anchor":false})"));
}

TEST_CASE("every view marks unrated engines and disconnected groups with the same words",
          "[app][results]") {
    Fixture f;
    // In t2, D won its only game against A: all_wins within the tournament.
    const auto text = results(f, {"standings", "--tournament", "t2"});
    INFO(text);
    CHECK(contains(text, "unrated (all_wins)"));
    CHECK(contains(text, "unrated (all_losses)"));
    CHECK(contains(text, "note: unrated engines have no finite rating"));
    const auto json = results(f, {"standings", "--tournament", "t2", "--json"});
    CHECK(contains(json, R"("rating":{"status":"all_wins","value":null,"error":null)"));
    const auto ratings =
        run(app::run_ratings, {"ratings", "--db", f.path, "--tournament", "t2", "--no-save"});
    CHECK(contains(ratings, "unrated (all_wins)"));
    CHECK(contains(ratings, "unrated (all_losses)"));
}

TEST_CASE("crosstable cells hold points and games of row against column", "[app][results]") {
    Fixture f;
    const auto csv = lines(results(f, {"crosstable", "--tournament", "t1", "--csv"}));
    REQUIRE(csv.size() == 4);
    CHECK(csv[0] == "engine,A,B,C,total");
    CHECK(csv[1] == "A,,1.5/2,2/2,3.5/4");
    CHECK(csv[2] == "B,0.5/2,,1.5/2,2/4");
    CHECK(csv[3] == "C,0/2,0.5/2,,0.5/4");
    const auto json = lines(results(f, {"crosstable", "--tournament", "t1", "--json"}));
    REQUIRE(json.size() == 3);
    CHECK(contains(json[0], R"({"rank":1,"engine":"A","games":4,"points":3.5,"opponents":[)"));
    CHECK(contains(json[0],
                   R"({"opponent":"B","games":2,"wins":1,"draws":1,"losses":0,"points":1.5})"));
}

TEST_CASE("h2h gives totals, colours and the pentanomial from A's side", "[app][results]") {
    Fixture f;
    const auto json = results(f, {"h2h", "A", "B", "--json"});
    CHECK(contains(json, R"({"engine":"A","opponent":"B","games":2,"wins":1,"draws":1,)"));
    CHECK(contains(json, R"("as_south":{"games":1,"wins":1,"draws":0,"losses":0)"));
    CHECK(contains(json, R"("as_north":{"games":1,"wins":0,"draws":1,"losses":0)"));
    CHECK(contains(json, R"("pentanomial":[0,0,0,1,0])"));
    CHECK(contains(json, R"("unpaired_games":0)"));
    CHECK(contains(json, R"("failures":{"engine":0,"opponent":0})"));
    const auto text = results(f, {"h2h", "B", "A"});
    INFO(text);
    CHECK(contains(text, "B vs A: 2 games, 0.5 points"));
    CHECK(contains(text, "\ntotal                0  1  1     0.5\n"));
    CHECK(contains(text, "\nB as North           0  0  1     0.0\n"));
    CHECK(contains(text, "[0 1 0 0 0]"));
    CHECK(contains(text, "Elo difference"));
    CHECK(contains(text, "LOS"));
}

TEST_CASE("games lists number games within their tournament, filter them and say what is left",
          "[app][results]") {
    Fixture f;
    const auto all = lines(results(f, {"games"}));
    REQUIRE(all.size() == 9);  // header, 7 games, the note
    CHECK(all[1].rfind("t1#1 ", 0) == 0);
    CHECK(all[7].rfind("t2#1 ", 0) == 0);
    CHECK(all[8] == "showing 1–7 of 7");
    CHECK(lines(results(f, {"games", "--tournament", "t1"})).size() == 8);
    const auto c = lines(results(f, {"games", "--engine", "C", "--csv"}));
    REQUIRE(c.size() == 5);
    CHECK(c[0].rfind("tournament,game,round,pair,db_id,south,north,result,score_south,", 0) == 0);
    CHECK(c[4].rfind("t1,6,1,3,6,C,B,north_win,30,20,time_forfeit,exceeded by 12 ms,4,", 0) == 0);
    const auto later = lines(results(f, {"games", "--since", "2026-02-01", "--json"}));
    REQUIRE(later.size() == 1);
    CHECK(contains(later[0], R"({"tournament":"t2","game":1,"round":1,"pair":1,"db_id":7,)"));
    CHECK(contains(later[0], R"("south":"A","north":"D","result":"north_win")"));
    CHECK(lines(results(f, {"games", "--until", "2026-01-10"})).size() == 8);

    const auto page = lines(results(f, {"games", "--limit", "2", "--offset", "3"}));
    REQUIRE(page.size() == 4);
    CHECK(page[1].rfind("t1#4 ", 0) == 0);
    CHECK(page[3] == "showing 4–5 of 7; --offset 5 for more");
    CHECK(lines(results(f, {"games", "--result", "draw"})).size() == 4);
    CHECK(lines(results(f, {"games", "--result", "1-0", "--tournament", "t1"})).size() == 4);
    CHECK(lines(results(f, {"games", "--termination", "time_forfeit"})).size() == 3);
    CHECK(lines(results(f, {"games", "--min-plies", "5"})).size() == 3);  // t2's 6 plies
    CHECK(lines(results(f, {"games", "--max-plies", "4", "--tournament", "t2"})).back() ==
          "no games match");
    CHECK_THROWS_WITH(results(f, {"games", "--result", "won"}), Catch::Contains("--result"));
    CHECK_THROWS_WITH(results(f, {"games", "--termination", "resign"}),
                      Catch::Contains("time_forfeit"));
}

TEST_CASE("game NAME#N prints every move and the result", "[app][results]") {
    Fixture f;
    const auto text = results(f, {"game", "t1#6"});
    CHECK(contains(text, "game t1#6  round 1  pair 3"));
    CHECK(contains(text, "south C (10+0.1)  north B (10+0.1)"));
    CHECK(contains(text, "ply  side"));
    CHECK(contains(text, "0.100s"));
    CHECK(contains(text, "cp 30"));
    CHECK(contains(text, "termination time_forfeit  detail exceeded by 12 ms"));
    const auto l = lines(text);
    CHECK(std::count_if(l.begin(), l.end(), [](const std::string& s) {
              return contains(s, "s  9.89") || contains(s, "s  9.900");
          }) == 4);
    CHECK(results(f, {"game", "--tournament", "t1", "6"}) == text);
    CHECK(results(f, {"game", "--id", "6"}) == text);

    const auto replay = results(f, {"game", "t1#6", "--replay"});
    CHECK(contains(replay, "\n4. North "));
    CHECK(contains(replay, "0-1 (time_forfeit: exceeded by 12 ms)"));

    const auto json = results(f, {"game", "t2#1", "--json"});
    CHECK(contains(json, R"("moves":[{"ply":1,"side":"south","move":)"));
    CHECK(contains(json, R"("eval":{"kind":"cp","value":0},"nodes":1000,)"));
    CHECK_THROWS_WITH(results(f, {"game", "6"}), Catch::Contains("NAME#6"));
    CHECK_THROWS_WITH(results(f, {"game", "t1#9"}), Catch::Contains("t1#9: no such game"));
}

TEST_CASE("export writes PGN by the standard, JSON game objects and CSV rows", "[app][results]") {
    Fixture f;
    const auto pgn = results(f, {"export", "--tournament", "t2"});
    INFO(pgn);
    CHECK(pgn.rfind(
              "[Event \"t2\"]\n[Site \"?\"]\n[Date \"2026.02.01\"]\n[Round \"1\"]\n"
              "[White \"A\"]\n[Black \"D\"]\n[Result \"0-1\"]\n[OaqDetail \"mandarins_empty\"]\n"
              "[OaqGame \"t2#1\"]\n[OaqRules \"standard\"]\n[OaqTermination \"normal\"]\n"
              "[OaqTimeControl \"10+0.1\"]\n[PlyCount \"6\"]\n[Termination \"normal\"]\n"
              "[TimeControl \"?\"]\n\n1. ",
              0) == 0);
    CHECK_FALSE(contains(pgn, "[FEN"));  // the rules' own start position
    CHECK(contains(pgn, "1. 1L {+0.00/5 0.100s [%clk 0:00:09.900]} 1... "));
    CHECK(contains(pgn, " 2. "));
    CHECK(contains(pgn, "{normal: mandarins_empty} 0-1\n\n"));

    const auto all = results(f, {"export", "--pgn"});
    // oaq 0.1's spelling still works; --format is otherwise only a tournament's format.
    CHECK(results(f, {"export", "--format", "pgn"}) == all);
    CHECK_THROWS_WITH(results(f, {"export", "--json", "--csv"}),
                      Catch::Contains("exclude each other"));
    std::size_t events = 0;
    for (std::size_t at = 0; (at = all.find("[Event ", at)) != std::string::npos; ++at) ++events;
    CHECK(events == 7);
    CHECK(contains(all, "[Result \"1/2-1/2\"]"));
    CHECK(contains(all, "[Termination \"time forfeit\"]"));
    CHECK(contains(all, "[OaqTermination \"time_forfeit\"]"));
    for (const auto& line : lines(all)) CHECK(line.size() <= 79);

    const auto csv = lines(results(f, {"export", "--csv", "--engine", "D"}));
    REQUIRE(csv.size() == 2);
    CHECK(csv[0] == lines(results(f, {"games", "--csv", "--engine", "D"}))[0]);
    CHECK(csv[1].rfind("t2,1,1,1,7,A,D,north_win,30,20,normal,", 0) == 0);

    const auto json = lines(results(f, {"export", "--json", "--result", "draw"}));
    REQUIRE(json.size() == 2);
    CHECK(contains(json[0], R"("moves":[{"ply":1,)"));

    TempDir out;
    results(f, {"export", "--csv", "--out", out.file("games.csv")});
    std::ifstream in(out.file("games.csv"));
    std::stringstream content;
    content << in.rdbuf();
    CHECK(lines(content.str()).size() == 8);
}

TEST_CASE("tournaments and engines list what is stored", "[app][results]") {
    Fixture f;
    const auto t = lines(results(f, {"tournaments", "--csv"}));
    REQUIRE(t.size() == 3);
    CHECK(t[1].rfind("t1,round_robin,standard,10+0.1,running,3,6,", 0) == 0);
    const auto tj = lines(results(f, {"tournaments", "--json"}));
    REQUIRE(tj.size() == 2);
    CHECK(contains(tj[0], R"("engines":[{"engine":"A","time_control":"10+0.1"},)"));
    const auto e = lines(results(f, {"engines", "--csv"}));
    REQUIRE(e.size() == 5);
    CHECK(e[1].rfind("A,5,3,1,1,3.5,", 0) == 0);
    CHECK(e[3] == "C,4,0,1,3,0.5,0.1250,1");
    CHECK(contains(results(f, {"engines"}), "12.5%"));
}

TEST_CASE("ratings fit the tournament, rank by rating and store a snapshot with --save",
          "[app][ratings]") {
    Fixture f;
    // A query saves nothing: the file is opened read-only and no snapshot appears.
    const auto query = run(app::run_ratings, {"ratings", "--db", f.path, "--tournament", "t1"});
    CHECK_FALSE(contains(query, "saved rating snapshot"));
    CHECK(
        contains(run(app::run_ratings, {"ratings", "--db", f.path, "--tournament", "t1", "--json"}),
                 R"("snapshot_id":null)"));
    {
        auto db = store::Store::open(f.path, {.create = false});
        CHECK_FALSE(db.latest_rating_snapshot(db.find_tournament("t1")->id, standard()));
    }
    CHECK_THROWS_WITH(run(app::run_ratings, {"ratings", "--db", f.path, "--save", "--no-save"}),
                      Catch::Contains("--save and --no-save exclude each other"));
    const auto text = run(app::run_ratings,
                          {"ratings", "--db", f.path, "--tournament", "t1", "--pairs", "--save"});
    const auto l = lines(text);
    REQUIRE(l.size() >= 5);
    CHECK(contains(l[2], "A"));
    CHECK(contains(l[4], "C"));
    CHECK(contains(text, "[0 0 0 1 0]"));
    CHECK(contains(text, "saved rating snapshot 1"));
    auto db = store::Store::open(f.path, {.create = false});
    const auto snap = db.latest_rating_snapshot(db.find_tournament("t1")->id, standard());
    REQUIRE(snap);
    CHECK(snap->method == "bradley_terry_mle");
    CHECK(snap->game_count == 6);
    CHECK(snap->max_game_id == 6);
    CHECK(snap->games_spec == "tournament=1");

    const auto json =
        run(app::run_ratings, {"ratings", "--db", f.path, "--anchor", "B", "--json", "--save"});
    CHECK(contains(json, R"("games":7)"));  // every standard game, both tournaments
    CHECK(contains(json, R"("anchor":{"engine":"B","value":0})"));
    CHECK(contains(json, R"("engine":"B",)"));
    CHECK(contains(
        json, R"("rating":{"status":"ok","value":0,"error":null,"group":null,"anchor":true})"));
    CHECK(contains(json, R"("snapshot_id":2)"));
    CHECK(contains(run(app::run_ratings, {"ratings", "--db", f.path, "--anchor", "B", "--no-save"}),
                   "+0.0 (anchor)"));
}

TEST_CASE("an anchor without a rating is refused, not dropped", "[app][ratings]") {
    Fixture f;
    CHECK_THROWS_WITH(run(app::run_ratings, {"ratings", "--db", f.path, "--tournament", "t2",
                                             "--anchor", "D", "--no-save"}),
                      Catch::Contains("--anchor: D has no rating (all_wins)"));
}

TEST_CASE("ratings never pool games of different rules", "[app][ratings]") {
    Fixture f;
    {
        auto db = store::Store::open(f.path, {.create = false});
        const auto t3 = make_tournament(db, "t3", {"A", "E"}, "quan5");
        db.record_game(t3, store::GameSlot{0, 0, 0},
                       make_game("A", "E", rules::Result::Draw, oaq::game::Termination::Normal, 2,
                                 day(2026, 3, 1), "quan5"))
            .value();
    }
    const auto standard_only =
        run(app::run_ratings, {"ratings", "--db", f.path, "--json", "--no-save"});
    INFO(standard_only);
    CHECK(contains(standard_only, R"("games":7)"));
    CHECK_FALSE(contains(standard_only, R"("engine":"E")"));
    const auto quan5 =
        run(app::run_ratings, {"ratings", "--db", f.path, "--rules", "quan5", "--json", "--save"});
    CHECK(contains(quan5, R"("games":1)"));
    CHECK(contains(quan5, R"("engine":"E")"));
    CHECK(contains(quan5, R"("snapshot_id":1)"));
    CHECK(lines(results(f, {"games", "--rules", "quan5"})).size() == 3);
    CHECK(lines(results(f, {"standings", "--rules", "quan5", "--csv"})).size() == 3);
    CHECK_THROWS_WITH(run(app::run_ratings,
                          {"ratings", "--db", f.path, "--tournament", "t3", "--rules", "standard"}),
                      Catch::Contains("not played under --rules"));
}

TEST_CASE("errors are one clear OaqError", "[app][results][errors]") {
    Fixture f;
    CHECK_THROWS_WITH(results(f, {"game", "--id", "99"}), Catch::Contains("no game with id 99"));
    CHECK_THROWS_WITH(results(f, {"standings", "--tournament", "nope"}),
                      Catch::Contains("no tournament named \"nope\""));
    CHECK_THROWS_WITH(results(f, {"games", "--since", "2026-13-01"}), Catch::Contains("--since"));
    CHECK_THROWS_AS(results(f, {"export", "--format", "xml"}), OaqError);
    TempDir empty;
    std::vector<std::string> args{"results", "games", "--db", empty.file("missing.db")};
    CHECK_THROWS_WITH(run(app::run_results, args), Catch::Contains("missing.db"));
    CHECK_FALSE(std::filesystem::exists(empty.file("missing.db")));
    {
        std::ofstream junk(empty.file("junk.db"));
        junk << "this is not a database file, just text that is long enough to have a header\n";
    }
    std::vector<std::string> junk_args{"results", "games", "--db", empty.file("junk.db")};
    CHECK_THROWS_AS(run(app::run_results, junk_args), OaqError);
}

TEST_CASE("pooled standings and ratings mark engines rated only within their group",
          "[app][results]") {
    Fixture f;
    {
        auto db = store::Store::open(f.path, {.create = false});
        const auto t3 = make_tournament(db, "t3", {"E", "F"});
        db.record_game(t3, store::GameSlot{0, 0, 0}, make_game("E", "F", rules::Result::SouthWin))
            .value();
        db.record_game(t3, store::GameSlot{1, 0, 0}, make_game("F", "E", rules::Result::SouthWin))
            .value();
    }
    // E and F never met the others: two groups whose ratings do not compare.
    const auto text = results(f, {"standings"});
    INFO(text);
    CHECK(contains(text, "(group 1)"));
    CHECK(contains(text, "(group 2)"));
    CHECK(contains(text, "note: the results split the engines into groups"));
    const auto json = results(f, {"standings", "--json"});
    CHECK(contains(json, R"("engine":"E",)"));
    CHECK(contains(json, R"("status":"disconnected",)"));
    CHECK(contains(json, R"("group":2,"anchor":false})"));
    const auto ratings = run(app::run_ratings, {"ratings", "--db", f.path, "--no-save"});
    CHECK(contains(ratings, "(group 2)"));
    CHECK(contains(ratings, "note: the results split the engines into groups"));
}

TEST_CASE("tournaments show the time control each engine played, from the stored definition",
          "[app][results]") {
    Fixture f;
    {
        auto db = store::Store::open(f.path, {.create = false});
        oaq::tournament::RunDefinition d;
        d.tc = game::parse_time_control("movetime=100").value();
        oaq::tournament::EngineDefinition a, b;
        a.name = "A";
        a.command = "./A";
        a.tc = game::parse_time_control("5+0.05").value();
        b.name = "B";
        b.command = "./B";
        d.engines = {a, b};
        store::TournamentRow t;
        t.name = "t4";
        t.format = "match";
        t.rules = standard();
        t.time_control = "movetime=100";
        t.definition = oaq::tournament::to_json(d);
        t.fingerprint = oaq::tournament::fingerprint(d);
        t.engine_ids = {db.find_engine("A")->id, db.find_engine("B")->id};
        db.create_tournament(t).value();
    }
    const auto text = results(f, {"tournaments", "--tournament", "t4"});
    CHECK(contains(text, "A 5+0.05, B movetime=100"));
    const auto json = results(f, {"tournaments", "--tournament", "t4", "--json"});
    CHECK(contains(json, R"("engines":[{"engine":"A","time_control":"5+0.05"},)"
                         R"({"engine":"B","time_control":"movetime=100"}])"));
    // Engines that all played one time control show it once.
    CHECK(contains(results(f, {"tournaments", "--tournament", "t1"}), " 10+0.1 "));
}

TEST_CASE("a session run plans sessions times G games and shows it as an upper bound",
          "[app][results][sessions]") {
    Fixture f;
    // A match of 3 (sessions with session_games) between A and B.
    const auto add = [&](const std::string& name, int session_games) {
        auto db = store::Store::open(f.path, {.create = false});
        oaq::tournament::RunDefinition d;
        d.format = oaq::tournament::Format::Match;
        d.games = 3;
        d.session_games = session_games;
        oaq::tournament::EngineDefinition a, b;
        a.name = "A";
        a.command = "./A";
        b.name = "B";
        b.command = "./B";
        d.engines = {a, b};
        store::TournamentRow t;
        t.name = name;
        t.format = "match";
        t.rules = standard();
        t.time_control = "10+0.1";
        t.definition = oaq::tournament::to_json(d);
        t.fingerprint = oaq::tournament::fingerprint(d);
        t.engine_ids = {db.find_engine("A")->id, db.find_engine("B")->id};
        db.create_tournament(t).value();
    };
    add("s", 7);
    add("plain", 0);
    // Three sessions of at most 7 games: 21, not the 6 games of three colour-swapped pairs.
    const auto table = lines(results(f, {"tournaments", "--tournament", "s"}));
    REQUIRE(table.size() == 2);
    CHECK(contains(table[1], " \u226421 "));
    CHECK(lines(results(f, {"tournaments", "--tournament", "s", "--csv"}))[1].find(",21,") !=
          std::string::npos);
    CHECK(contains(results(f, {"tournaments", "--tournament", "s", "--json"}), R"("planned":21,)"));
    // A run of ordinary games plans its schedule, shown as a plain number.
    const auto plain = lines(results(f, {"tournaments", "--tournament", "plain"}));
    CHECK(contains(plain[1], " 3 "));
    CHECK_FALSE(contains(plain[1], "\u2264"));
}

TEST_CASE("a stored game's bad start position is named once as the start position",
          "[app][results][errors]") {
    game::GameRecord record;
    record.rules = rules::expanded(rules::Rules{});
    record.start_position = "Q0,5,x5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";  // a field
    auto field = views::replay_start(record);
    REQUIRE_FALSE(field);
    CHECK(field.error().message ==
          "start position: field 1 (pits), cell 3 (S2): \"x5\" is not a count");
    record.start_position = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0";  // the whole string
    auto whole = views::replay_start(record);
    REQUIRE_FALSE(whole);
    CHECK_THAT(whole.error().message,
               Catch::StartsWith("start position: expected 6 fields separated by single spaces"));
}
