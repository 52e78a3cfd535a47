#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;

namespace {

SessionSlot slot(int number, std::array<int, 2> wealth, std::string end = "none",
                 std::string result = "ongoing") {
    return SessionSlot{0,  number, "alpha",        "beta",           4,
                       70, wealth, std::move(end), std::move(result)};
}

}  // namespace

TEST_CASE("a session's games are stored with it, in order, with the wealth after each",
          "[store][sessions]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    const std::array<std::array<int, 2>, 3> wealth{{{28, 42}, {20, 50}, {12, 58}}};
    std::vector<RowId> ids;
    for (int k = 1; k <= 3; ++k) {
        auto s = slot(k, wealth[static_cast<std::size_t>(k - 1)], k == 3 ? "sold_out" : "none",
                      k == 3 ? "second_wins" : "ongoing");
        auto record = make_game(k % 2 ? "alpha" : "beta", k % 2 ? "beta" : "alpha", 10,
                                static_cast<unsigned>(k));
        auto id = store.record_game(t, GameSlot{k - 1, (k - 1) / 2, 0}, record, {}, &s);
        REQUIRE(id.has_value());
        ids.push_back(*id);
    }
    auto sessions = store.sessions(t);
    REQUIRE(sessions.size() == 1);
    const auto& s = sessions[0];
    CHECK(s.tournament == "t");
    CHECK(s.first == "alpha");
    CHECK(s.second == "beta");
    CHECK(s.games_played == 3);
    CHECK(s.game_ids == ids);
    CHECK(s.wealth == std::vector<std::array<int, 2>>(wealth.begin(), wealth.end()));
    CHECK(s.end_reason == "sold_out");
    CHECK(s.result == "second_wins");
    CHECK(store.sessions().size() == 1);
    CHECK(store.sessions(t + 1).empty());

    auto link = store.session_of_game(ids[1]);
    REQUIRE(link);
    CHECK(link->number == 2);
    CHECK(link->wealth_after == wealth[1]);
    auto ends = store.session_game_ends(t);
    REQUIRE(ends.size() == 3);
    CHECK(ends[2].game_index == 2);
    CHECK(ends[2].final_position == "final-3");

    auto plain = store.record_game(t, GameSlot{10, 5, 0}, make_game("alpha", "beta", 3, 9));
    REQUIRE(plain);
    CHECK_FALSE(store.session_of_game(*plain));
    CHECK(store.integrity_check().has_value());
}

TEST_CASE("a session game out of order is refused with nothing written", "[store][sessions]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    auto first = slot(1, {30, 40});
    REQUIRE(store.record_game(t, GameSlot{0, 0, 0}, make_game("alpha", "beta", 5, 1), {}, &first));
    auto third = slot(3, {20, 50});
    auto refused =
        store.record_game(t, GameSlot{2, 1, 0}, make_game("alpha", "beta", 5, 3), {}, &third);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message == "t#3 refused: session 1 has no game 2 before game 3");
    CHECK(store.completed_game_indices(t) == std::vector<std::int64_t>{0});
    CHECK(store.sessions(t).at(0).games_played == 1);
}
