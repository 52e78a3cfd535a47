// Shards and Store::merge: every shard of a run plays its own whole colour-swapped pairs into its
// own file, with the run's one definition and fingerprint; merging the files gives the same games
// as the run played whole, only once however often a file is merged; conflicts are refused with
// nothing merged.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>

#include "../game/scripted_player.hpp"
#include "fixtures.hpp"
#include "store/run_recorder.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"
#include "tournament/run.hpp"

using namespace oaq;

namespace {

tournament::RunDefinition definition() {
    tournament::RunDefinition d;
    d.max_plies = 20;
    d.seed = 5;
    d.rounds = 2;
    d.openings = {tournament::OpeningsDefinition::Kind::Random, 2, 17, ""};
    for (int i = 0; i < 3; ++i) {
        tournament::EngineDefinition e;
        e.name = "p" + std::to_string(i);
        e.command = "/nonexistent/p" + std::to_string(i);
        d.engines.push_back(e);
    }
    return d;
}

tournament::PlayerFactory scripted() {
    return [](const tournament::RunDefinition& d, int i) -> std::unique_ptr<game::Player> {
        return std::make_unique<testing::ScriptedPlayer>(
            d.engines[static_cast<std::size_t>(i)].name);
    };
}

// Plays `shard` of the run (or the whole run) into `path`; stops after `limit` games if given.
void play(const std::string& path, std::optional<tournament::Shard> shard,
          const tournament::RunDefinition& d = definition(), std::int64_t limit = 0) {
    auto db = store::Store::open(path);
    store::StoreRunRecorder recorder(db);
    auto existing = recorder.find_run("cup");
    auto run = existing ? tournament::Run::resume(recorder, "cup").value()
                        : tournament::Run::create(recorder, "cup", d, "{}", {}, {}, shard).value();
    std::atomic<bool> stop{false};
    struct StopAfter : tournament::RunObserver {
        std::atomic<bool>& flag;
        std::int64_t limit;
        std::int64_t seen = 0;
        StopAfter(std::atomic<bool>& f, std::int64_t n) : flag(f), limit(n) {}
        void game_finished(const tournament::GameFinished&) override {
            if (limit && ++seen >= limit) flag = true;
        }
    } observer(stop, limit);
    run.play(scripted(), observer, stop, {1, 0});
}

// game_index -> (south, north, opening, result) of every game of "cup" in `path`.
std::map<std::int64_t, std::string> games_of(const std::string& path) {
    auto db = store::Store::open(path);
    const auto t = db.find_tournament("cup").value();
    store::GameFilter f;
    f.tournament_id = t.id;
    f.limit = 0;
    std::map<std::int64_t, std::string> out;
    for (const auto& g : db.games(f))
        out[g.slot.game_index] = g.south + " " + g.north + " " + g.opening + " " +
                                 std::string(rules::to_string(g.result)) + " " +
                                 std::to_string(g.slot.pair_index);
    return out;
}

}  // namespace

TEST_CASE("shards hold whole pairs, merge to the whole run, and merge again adds nothing",
          "[store][merge]") {
    store::test::TempDir dir;
    play(dir.file("whole.db"), std::nullopt);
    std::vector<std::string> shards;
    std::set<std::string> fingerprints;
    for (int k = 0; k < 4; ++k) {
        shards.push_back(dir.file("shard-" + std::to_string(k) + ".db"));
        play(shards.back(), tournament::Shard{k, 4});
        auto db = store::Store::open(shards.back());
        const auto t = db.find_tournament("cup").value();
        fingerprints.insert(t.fingerprint);
        REQUIRE(t.shards.size() == 1);
        CHECK(t.shards[0].index == k);
        CHECK(t.shards[0].status == store::TournamentStatus::Finished);
        for (const auto& [index, text] : games_of(shards.back())) {
            CHECK((index / 2) % 4 == k);
            (void)text;
        }
    }
    CHECK(fingerprints.size() == 1);

    // Into a file of the page size `oaq merge` creates its target with.
    store::StoreOptions bulk;
    bulk.new_file_page_size = store::kBulkPageSize;
    auto all = store::Store::open(dir.file("all.db"), bulk);
    auto first = all.merge({shards[0], shards[1]});
    REQUIRE(first);
    CHECK(all.find_tournament("cup")->status == store::TournamentStatus::Interrupted);
    auto rest = all.merge({shards[2], shards[3], shards[1]});
    REQUIRE(rest);
    CHECK(rest->present == static_cast<std::int64_t>(games_of(shards[1]).size()));
    const auto t = all.find_tournament("cup").value();
    CHECK(t.status == store::TournamentStatus::Finished);
    CHECK(t.shards.size() == 4);
    CHECK(games_of(dir.file("all.db")) == games_of(dir.file("whole.db")));
    auto again = all.merge(shards);
    REQUIRE(again);
    CHECK(again->added == 0);
    CHECK(all.integrity_check());
}

TEST_CASE("merge refuses conflicts and leaves the file as it was", "[store][merge]") {
    store::test::TempDir dir;
    play(dir.file("a.db"), tournament::Shard{0, 2});
    auto other = definition();
    other.seed = 6;  // another run under the same name
    play(dir.file("b.db"), tournament::Shard{1, 2}, other);
    play(dir.file("c.db"), tournament::Shard{0, 3});
    auto all = store::Store::open(dir.file("all.db"));
    REQUIRE(all.merge({dir.file("a.db")}));
    const auto before = all.count_games({});

    auto refused = all.merge({dir.file("b.db")});
    REQUIRE(!refused);
    CHECK_THAT(refused.error().message,
               Catch::Contains("different definitions") && Catch::Contains("b.db"));
    auto counts = all.merge({dir.file("c.db")});
    REQUIRE(!counts);
    CHECK_THAT(counts.error().message, Catch::Contains("shard"));
    CHECK(all.count_games({}) == before);

    // The same shard with another game at index 0 (another engine build, a hand-edited file).
    const auto d = definition();
    {
        auto db = store::Store::open(dir.file("a2.db"));
        store::StoreRunRecorder recorder(db);
        tournament::NewRun row{"cup", d,  tournament::to_json(d),  tournament::fingerprint(d),
                               "{}",  {}, tournament::Shard{0, 2}, 1,
                               1};
        const auto id = recorder.create_run(row).value();
        const auto pairing = tournament::make_schedule(d, 0)->pairing_at(0);
        auto record =
            store::test::make_game(d.engines[static_cast<std::size_t>(pairing.south)].name,
                                   d.engines[static_cast<std::size_t>(pairing.north)].name, 4, 3);
        record.rules.clear();
        REQUIRE(recorder.record_game(id, pairing, record));
    }
    auto game = all.merge({dir.file("a2.db")});
    REQUIRE(!game);
    CHECK_THAT(game.error().message, Catch::Contains("game 0 of run \"cup\"") &&
                                         Catch::Contains("a2.db") && Catch::Contains("a.db"));
    CHECK(all.count_games({}) == before);
}

TEST_CASE("a shard stopped part way resumes as itself and a newer copy merges what is new",
          "[store][merge]") {
    store::test::TempDir dir;
    const auto path = dir.file("s.db");
    play(path, tournament::Shard{1, 3}, definition(), 2);
    auto all = store::Store::open(dir.file("all.db"));
    auto first = all.merge({path});
    REQUIRE(first);
    CHECK(first->added == 2);
    play(path, std::nullopt);  // resumes: the stored shard, not the whole run
    for (const auto& [index, text] : games_of(path)) CHECK((index / 2) % 3 == 1);
    auto second = all.merge({path});
    REQUIRE(second);
    CHECK(second->present == 2);
    CHECK(second->added == static_cast<std::int64_t>(games_of(path).size()) - 2);
}

TEST_CASE("engines are one engine only when name and binary hash agree", "[store][merge]") {
    store::test::TempDir dir;
    auto with_binary = [&](const std::string& file, const std::string& bytes) {
        std::ofstream(dir.file(file)) << bytes;
        auto d = definition();
        d.engines[0].command = dir.file(file);
        return d;
    };
    auto play_named = [&](const std::string& path, const std::string& name,
                          const tournament::RunDefinition& d) {
        auto db = store::Store::open(path);
        store::StoreRunRecorder recorder(db);
        auto run = tournament::Run::create(recorder, name, d).value();
        std::atomic<bool> stop{false};
        tournament::RunObserver quiet;
        run.play(scripted(), quiet, stop, {1, 0});
    };
    play_named(dir.file("a.db"), "one", with_binary("bot-a", "build 1"));
    play_named(dir.file("b.db"), "two", with_binary("bot-b", "build 2"));
    play_named(dir.file("c.db"), "three", with_binary("bot-c", "build 1"));
    auto all = store::Store::open(dir.file("all.db"));
    REQUIRE(all.merge({dir.file("a.db"), dir.file("c.db")}));  // same name, same binary
    auto refused = all.merge({dir.file("b.db")});
    REQUIRE(!refused);
    CHECK_THAT(refused.error().message, Catch::Contains("engine \"p0\"") &&
                                            Catch::Contains("b.db") && Catch::Contains("all.db"));
    CHECK_FALSE(all.find_tournament("two"));
}

TEST_CASE("a source edited into what no oaq file holds is refused as damaged, nothing merged",
          "[store][merge]") {
    store::test::TempDir dir;
    play(dir.file("a.db"), tournament::Shard{0, 2});
    auto all = store::Store::open(dir.file("all.db"));
    // The merge checks in C++ what the CHECK constraints it turns off would have refused.
    const std::pair<const char*, const char*> edits[] = {
        {"UPDATE games SET result = 'south_won' WHERE id = 2", "damaged data: game 2"},
        {"UPDATE games SET termination = 'flag' WHERE id = 1", "damaged data: game 1"},
        {"UPDATE games SET plies = -1 WHERE id = 3", "damaged data: game 3"},
        {"UPDATE game_moves SET moves = x'02' WHERE game_id = 1",
         "game 1: its moves are not packed"},
    };
    for (const auto& [sql, message] : edits) {
        INFO(sql);
        std::filesystem::copy_file(dir.file("a.db"), dir.file("edited.db"),
                                   std::filesystem::copy_options::overwrite_existing);
        {
            store::Database db(dir.file("edited.db"), store::Database::Mode::ReadWrite);
            db.exec("PRAGMA ignore_check_constraints = ON");
            db.exec(sql);
        }
        CHECK_THROWS_WITH(all.merge({dir.file("edited.db")}), Catch::Contains(message));
        CHECK(all.count_games({}) == 0);
    }
    REQUIRE(all.merge({dir.file("a.db")}));
    CHECK(all.count_games({}) > 0);
    CHECK(all.integrity_check());
}

namespace {

// Bytes this process has written through write(2) and pwrite(2) so far (Linux), or -1.
std::int64_t bytes_written() {
    std::ifstream io("/proc/self/io");
    std::string key;
    std::int64_t value = 0;
    while (io >> key >> value)
        if (key == "wchar:") return value;
    return -1;
}

}  // namespace

// The source query once searched an index on tournament_id and sorted every game with its moves
// by id, which SQLite spills to a temporary file in /var/tmp: a batch job wrote as many bytes
// outside the files it was given as the source holds. A merge writes the file it merges into
// (each page once, a little more for the journal's header pages) and nothing else.
TEST_CASE("a merge writes the file it merges into and not a second copy elsewhere",
          "[store][merge]") {
    if (bytes_written() < 0) {
        WARN("no /proc/self/io: nothing to measure");
        return;
    }
    store::test::TempDir dir;
    {
        auto source = store::Store::open(dir.file("big.db"));
        const auto t = store::test::make_tournament(source, "big");
        for (int i = 0; i < 3000; ++i) {
            const auto record = store::test::make_game("a", "b", 150, static_cast<unsigned>(i));
            REQUIRE(source.record_game(t, store::GameSlot{i, i / 2, 0}, record));
        }
    }
    const auto source_bytes = std::filesystem::file_size(dir.file("big.db"));
    REQUIRE(source_bytes > 8'000'000);  // beyond what SQLite sorts in memory
    auto all = store::Store::open(dir.file("all.db"));
    const auto before = bytes_written();
    auto merged = all.merge({dir.file("big.db")});
    const auto written = bytes_written() - before;
    REQUIRE(merged);
    CHECK(merged->added == 3000);
    const auto into_bytes = std::filesystem::file_size(dir.file("all.db"));
    INFO("source " << source_bytes << " bytes, merged file " << into_bytes << ", written "
                   << written);
    CHECK(static_cast<double>(written) < 1.25 * static_cast<double>(into_bytes));
}
