// Recording games: exact round trip of a game and its moves, and every refusal leaving nothing
// behind (duplicate index, schema violation in a move, aborted, unknown tournament, other rules).
#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;
using Catch::Matchers::Contains;

namespace {

void require_same(const game::GameRecord& a, const game::GameRecord& b) {
    CHECK(a.south == b.south);
    CHECK(a.north == b.north);
    CHECK(a.rules == b.rules);
    CHECK(a.time_control == b.time_control);
    CHECK(a.opening == b.opening);
    CHECK(a.start_position == b.start_position);
    CHECK(a.result == b.result);
    CHECK(a.score_south == b.score_south);
    CHECK(a.score_north == b.score_north);
    CHECK(a.termination == b.termination);
    CHECK(a.detail == b.detail);
    CHECK(a.final_position == b.final_position);
    CHECK(a.started_at == b.started_at);
    CHECK(a.ended_at == b.ended_at);
    REQUIRE(a.moves.size() == b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        INFO("ply " << i + 1);
        const auto& x = a.moves[i];
        const auto& y = b.moves[i];
        CHECK(x.move == y.move);
        CHECK(x.time_used == y.time_used);
        CHECK(x.time_left == y.time_left);
        CHECK(x.depth == y.depth);
        CHECK(x.score == y.score);
        CHECK(x.nodes == y.nodes);
        CHECK(x.pv == y.pv);
    }
}

}  // namespace

TEST_CASE("a game and all its moves read back exactly as recorded", "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    game::GameRecord record = make_game("alpha", "beta", 83, 5);
    record.termination = game::Termination::IllegalMove;
    record.detail = "3L: square 3 (N3) is empty";
    record.moves[10].time_left = game::Microseconds{-1234};  // overran its clock
    record.moves[11].nodes = 0xFFFF'FFFF'FFull * 1000;
    record.moves[12].pv.clear();
    record.moves[12].score = protocol::Score{protocol::Score::Kind::Mate, -7};

    auto id = store.record_game(t, GameSlot{17, 8, 2}, record);
    REQUIRE(id.has_value());
    auto stored = store.game(*id);
    REQUIRE(stored.has_value());
    require_same(stored->record, record);
    CHECK(stored->row.tournament_id == t);
    CHECK(stored->row.slot == GameSlot{17, 8, 2});
    CHECK(stored->row.plies == 83);
    CHECK(stored->row.south == "alpha");
    CHECK(stored->row.south_engine_id == store.find_engine("alpha")->id);
    CHECK_FALSE(store.game(*id + 1).has_value());
}

TEST_CASE("a game without moves and with sub-millisecond times reads back at millisecond precision",
          "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    game::GameRecord record = make_game("a", "b", 0, 1);
    record.opening.clear();
    record.started_at = at_ms(1'000) + std::chrono::microseconds{999};
    auto id = store.record_game(t, GameSlot{0, 0, 0}, record);
    REQUIRE(id.has_value());
    auto stored = store.game(*id);
    REQUIRE(stored.has_value());
    CHECK(stored->record.moves.empty());
    CHECK(stored->record.opening.empty());
    CHECK(stored->record.started_at == at_ms(1'000));
}

TEST_CASE("a second game with the same game_index is refused and changes nothing",
          "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    REQUIRE(store.record_game(t, GameSlot{3, 1, 0}, make_game("a", "b", 40, 1)));
    auto again = store.record_game(t, GameSlot{3, 1, 0}, make_game("c", "d", 40, 2));
    REQUIRE_FALSE(again.has_value());
    CHECK(again.error().kind == ErrorKind::DuplicateGame);
    // Named as views name it (game_index 3 is t#4), never by the 0-based index.
    CHECK(again.error().message == "t#4 is stored already");
    CHECK(store.count_games(GameFilter{}) == 1);
    CHECK_FALSE(store.find_engine("c").has_value());  // the refused game's engines are not kept
    // The same index in another tournament is a different game.
    RowId t2 = make_tournament(store, "t2");
    CHECK(store.record_game(t2, GameSlot{3, 1, 0}, make_game("a", "b", 40, 1)).has_value());
}

TEST_CASE("a game with a move no engine can have made is refused and leaves nothing",
          "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    game::GameRecord record = make_game("fresh-south", "fresh-north", 60, 9);

    std::string expected;
    SECTION("an empty move") {
        record.moves[59].move.clear();
        expected = "t#1, ply 60: an empty move";  // numbered as views do
    }
    SECTION("a negative time used") {
        record.moves[30].time_used = game::Microseconds{-1};
        expected = "t#1, ply 31: a negative time used";
    }

    auto refused = store.record_game(t, GameSlot{0, 0, 0}, record);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().kind == ErrorKind::InvalidRecord);
    CHECK(refused.error().message == expected);
    CHECK(store.count_games(GameFilter{}) == 0);
    CHECK(store.completed_game_indices(t).empty());
    CHECK_FALSE(store.find_engine("fresh-south").has_value());
    CHECK(store.integrity_check().has_value());

    // Nothing of the failed attempt is left in the way: the corrected game goes in at that index.
    auto good =
        store.record_game(t, GameSlot{0, 0, 0}, make_game("fresh-south", "fresh-north", 60, 9));
    REQUIRE(good.has_value());
    CHECK(store.game(*good)->record.moves.size() == 60);
    CHECK(store.find_engine("fresh-south").has_value());
}

TEST_CASE("aborted, unfinished, misplaced and foreign-rules games are refused", "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    game::GameRecord record = make_game("a", "b", 10, 3);

    SECTION("aborted: resume must replay it") {
        record.termination = game::Termination::Aborted;
        auto r = store.record_game(t, GameSlot{0, 0, 0}, record);
        REQUIRE_FALSE(r);
        CHECK_THAT(r.error().message, Contains("aborted"));
    }
    SECTION("unfinished") {
        record.result = rules::Result::Ongoing;
        auto r = store.record_game(t, GameSlot{6, 3, 0}, record);
        REQUIRE_FALSE(r);
        CHECK(r.error().message == "t#7 has no result: only finished games are stored");
    }
    SECTION("unknown tournament") {
        auto r = store.record_game(t + 100, GameSlot{0, 0, 0}, record);
        REQUIRE_FALSE(r);
        CHECK(r.error().kind == ErrorKind::UnknownTournament);
    }
    SECTION("other rules than the tournament's") {
        record.rules = "preset=other";
        auto r = store.record_game(t, GameSlot{0, 0, 0}, record);
        REQUIRE_FALSE(r);
        CHECK_THAT(r.error().message, Contains("preset=other"));
    }
    CHECK(store.count_games(GameFilter{}) == 0);
}

TEST_CASE("completed game indices list exactly the stored games in ascending order",
          "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    RowId other = make_tournament(store, "other");
    for (std::int64_t i : {7, 2, 9, 0, 4}) {
        REQUIRE(store.record_game(t, GameSlot{i, static_cast<int>(i / 2), 0},
                                  make_game("a", "b", 5, static_cast<unsigned>(i))));
    }
    REQUIRE(store.record_game(other, GameSlot{1, 0, 0}, make_game("a", "b", 5, 1)));
    CHECK(store.completed_game_indices(t) == std::vector<std::int64_t>{0, 2, 4, 7, 9});
    CHECK(store.completed_game_indices(other) == std::vector<std::int64_t>{1});
    CHECK(store.completed_game_indices(other + 1).empty());
}

TEST_CASE("a resigned game is stored and read back (migration 009 widens the termination check)",
          "[store][games]") {
    Store store = Store::open_memory();
    RowId t = make_tournament(store, "t");
    game::GameRecord record = make_game("you", "engine", 7, 1);
    record.result = rules::Result::NorthWin;
    record.termination = game::Termination::Resignation;
    record.detail = "south: resigned";
    auto id = store.record_game(t, GameSlot{0, 0, 0}, record);
    REQUIRE(id.has_value());
    auto stored = store.game(*id);
    REQUIRE(stored);
    CHECK(stored->record.termination == game::Termination::Resignation);
    CHECK(stored->record.detail == "south: resigned");
    CHECK(store.integrity_check().has_value());
}
