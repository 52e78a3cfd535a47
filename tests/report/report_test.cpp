// Report data and page: what load_report computes from a stored tournament (replayed positions,
// crosstable, failures, termination counts) and what render_report writes (escaped text, a JSON
// block that cannot close its script element, no external resources).
#include <catch2/catch.hpp>

#include "report/report_data.hpp"
#include "report/report_html.hpp"
#include "report/report_parts.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"
#include "store/packed_moves.hpp"
#include "store/sqlite.hpp"

#include "../store/fixtures.hpp"

namespace {

using namespace oaq;
using game::Termination;

const rules::Rules kRules{};

// A game played by always taking the first (or last) legal move: deterministic and legal.
game::GameRecord play_game(const std::string& south, const std::string& north, bool last_move,
                           int max_plies) {
    game::GameRecord r;
    r.south().name = south;
    r.north().name = north;
    r.rules = kRules;
    r.south().time_control = r.north().time_control =
        game::parse_time_control("movetime=10").value();
    r.start_position = rules::to_string(rules::start_position(kRules));
    rules::Game game(kRules, rules::start_position(kRules), 0);
    while (!game.is_over() && game.ply() < max_plies) {
        auto moves = rules::legal_moves(game.position(), kRules);
        auto m = last_move ? moves[moves.size() - 1] : moves[0];
        REQUIRE(game.play(m));
        game::MoveRecord rec;
        rec.move = m;
        r.moves.push_back(rec);
    }
    r.final_position = rules::to_string(game.position());
    r.south().score = game.score(rules::Side::South);
    r.north().score = game.score(rules::Side::North);
    r.result = game.is_over() ? game.result() : rules::Result::Draw;
    r.termination = game.is_over() ? Termination::Normal : Termination::PlyLimit;
    r.detail = game.is_over() ? std::string(rules::to_string(game.end())) : "ply limit";
    return r;
}

struct Fixture {
    store::Store db;
    store::RowId tournament = 0;
    std::int64_t next_index = 0;

    // In memory, or in the file `path` (for a test that damages what was stored).
    explicit Fixture(const std::vector<std::string>& engines, const std::string& name = "cup",
                     const std::string& path = "")
        : db(path.empty() ? store::Store::open_memory() : store::Store::open(path)) {
        store::TournamentRow t;
        t.name = name;
        t.format = "round_robin";
        t.rules = rules::expanded(kRules);
        t.time_control = "movetime=10";
        for (const auto& e : engines) {
            store::EngineRow row;
            row.name = e;
            row.command = "/bin/" + e;
            t.engine_ids.push_back(db.upsert_engine(row));
        }
        tournament = db.create_tournament(t).value();
    }
    void add(const game::GameRecord& record) {
        auto stored =
            db.record_game(tournament, {next_index, static_cast<int>(next_index / 2), 0}, record);
        REQUIRE(stored);
        ++next_index;
    }
    // A game with its result overridden (the moves stay legal; the page trusts the stored result).
    void add(game::GameRecord record, rules::Result result) {
        record.result = result;
        add(record);
    }
};

}  // namespace

TEST_CASE("load_report replays every stored game into one position string per ply", "[report]") {
    Fixture f({"alpha", "beta"});
    f.add(play_game("alpha", "beta", false, 400));
    f.add(play_game("beta", "alpha", true, 400));
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    REQUIRE(data->games.size() == 2);
    for (const auto& g : data->games) {
        INFO("game " << g.row.slot.game_index);
        CHECK(g.replay_error.empty());
        // The rules ended these games: the settlement is one more step after the last move.
        CHECK(g.settlement_step);
        REQUIRE(g.positions.size() == g.moves.size() + 2);
        CHECK(g.positions.front() == g.row.start_position);
        CHECK(g.positions.back() == g.row.final_position);
        CHECK(g.positions[g.moves.size()] != g.row.final_position);
        CHECK(g.from_pits.size() == g.moves.size());
        CHECK(g.movers.size() == g.moves.size());
        CHECK(g.plies.size() == g.moves.size());
        REQUIRE(g.scores.size() == g.positions.size());
        CHECK(g.scores.back()[0] == g.row.score_south);
        CHECK(g.scores.back()[1] == g.row.score_north);
        for (int pit : g.from_pits) CHECK(!rules::is_mandarin_pit(pit));
    }
    // The first move of a game from the start is South's: it is sown from a pit of South's row.
    CHECK(data->games[0].from_pits[0] >= 1);
    CHECK(data->games[0].from_pits[0] <= 5);
}

TEST_CASE("The crosstable, failures and termination counts follow the stored games", "[report]") {
    Fixture f({"alpha", "beta", "gamma"});
    f.add(play_game("alpha", "beta", false, 400), rules::Result::SouthWin);
    auto crash = play_game("gamma", "alpha", false, 4);
    crash.result = rules::Result::NorthWin;  // gamma crashed as South: a failure of gamma
    crash.termination = Termination::Crash;
    crash.detail = "signal 11 (SIGSEGV)";
    f.add(crash);
    auto draw = play_game("beta", "gamma", true, 6);
    draw.result = rules::Result::Draw;
    f.add(draw);

    auto data = report::load_report(f.db, std::string("cup"));
    REQUIRE(data);
    REQUIRE(data->engines == std::vector<std::string>{"alpha", "beta", "gamma"});
    CHECK(data->cross[0][1].wins == 1);
    CHECK(data->cross[1][0].losses == 1);
    CHECK(data->cross[0][2].wins == 1);
    CHECK(data->cross[2][0].losses == 1);
    CHECK(data->cross[1][2].draws == 1);
    CHECK(data->cross[2][1].draws == 1);
    CHECK(data->cross[1][1].games() == 0);
    REQUIRE(data->standings.size() == 3);
    CHECK(data->standings[0].engine == "alpha");
    CHECK(data->standings[0].rating.points == 2.0);
    for (const auto& l : data->standings) CHECK(l.failures == (l.engine == "gamma" ? 1 : 0));
    auto count = [&](const std::string& kind) {
        for (const auto& [k, n] : data->terminations)
            if (k == kind) return n;
        return std::int64_t{-1};
    };
    CHECK(data->terminations.size() == 9);
    CHECK(count("crash") == 1);
    CHECK(count("time_forfeit") == 0);
    CHECK(count("normal") + count("ply_limit") == 2);
}

TEST_CASE("A game whose stored moves do not replay keeps the positions before the bad move",
          "[report]") {
    store::test::TempDir dir;
    Fixture f({"alpha", "beta"}, "cup", dir.file("report.db"));
    auto g = play_game("alpha", "beta", false, 3);
    REQUIRE(g.moves.size() == 3);
    g.termination = Termination::IllegalMove;
    g.result = rules::Result::NorthWin;
    f.add(g);
    // A move outside the rules' grammar cannot be recorded: it is put in the stored value, as a
    // damaged or hand-edited file holds it.
    auto moves = f.db.game(1).value().record.moves;
    game::MoveRecord bad;
    bad.move = rules::Move{6, rules::Direction::L};  // not a move: squares are 1..5
    moves.push_back(bad);
    {
        store::Database raw(dir.file("report.db"), store::Database::Mode::ReadWrite);
        store::Statement set(raw, "UPDATE game_moves SET moves = ?1 WHERE game_id = 1");
        set.bind_blob(1, store::pack_moves(moves));
        set.run();
        raw.exec("UPDATE games SET plies = 4 WHERE id = 1");
    }
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    const auto& game = data->games.at(0);
    CHECK(game.replay_error.rfind("move 4 (\"6L\"): ", 0) == 0);
    CHECK(game.moves.size() == 4);
    CHECK(game.positions.size() == 4);
    CHECK(game.scores.size() == 4);
    CHECK(game.from_pits.size() == 3);
}

TEST_CASE("load_report says which tournament is missing", "[report]") {
    auto empty = store::Store::open_memory();
    auto none = report::load_report(empty, std::nullopt);
    REQUIRE_FALSE(none);
    CHECK(none.error().message.find("no tournament") != std::string::npos);
    Fixture f({"alpha", "beta"});
    auto missing = report::load_report(f.db, std::string("nope"));
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message.find("\"nope\"") != std::string::npos);
}

TEST_CASE("render_report escapes stored text and embeds data that cannot close its script",
          "[report][html]") {
    Fixture f({"alpha", "</script><b>x&y"});
    auto g = play_game("alpha", "</script><b>x&y", false, 8);
    g.detail = "<img src=x onerror=alert(1)>";
    f.add(g);
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    const auto html = report::render_report(*data, "2026-01-01T00:00:00Z");
    CHECK(html.find("<b>x&y") == std::string::npos);
    CHECK(html.find("&lt;/script&gt;&lt;b&gt;x&amp;y") != std::string::npos);
    CHECK(html.find("<img") == std::string::npos);
    const auto open = html.find("<script type=\"application/json\" id=\"oaq-data\">");
    REQUIRE(open != std::string::npos);
    const auto close = html.find("</script>", open);
    REQUIRE(close != std::string::npos);
    const auto block = html.substr(open, close - open);
    CHECK(block.find("\\u003c/script>\\u003cb>x&y") != std::string::npos);
    CHECK(block.find('<', 1) == std::string::npos);
    CHECK(block.find(data->games[0].positions.back()) != std::string::npos);
    // Self-contained: nothing is loaded from elsewhere.
    CHECK(html.find("http://") == std::string::npos);
    CHECK(html.find("https://") == std::string::npos);
    CHECK(html.find("<link") == std::string::npos);
    CHECK(html.find("<script src") == std::string::npos);
}

TEST_CASE("The page lists every game and draws a rating bar only for rated engines",
          "[report][html]") {
    Fixture f({"alpha", "beta", "gamma"});
    f.add(play_game("alpha", "beta", false, 400), rules::Result::SouthWin);
    f.add(play_game("beta", "alpha", true, 400), rules::Result::SouthWin);
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    const auto html = report::render_report(*data, "now");
    std::size_t rows = 0;
    for (auto at = html.find("<tr data-index="); at != std::string::npos;
         at = html.find("<tr data-index=", at + 1))
        ++rows;
    CHECK(rows == 2);
    std::size_t bars = 0;
    for (auto at = html.find("<g class=\"bar"); at != std::string::npos;
         at = html.find("<g class=\"bar", at + 1))
        ++bars;
    CHECK(bars == 2);  // alpha and beta split their games; gamma never played
    CHECK(html.find(">unrated (no games)</text>") != std::string::npos);
    CHECK(html.find(">no_games<") == std::string::npos);  // stored words are shown for people
}

TEST_CASE("A tournament without stored games still gives a complete page", "[report][html]") {
    Fixture f({"alpha", "beta"});
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    CHECK(data->games.empty());
    REQUIRE(data->standings.size() == 2);
    for (const auto& l : data->standings)
        CHECK(l.rating.status == tournament::RatingStatus::NoGames);
    const auto html = report::render_report(*data, "now");
    CHECK(html.find("<tr data-index=") == std::string::npos);
    CHECK(html.find("No game of this tournament is stored yet.") != std::string::npos);
    CHECK(html.find("\"games\":[]") != std::string::npos);
    CHECK(html.rfind("</html>") != std::string::npos);
}

TEST_CASE("A gauntlet's crosstable shows the first engine against each opponent only",
          "[report][html]") {
    Fixture f({"hero", "r1", "r2"});
    f.add(play_game("hero", "r1", false, 400), rules::Result::SouthWin);
    f.add(play_game("r2", "hero", true, 400), rules::Result::NorthWin);
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    data->tournament.format = "gauntlet";
    const auto html = report::render_report(*data, "now");
    CHECK(html.find("class=\"grid cross gauntlet\"") != std::string::npos);
    CHECK(html.find("<td class=\"self\">") == std::string::npos);
    CHECK(html.find("<td class=\"none\">") == std::string::npos);  // r1 and r2 never met
    data->tournament.format = "round_robin";
    const auto matrix = report::render_report(*data, "now");
    CHECK(matrix.find("<td class=\"none\"></td>") != std::string::npos);  // an empty cell
}

TEST_CASE("The page has a page per engine, a rating-over-games chart and words for people",
          "[report][html]") {
    Fixture f({"alpha", "beta"});
    for (int i = 0; i < 6; ++i) {
        auto g = play_game(i % 2 ? "beta" : "alpha", i % 2 ? "alpha" : "beta", i % 3 == 0, 400);
        g.moves.front().depth = 7;
        g.moves.front().score = protocol::Score{protocol::Score::Kind::Cp, 35};
        g.moves.front().nodes = 1234;
        g.moves.front().time_used = std::chrono::milliseconds(120);
        g.moves.front().time_left = std::chrono::milliseconds(9880);
        f.add(g, i == 2  ? rules::Result::Draw
                 : i % 2 ? rules::Result::NorthWin
                         : rules::Result::SouthWin);
    }
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    REQUIRE_FALSE(data->rating_history.empty());
    CHECK(data->rating_history.back().games == 6);
    REQUIRE(data->summaries.size() == 2);
    CHECK(data->summaries[0].as_south.games() + data->summaries[0].as_north.games() == 6);
    CHECK(data->summaries[0].mean_depth.has_value());
    const auto html = report::render_report(*data, "now");
    CHECK(html.find("<section class=\"engine-page\" id=\"engine-alpha\"") != std::string::npos);
    CHECK(html.find("<a href=\"#engine-beta\">beta</a>") != std::string::npos);
    CHECK(html.find("id=\"history-chart\"") != std::string::npos);
    CHECK(html.find("<polyline") != std::string::npos);
    CHECK(html.find("data-game-link=\"1\"") != std::string::npos);
    CHECK(html.find("mandarins empty") != std::string::npos);  // the detail, for people
    CHECK(html.find(" UTC") != std::string::npos);
    const auto json = report::report_games_json(*data);
    CHECK(json.find(R"("game":1,"round":1,"pair":1,)") != std::string::npos);
    CHECK(json.find(R"({"used":0.12,"left":9.88,"depth":7,"eval":"+0.35","nodes":1234,)") !=
          std::string::npos);
    CHECK(json.find(R"("settlement":true)") != std::string::npos);
}

TEST_CASE("rating_history fits the first n games at evenly spread counts", "[report]") {
    std::vector<tournament::GameResult> games;
    for (int i = 0; i < 10; ++i) games.push_back({i % 2, 1 - i % 2, i < 7 ? 1.0 : 0.0, i / 2});
    const auto h = report::rating_history(2, games, 4);
    REQUIRE(h.size() == 4);
    CHECK(h[0].games == 3);
    CHECK(h[3].games == 10);
    CHECK(h[3].ratings[0].has_value());
    CHECK(report::rating_history(2, games, 40).size() == 10);  // never more fits than games
    CHECK(report::rating_history(2, {}, 4).empty());
}

TEST_CASE("a session run's report draws each session's wealth curve", "[report]") {
    Fixture f({"a", "b"});
    const std::array<std::array<int, 2>, 2> wealth{{{40, 30}, {56, 14}}};
    for (int k = 1; k <= 2; ++k) {
        store::SessionSlot slot{0,
                                k,
                                "a",
                                "b",
                                4,
                                70,
                                wealth[static_cast<std::size_t>(k - 1)],
                                k == 2 ? "sold_out" : "none",
                                k == 2 ? "first_wins" : "ongoing"};
        auto record = play_game(k == 1 ? "a" : "b", k == 1 ? "b" : "a", k == 2, 400);
        REQUIRE(f.db.record_game(f.tournament, {k - 1, 0, 0}, record, {}, &slot));
    }
    auto data = report::load_report(f.db, std::nullopt);
    REQUIRE(data);
    REQUIRE(data->sessions.size() == 1);
    const auto html = report::sessions_html(*data);
    CHECK(html.find("<section id=\"sessions\">") != std::string::npos);
    CHECK(html.find("points=\"30.0,55.0 ") != std::string::npos);  // from T/2 = 35
    CHECK(html.find("session 1: a 56 - 14 b, 2 games, a wins (sold_out)") != std::string::npos);

    Fixture plain({"a", "b"});
    plain.add(play_game("a", "b", false, 400));
    CHECK(report::sessions_html(report::load_report(plain.db, std::nullopt).value()).empty());
}

TEST_CASE(
    "A knockout's page draws its bracket with seeds, byes, how each match ended and the "
    "winner",
    "[report][html][knockout]") {
    report::ReportData d;
    d.tournament.name = "ko";
    d.tournament.format = "knockout";
    tournament::RunDefinition def;
    def.format = tournament::Format::Knockout;
    def.tiebreak_pairs = 1;
    d.round_definition = def;
    views::KnockoutData k;
    k.names = {"alpha", "beta", "gamma"};
    k.seed_of = {0, 1, 2};
    tournament::RoundParams p;
    p.engines = 3;
    p.seed_order = {0, 1, 2};
    tournament::PairResults results;
    auto replay = tournament::replay_knockout(p, results);
    for (const auto& pp : replay.next->pairings) {  // beta (seed 2) beats gamma
        results.add(pp.first_pair, pp.first, 1.0);
        results.add(pp.first_pair, pp.second, 0.0);
    }
    replay = tournament::replay_knockout(p, results);
    for (const auto& pp : replay.next->pairings) {  // the final drawn, then its tie-break
        results.add(pp.first_pair, pp.first, 0.5);
        results.add(pp.first_pair, pp.second, 0.5);
    }
    replay = tournament::replay_knockout(p, results);
    for (const auto& pp : replay.next->pairings) {
        results.add(pp.first_pair, pp.first, 0.0);  // beta, the lower seed, wins both
        results.add(pp.first_pair, pp.second, 1.0);
    }
    k.bracket = tournament::replay_knockout(p, results);
    d.knockout = k;
    const auto html = report::round_format_html(d);
    CHECK_THAT(html, Catch::Contains("<section id=\"bracket\"><h2>Bracket</h2>"));
    CHECK_THAT(html, Catch::Contains("<h3>semi-finals</h3>"));
    CHECK_THAT(html, Catch::Contains("<h3>final</h3>"));
    CHECK_THAT(html, Catch::Contains("<div class=\"side none\">bye</div>"));
    CHECK_THAT(html, Catch::Contains("<div class=\"how\">tiebreak</div>"));
    CHECK_THAT(html,
               Catch::Contains("<h3>winner</h3><div class=\"matches\"><div class=\"match\"><div "
                               "class=\"side won\">beta</div>"));
}

TEST_CASE("A table of three seats is replayed on the ring with every seat's mover and score",
          "[report][seats]") {
    store::test::TempDir dir;
    auto db = store::Store::open(dir.file("tri.db"));
    const auto tri =
        store::test::make_run(db, "tri", rules::parse_rules("standard,players=3").value());
    auto record = store::test::table_game({"alpha", "beta", "<b>gamma</b>"}, 5);
    // RULES.md section 9's example: 1R 3L 4R from the start of three seats.
    record.opening = {};
    record.start_position = "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0";
    record.moves.clear();
    for (const char* text : {"1R", "3L", "4R"}) {
        game::MoveRecord m;
        m.move = rules::parse_move(text).value();
        m.depth = 4;
        m.pv = {text};
        record.moves.push_back(m);
    }
    record.final_position = "Q4,1,3,3,0,10,Q4,0,9,1,1,8,Q3,3,9,1,0,2 1 6+0 7+0 0+0 0 0 0";
    REQUIRE(db.record_game(tri, store::GameSlot{0, 0, 0}, record));

    const auto data = report::load_report(db, std::string("tri")).value();
    CHECK(data.seats == 3);
    REQUIRE(data.games.size() == 1);
    const auto& g = data.games[0];
    CHECK(g.replay_error.empty());
    REQUIRE(g.positions.size() == 4);
    CHECK(g.positions[3] == record.final_position);
    CHECK(g.seat_movers == std::vector<int>{0, 1, 2});
    CHECK(g.from_pits == std::vector<int>{1, 9, 16});
    CHECK(g.seat_scores[3] == std::vector<int>{6, 7, 0});
    REQUIRE(data.seat_totals.size() == 3);
    REQUIRE(data.meetings.size() == 3);
    CHECK(data.meetings[0][1].above == 1);  // alpha (rank 1) above beta (rank 3)

    const auto html = report::render_report(data, "2026-01-01T00:00:00Z");
    CHECK(html.find("Standings <small>(tables of 3 seats)</small>") != std::string::npos);
    CHECK(html.find("&lt;b&gt;gamma&lt;/b&gt;") != std::string::npos);
    CHECK(html.find("<b>gamma</b>") == std::string::npos);
    const auto json = report::report_games_json(data);
    CHECK(json.find(R"("movers":"123")") != std::string::npos);
    CHECK(json.find(R"("scores":[[0,0,0],)") != std::string::npos);
    CHECK(json.find(R"("from":[1,9,16])") != std::string::npos);
}
