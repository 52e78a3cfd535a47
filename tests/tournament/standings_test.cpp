// The rating input builder, the ranking policy and the snapshot builder: the one path from stored
// result rows to the ranked table and the stored snapshot.
#include <catch2/catch.hpp>

#include "common/json_reader.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating_input.hpp"
#include "tournament/snapshot.hpp"

using namespace oaq;
using namespace oaq::tournament;
using game::Termination;
using rules::Result;

namespace {

ResultRow row(std::int64_t id, std::int64_t t, std::int64_t pair, std::int64_t south,
              std::int64_t north, Result result, Termination termination = Termination::Normal) {
    return ResultRow{id, t, pair, south, north, result, termination};
}

const std::vector<RatedEngine> kEngines{{10, "A"}, {20, "B"}, {30, "C"}, {40, "D"}};

}  // namespace

TEST_CASE("the rating input indexes engines in the listed order and keys pairs by tournament",
          "[standings][rating_input]") {
    const std::vector<ResultRow> rows{
        row(1, 1, 0, 20, 10, Result::SouthWin), row(2, 1, 0, 10, 20, Result::Draw),
        row(3, 2, 0, 10, 30, Result::NorthWin, Termination::Crash),        // A crashed
        row(7, 2, 1, 30, 99, Result::SouthWin, Termination::TimeForfeit),  // 99 is not listed
    };
    auto all = build_rating_input(kEngines, rows);
    CHECK(all.names == std::vector<std::string>{"A", "B", "C", "D", "#99"});
    CHECK(all.keys == std::vector<std::int64_t>{10, 20, 30, 40, 99});
    CHECK(all.count == 4);
    CHECK(all.max_game_id == 7);
    REQUIRE(all.games.size() == 4);
    CHECK(all.games[0].south == 1);
    CHECK(all.games[0].north == 0);
    CHECK(all.games[0].south_points == 1.0);
    CHECK(all.games[1].south_points == 0.5);
    // Same pair index, same tournament: one pair; another tournament: another pair.
    CHECK(all.games[0].pair_id == all.games[1].pair_id);
    CHECK(all.games[2].pair_id != all.games[0].pair_id);
    CHECK(all.failures == std::vector<std::int64_t>{1, 0, 0, 0, 1});

    auto played = build_rating_input(kEngines, rows, EngineSelection::WithGames);
    CHECK(played.names == std::vector<std::string>{"A", "B", "C", "#99"});

    auto live = build_rating_input(kEngines, {});
    add_result(live, rows[0]);
    CHECK(live.count == 1);
    CHECK(live.games[0].south == 1);
}

TEST_CASE("the ranking orders by rating, infinities at the ends, groups and unrated marked",
          "[standings][ranking]") {
    // A beats B and C; B and C draw; D played nothing.
    const std::vector<ResultRow> rows{
        row(1, 1, 0, 10, 20, Result::SouthWin), row(2, 1, 0, 20, 10, Result::NorthWin),
        row(3, 1, 1, 10, 30, Result::SouthWin), row(4, 1, 2, 20, 30, Result::Draw),
        row(5, 1, 2, 30, 20, Result::SouthWin),
    };
    const auto input = build_rating_input(kEngines, rows);
    auto lines = standings(input).value();
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].engine == "A");
    CHECK(lines[0].rating.status == RatingStatus::AllWins);
    CHECK(lines[1].engine == "C");  // 1.5 of 3 against B's 0.5 of 4
    CHECK(lines[1].rating.status == RatingStatus::Ok);
    CHECK(lines[2].engine == "B");
    CHECK(lines[3].engine == "D");
    CHECK(lines[3].rating.status == RatingStatus::NoGames);
    for (std::size_t i = 0; i < lines.size(); ++i) CHECK(lines[i].rank == static_cast<int>(i) + 1);
    CHECK(lines[1].rating.rating > lines[2].rating.rating);
    CHECK(lines[1].key == 30);
    CHECK(lines[1].engine_index == 2);
}

TEST_CASE("ranking tiers and tie breaks are total", "[standings][ranking]") {
    RatingInput input;
    input.names = {"zed", "amy", "bob", "cat", "dan", "eve", "fay"};
    input.keys = {0, 1, 2, 3, 4, 5, 6};
    std::vector<EngineRating> r(7);
    auto set = [&](int i, RatingStatus s, double rating, double score, int group = 0) {
        r[static_cast<std::size_t>(i)].status = s;
        r[static_cast<std::size_t>(i)].rating = rating;
        r[static_cast<std::size_t>(i)].score = score;
        r[static_cast<std::size_t>(i)].group = group;
    };
    set(0, RatingStatus::Ok, 10, 0.5);
    set(1, RatingStatus::Ok, 10, 0.5);  // ties zed on rating and score: by name
    set(2, RatingStatus::Disconnected, 500, 0.9, 1);
    set(3, RatingStatus::Disconnected, -5, 0.4, 0);  // group 0 before group 1
    set(4, RatingStatus::AllLosses, 0, 0.0);
    set(5, RatingStatus::Unbounded, 0, 0.6);
    set(6, RatingStatus::AllWins, 0, 1.0);
    std::vector<std::string> order;
    for (const auto& l : rank_lines(input, r)) order.push_back(l.engine);
    CHECK(order == std::vector<std::string>{"fay", "amy", "zed", "cat", "bob", "eve", "dan"});
    CHECK(is_rated(r[2]));
    CHECK_FALSE(is_rated(r[6]));
}

TEST_CASE("the snapshot keeps the rated lines ranked among themselves and names the others",
          "[standings][snapshot]") {
    const std::vector<ResultRow> rows{
        row(1, 1, 0, 10, 20, Result::SouthWin), row(2, 1, 0, 20, 10, Result::NorthWin),
        row(3, 1, 1, 10, 30, Result::SouthWin), row(4, 1, 2, 20, 30, Result::Draw),
        row(9, 1, 2, 30, 20, Result::SouthWin),
    };
    const auto input = build_rating_input(kEngines, rows);
    const auto lines = standings(input).value();
    const auto s = build_snapshot(input, lines);
    CHECK(s.method == "bradley_terry_mle");
    CHECK(s.game_count == 5);
    CHECK(s.max_game_id == 9);
    REQUIRE(s.entries.size() == 2);
    CHECK(s.entries[0].engine == "C");
    CHECK(s.entries[0].key == 30);
    CHECK(s.entries[0].rank == 1);
    CHECK(s.entries[1].rank == 2);
    CHECK(s.entries[0].points == 1.5);
    auto p = parse_json(s.parameters);
    REQUIRE(p);
    CHECK(*p->find("anchor")->as_string() == "mean");
    REQUIRE(p->find("unrated")->as_array()->size() == 2);
    CHECK(*(*p->find("unrated")->as_array())[0].as_string() == "A");
    CHECK(p->find("disconnected")->as_array()->empty());

    Anchor anchor;
    anchor.engine = 1;
    anchor.rating = 1500;
    const auto anchored = build_snapshot(input, standings(input, anchor).value(), anchor, "B");
    CHECK(*parse_json(anchored.parameters)->find("anchor")->as_string() == "B");
    CHECK(anchored.entries[1].rating == 1500);
}

TEST_CASE("games of three seats become table results and rank through the Plackett-Luce fit",
          "[standings][rating_input][plackett_luce]") {
    auto table_row = [](std::int64_t id, std::array<std::int64_t, 4> engines,
                        std::array<int, 4> ranks, std::optional<std::size_t> failed = {}) {
        return TableRow{id, 1, id / 6, 3, engines, ranks, failed};
    };
    const std::vector<TableRow> rows{
        table_row(1, {10, 20, 30, 0}, {1, 2, 3, 0}),
        table_row(2, {20, 30, 10, 0}, {1, 1, 3, 0}),
        table_row(3, {30, 10, 20, 0}, {2, 1, 3, 0}, 2),  // seat 3 (B) failed
        table_row(4, {10, 30, 20, 0}, {3, 1, 2, 0}),
    };
    const auto input = build_table_rating_input(kEngines, rows, EngineSelection::WithGames);
    CHECK(input.names == std::vector<std::string>{"A", "B", "C"});
    CHECK(input.count == 4);
    CHECK(input.max_game_id == 4);
    CHECK(input.games.empty());
    REQUIRE(input.tables.size() == 4);
    CHECK(input.tables[1].engines[0] == 1);
    CHECK(input.tables[1].ranks[1] == 1);
    CHECK(input.failures == std::vector<std::int64_t>{0, 1, 0});
    const auto lines = standings(input).value();
    REQUIRE(lines.size() == 3);
    for (const auto& l : lines) {
        CHECK(l.rating.status == RatingStatus::Ok);
        CHECK(l.rating.games == 4);
    }
    // Points (RULES.md 9): A 1 + 0 + 1 + 0, B 0.5 + 0.75 + 0 + 0.5, C 0 + 0.75 + 0.5 + 1.
    // The ranking follows the ratings, which weigh places, not only points: A's two firsts and
    // two lasts rate below B's steadier places.
    CHECK(lines[0].engine == "C");
    CHECK(lines[0].rating.points == Approx(2.25));
    CHECK(lines[1].engine == "B");
    CHECK(lines[1].rating.points == Approx(1.75));
    CHECK(lines[2].rating.points == Approx(2.0));
    CHECK(lines[0].rating.rating > lines[1].rating.rating);
    CHECK(lines[1].rating.rating > lines[2].rating.rating);

    auto mixed = input;
    add_result(mixed, row(5, 2, 0, 10, 20, Result::SouthWin));
    const auto refused = standings(mixed);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message ==
          "2-seat games and games of 3 seats in one rating: ratings never pool different numbers "
          "of players");
}
