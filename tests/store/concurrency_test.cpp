// Two connections to one file in WAL mode: one writes games while the other reads, and the reader
// only ever sees whole games. Also one Store shared by two writer threads.
#include <catch2/catch.hpp>

#include <thread>

#include "fixtures.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;

TEST_CASE("a reader connection sees only whole games while another connection writes",
          "[store][concurrency]") {
    TempDir dir;
    std::string path = dir.file("wal.db");
    Store writer = Store::open(path);
    Store reader = Store::open(path);
    RowId t = make_tournament(writer, "t");
    constexpr int kGames = 150;

    std::thread write([&] {
        for (int i = 0; i < kGames; ++i) {
            auto id =
                writer.record_game(t, GameSlot{i, i / 2, 0},
                                   make_game("a", "b", 40 + i % 40, static_cast<unsigned>(i)));
            if (!id) FAIL(id.error().message);
        }
    });
    std::int64_t last_count = 0;
    int reads = 0;
    while (last_count < kGames) {
        std::int64_t count = reader.count_games(GameFilter{});
        REQUIRE(count >= last_count);  // readers never see a game disappear
        last_count = count;
        GameFilter newest;
        newest.after_id = count > 1 ? count - 1 : 0;
        for (const auto& row : reader.games(newest)) {
            auto game = reader.game(row.id);  // throws if moves are missing
            REQUIRE(game.has_value());
            REQUIRE(game->record.plies() == 40 + static_cast<int>(row.slot.game_index) % 40);
        }
        ++reads;
    }
    write.join();
    CHECK(reads > 0);
    CHECK(reader.completed_game_indices(t).size() == kGames);
    CHECK(reader.integrity_check().has_value());
}

TEST_CASE("one store shared by two writer threads stores every game once", "[store][concurrency]") {
    TempDir dir;
    Store store = Store::open(dir.file("shared.db"));
    RowId t = make_tournament(store, "t");
    auto work = [&](int first) {
        for (int i = first; i < 200; i += 2) {
            auto id = store.record_game(
                t, GameSlot{i, i / 2, 0},
                make_game("e" + std::to_string(i % 5), "f", 20, static_cast<unsigned>(i)));
            if (!id) FAIL(id.error().message);
        }
    };
    std::thread even(work, 0);
    std::thread odd(work, 1);
    even.join();
    odd.join();
    auto indices = store.completed_game_indices(t);
    REQUIRE(indices.size() == 200);
    for (std::size_t i = 0; i < indices.size(); ++i)
        CHECK(indices[i] == static_cast<std::int64_t>(i));
    CHECK(store.list_engines().size() == 6);
}

TEST_CASE("several connections opening one new file at once all find it migrated once",
          "[store][concurrency][schema]") {
    TempDir dir;
    std::string path = dir.file("race.db");
    constexpr int kOpeners = 4;
    std::vector<int> versions(kOpeners, -1);
    std::vector<std::string> errors(kOpeners);
    std::vector<std::thread> threads;
    for (int i = 0; i < kOpeners; ++i) {
        threads.emplace_back([&, i] {
            try {
                Store store = Store::open(path);
                versions[static_cast<std::size_t>(i)] = store.schema_version();
            } catch (const std::exception& e) {
                errors[static_cast<std::size_t>(i)] = e.what();
            }
        });
    }
    for (auto& t : threads) t.join();
    for (int i = 0; i < kOpeners; ++i) {
        INFO(errors[static_cast<std::size_t>(i)]);
        CHECK(versions[static_cast<std::size_t>(i)] == Store::latest_schema_version());
    }
    Store store = Store::open(path);
    CHECK(store.integrity_check().has_value());
}
