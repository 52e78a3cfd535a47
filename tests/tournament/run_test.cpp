// tournament::Run with scripted players and an in-memory recorder: a new run records every game
// and finishes; an interruption leaves it interrupted and a resume plays exactly the missing
// games with the stored definition and seed; an SPRT verdict stops a match; identities, outcome
// and snapshot are stored; the observer sees every event.
#include <catch2/catch.hpp>

#include <map>
#include <mutex>
#include <set>

#include "../game/scripted_player.hpp"
#include "common/error.hpp"
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
    CHECK_FALSE(events.started->shard);
}

TEST_CASE("a shard plays its pairs and says which shard of how many games with which seed",
          "[run][shard]") {
    testing::MemoryRecorder recorder;
    // 4 engines, 2 rounds: 12 pairs, 24 games; shard 1 of 4 holds pairs 1, 5 and 9.
    auto d = definition(4);
    d.rounds = 2;
    auto run = Run::create(recorder, "rr", d, "{}", ticking(), {}, Shard{1, 4}).value();
    std::atomic<bool> interrupted{false};
    Events events;
    CHECK(run.play(scripted(), events, interrupted).played == 6);
    REQUIRE(events.started);
    CHECK(events.started->shard == Shard{1, 4});
    CHECK(events.started->total_games == 6);
    CHECK(events.started->run_games == 24);
    CHECK(events.started->seed == 77);
    std::set<std::int64_t> pairs;
    for (const auto& g : events.game_starts) pairs.insert(g.pairing.pair_index);
    CHECK(pairs == std::set<std::int64_t>{1, 5, 9});
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
        CHECK(g.record.opening.text() == want.text());
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

TEST_CASE("an SPRT match that reached its cap plays on with a higher cap stored with it",
          "[run][sprt]") {
    testing::MemoryRecorder recorder;
    auto d = definition(2, Format::Match);
    d.sprt = SprtDefinition{};
    std::atomic<bool> interrupted{false};
    Events events;
    auto first = Run::create(recorder, "capped", d).value().play(scripted(), events, interrupted);
    REQUIRE(first.status == RunStatus::Finished);
    REQUIRE(first.decision == SprtDecision::Continue);
    CHECK(first.played == 8);
    CHECK_THAT(Run::resume(recorder, "capped").error().message,
               Catch::Contains("\"capped\" has finished already (its SPRT reached its cap of 8 "
                               "games without a verdict"));
    CHECK_THAT(Run::resume(recorder, "capped", {}, {}, {}, 8).error().message,
               Catch::Contains("it has played 8 games already: a cap of 8 leaves none to play"));
    const auto old_fingerprint = recorder.run("capped").fingerprint;

    auto resumed = Run::resume(recorder, "capped", {}, {}, {}, 20);
    REQUIRE(resumed);
    CHECK(resumed->total_games() == 20);
    const auto second = resumed->play(scripted(), events, interrupted);
    CHECK(second.status == RunStatus::Finished);
    CHECK(second.played == 12);
    CHECK(recorder.run("capped").games.size() == 20);
    auto stored = run_definition_from_json(*recorder.run("capped").stored.definition_json);
    REQUIRE(stored);
    CHECK(stored->games == 20);
    CHECK(recorder.run("capped").fingerprint == fingerprint(*stored));
    CHECK(recorder.run("capped").fingerprint != old_fingerprint);
}

TEST_CASE("only an SPRT match without a verdict takes a new cap on resume", "[run][sprt]") {
    testing::MemoryRecorder recorder;
    std::atomic<bool> interrupted{false};
    Events events;
    auto plain = definition(2, Format::Match);
    REQUIRE(Run::create(recorder, "plain", plain)
                .value()
                .play(scripted(), events, interrupted)
                .status == RunStatus::Finished);
    CHECK_THAT(Run::resume(recorder, "plain", {}, {}, {}, 100).error().message,
               Catch::Contains("only the cap (games) of an SPRT match can change"));
    CHECK_THAT(Run::resume(recorder, "plain").error().message,
               Catch::Equals("\"plain\" has finished already"));

    auto decided = definition(2, Format::Match);
    decided.games = 2000;
    decided.sprt = SprtDefinition{};
    const auto result =
        Run::create(recorder, "decided", decided).value().play(scripted({1}), events, interrupted);
    REQUIRE(result.decision == SprtDecision::AcceptH1);
    CHECK_THAT(Run::resume(recorder, "decided", {}, {}, {}, 4000).error().message,
               Catch::Contains("its SPRT ended with a verdict (H1 accepted): there is nothing to "
                               "continue"));
    CHECK(recorder.run("decided").reopened == 0);
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

TEST_CASE("a taken run name reaches the caller as kind NameTaken", "[run][errors]") {
    testing::MemoryRecorder recorder;
    REQUIRE(Run::create(recorder, "x", definition(2)));
    auto again = Run::create(recorder, "x", definition(2));
    REQUIRE_FALSE(again);
    CHECK(again.error().kind == ErrorKind::NameTaken);
    // Other refusals are not taken for a taken name (the command line would try another).
    auto bad = Run::create(recorder, "y", definition(1));
    REQUIRE_FALSE(bad);
    CHECK(bad.error().kind == ErrorKind::Other);
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

// ---- results at the edges (issue 11) --------------------------------------------------------

namespace {

// What decides a game before it is played: who plays which side, in which pair and round, from
// which opening.
struct Played {
    std::int64_t pair_index, opening_index;
    int round, south, north;
    std::string opening, start_position;
    friend bool operator==(const Played&, const Played&) = default;
};

std::map<std::int64_t, Played> played_games(testing::MemoryRecorder& recorder,
                                            const std::string& name) {
    std::map<std::int64_t, Played> out;
    for (const auto& g : recorder.run(name).games) {
        const auto& p = g.pairing;
        out[p.game_index] = {p.pair_index,
                             p.opening_index,
                             p.round,
                             p.south,
                             p.north,
                             g.record.opening.text(),
                             g.record.start_position};
    }
    return out;
}

}  // namespace

TEST_CASE("a run interrupted and resumed plays every game as the uninterrupted run does",
          "[run][edges]") {
    auto d = definition(4);
    d.rounds = 2;
    d.openings = {OpeningsDefinition::Kind::Random, 4, 99, ""};
    std::atomic<bool> interrupted{false};

    testing::MemoryRecorder whole;
    Events quiet;
    Run::create(whole, "r", d).value().play(scripted(), quiet, interrupted, {3, 0});

    testing::MemoryRecorder cut;
    auto first = Run::create(cut, "r", d).value();
    Events events;
    events.on_game = [&](const GameFinished& e) {
        if (e.done == 7) interrupted = true;
    };
    first.play(scripted(), events, interrupted, {3, 0});
    REQUIRE(cut.run("r").games.size() < 24);
    interrupted = false;
    Run::resume(cut, "r").value().play(scripted(), quiet, interrupted, {2, 0});

    const auto want = played_games(whole, "r");
    const auto got = played_games(cut, "r");
    REQUIRE(want.size() == 24);
    REQUIRE(got.size() == 24);
    for (const auto& [index, game] : want) {
        CAPTURE(index);
        CHECK(got.at(index) == game);
    }
    CHECK(cut.run("r").fingerprint == whole.run("r").fingerprint);
}

TEST_CASE("a run is locked while it plays and a second player is refused up front",
          "[run][edges]") {
    testing::MemoryRecorder recorder;
    {
        auto first = Run::create(recorder, "busy", definition(2)).value();
        CHECK(recorder.run("busy").lock == "this process");
        recorder.run("busy").stored.status = RunStatus::Interrupted;
        auto second = Run::resume(recorder, "busy");
        REQUIRE_FALSE(second);
        CHECK_THAT(second.error().message, Catch::Contains("being played by this process"));
        CHECK(recorder.run("busy").reopened == 0);
        // Moving the run moves its lock; the moved-from one gives back nothing.
        auto moved = std::move(first);
        CHECK(recorder.run("busy").lock);
    }
    CHECK_FALSE(recorder.run("busy").lock);  // given back by the unplayed run's destructor
    auto resumed = Run::resume(recorder, "busy");
    REQUIRE(resumed);
    CHECK(recorder.run("busy").lock);
    std::atomic<bool> interrupted{false};
    Events events;
    resumed->play(scripted(), events, interrupted);
    CHECK_FALSE(recorder.run("busy").lock);  // play() gives it back at its end
}

TEST_CASE("a run checks its openings and environment before it writes or reopens anything",
          "[run][edges]") {
    testing::MemoryRecorder recorder;
    RunInputs refuse;
    refuse.check_environment = [](const RunDefinition&) -> Expected<Ok> {
        return fail("engine e0: /bin/e0 is not an executable file");
    };
    CHECK_THAT(Run::create(recorder, "x", definition(2), "{}", {}, refuse).error().message,
               Catch::Contains("run \"x\": engine e0: /bin/e0"));
    CHECK(recorder.runs.empty());

    auto long_openings = definition(2);
    long_openings.max_plies = 4;
    long_openings.openings.plies = 4;
    CHECK_THAT(Run::create(recorder, "x", long_openings).error().message,
               Catch::Contains("ply limit of 4"));
    CHECK(recorder.runs.empty());

    auto book = definition(2);
    book.openings = {OpeningsDefinition::Kind::File, 0, 0, "book.txt"};
    book.max_plies = 3;
    RunInputs long_book;
    long_book.read_book = [](const RunDefinition& d) -> Expected<std::vector<game::Opening>> {
        return std::vector<game::Opening>{parse_opening_line("1R", d.rules, 0).value(),
                                          parse_opening_line("1R 3L 4R", d.rules, 0).value()};
    };
    CHECK_THAT(Run::create(recorder, "x", book, "{}", {}, long_book).error().message,
               Catch::Contains("book.txt, opening 2") && Catch::Contains("ply limit of 3"));
    RunInputs no_book;
    no_book.read_book = [](const RunDefinition&) -> Expected<std::vector<game::Opening>> {
        return fail("--openings file=book.txt: cannot open the file");
    };
    CHECK_THAT(Run::create(recorder, "x", book, "{}", {}, no_book).error().message,
               Catch::Contains("cannot open"));
    CHECK(recorder.runs.empty());

    // A resume checks the same before it reopens the run or takes its lock.
    REQUIRE(Run::create(recorder, "y", definition(2)));
    recorder.run("y").stored.status = RunStatus::Interrupted;
    CHECK_THAT(Run::resume(recorder, "y", {}, {}, refuse).error().message,
               Catch::Contains("not an executable file"));
    CHECK(recorder.run("y").reopened == 0);
    CHECK_FALSE(recorder.run("y").lock);
    CHECK(recorder.run("y").stored.status == RunStatus::Interrupted);
}

namespace {

// A recorder whose disk fills up after `good` games.
class FillingRecorder : public testing::MemoryRecorder {
  public:
    explicit FillingRecorder(int good) : good_(good) {}
    Expected<std::int64_t> record_game(TournamentId id, const Pairing& p,
                                       const game::GameRecord& record) override {
        if (good_-- <= 0) throw OaqError("oaq.db: database or disk is full");
        return MemoryRecorder::record_game(id, p, record);
    }

  private:
    std::atomic<int> good_;
};

}  // namespace

TEST_CASE("an environment failure during play leaves the run interrupted and says why",
          "[run][edges]") {
    FillingRecorder recorder(3);
    auto run = Run::create(recorder, "full", definition(3)).value();
    std::atomic<bool> interrupted{false};
    Events events;
    CHECK_THROWS_WITH(run.play(scripted(), events, interrupted, {2, 0}),
                      Catch::Contains("disk is full"));
    CHECK(recorder.run("full").stored.status == RunStatus::Interrupted);
    CHECK(recorder.run("full").games.size() == 3);
    CHECK_FALSE(recorder.run("full").lock);
    REQUIRE(events.finished);
    CHECK(events.finished->status == RunStatus::Interrupted);
    CHECK_THAT(events.finished->failure, Catch::Contains("disk is full"));
    CHECK(events.finished->played == 3);
}

namespace {

// A recorder that refuses every game after `good` as stored already.
class RefusingRecorder : public testing::MemoryRecorder {
  public:
    explicit RefusingRecorder(int good) : good_(good) {}
    Expected<std::int64_t> record_game(TournamentId id, const Pairing& p,
                                       const game::GameRecord& record) override {
        if (good_-- <= 0) return fail(ErrorKind::DuplicateGame, "game index stored twice");
        return MemoryRecorder::record_game(id, p, record);
    }

  private:
    std::atomic<int> good_;
};

}  // namespace

TEST_CASE("a game the recorder refuses stops the run with an OaqError of the refusal's kind",
          "[run][errors]") {
    RefusingRecorder recorder(2);
    auto run = Run::create(recorder, "refused", definition(3)).value();
    std::atomic<bool> interrupted{false};
    Events events;
    try {
        run.play(scripted(), events, interrupted, {1, 0});
        FAIL("the run went on after a refused game");
    } catch (const OaqError& e) {
        CHECK(e.kind() == ErrorKind::DuplicateGame);
        CHECK_THAT(e.what(), Catch::Contains("storing a game"));
    }
    CHECK(recorder.run("refused").games.size() == 2);
}

TEST_CASE("a session run records each game with its session step and resumes by sessions",
          "[run][sessions]") {
    testing::MemoryRecorder recorder;
    auto d = definition(2, Format::Match);
    d.games = 3;  // sessions
    d.session_games = 4;
    d.openings = {};
    CHECK(run_definition_from_json(to_json(d)).value() == d);
    CHECK(to_json(definition(2)).find("session_games") == std::string::npos);
    auto run = Run::create(recorder, "s", d).value();
    CHECK(run.total_games() == 12);
    std::atomic<bool> interrupted{false};
    Events events;
    events.on_game = [&](const GameFinished& e) {
        if (e.done == 1) interrupted = true;
    };
    // Engine 1 crashes at every search: the failure rule gives engine 0 all but e1's score (0),
    // so every session is sold out after its first game.
    auto first = run.play(scripted({1}), events, interrupted, {1, 0});
    CHECK(first.status == RunStatus::Interrupted);
    REQUIRE(recorder.run("s").games.size() == 1);
    const auto& g = recorder.run("s").games[0];
    REQUIRE(g.session);
    CHECK(g.session->game.wealth_after == std::array<int, 2>{70, 0});
    CHECK(g.session->end == rules::SessionEnd::SoldOut);
    CHECK(events.games.at(0).session.has_value());

    interrupted = false;
    auto resumed = Run::resume(recorder, "s").value();
    Events again;
    auto second = resumed.play(scripted({1}), again, interrupted, {2, 0});
    CHECK(second.status == RunStatus::Finished);
    std::set<std::int64_t> indices;
    for (const auto& game : recorder.run("s").games) {
        REQUIRE(game.session);
        CHECK(game.session->game.number == 1);
        indices.insert(game.pairing.game_index);
    }
    CHECK(indices == std::set<std::int64_t>{0, 4, 8});  // 4 slots per session
}

namespace {

// An observer of a live view: every position of every game (from several workers at once) and
// the standings after every stored game.
struct LiveEvents : Events {
    bool live = true;
    std::mutex mutex;
    std::map<std::int64_t, std::vector<PositionReached>> positions;  // by game index
    std::vector<StandingsDue> changes;
    bool wants_live() const override { return live; }
    void position_reached(const PositionReached& e) override {
        std::lock_guard lock(mutex);
        auto copy = e;
        copy.move = nullptr;  // points into the running game
        positions[e.pairing.game_index].push_back(copy);
    }
    void standings_changed(const StandingsDue& e) override { changes.push_back(e); }
};

}  // namespace

TEST_CASE("an observer that wants a live view gets every position of every game in order",
          "[run][live]") {
    testing::MemoryRecorder recorder;
    auto run = Run::create(recorder, "rr", definition(3), "{\"argv\":[]}", ticking()).value();
    std::atomic<bool> interrupted{false};
    LiveEvents events;
    run.play(scripted(), events, interrupted, {2, 0});
    auto& stored = recorder.run("rr");
    REQUIRE(events.positions.size() == 6);
    for (const auto& g : stored.games) {
        const auto& seen = events.positions.at(g.pairing.game_index);
        REQUIRE(seen.size() == g.record.moves.size() + 1);
        CHECK(seen.front().ply == 0);
        CHECK(seen.front().position == g.record.start_position);
        CHECK(seen.back().position == g.record.final_position);
        for (std::size_t i = 0; i < seen.size(); ++i) {
            CHECK(seen[i].ply == static_cast<int>(i));
            CHECK(seen[i].pairing == g.pairing);
            CHECK(seen[i].time_controls.size() == 2);
        }
    }
    // The standings after every stored game, with every engine.
    REQUIRE(events.changes.size() == 6);
    CHECK(events.changes.back().done == 6);
    CHECK(events.changes.front().standings.size() == 3);
}

TEST_CASE("an observer that does not want a live view gets no position", "[run][live]") {
    testing::MemoryRecorder recorder;
    auto run = Run::create(recorder, "rr", definition(3), "{\"argv\":[]}", ticking()).value();
    std::atomic<bool> interrupted{false};
    LiveEvents events;
    events.live = false;
    run.play(scripted(), events, interrupted, {2, 0});
    CHECK(events.positions.empty());
    CHECK(events.changes.empty());
    CHECK(events.games.size() == 6);
}

TEST_CASE("the start event counts a book's lines and the pairs the whole run draws from it",
          "[run][openings]") {
    testing::MemoryRecorder recorder;
    // 3 engines, 2 rounds: 6 pairs, from a book of 2 lines (each line played 3 times).
    auto d = definition(3);
    d.rounds = 2;
    d.openings = {OpeningsDefinition::Kind::File, 0, 0, "book.txt"};
    const std::vector<game::Opening> book{parse_opening_line("1R", d.rules, 0).value(),
                                          parse_opening_line("2L", d.rules, 0).value()};
    auto run = Run::create(recorder, "rr", d, "{}", ticking()).value();
    std::atomic<bool> interrupted{false};
    Events events;
    CHECK(run.play(scripted(), events, interrupted, {}, book).played == 12);
    REQUIRE(events.started);
    CHECK(events.started->book_lines == 2);
    CHECK(events.started->book_pairs == 6);

    // A shard counts the whole run's pairs: the book cycles over the run, not over the shard.
    auto shard = Run::create(recorder, "sh", d, "{}", ticking(), {}, Shard{0, 3}).value();
    Events shard_events;
    CHECK(shard.play(scripted(), shard_events, interrupted, {}, book).played == 4);
    REQUIRE(shard_events.started);
    CHECK(shard_events.started->book_pairs == 6);

    // Without a book nothing is counted.
    auto plain = Run::create(recorder, "plain", definition(2), "{}", ticking()).value();
    Events plain_events;
    plain.play(scripted(), plain_events, interrupted);
    REQUIRE(plain_events.started);
    CHECK(plain_events.started->book_lines == 0);
    CHECK(plain_events.started->book_pairs == 0);
}
