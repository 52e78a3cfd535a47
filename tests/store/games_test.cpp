// Recording games: exact round trip of a game and its moves, and every refusal leaving nothing
// behind (duplicate index, schema violation in a move, aborted, unknown tournament, other rules).
#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "store/packed_moves.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;
using Catch::Matchers::Contains;

namespace {

// What was read back against what was written, as the store writes it (stored_record).
void require_same(const StoredRecord& a, const game::GameRecord& written) {
    const StoredRecord b = stored_record(written);
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
    record.opening = {};
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
    SECTION("a move outside the rules' grammar (square 0)") {
        record.moves[59].move = rules::Move{0, rules::Direction::L};
        // The game numbered as views do, the move refused in the rules' words.
        expected = "t#1, ply 60: \"0L\" is not a move: square must be 1..5";
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
        record.rules = rules::parse_rules("village").value();
        auto r = store.record_game(t, GameSlot{0, 0, 0}, record);
        REQUIRE_FALSE(r);
        CHECK_THAT(r.error().message, Contains(rules::expanded(record.rules)));
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

TEST_CASE(
    "stored moves are read as the rules' moves once, and a token that is none is a damaged "
    "game named by file and number",
    "[store][games][packed]") {
    TempDir dir;
    const auto path = dir.file("moves.db");
    {
        Store store = Store::open(path);
        RowId t = make_tournament(store, "cup");
        REQUIRE(store.record_game(t, GameSlot{0, 0, 0}, make_game("a", "b", 4, 1)));
    }
    auto set_moves = [&](std::vector<std::string> tokens) {
        std::vector<StoredMove> moves;
        for (auto& token : tokens) {
            StoredMove m;
            m.move = token;
            moves.push_back(m);
        }
        Database raw(path, Database::Mode::ReadWrite);
        Statement set(raw, "UPDATE game_moves SET moves = ?1 WHERE game_id = 1");
        set.bind_blob(1, pack_moves(moves));
        set.run();
        raw.exec("UPDATE game_rows SET plies = " + std::to_string(tokens.size()) + " WHERE id = 1");
    };
    SECTION("an old writer's square outside 1..5 reads as that move, left for a replay to refuse") {
        set_moves({"3R", "10L", "0R"});
        Store store = Store::open(path);
        const auto moves = store.game(1).value().record.moves;
        REQUIRE(moves.size() == 3);
        CHECK(moves[0].move == rules::Move{3, rules::Direction::R});
        CHECK(moves[1].move == rules::Move{10, rules::Direction::L});
        CHECK(rules::to_string(moves[1].move) == "10L");
        CHECK(moves[2].move == rules::Move{0, rules::Direction::R});
    }
    SECTION("a token of no move's shape is refused naming the file, the game and the ply") {
        for (const char* token : {"pass", "3r", "03L", "64L", "é"}) {
            INFO(token);
            set_moves({"3R", token});
            Store store = Store::open(path);
            CHECK_THROWS_WITH(store.game(1), Contains("moves.db: damaged data: cup#1: ply 2: \"" +
                                                      std::string(token) + "\" is not a move"));
        }
    }
}
