// Engines, tournaments, game filters, the results views and rating snapshots.
#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;
using Catch::Matchers::Contains;

TEST_CASE("engines are upserted by name and keep the time they were first seen",
          "[store][engines]") {
    Store store = Store::open_memory();
    EngineRow e;
    e.name = "alpha";
    e.command = "/opt/alpha";
    e.args = {"--threads", "1", "a \"quoted\" arg"};
    e.options = {{"Hash", "16"}, {"Style", "solid play"}};
    e.binary_sha256 = std::string(64, 'a');
    e.id_name = "Alpha 1.0";
    e.id_author = "A. Uthor";
    e.declared_options = "option name Hash type spin default 16 min 1 max 1024";
    e.first_seen = at_ms(1'000'000);
    RowId id = store.upsert_engine(e);

    auto read = store.find_engine("alpha");
    REQUIRE(read.has_value());
    CHECK(read->id == id);
    CHECK(read->args == e.args);
    CHECK(read->options == e.options);
    CHECK(read->id_name == "Alpha 1.0");
    CHECK(read->declared_options == e.declared_options);
    CHECK(read->first_seen == at_ms(1'000'000));

    e.command = "/opt/alpha2";
    e.first_seen = at_ms(2'000'000);
    CHECK(store.upsert_engine(e) == id);
    read = store.engine(id);
    REQUIRE(read.has_value());
    CHECK(read->command == "/opt/alpha2");
    CHECK(read->first_seen == at_ms(1'000'000));
    CHECK(store.list_engines().size() == 1);
    CHECK_FALSE(store.find_engine("beta").has_value());
}

TEST_CASE("tournaments are created once by name and keep status, seats and outcome",
          "[store][tournaments]") {
    Store store = Store::open_memory();
    EngineRow a, b;
    a.name = "a";
    b.name = "b";
    RowId ia = store.upsert_engine(a);
    RowId ib = store.upsert_engine(b);
    TournamentRow t;
    t.name = "gauntlet-1";
    t.format = "gauntlet";
    t.rules = kRules;
    t.time_control = "5+0.05";
    t.settings = R"({"concurrency":2,"openings":"book.txt"})";
    t.seed = 0xFEDC'BA98'7654'3210ull;  // above 2^63: stored bit for bit
    t.started_at = at_ms(5'000);
    t.engine_ids = {ib, ia};
    auto id = store.create_tournament(t);
    REQUIRE(id.has_value());

    auto read = store.find_tournament("gauntlet-1");
    REQUIRE(read.has_value());
    CHECK(read->id == *id);
    CHECK(read->seed == 0xFEDC'BA98'7654'3210ull);
    CHECK(read->settings == t.settings);
    CHECK(read->status == RunStatus::Running);
    CHECK(read->engine_ids == std::vector<RowId>{ib, ia});
    CHECK_FALSE(read->finished_at.has_value());

    auto taken = store.create_tournament(t);
    REQUIRE_FALSE(taken.has_value());
    CHECK_THAT(taken.error().message, Contains("already exists"));

    t.name = "bad-engine";
    t.engine_ids = {ia, 999};
    REQUIRE_FALSE(store.create_tournament(t).has_value());
    CHECK_FALSE(store.find_tournament("bad-engine").has_value());

    REQUIRE(store.set_tournament_status(*id, RunStatus::Finished, at_ms(9'000)));
    REQUIRE(store.set_tournament_outcome(*id, R"({"sprt":"H1","llr":2.97})"));
    CHECK_FALSE(store.set_tournament_outcome(*id, "{not json").has_value());
    CHECK_FALSE(store.set_tournament_status(*id + 50, RunStatus::Finished).has_value());
    read = store.tournament(*id);
    REQUIRE(read.has_value());
    CHECK(read->status == RunStatus::Finished);
    CHECK(read->finished_at == at_ms(9'000));
    CHECK(read->outcome == R"({"sprt":"H1","llr":2.97})");
    CHECK(store.list_tournaments().size() == 1);
}

namespace {

// Two tournaments; in "t" a beats b twice, draws with c, c beats b once (north wins).
struct Results {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    RowId u = make_tournament(store, "u");
    std::vector<RowId> ids;

    Results() {
        auto add = [&](RowId tid, std::int64_t index, const char* south, const char* north,
                       rules::Result result, game::Termination termination, std::int64_t end) {
            auto g = make_game(south, north, 4, static_cast<unsigned>(index));
            g.result = result;
            g.termination = termination;
            g.ended_at = at_ms(end);
            auto id = store.record_game(tid, GameSlot{index, static_cast<int>(index / 2), 0}, g);
            REQUIRE(id.has_value());
            ids.push_back(*id);
        };
        using R = rules::Result;
        using T = game::Termination;
        add(t, 0, "a", "b", R::SouthWin, T::Normal, 1000);
        add(t, 1, "b", "a", R::NorthWin, T::TimeForfeit, 2000);
        add(t, 2, "a", "c", R::Draw, T::Repetition, 3000);
        add(t, 3, "b", "c", R::NorthWin, T::Normal, 4000);
        add(u, 0, "a", "b", R::NorthWin, T::Crash, 5000);
    }
    RowId engine(const char* name) { return store.find_engine(name)->id; }
};

}  // namespace

TEST_CASE("game filters narrow by tournament, engine, opponent, termination, result and time",
          "[store][queries]") {
    Results r;
    auto count = [&](GameFilter f) { return r.store.count_games(f); };
    auto ids = [&](GameFilter f) {
        std::vector<RowId> out;
        for (const auto& g : r.store.games(f)) out.push_back(g.id);
        return out;
    };
    GameFilter f;
    CHECK(count(f) == 5);
    f.tournament_id = r.t;
    CHECK(count(f) == 4);
    f.engine_id = r.engine("b");
    CHECK(ids(f) == std::vector<RowId>{r.ids[0], r.ids[1], r.ids[3]});
    f.opponent_id = r.engine("a");
    CHECK(ids(f) == std::vector<RowId>{r.ids[0], r.ids[1]});
    f.limit = 1;
    CHECK(ids(f) == std::vector<RowId>{r.ids[0]});
    f.after_id = r.ids[0];
    CHECK(ids(f) == std::vector<RowId>{r.ids[1]});
    f.opponent_id.reset();
    f.after_id = r.ids[1];
    f.limit = 5;
    CHECK(ids(f) == std::vector<RowId>{r.ids[3]});
    f = GameFilter{};
    f.termination = game::Termination::Normal;
    CHECK(count(f) == 2);
    f = GameFilter{};
    f.result = rules::Result::NorthWin;
    CHECK(count(f) == 3);
    f = GameFilter{};
    f.ended_from = at_ms(2000);
    f.ended_before = at_ms(4000);
    CHECK(ids(f) == std::vector<RowId>{r.ids[1], r.ids[2]});
    f = GameFilter{};
    f.limit = 2;
    CHECK(ids(f) == std::vector<RowId>{r.ids[0], r.ids[1]});
    f.after_id = r.ids[1];
    CHECK(ids(f) == std::vector<RowId>{r.ids[2], r.ids[3]});
    CHECK(count(f) == 5);  // counting ignores paging

    auto rows = r.store.games(GameFilter{});
    CHECK(rows[1].south == "b");
    CHECK(rows[1].north == "a");
    CHECK(rows[1].termination == game::Termination::TimeForfeit);
}

TEST_CASE("game filters narrow by rules, length and opening, and page by offset with a total",
          "[store][queries]") {
    Results r;
    // Every fixture game has 4 plies and the opening "2R 7L".
    GameFilter f;
    f.min_plies = 4;
    f.max_plies = 4;
    CHECK(r.store.count_games(f) == 5);
    f.max_plies = 3;
    CHECK(r.store.count_games(f) == 0);
    f = GameFilter{};
    f.opening = "2R";
    CHECK(r.store.count_games(f) == 5);  // "2R 7L" starts with the move 2R
    f.opening = "2R 7L";
    CHECK(r.store.count_games(f) == 5);
    f.opening = "2R 7";
    CHECK(r.store.count_games(f) == 0);  // a move ends at a space
    f = GameFilter{};
    f.rules = kRules;
    CHECK(r.store.count_games(f) == 5);
    f.rules = "standard";
    CHECK(r.store.count_games(f) == 0);

    auto ids = [&](GameFilter g) {
        std::vector<RowId> out;
        for (const auto& row : r.store.games(g)) out.push_back(row.id);
        return out;
    };
    f = GameFilter{};
    f.limit = 2;
    f.offset = 3;
    CHECK(ids(f) == std::vector<RowId>{r.ids[3], r.ids[4]});
    CHECK(r.store.count_games(f) == 5);
    f.limit = 0;
    f.offset = 4;
    CHECK(ids(f) == std::vector<RowId>{r.ids[4]});
    // An engine's games page the same way (one side's index each, merged).
    f = GameFilter{};
    f.engine_id = r.engine("b");
    f.limit = 2;
    f.offset = 1;
    CHECK(ids(f) == std::vector<RowId>{r.ids[1], r.ids[3]});
    f.offset = 3;
    CHECK(ids(f) == std::vector<RowId>{r.ids[4]});

    CHECK(r.store.game_id(r.t, 2) == r.ids[2]);
    CHECK(r.store.game_id(r.u, 0) == r.ids[4]);
    CHECK_FALSE(r.store.game_id(r.u, 1).has_value());
}

TEST_CASE("standings and rating input agree with the recorded results", "[store][queries]") {
    Results r;
    auto s = r.store.standings(r.t);
    REQUIRE(s.size() == 3);
    CHECK(s[0].engine == "a");
    CHECK(s[0].points == 2.5);
    CHECK(s[0].wins == 2);
    CHECK(s[0].draws == 1);
    CHECK(s[1].engine == "c");
    CHECK(s[1].points == 1.5);
    CHECK(s[2].engine == "b");
    CHECK(s[2].points == 0.0);
    CHECK(s[2].losses == 3);

    auto rated = r.store.rated_games(r.t);
    REQUIRE(rated.size() == 4);
    CHECK(rated[1].south_engine_id == r.engine("b"));
    CHECK(rated[1].result == rules::Result::NorthWin);
    CHECK(rated[1].pair_index == 0);
    CHECK(r.store.rated_games_for_rules(kRules).size() == 5);
    CHECK(r.store.rated_games_for_rules("other").empty());
}

TEST_CASE("the views answer head-to-head, pair and termination questions", "[store][queries]") {
    TempDir dir;
    std::string path = dir.file("views.db");
    Store store = Store::open(path);
    RowId t = make_tournament(store, "t");
    using R = rules::Result;
    auto g1 = make_game("a", "b", 2, 1);
    g1.result = R::SouthWin;
    auto g2 = make_game("b", "a", 2, 2);
    g2.result = R::Draw;
    g2.termination = game::Termination::Stall;
    REQUIRE(store.record_game(t, GameSlot{0, 0, 0}, g1));
    REQUIRE(store.record_game(t, GameSlot{1, 0, 0}, g2));

    // A second, plain connection: what `sqlite3 oaq.db` sees.
    Database db(path, Database::Mode::ReadWrite);
    Statement h2h(db,
                  "SELECT engine, opponent, games, wins, draws, points FROM head_to_head"
                  " WHERE tournament = 't' ORDER BY engine");
    REQUIRE(h2h.step());
    CHECK(h2h.text(0) == "a");
    CHECK(h2h.text(1) == "b");
    CHECK(h2h.int32(2) == 2);
    CHECK(h2h.int32(3) == 1);
    CHECK(h2h.real(5) == 1.5);
    REQUIRE(h2h.step());
    CHECK(h2h.real(5) == 0.5);

    Statement pairs(db, "SELECT engine, opponent, games, engine_points FROM pair_results");
    REQUIRE(pairs.step());
    CHECK(pairs.text(0) == "a");
    CHECK(pairs.int32(2) == 2);
    CHECK(pairs.real(3) == 1.5);
    CHECK_FALSE(pairs.step());

    Statement terms(db, "SELECT termination, games FROM termination_counts ORDER BY termination");
    REQUIRE(terms.step());
    CHECK(terms.text(0) == "normal");
    REQUIRE(terms.step());
    CHECK(terms.text(0) == "stall");
    CHECK(terms.int32(1) == 1);

    Statement view(db, "SELECT south, north, seconds FROM games_view ORDER BY id");
    REQUIRE(view.step());
    CHECK(view.text(0) == "a");
    CHECK(view.real(2) > 0.0);
}

TEST_CASE("rating snapshots are saved whole and the latest one per scope is found",
          "[store][ratings]") {
    Results r;
    RatingSnapshot s;
    s.tournament_id = r.t;
    s.rules = kRules;
    s.method = "bayeselo";
    s.parameters = R"({"drawelo":97.3})";
    s.games_spec = "tournament=" + std::to_string(r.t);
    s.game_count = 4;
    s.max_game_id = r.ids[3];
    s.created_at = at_ms(10'000);
    s.entries = {RatingEntry{r.engine("a"), "", 1, 120.5, 30.0, 3, 2.5, 2, 1, 0},
                 RatingEntry{r.engine("c"), "", 2, 10.0, std::nullopt, 2, 1.5, 1, 1, 0},
                 RatingEntry{r.engine("b"), "", 3, -130.5, 35.0, 3, 0.0, 0, 0, 3}};
    RowId first = r.store.save_rating_snapshot(s);
    s.entries[0].rating = 121.0;
    RowId second = r.store.save_rating_snapshot(s);
    CHECK(second > first);

    auto latest = r.store.latest_rating_snapshot(r.t, kRules);
    REQUIRE(latest.has_value());
    CHECK(latest->id == second);
    CHECK(latest->parameters == s.parameters);
    CHECK(latest->created_at == at_ms(10'000));
    REQUIRE(latest->entries.size() == 3);
    CHECK(latest->entries[0].engine == "a");
    CHECK(latest->entries[0].rating == 121.0);
    CHECK_FALSE(latest->entries[1].error.has_value());
    CHECK(latest->entries[2].losses == 3);

    CHECK(r.store.latest_rating_snapshot(r.t, kRules, "bayeselo").has_value());
    CHECK_FALSE(r.store.latest_rating_snapshot(r.t, kRules, "ordo").has_value());
    CHECK_FALSE(r.store.latest_rating_snapshot(std::nullopt, kRules).has_value());
    s.tournament_id.reset();
    RowId global = r.store.save_rating_snapshot(s);
    CHECK(r.store.latest_rating_snapshot(std::nullopt, kRules)->id == global);
}

TEST_CASE("result totals follow games inserted, changed and deleted by hand", "[store][queries]") {
    TempDir dir;
    std::string path = dir.file("totals.db");
    Store store = Store::open(path);
    RowId t = make_tournament(store, "t");
    auto g = make_game("a", "b", 3, 1);
    g.result = rules::Result::SouthWin;
    REQUIRE(store.record_game(t, GameSlot{0, 0, 0}, g));
    g.result = rules::Result::Draw;
    REQUIRE(store.record_game(t, GameSlot{1, 0, 0}, g));
    auto points_of_a = [&] {
        for (const auto& s : store.standings(t)) {
            if (s.engine == "a") return s.points;
        }
        return -1.0;
    };
    CHECK(points_of_a() == 1.5);
    {
        Database db(path, Database::Mode::ReadWrite);
        db.exec("PRAGMA foreign_keys = ON");
        db.exec("UPDATE games SET result = 'north_win' WHERE game_index = 0");
    }
    CHECK(points_of_a() == 0.5);
    {
        Database db(path, Database::Mode::ReadWrite);
        db.exec("PRAGMA foreign_keys = ON");  // sqlite3 users must too, or moves are orphaned
        db.exec("DELETE FROM games WHERE game_index = 1");
    }
    CHECK(points_of_a() == 0.0);
    CHECK(store.standings(t)[0].engine == "b");
    auto check = store.integrity_check();
    CHECK(check.has_value());
    if (!check) FAIL_CHECK(check.error().message);
    {
        Database db(path, Database::Mode::ReadWrite);
        db.exec("PRAGMA foreign_keys = ON");
        db.exec("DELETE FROM tournaments");
    }
    CHECK(store.standings(t).empty());
    CHECK(store.integrity_check().has_value());
}

TEST_CASE("the integrity check notices result totals that disagree with the games",
          "[store][queries]") {
    TempDir dir;
    std::string path = dir.file("drift.db");
    Store store = Store::open(path);
    RowId t = make_tournament(store, "t");
    REQUIRE(store.record_game(t, GameSlot{0, 0, 0}, make_game("a", "b", 3, 1)));
    {
        Database db(path, Database::Mode::ReadWrite);
        db.exec("UPDATE result_totals SET games = games + 1");
    }
    auto check = store.integrity_check();
    REQUIRE_FALSE(check.has_value());
    CHECK_THAT(check.error().message, Contains("result_totals rows disagree"));
}

TEST_CASE("result games filter by engine, opponent and rules, and count self-play once",
          "[store][queries]") {
    Results r;
    auto self = make_game("a", "a", 2, 9);
    REQUIRE(r.store.record_game(r.t, GameSlot{10, 5, 0}, self));
    auto ids = [&](const ResultFilter& f) {
        std::vector<RowId> out;
        for (const auto& g : r.store.result_games(f)) out.push_back(g.id);
        return out;
    };
    ResultFilter f;
    CHECK(ids(f).size() == 6);
    f.engine_id = r.engine("a");
    CHECK(ids(f).size() == 5);  // games 0, 1, 2 in t, game 0 in u, and the self-play game once
    f.tournament_id = r.t;
    CHECK(ids(f).size() == 4);
    f.opponent_id = r.engine("a");
    CHECK(ids(f).size() == 1);
    f.opponent_id = r.engine("b");
    CHECK(ids(f) == std::vector<RowId>{r.ids[0], r.ids[1]});
    ResultFilter by_rules;
    by_rules.rules = "other";
    CHECK(ids(by_rules).empty());
    by_rules.rules = kRules;
    CHECK(ids(by_rules).size() == 6);
}
