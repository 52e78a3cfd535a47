// StoreRunRecorder: tournament::Run over a real (in-memory) results database: the definition and
// fingerprint are stored with the run, games, identities, status, outcome and the rating snapshot
// land in their tables, and a resume rebuilds the run from the stored definition.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "../game/scripted_player.hpp"
#include "fixtures.hpp"
#include "store/results.hpp"
#include "store/run_recorder.hpp"
#include "store/store.hpp"
#include "tournament/run.hpp"

using namespace oaq;

namespace {

tournament::RunDefinition definition(int engines) {
    tournament::RunDefinition d;
    d.max_plies = 20;
    d.seed = 9;
    d.openings = {tournament::OpeningsDefinition::Kind::Random, 2, 31, ""};
    for (int i = 0; i < engines; ++i) {
        tournament::EngineDefinition e;
        e.name = "p" + std::to_string(i);
        e.command = "/nonexistent/p" + std::to_string(i);
        e.options = {{"Hash", std::to_string(i)}};
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

struct StopAfter : tournament::RunObserver {
    std::atomic<bool>& flag;
    std::int64_t after;
    StopAfter(std::atomic<bool>& f, std::int64_t n) : flag(f), after(n) {}
    void game_finished(const tournament::GameFinished& e) override {
        if (e.done >= after) flag = true;
    }
};

}  // namespace

TEST_CASE("a run stores its definition, games, identities, status and snapshot", "[store][run]") {
    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    const auto d = definition(3);
    auto run = tournament::Run::create(recorder, "cup", d, "{\"argv\":[\"x\"]}").value();
    std::atomic<bool> interrupted{false};
    tournament::RunObserver quiet;
    auto result = run.play(scripted(), quiet, interrupted, {2, 0});
    CHECK(result.status == tournament::RunStatus::Finished);

    const auto t = db.find_tournament("cup").value();
    CHECK(t.status == tournament::RunStatus::Finished);
    REQUIRE(t.definition);
    CHECK(*t.definition == tournament::to_json(d));
    CHECK(t.fingerprint == tournament::fingerprint(d));
    CHECK(t.settings == "{\"argv\":[\"x\"]}");
    CHECK(t.seed == 9);
    CHECK(t.format == "round_robin");
    CHECK(t.engine_ids.size() == 3);
    CHECK(db.completed_game_indices(t.id).size() == 6);
    const auto p1 = db.find_engine("p1").value();
    CHECK(p1.id_name == "p1");
    CHECK(p1.id_author == "test");
    CHECK(p1.options == tournament::KeyValues{{"Hash", "1"}});
    CHECK(p1.binary_sha256.empty());  // no such file
    const auto snap = db.latest_rating_snapshot(t.id, t.rules);
    REQUIRE(snap);
    CHECK(snap->game_count == 6);
    CHECK(snap->games_spec == "tournament=" + std::to_string(t.id));
    CHECK(snap->method == "bradley_terry_mle");
    // The stored results read back as the run's rating input.
    const auto input = store::rating_input(db, store::ResultFilter{t.id, {}, {}, {}, {}, {}});
    CHECK(input.count == 6);
}

TEST_CASE("a resumed run comes back from its stored definition and plays the rest",
          "[store][run]") {
    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    const auto d = definition(2);
    {
        auto run = tournament::Run::create(recorder, "m", d).value();
        std::atomic<bool> interrupted{false};
        StopAfter stop(interrupted, 1);
        auto result = run.play(scripted(), stop, interrupted);
        CHECK(result.interrupted);
    }
    const auto t = db.find_tournament("m").value();
    CHECK(t.status == tournament::RunStatus::Interrupted);
    CHECK(db.completed_game_indices(t.id).size() == 1);
    const auto stored = recorder.find_run("m").value();
    CHECK(stored.engines == std::vector<std::string>{"p0", "p1"});
    CHECK(stored.status == tournament::RunStatus::Interrupted);

    auto resumed = tournament::Run::resume(recorder, "m").value();
    CHECK(resumed.definition() == d);
    std::atomic<bool> interrupted{false};
    tournament::RunObserver quiet;
    CHECK(resumed.play(scripted(), quiet, interrupted).status == tournament::RunStatus::Finished);
    CHECK(db.completed_game_indices(t.id) == std::vector<std::int64_t>{0, 1});
    CHECK(db.find_tournament("m")->status == tournament::RunStatus::Finished);
}

TEST_CASE("an SPRT match resumed with a higher cap stores its new definition and fingerprint",
          "[store][run]") {
    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    auto d = definition(2);
    d.format = tournament::Format::Match;
    d.games = 4;
    d.sprt = tournament::SprtDefinition{};
    std::atomic<bool> interrupted{false};
    tournament::RunObserver quiet;
    REQUIRE(tournament::Run::create(recorder, "s", d)
                .value()
                .play(scripted(), quiet, interrupted)
                .decision == tournament::SprtDecision::Continue);
    const auto before = db.find_tournament("s").value();
    auto resumed = tournament::Run::resume(recorder, "s", {}, {}, {}, 10).value();
    CHECK(resumed.play(scripted(), quiet, interrupted).played == 6);
    const auto after = db.find_tournament("s").value();
    CHECK(after.status == tournament::RunStatus::Finished);
    CHECK(db.completed_game_indices(after.id).size() == 10);
    d.games = 10;
    CHECK(after.definition == tournament::to_json(d));
    CHECK(after.fingerprint == tournament::fingerprint(d));
    CHECK(after.fingerprint != before.fingerprint);
}

TEST_CASE("a run stored before definitions were kept has none", "[store][run]") {
    auto db = store::Store::open_memory();
    store::TournamentRow t;
    t.name = "legacy";
    t.format = "match";
    t.rules = "x";
    t.time_control = "10+0.1";
    t.settings = R"({"argv":["--engine","cmd=/bin/true"]})";
    t.seed = 5;
    db.create_tournament(t).value();
    store::StoreRunRecorder recorder(db);
    const auto stored = recorder.find_run("legacy").value();
    CHECK_FALSE(stored.definition_json);
    CHECK(stored.seed == 5);
    CHECK(stored.settings_json == t.settings);
    CHECK_THAT(tournament::Run::resume(recorder, "legacy").error().message,
               Catch::Contains("no stored definition"));
}

TEST_CASE("a game's seats reach the store as the run's engine ids, never looked up by name",
          "[store][run][record]") {
    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    const auto d = definition(3);
    tournament::NewRun row;
    row.name = "cup";
    row.definition = d;
    row.definition_json = tournament::to_json(d);
    row.fingerprint = tournament::fingerprint(d);
    const auto id = recorder.create_run(row).value();
    const auto ids = db.tournament(id)->engine_ids;
    REQUIRE(ids.size() == 3);

    game::GameRecord record;
    record.rules = d.rules;
    // The names are only for printing: the engines are the run's seats 2 and 0.
    record.seats[0] = {"printed-south", 2, d.tc, 41};
    record.seats[1] = {"printed-north", 0, d.tc, 29};
    record.result = rules::Result::SouthWin;
    record.moves.resize(1);
    record.moves[0].move = rules::parse_move("3R").value();
    tournament::Pairing p;
    p.south = 2;
    p.north = 0;
    const auto game_id = recorder.record_game(id, p, record).value();

    const auto stored = db.game(game_id).value();
    CHECK(stored.row.south_engine_id == ids[2]);
    CHECK(stored.row.north_engine_id == ids[0]);
    CHECK(stored.row.south == "p2");
    CHECK(stored.row.north == "p0");
    CHECK(stored.row.score_south == 41);
    CHECK(stored.row.score_north == 29);
    CHECK(rules::to_string(stored.record.moves.at(0).move) == "3R");
    CHECK_FALSE(db.find_engine("printed-south").has_value());
    CHECK_FALSE(db.find_engine("printed-north").has_value());
}

TEST_CASE("the results database's refusals reach the run with their kinds",
          "[store][run][errors]") {
    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    REQUIRE(tournament::Run::create(recorder, "cup", definition(2)));
    auto taken = tournament::Run::create(recorder, "cup", definition(2));
    REQUIRE_FALSE(taken);
    CHECK(taken.error().kind == ErrorKind::NameTaken);

    const auto id = db.find_tournament("cup").value().id;
    auto record = store::test::make_game("p0", "p1", 8, 1);
    record.rules = definition(2).rules;  // played under the run's own rules
    const tournament::Pairing first{0, 0, 0, 0, 0, 1};
    REQUIRE(recorder.record_game(id, first, record));
    auto twice = recorder.record_game(id, first, record);
    REQUIRE_FALSE(twice);
    CHECK(twice.error().kind == ErrorKind::DuplicateGame);
    auto nowhere = recorder.record_game(id + 100, {1, 0, 0, 0, 1, 0}, record);
    REQUIRE_FALSE(nowhere);
    CHECK(nowhere.error().kind == ErrorKind::UnknownTournament);
    record.moves.front().move = rules::Move{0, rules::Direction::L};  // outside the grammar
    auto invalid = recorder.record_game(id, {1, 0, 0, 0, 1, 0}, record);
    REQUIRE_FALSE(invalid);
    CHECK(invalid.error().kind == ErrorKind::InvalidRecord);
}

TEST_CASE("an engine binary's digest is the SHA-256 of the file's bytes", "[store][run]") {
    const auto path =
        std::filesystem::temp_directory_path() / ("oaq-sha-" + std::to_string(::getpid()) + ".bin");
    {
        std::ofstream out(path, std::ios::binary);
        out << "abc";
    }
    CHECK(store::file_sha256(path.string()) ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    std::filesystem::remove(path);
    CHECK(store::file_sha256(path.string()).empty());  // no such file
}

namespace {

tournament::RunDefinition swiss_definition() {
    auto d = definition(5);
    d.format = tournament::Format::Swiss;
    d.rounds = 3;
    d.seeding = {"p3", "p1", "p4", "p0", "p2"};
    return d;
}

struct GameList : tournament::RunObserver {
    std::vector<std::pair<std::int64_t, std::pair<int, int>>> games;
    void game_finished(const tournament::GameFinished& e) override {
        if (!e.aborted) games.push_back({e.pairing.game_index, {e.pairing.south, e.pairing.north}});
    }
};

std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>> stored_games(
    store::Store& db, store::RowId tournament) {
    store::ResultFilter filter;
    filter.tournament_id = tournament;
    std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>> out;
    for (const auto& r : db.result_rows(filter))
        out.emplace_back(r.pair_index, r.south, r.north, static_cast<std::int64_t>(r.result));
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("a Swiss stores one bye a round and resumes to the games of an uninterrupted one",
          "[store][run][swiss]") {
    auto whole_db = store::Store::open_memory();
    store::StoreRunRecorder whole_recorder(whole_db);
    std::atomic<bool> no{false};
    tournament::RunObserver quiet;
    auto whole = tournament::Run::create(whole_recorder, "cup", swiss_definition()).value();
    CHECK(whole.play(scripted(), quiet, no, {2, 0}).status == tournament::RunStatus::Finished);
    const auto whole_id = whole_db.find_tournament("cup")->id;
    CHECK(whole_db.byes(whole_id).size() == 3);
    CHECK(stored_games(whole_db, whole_id).size() == 3 * 2 * 2);

    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    std::atomic<bool> stop{false};
    StopAfter stopper(stop, 5);  // inside round 2
    auto first = tournament::Run::create(recorder, "cup", swiss_definition()).value();
    CHECK(first.play(scripted(), stopper, stop, {1, 0}).status ==
          tournament::RunStatus::Interrupted);
    const auto id = db.find_tournament("cup")->id;
    CHECK(db.byes(id).size() == 2);  // round 2 started: its bye is stored
    auto resumed = tournament::Run::resume(recorder, "cup").value();
    CHECK(resumed.play(scripted(), quiet, no, {2, 0}).status == tournament::RunStatus::Finished);
    CHECK(stored_games(db, id) == stored_games(whole_db, whole_id));
    const auto byes = db.byes(id), whole_byes = whole_db.byes(whole_id);
    REQUIRE(byes.size() == whole_byes.size());
    for (std::size_t i = 0; i < byes.size(); ++i) {
        CHECK(byes[i].round == whole_byes[i].round);
        CHECK(db.engine(byes[i].engine_id)->name == whole_db.engine(whole_byes[i].engine_id)->name);
        CHECK(byes[i].points == 2.0);
    }
}

TEST_CASE("a Swiss is not sharded", "[store][run][swiss]") {
    auto db = store::Store::open_memory();
    store::StoreRunRecorder recorder(db);
    auto run = tournament::Run::create(recorder, "cup", swiss_definition(), "{}", {}, {},
                                       tournament::Shard{0, 2});
    REQUIRE_FALSE(run);
    CHECK_THAT(run.error().message, Catch::Contains("a swiss is not sharded"));
    CHECK_FALSE(db.find_tournament("cup"));
}
