// The views library on a real results file: the filters as typed resolved against the database
// (one line naming what was wrong), a game named as NAME#N, and the table type every results view
// prints with. The commands that print these run in tests/app/results_test.cpp.
#include <catch2/catch.hpp>

#include <functional>
#include <optional>
#include <string>

#include "../store/fixtures.hpp"
#include "common/error.hpp"
#include "rules/rules.hpp"
#include "views/game_views.hpp"
#include "views/selection.hpp"
#include "views/table.hpp"

using namespace oaq;
using store::test::TempDir;

namespace {

// Tournament "cup" with games 1..3 (game_index 0..2) and tournament "open" with game 1.
struct TwoTournaments {
    TempDir dir;
    std::string path = dir.file("results.db");
    store::Store db = store::Store::open(path);
    TwoTournaments() {
        const auto cup = store::test::make_tournament(db, "cup");
        const auto open = store::test::make_tournament(db, "open");
        for (int i = 0; i < 3; ++i) {
            db.record_game(cup, store::GameSlot{i, i / 2, 0},
                           store::test::make_game("A", "B", 4, static_cast<unsigned>(i)))
                .value();
        }
        db.record_game(open, store::GameSlot{0, 0, 0}, store::test::make_game("B", "C", 4, 9))
            .value();
    }
};

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const OaqError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a selection turns names into ids and says its scope", "[views][selection]") {
    TwoTournaments f;
    views::SelectionRequest request;
    request.tournament = "cup";
    request.engine = "A";
    const auto sel = views::select_games(f.db, request, true);
    REQUIRE(sel.tournament);
    CHECK(sel.tournament->name == "cup");
    CHECK(sel.filter.tournament_id == sel.tournament->id);
    REQUIRE(sel.engine);
    CHECK(sel.filter.engine_id == sel.engine->id);
    CHECK(sel.scope == "tournament cup");
    // No tournament and a scope needed: the standard rules, never a mix of rules.
    const auto pooled = views::select_games(f.db, views::SelectionRequest{}, true);
    CHECK(pooled.filter.rules == rules::expanded(rules::parse_rules("standard").value()));
    CHECK(pooled.scope == "rules standard");
    CHECK(views::select_games(f.db, views::SelectionRequest{}, false).scope == "all games");
}

TEST_CASE("a selection refuses an unknown name, a bad date and bad rules in one line",
          "[views][selection][errors]") {
    TwoTournaments f;
    auto refused = [&](views::SelectionRequest request) {
        return error_of([&] { views::select_games(f.db, request, false); });
    };
    views::SelectionRequest r;
    r.tournament = "nope";
    CHECK(refused(r) == "no tournament named \"nope\" in " + f.path);
    r = {};
    r.engine = "Z";
    CHECK(refused(r) == "no engine named \"Z\" in " + f.path);
    r = {};
    r.since = "2026-02-30";
    CHECK(refused(r) == "--since: \"2026-02-30\" is not a date (YYYY-MM-DD)");
    r = {};
    r.rules = "direction=sideways";
    CHECK(refused(r).rfind("--rules: ", 0) == 0);
    r = {};
    r.tournament = "cup";
    r.rules = "standard";
    CHECK(refused(r) == "tournament \"cup\" was not played under --rules");
}

TEST_CASE("a game is named NAME#N, N of a named tournament, or N alone in a file of one",
          "[views][games]") {
    TwoTournaments f;
    const auto second = f.db.game_id(f.db.find_tournament("cup")->id, 1).value();
    CHECK(views::find_game(f.db, "cup#2", std::nullopt) == second);
    CHECK(views::find_game(f.db, "2", std::string("cup")) == second);
    CHECK(error_of([&] { views::find_game(f.db, "2", std::nullopt); }) ==
          "game 2: games are numbered within a tournament; name it as NAME#2 or --tournament "
          "NAME 2 (--id ID for a database id)");
    CHECK(error_of([&] { views::find_game(f.db, "cup#4", std::nullopt); }) ==
          "cup#4: no such game is stored in " + f.path);
    CHECK(error_of([&] { views::find_game(f.db, "cup#0", std::nullopt); }) ==
          "\"0\" is not a game number (1, 2, ...)");
    CHECK(error_of([&] { views::load_game(f.db, 999); }) == "no game with id 999 in " + f.path);
}

TEST_CASE("a table prints aligned for people, quoted in CSV and typed in JSON", "[views][table]") {
    views::Table table{{"engine", "points", "note"}, {}};
    table.rows.push_back({views::text_cell("A"), views::real_cell(1.5, 1), views::text_cell("")});
    table.rows.push_back(
        {views::text_cell("B, \"b\""), views::int_cell(12), views::text_cell("x")});
    CHECK(views::render(table, views::OutputFormat::Table) ==
          "engine  points  note\n"
          "A          1.5\n"
          "B, \"b\"      12  x\n");
    CHECK(views::render(table, views::OutputFormat::Csv) ==
          "engine,points,note\nA,1.5,\n\"B, \"\"b\"\"\",12,x\n");
    CHECK(views::render(table, views::OutputFormat::Json) ==
          "{\"engine\":\"A\",\"points\":1.5,\"note\":null}\n"
          "{\"engine\":\"B, \\\"b\\\"\",\"points\":12,\"note\":\"x\"}\n");
    CHECK(views::score_cell(0.875, views::OutputFormat::Table).text == "87.5%");
    CHECK(views::score_cell(0.875, views::OutputFormat::Csv).text == "0.8750");
}

TEST_CASE("a result is typed as its word or its PGN token and ongoing is no result",
          "[views][selection]") {
    CHECK(views::parse_result_text("1-0") == rules::Result::SouthWin);
    CHECK(views::parse_result_text("0-1") == rules::Result::NorthWin);
    CHECK(views::parse_result_text("1/2-1/2") == rules::Result::Draw);
    CHECK(views::parse_result_text("south_win") == rules::Result::SouthWin);
    CHECK(views::parse_result_text("draw") == rules::Result::Draw);
    CHECK_FALSE(views::parse_result_text("ongoing"));
    CHECK_FALSE(views::parse_result_text("white"));
}
