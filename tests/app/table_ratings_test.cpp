// `oaq ratings` over stored games of three seats: the Plackett-Luce fit of the seats table, never
// pooled with 2-seat games, and the same numbers as the fit of the library on the same games.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../store/fixtures.hpp"
#include "app/commands.hpp"
#include "store/store.hpp"
#include "tournament/rating.hpp"

namespace {

using namespace oaq;
using store::test::TempDir;

struct Capture {
    Capture() : old(std::cout.rdbuf(out.rdbuf())) {}
    ~Capture() { std::cout.rdbuf(old); }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    std::ostringstream out;
    std::streambuf* old;
};

std::string run_ratings(std::vector<std::string> args) {
    args.insert(args.begin(), "ratings");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    Capture capture;
    REQUIRE(app::run_ratings(static_cast<int>(argv.size()), argv.data()) == 0);
    return capture.out.str();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

store::RowId make_run(store::Store& db, const std::string& name, const rules::Rules& rules) {
    store::TournamentRow t;
    t.name = name;
    t.format = "round_robin";
    t.rules = rules::expanded(rules);
    t.time_control = "10+0.1";
    t.started_at = store::test::at_ms(1'700'000'000'000);
    return db.create_tournament(t).value();
}

// A game of three seats: engines in seat order and their ranks (points as RULES.md 9 gives them).
game::GameRecord triangle(const rules::Rules& rules, const std::array<std::string, 3>& names,
                          const std::array<int, 3>& ranks, unsigned seed) {
    auto r = store::test::make_game(names[0], names[1], 6, seed);
    r.rules = rules;
    r.seats.resize(3);
    for (std::size_t i = 0; i < 3; ++i) {
        auto& seat = r.seats[i];
        seat.name = names[i];
        seat.time_control = r.seats[0].time_control;
        seat.rank = ranks[i];
        seat.score = 40 - 10 * ranks[i];
        double above = 0;
        for (std::size_t j = 0; j < 3; ++j) {
            if (j != i) above += ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0.0;
        }
        seat.points = above / 2;
    }
    r.result = rules::Result::Draw;
    return r;
}

struct Game {
    std::array<int, 3> engines;
    std::array<int, 3> ranks;
};

}  // namespace

TEST_CASE("ratings of a 3-seat tournament are the Plackett-Luce fit of its seats",
          "[app][ratings][plackett_luce]") {
    TempDir dir;
    const auto path = dir.file("tables.db");
    const auto tri = rules::parse_rules("standard,players=3").value();
    const std::array<std::string, 4> names{"A", "B", "C", "D"};
    // Every table of the four engines, in several seatings; A strongest, D weakest, with ties.
    const std::vector<Game> games{
        {{0, 1, 2}, {1, 2, 3}}, {{1, 2, 0}, {2, 3, 1}}, {{2, 0, 1}, {3, 1, 1}},
        {{0, 1, 3}, {1, 3, 2}}, {{1, 3, 0}, {1, 3, 2}}, {{3, 0, 1}, {3, 1, 2}},
        {{0, 2, 3}, {2, 1, 3}}, {{2, 3, 0}, {2, 3, 1}}, {{3, 0, 2}, {2, 1, 2}},
        {{1, 2, 3}, {1, 2, 3}}, {{2, 3, 1}, {1, 2, 3}}, {{3, 1, 2}, {1, 2, 3}},
    };
    std::vector<tournament::TableResult> tables;
    {
        auto db = store::Store::open(path);
        const auto t = make_run(db, "tri", tri);
        const auto duo = make_run(db, "duo", store::test::kGameRules);
        for (std::size_t g = 0; g < games.size(); ++g) {
            const auto& [e, r] = games[g];
            const auto index = static_cast<std::int64_t>(g);
            auto name = [&](std::size_t s) { return names[static_cast<std::size_t>(e[s])]; };
            db.record_game(t, store::GameSlot{index, static_cast<int>(g / 6), 0},
                           triangle(tri, {name(0), name(1), name(2)}, r, static_cast<unsigned>(g)))
                .value();
            tournament::TableResult table;
            table.seats = 3;
            for (std::size_t s = 0; s < 3; ++s) {
                table.engines[s] = e[s];
                table.ranks[s] = r[s];
            }
            tables.push_back(table);
        }
        // A 2-seat tournament of the same engines in the same file stays apart.
        for (unsigned g = 0; g < 4; ++g) {
            db.record_game(duo, store::GameSlot{g, static_cast<int>(g / 2), 0},
                           store::test::make_game(g % 2 ? "D" : "A", g % 2 ? "A" : "D", 4, 100 + g))
                .value();
        }
    }
    const auto expected = tournament::fit_table_ratings(4, tables).value();

    const auto text = run_ratings({"--db", path, "--tournament", "tri"});
    CHECK(contains(text, "tournament tri (12 games, Plackett-Luce maximum likelihood"));
    const auto json = run_ratings({"--db", path, "--tournament", "tri", "--json"});
    CHECK(contains(json, R"("method":"plackett_luce_mle")"));
    CHECK(contains(json, R"("games":12)"));
    for (std::size_t i = 0; i < 4; ++i) {
        INFO(names[i] << " " << expected[i].rating);
        CHECK(expected[i].status == tournament::RatingStatus::Ok);
        char shown[64];
        std::snprintf(shown, sizeof shown, "%+.1f \u00b1 %.1f", expected[i].rating,
                      expected[i].error);
        CHECK(contains(text, shown));
        std::ostringstream games_of;
        games_of << R"("engine":")" << names[i] << R"(","games":)" << expected[i].games;
        CHECK(contains(json, games_of.str()));
    }
    CHECK(expected[0].rating > expected[1].rating);
    CHECK(expected[2].rating > expected[3].rating);
    // Ranked by rating: A first, D last.
    CHECK(json.find(R"("engine":"A")") < json.find(R"("engine":"D")"));
    CHECK(text.find(" A ") < text.find(" B "));

    // By rules string: the same games; the 2-seat tournament is rated on its own.
    const auto by_rules = run_ratings({"--db", path, "--rules", "standard,players=3", "--json"});
    CHECK(contains(by_rules, R"("method":"plackett_luce_mle")"));
    CHECK(contains(by_rules, R"("games":12)"));
    // --save stores the table as a snapshot that names the method.
    CHECK(contains(run_ratings({"--db", path, "--tournament", "tri", "--save"}),
                   "saved rating snapshot 1"));
    {
        auto db = store::Store::open(path, {.create = false});
        const auto snap =
            db.latest_rating_snapshot(db.find_tournament("tri")->id, rules::expanded(tri));
        REQUIRE(snap);
        CHECK(snap->method == "plackett_luce_mle");
        CHECK(snap->game_count == 12);
    }
    const auto duo = run_ratings({"--db", path, "--tournament", "duo", "--json"});
    CHECK(contains(duo, R"("method":"bradley_terry_mle")"));
    CHECK(contains(duo, R"("games":4)"));
    const auto quan5 = run_ratings({"--db", path, "--rules", "quan5", "--json"});
    CHECK(contains(quan5, R"("method":"bradley_terry_mle")"));
    CHECK(contains(quan5, R"("games":4)"));
}
