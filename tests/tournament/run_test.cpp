// tournament::Run with scripted players and an in-memory recorder: a new run records every game
// and finishes; an interruption leaves it interrupted and a resume plays exactly the missing
// games with the stored definition and seed; an SPRT verdict stops a match; identities, outcome
// and snapshot are stored; the observer sees every event.
#include <catch2/catch.hpp>

#include <set>

#include "../game/scripted_player.hpp"
#include "memory_recorder.hpp"
#include "tournament/openings.hpp"
#include "tournament/run.hpp"

using namespace oaq;
using namespace oaq::tournament;

namespace {

RunDefinition definition(int engines, Format format = Format::RoundRobin) {
    RunDefinition d;
    d.format = format;
    d.rounds = 1;
    d.games = 8;
    d.max_plies = 30;
    d.tc = game::parse_time_control("10+0.1").value();
    d.seed = 77;
    d.openings = {OpeningsDefinition::Kind::Random, 2, 4242, ""};
    for (int i = 0; i < engines; ++i) {
        EngineDefinition e;
        e.name = "e" + std::to_string(i);
        e.command = "/bin/e" + std::to_string(i);
        d.engines.push_back(e);
    }
    return d;
}

// Engines whose index is in `crashing` fail every search (so their opponent wins).
PlayerFactory scripted(std::set<int> crashing = {}) {
    return [crashing](const RunDefinition& d, int index) -> std::unique_ptr<game::Player> {
        auto p = std::make_unique<testing::ScriptedPlayer>(
            d.engines[static_cast<std::size_t>(index)].name, d.rules);
        if (crashing.count(index)) {
            p->reply = [](const protocol::PositionCommand&, const protocol::Go&, int) {
                return testing::ScriptedPlayer::Reply(
                    game::PlayerFailure{game::Termination::Crash, "scripted crash", {}});
            };
        }
        return p;
    };
}

struct Events : RunObserver {
    std::optional<RunStarted> started;
    std::vector<GameStarted> game_starts;
    std::vector<GameFinished> games;
    std::vector<StandingsDue> standings;
    std::optional<RunFinished> finished;
    std::function<void(const GameFinished&)> on_game;

    void run_started(const RunStarted& e) override { started = e; }
    void game_started(const GameStarted& e) override { game_starts.push_back(e); }
    void game_finished(const GameFinished& e) override {
        games.push_back(e);
        if (on_game) on_game(e);
    }
    void standings_due(const StandingsDue& e) override { standings.push_back(e); }
    void run_finished(const RunFinished& e) override { finished = e; }
};

// A clock that advances one second per reading.
RunClock ticking() {
    auto t = std::make_shared<int>(0);
    RunClock c;
    c.steady = [t] { return std::chrono::steady_clock::time_point(std::chrono::seconds(++*t)); };
    c.wall = [] { return WallTime(std::chrono::seconds(1'800'000'000)); };
    return c;
}

}  // namespace

TEST_CASE("a new run records every game, its identities and snapshot, and finishes", "[run]") {
    testing::MemoryRecorder recorder;
    auto run = Run::create(recorder, "rr", definition(3), "{\"argv\":[]}", ticking()).value();
    CHECK(run.total_games() == 6);
    std::atomic<bool> interrupted{false};
    Events events;
    auto result = run.play(scripted(), events, interrupted, {2, 2});
    CHECK(result.status == RunStatus::Finished);
    CHECK_FALSE(result.interrupted);
    CHECK(result.played == 6);
    auto& stored = recorder.run("rr");
    CHECK(stored.stored.status == RunStatus::Finished);
    CHECK(stored.finished_at == WallTime(std::chrono::seconds(1'800'000'000)));
    CHECK(stored.fingerprint == fingerprint(definition(3)));
    CHECK(*stored.stored.definition_json == to_json(definition(3)));
    std::set<std::int64_t> indices;
    for (const auto& g : stored.games) indices.insert(g.pairing.game_index);
    CHECK(indices == std::set<std::int64_t>{0, 1, 2, 3, 4, 5});
    // Identities: what each engine said at its handshake.
    REQUIRE(recorder.identities.size() == 3);
    CHECK(recorder.identities.at("e1").id_name == "e1");
    CHECK(recorder.identities.at("e1").id_author == "test");
    // The snapshot of the whole run.
    REQUIRE(stored.snapshots.size() == 1);
    CHECK(stored.snapshots[0].game_count == 6);
    CHECK_FALSE(stored.outcome);  // no SPRT
    // Events.
    REQUIRE(events.started);
    CHECK(events.started->total_games == 6);
    CHECK(events.started->already_done == 0);
    CHECK(events.game_starts.size() == 6);
    CHECK(events.games.size() == 6);
    CHECK(events.games.back().done == 6);
    CHECK(events.standings.size() == 2);  // after 2 and 4 of 6 games
    CHECK(events.standings[0].done == 2);
    CHECK(events.standings[0].standings.size() == 3);
    REQUIRE(events.finished);
    CHECK(events.finished->status == RunStatus::Finished);
    CHECK(events.finished->played == 6);
    CHECK(events.finished->standings.size() == 3);
    CHECK_FALSE(events.finished->pair);
}

TEST_CASE("an interrupted run stays interrupted and a resume plays exactly the missing games",
          "[run]") {
    testing::MemoryRecorder recorder;
    const auto d = definition(4);
    auto first = Run::create(recorder, "cut", d).value();
    std::atomic<bool> interrupted{false};
    Events events;
    events.on_game = [&](const GameFinished& e) {
        if (e.done == 5) interrupted = true;
    };
    auto result = first.play(scripted(), events, interrupted, {1, 0});
    CHECK(result.interrupted);
    CHECK(result.status == RunStatus::Interrupted);
    CHECK(recorder.run("cut").stored.status == RunStatus::Interrupted);
    const auto before = recorder.run("cut").games.size();
    CHECK(before == 5);

    auto resumed = Run::resume(recorder, "cut");
    REQUIRE(resumed);
    CHECK(resumed->resumed());
    CHECK(resumed->definition() == d);
    CHECK(resumed->definition().openings.seed == 4242);
    interrupted = false;
    Events again;
    auto second = resumed->play(scripted(), again, interrupted, {2, 0});
    CHECK(second.status == RunStatus::Finished);
    CHECK(second.played == 12 - 5);
    CHECK(again.started->already_done == 5);
    CHECK(recorder.run("cut").reopened == 1);
    std::set<std::int64_t> indices;
    for (const auto& g : recorder.run("cut").games)
        CHECK(indices.insert(g.pairing.game_index).second);
    CHECK(indices.size() == 12);
    // Generated openings come from the stored seed.
    for (const auto& g : recorder.run("cut").games) {
        const auto want = random_opening(d.rules, 2, 4242, g.pairing.opening_index);
        CHECK(g.record.opening == want.text());
    }
    // The resumed standings count the games of both runs.
    std::int64_t games = 0;
    for (const auto& l : again.finished->standings) games += l.rating.games;
    CHECK(games == 2 * 12);

    CHECK_THAT(Run::resume(recorder, "cut").error().message, Catch::Contains("finished already"));
    CHECK_THAT(Run::resume(recorder, "nope").error().message,
               Catch::Contains("no run named \"nope\" in memory"));
}

TEST_CASE("an SPRT verdict stops a match and is stored as its outcome", "[run][sprt]") {
    testing::MemoryRecorder recorder;
    auto d = definition(2, Format::Match);
    d.games = 2000;
    d.sprt = SprtDefinition{};
    auto run = Run::create(recorder, "sprt", d).value();
    std::atomic<bool> interrupted{false};
    Events events;
    auto result = run.play(scripted({1}), events, interrupted, {2, 0});
    CHECK(result.status == RunStatus::Finished);
    CHECK(result.decision == SprtDecision::AcceptH1);
    CHECK(result.played < d.games);  // stopped by the verdict, not the cap
    const auto& stored = recorder.run("sprt");
    REQUIRE(stored.outcome);
    CHECK_THAT(*stored.outcome, Catch::Contains("\"verdict\":\"H1\""));
    REQUIRE(events.finished);
    REQUIRE(events.finished->match);
    CHECK(events.finished->match->decided());
    REQUIRE(events.finished->pair);
    CHECK(events.finished->pair->results.losses == 0);
    CHECK(events.games.back().match->trinomial().wins > 0);
    // The winner of every game scored 100%: unrated, ranked first.
    CHECK(events.finished->standings[0].engine == "e0");
}

TEST_CASE("a run refuses an invalid definition or a taken name and writes nothing", "[run]") {
    testing::MemoryRecorder recorder;
    auto bad = definition(1);
    CHECK_THAT(Run::create(recorder, "x", bad).error().message,
               Catch::Contains("at least two engines"));
    CHECK(recorder.runs.empty());
    REQUIRE(Run::create(recorder, "x", definition(2)));
    CHECK_THAT(Run::create(recorder, "x", definition(2)).error().message,
               Catch::Contains("already exists"));
    CHECK(recorder.runs.size() == 1);
}

TEST_CASE("a run stored without a definition resumes through the legacy reader", "[run]") {
    testing::MemoryRecorder recorder;
    REQUIRE(Run::create(recorder, "old", definition(2)));
    recorder.run("old").stored.definition_json.reset();
    recorder.run("old").stored.status = RunStatus::Interrupted;
    CHECK_THAT(Run::resume(recorder, "old").error().message,
               Catch::Contains("no stored definition"));
    auto d = definition(3);
    auto resumed = Run::resume(recorder, "old", [&](const StoredRun& s) {
        CHECK(s.name == "old");
        return Expected<RunDefinition>(d);
    });
    REQUIRE(resumed);
    CHECK(resumed->definition() == d);
}
