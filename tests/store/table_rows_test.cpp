// Store::table_rows: the games of 3 and 4 seats as the rating input reads them (each seat's engine
// and rank, the failing seat), filtered like result_rows, which keeps the 2-seat games.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "fixtures.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;

namespace {

// A game of names.size() seats under `rules` with the given ranks (points from them).
game::GameRecord ranked_game(const rules::Rules& rules, const std::vector<std::string>& names,
                             const std::vector<int>& ranks, unsigned seed) {
    auto r = make_game(names[0], names[1], 5, seed);
    r.rules = rules;
    r.seats.resize(names.size());
    const auto n = names.size();
    for (std::size_t i = 0; i < n; ++i) {
        auto& seat = r.seats[i];
        seat.name = names[i];
        seat.time_control = r.seats[0].time_control;
        seat.rank = ranks[i];
        seat.score = 50 - 10 * ranks[i];
        double above = 0;
        for (std::size_t j = 0; j < n; ++j) {
            if (j != i) above += ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0.0;
        }
        seat.points = above / static_cast<double>(n - 1);
    }
    r.result = rules::Result::Draw;
    return r;
}

}  // namespace

TEST_CASE("table rows hold every seat's engine and rank of the games of 3 and 4 seats",
          "[store][seats][plackett_luce]") {
    Store store = Store::open_memory();
    const auto tri = rules::parse_rules("standard,players=3").value();
    const auto quad = rules::parse_rules("standard,players=4").value();
    const RowId t3 = make_run(store, "tri", tri);
    const RowId t4 = make_run(store, "quad", quad);
    const RowId t2 = make_run(store, "duo", kGameRules);
    store.record_game(t3, GameSlot{0, 0, 0}, ranked_game(tri, {"a", "b", "c"}, {2, 1, 3}, 1))
        .value();
    auto failed = ranked_game(tri, {"c", "d", "a"}, {1, 3, 1}, 2);
    failed.termination = game::Termination::Crash;
    failed.detail = "seat 2 crashed";
    failed.failed_seat = 1;
    store.record_game(t3, GameSlot{1, 0, 0}, failed).value();
    store
        .record_game(t4, GameSlot{0, 0, 0},
                     ranked_game(quad, {"d", "c", "b", "a"}, {4, 1, 1, 3}, 3))
        .value();
    store.record_game(t2, GameSlot{0, 0, 0}, make_game("a", "b", 4, 4)).value();
    const auto id = [&](const char* name) { return store.find_engine(name)->id; };

    ResultFilter by_tri;
    by_tri.tournament_id = t3;
    const auto rows = store.table_rows(by_tri);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].seats == 3);
    CHECK(rows[0].tournament_id == t3);
    CHECK(rows[0].engines[0] == id("a"));
    CHECK(rows[0].engines[2] == id("c"));
    CHECK(rows[0].ranks[0] == 2);
    CHECK(rows[0].ranks[1] == 1);
    CHECK_FALSE(rows[0].failed_seat);
    CHECK(rows[1].failed_seat == 1u);
    CHECK(rows[1].engines[1] == id("d"));
    CHECK(store.result_rows(by_tri).empty());

    ResultFilter all;
    CHECK(store.table_rows(all).size() == 3);
    CHECK(store.result_rows(all).size() == 1);
    ResultFilter by_rules;
    by_rules.rules = rules::expanded(quad);
    const auto four = store.table_rows(by_rules);
    REQUIRE(four.size() == 1);
    CHECK(four[0].seats == 4);
    CHECK(four[0].ranks[3] == 3);
    CHECK(four[0].engines[3] == id("a"));

    ResultFilter with_d;
    with_d.engine_id = id("d");
    CHECK(store.table_rows(with_d).size() == 2);
    with_d.opponent_id = id("b");
    CHECK(store.table_rows(with_d).size() == 1);
    with_d.opponent_id = id("d");
    CHECK(store.table_rows(with_d).empty());
}
