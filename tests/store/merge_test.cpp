// Shards and Store::merge: every shard of a run plays its own whole colour-swapped pairs into its
// own file, with the run's one definition and fingerprint; merging the files gives the same games
// as the run played whole, only once however often a file is merged; conflicts are refused with
// nothing merged.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "../game/scripted_player.hpp"
#include "fixtures.hpp"
#include "store/migrations.hpp"
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
        CHECK(t.shards[0].status == tournament::RunStatus::Finished);
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
    CHECK(all.find_tournament("cup")->status == tournament::RunStatus::Interrupted);
    auto rest = all.merge({shards[2], shards[3], shards[1]});
    REQUIRE(rest);
    CHECK(rest->present == static_cast<std::int64_t>(games_of(shards[1]).size()));
    const auto t = all.find_tournament("cup").value();
    CHECK(t.status == tournament::RunStatus::Finished);
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
    CHECK_THAT(refused.error().message, Catch::Contains("different definitions in") &&
                                            Catch::Contains("b.db and in") &&
                                            Catch::Contains("/a.db (merged into"));
    auto counts = all.merge({dir.file("c.db")});
    REQUIRE(!counts);
    // The other shard count is named by the file that brought it.
    CHECK_THAT(counts.error().message,
               Catch::Contains("c.db holds shard 0/3, ") &&
                   Catch::Contains("a.db (merged into " + dir.file("all.db") +
                                   " before) holds shard 0/2 (different shard counts)"));
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
        record.rules = d.rules;
        REQUIRE(recorder.record_game(id, pairing, record));
    }
    auto game = all.merge({dir.file("a2.db")});
    REQUIRE(!game);
    // The game as views name it, counted from 1, and the file that brought the other copy.
    CHECK_THAT(game.error().message, Catch::Contains("cup#1 differs between") &&
                                         Catch::Contains("a2.db and ") &&
                                         Catch::Contains("/a.db (merged into"));
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
    // Named: the file that brought the other binary, not only the file merged into.
    CHECK_THAT(refused.error().message, Catch::Contains("engine \"p0\"") &&
                                            Catch::Contains("b.db (binary") &&
                                            Catch::Contains("/a.db (merged into"));
    // Within one merge, the other source by its name.
    auto all2 = store::Store::open(dir.file("all2.db"));
    auto within = all2.merge({dir.file("a.db"), dir.file("b.db")});
    REQUIRE(!within);
    CHECK_THAT(within.error().message,
               Catch::Contains("b.db (binary") &&
                   Catch::Contains("and in " + dir.file("a.db") + " (binary sha256"));
    CHECK_FALSE(all.find_tournament("two"));
}

TEST_CASE("a source edited into what no oaq file holds is refused as damaged, nothing merged",
          "[store][merge]") {
    store::test::TempDir dir;
    play(dir.file("a.db"), tournament::Shard{0, 2});
    auto all = store::Store::open(dir.file("all.db"));
    // The merge checks in C++ what the CHECK constraints it turns off would have refused.
    const std::pair<const char*, const char*> edits[] = {
        {"UPDATE games SET result = 'south_won' WHERE id = 2", "damaged data: cup#"},
        {"UPDATE games SET termination = 'flag' WHERE id = 1", "damaged data: cup#1:"},
        {"UPDATE games SET plies = -1 WHERE id = 3", "damaged data: cup#"},
        {"UPDATE game_moves SET moves = x'02' WHERE game_id = 1",
         "edited.db: damaged data: cup#1: stored moves are damaged (packed moves: not version 1"},
        // A value that starts well and stops making sense, and one with a ply missing.
        {"UPDATE game_moves SET moves = substr(moves, 1, length(moves) - 1) WHERE game_id = 1",
         "edited.db: damaged data: cup#1: stored moves are damaged"},
        {"UPDATE games SET plies = plies + 1 WHERE id = 1", "cup#1: stored moves are damaged ("},
        {"UPDATE games SET started_at = 'yesterday' WHERE id = 1",
         "edited.db: damaged data: cup#1: its start time \"yesterday\" is not an ISO-8601"},
        {"UPDATE games SET ended_at = '2026-13-01T00:00:00Z' WHERE id = 1", "cup#1: its end time"},
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

namespace {

store::SessionSlot session_slot(std::int64_t session, int number, std::array<int, 2> wealth,
                                std::string end = "none", std::string result = "ongoing") {
    return store::SessionSlot{session, number, "alpha",        "beta",           4,
                              70,      wealth, std::move(end), std::move(result)};
}

// Stores games 1..`upto` of two sessions (session 1 sold out after its third game) in `db`.
void record_sessions(store::Store& db, store::RowId t, int upto) {
    const std::array<std::array<int, 2>, 3> wealth{{{28, 42}, {20, 50}, {0, 70}}};
    int index = 0;
    for (std::int64_t session = 0; session < 2; ++session) {
        for (int k = 1; k <= std::min(upto, 3); ++k, ++index) {
            const bool last = session == 0 && k == 3;
            auto slot = session_slot(session, k, wealth[static_cast<std::size_t>(k - 1)],
                                     last ? "sold_out" : "none", last ? "second_wins" : "ongoing");
            auto record = store::test::make_game(k % 2 ? "alpha" : "beta", k % 2 ? "beta" : "alpha",
                                                 6, static_cast<unsigned>(index + 1));
            REQUIRE(db.record_game(t, store::GameSlot{index, index / 2, 0}, record, {}, &slot));
        }
        index = 3;  // session 2's games follow session 1's three
    }
}

// What a session is, without the ids of its file.
std::string session_text(const store::SessionRow& s) {
    std::string text = std::to_string(s.session_index) + " " + s.first + " " + s.second + " " +
                       std::to_string(s.game_limit) + " " + std::to_string(s.total) + " " +
                       std::to_string(s.games_played) + " " + s.end_reason + " " + s.result;
    for (const auto& w : s.wealth) text += " " + std::to_string(w[0]) + "-" + std::to_string(w[1]);
    return text;
}

std::vector<std::string> sessions_of(store::Store& db, const std::string& run) {
    std::vector<std::string> out;
    for (const auto& s : db.sessions(db.find_tournament(run)->id)) {
        out.push_back(session_text(s));
        // Each link is to the game at the same place in the run as in the source.
        for (std::size_t k = 0; k < s.game_ids.size(); ++k)
            out.back() += " g" + std::to_string(db.game(s.game_ids[k])->row.slot.game_index);
    }
    return out;
}

void finish(const std::string& path, const std::string& run) {
    auto db = store::Store::open(path);
    REQUIRE(db.set_tournament_status(db.find_tournament(run)->id, tournament::RunStatus::Finished,
                                     store::test::at_ms(1'700'000'100'000)));
}

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("a merged session run holds its sessions and resumes where its file stopped",
          "[store][merge][sessions]") {
    store::test::TempDir dir;
    {
        auto db = store::Store::open(dir.file("s.db"));
        store::TournamentRow t;
        t.name = "sess";
        t.format = "match";
        t.rules = store::test::kRules;
        t.fingerprint = "f1";  // one definition: merged again, the same run
        t.started_at = store::test::at_ms(1'700'000'000'000);
        record_sessions(db, db.create_tournament(t).value(), 2);  // stopped part way
    }
    auto all = store::Store::open(dir.file("all.db"));
    REQUIRE(all.merge({dir.file("s.db")}));
    {
        auto source = store::Store::open(dir.file("s.db"));
        CHECK(sessions_of(all, "sess") == sessions_of(source, "sess"));
        CHECK(sessions_of(all, "sess").size() == 2);
    }
    // What a resume stores next (game 3 of session 1) is taken: the session row says game 2.
    const auto t = all.find_tournament("sess")->id;
    auto next = session_slot(0, 3, {0, 70}, "sold_out", "second_wins");
    CHECK(all.record_game(t, store::GameSlot{2, 1, 0},
                          store::test::make_game("alpha", "beta", 6, 3), {}, &next));
    CHECK(sessions_of(all, "sess")[0].find(" 3 sold_out second_wins") != std::string::npos);

    // A newer copy of the file, played further, brings its later games and their links only.
    {
        auto db = store::Store::open(dir.file("s.db"));
        const auto id = db.find_tournament("sess")->id;
        auto third = session_slot(0, 3, {0, 70}, "sold_out", "second_wins");
        REQUIRE(db.record_game(id, store::GameSlot{2, 1, 0},
                               store::test::make_game("alpha", "beta", 6, 3), {}, &third));
        auto fourth = session_slot(1, 3, {0, 70});
        REQUIRE(db.record_game(id, store::GameSlot{5, 2, 0},
                               store::test::make_game("alpha", "beta", 6, 6), {}, &fourth));
    }
    auto again = all.merge({dir.file("s.db")});
    REQUIRE(again);
    CHECK(again->added == 1);
    auto source = store::Store::open(dir.file("s.db"));
    CHECK(sessions_of(all, "sess") == sessions_of(source, "sess"));
    CHECK(all.integrity_check());
}

TEST_CASE(
    "a run finished in its files is finished merged although it played fewer games than "
    "planned",
    "[store][merge]") {
    store::test::TempDir dir;
    // As an SPRT match that stopped at its verdict: 3 games of 12, finished.
    play(dir.file("early.db"), std::nullopt, definition(), 3);
    finish(dir.file("early.db"), "cup");
    auto all = store::Store::open(dir.file("all.db"));
    auto merged = all.merge({dir.file("early.db")});
    REQUIRE(merged);
    CHECK(merged->runs.at(0).status == tournament::RunStatus::Finished);
    CHECK(all.find_tournament("cup")->status == tournament::RunStatus::Finished);

    // Shards: finished only once every shard finished, each before its planned games.
    play(dir.file("s0.db"), tournament::Shard{0, 2}, definition(), 2);
    play(dir.file("s1.db"), tournament::Shard{1, 2}, definition(), 2);
    finish(dir.file("s0.db"), "cup");
    auto shards = store::Store::open(dir.file("shards.db"));
    REQUIRE(shards.merge({dir.file("s0.db"), dir.file("s1.db")}));
    CHECK(shards.find_tournament("cup")->status == tournament::RunStatus::Interrupted);
    finish(dir.file("s1.db"), "cup");
    REQUIRE(shards.merge({dir.file("s1.db")}));
    CHECK(shards.find_tournament("cup")->status == tournament::RunStatus::Finished);
    // Merged again, it stays finished.
    REQUIRE(all.merge({dir.file("early.db")}));
    CHECK(all.find_tournament("cup")->status == tournament::RunStatus::Finished);
}

TEST_CASE("merge sources are never written: an oaq file, an older one and an empty one",
          "[store][merge]") {
    store::test::TempDir dir;
    play(dir.file("a.db"), tournament::Shard{0, 2});
    {
        // A file of schema 9 with one game and its moves one row a ply (before 010 packed them).
        store::Database db(dir.file("old.db"), store::Database::Mode::ReadWriteCreate);
        REQUIRE(store::migrate(db, 9) == 9);
        db.exec(
            "INSERT INTO engines (id, name, first_seen) VALUES (1, 'a', '2026-01-01T00:00:00Z'),"
            " (2, 'b', '2026-01-01T00:00:00Z');"
            "INSERT INTO tournaments (id, name, format, rules, time_control, seed, started_at)"
            " VALUES (1, 'old', 'match', 'classic', '10+0', 7, '2026-01-01T00:00:00Z');"
            "INSERT INTO games (id, tournament_id, game_index, pair_index, round, start_position,"
            " south_engine_id, north_engine_id, result, score_south, score_north, termination,"
            " plies, final_position, started_at, ended_at) VALUES (1, 1, 0, 0, 0, 's', 1, 2,"
            " 'south_win', 40, 30, 'normal', 2, 'f', '2026-01-01T00:00:00Z',"
            " '2026-01-01T00:00:01.500Z');"
            "INSERT INTO moves (game_id, ply, move, time_used_us, time_left_us, pv) VALUES"
            " (1, 1, '3R', 5, 9, ''), (1, 2, '4L', 6, 8, '');");
    }
    std::ofstream(dir.file("empty.db")).close();
    const std::vector<std::string> files{dir.file("a.db"), dir.file("old.db"),
                                         dir.file("empty.db")};
    std::vector<std::string> before;
    std::vector<std::filesystem::file_time_type> times;
    for (const auto& f : files) {
        before.push_back(bytes_of(f));
        times.push_back(std::filesystem::last_write_time(f));
    }
    auto all = store::Store::open(dir.file("all.db"));
    CHECK_THROWS_WITH(all.merge({dir.file("a.db"), dir.file("empty.db")}),
                      Catch::Contains("empty.db: not an oaq database (an empty file)"));
    CHECK(all.count_games({}) == 0);
    auto merged = all.merge({dir.file("a.db"), dir.file("old.db")});
    REQUIRE(merged);
    const auto old = all.find_tournament("old").value();
    CHECK(all.game(*all.game_id(old.id, 0))->record.moves.size() == 2);
    CHECK(all.integrity_check());
    for (std::size_t i = 0; i < files.size(); ++i) {
        INFO(files[i]);
        CHECK(bytes_of(files[i]) == before[i]);
        CHECK(std::filesystem::last_write_time(files[i]) == times[i]);
    }
    store::Database still(dir.file("old.db"), store::Database::Mode::ReadOnly);
    CHECK(store::inspect_schema(still) == 9);
}

TEST_CASE("a merge stopped part way merges nothing", "[store][merge]") {
    store::test::TempDir dir;
    play(dir.file("a.db"), tournament::Shard{0, 2});
    play(dir.file("b.db"), tournament::Shard{1, 2});
    auto all = store::Store::open(dir.file("all.db"));
    std::atomic<bool> stop{false};
    // Asked to stop once the first file is merged: the second stops at its first game.
    auto merged = all.merge(
        {dir.file("a.db"), dir.file("b.db")}, [&](const store::MergeProgress&) { stop = true; },
        &stop);
    REQUIRE(!merged);
    CHECK_THAT(merged.error().message, Catch::Contains("merge interrupted, nothing merged") &&
                                           Catch::Contains("all.db is as it was"));
    CHECK(all.count_games({}) == 0);
    CHECK_FALSE(all.find_tournament("cup"));
    stop = false;
    REQUIRE(all.merge({dir.file("a.db"), dir.file("b.db")}, {}, &stop));
    CHECK(all.integrity_check());
}

TEST_CASE("a game whose stored values cannot be read is named by its run and number",
          "[store][games]") {
    store::test::TempDir dir;
    play(dir.file("a.db"), tournament::Shard{0, 2});
    {
        store::Database db(dir.file("a.db"), store::Database::Mode::ReadWrite);
        db.exec("PRAGMA ignore_check_constraints = ON");
        db.exec("UPDATE games SET ended_at = 'noon' WHERE game_index = 4");
        db.exec(
            "UPDATE game_moves SET moves = substr(moves, 1, 3) WHERE game_id ="
            " (SELECT id FROM games WHERE game_index = 1)");
    }
    auto db = store::Store::open(dir.file("a.db"));
    store::GameFilter all;
    all.limit = 0;
    CHECK_THROWS_WITH(db.games(all),
                      Catch::Contains("a.db: damaged data: cup#5: its end time \"noon\""));
    const auto t = db.find_tournament("cup")->id;
    CHECK_THROWS_WITH(
        db.game(*db.game_id(t, 1)),
        Catch::Contains("damaged data: cup#2: stored moves are damaged (packed moves"));
}
