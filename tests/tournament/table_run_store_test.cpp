#include "tournament/table_run_store.hpp"
#include <catch2/catch.hpp>
#include "common/error.hpp"
#include "memory_recorder.hpp"
#include "rules/rules.hpp"
#include "tournament/run_definition.hpp"

using namespace oaq;

namespace {

tournament::RunDefinition three_seat_match() {
    tournament::RunDefinition d;
    d.format = tournament::Format::Match;
    d.rules = rules::parse_rules("standard,players=3").value();
    d.games = 3;
    for (const char* name : {"a", "b", "c"}) {
        game::EngineDefinition e;
        e.name = name;
        e.command = "/bin/true";
        d.engines.push_back(e);
    }
    return d;
}

game::GameRecord finished(game::Termination t = game::Termination::Normal) {
    game::GameRecord r;
    r.termination = t;
    return r;
}

}  // namespace

TEST_CASE("a table run is written locked, stores finished games with their seats and ends finished",
          "[tournament][table]") {
    testing::MemoryRecorder recorder;
    const auto d = three_seat_match();
    const auto plan = tournament::table_plan(d, std::nullopt, 2, {});
    REQUIRE(plan.list.size() == 3);
    CHECK(plan.concurrency == 2);
    CHECK(plan.time_controls.size() == 3);
    {
        tournament::TableRunStore store(recorder);
        std::string name = "cup";
        store.open(name, {d, "{}", std::nullopt, true});
        CHECK(name == "cup");
        CHECK(recorder.run("cup").lock);
        store.record(plan.list[0], finished());
        store.record(plan.list[1], finished(game::Termination::Aborted));
        store.finish(false);
        const auto& games = recorder.run("cup").games;
        REQUIRE(games.size() == 1);
        CHECK(games[0].pairing.game_index == plan.list[0].game_index);
        CHECK(games[0].pairing.south == plan.list[0].seating[0]);
        CHECK(recorder.run("cup").stored.status == tournament::RunStatus::Finished);
    }
    CHECK_FALSE(recorder.run("cup").lock);  // unlocked when the store goes

    SECTION("a default name that is taken gets a suffix, a given one is refused") {
        tournament::TableRunStore other(recorder);
        std::string name = "cup";
        other.open(name, {d, "{}", std::nullopt, false});
        CHECK(name == "cup-2");
        tournament::TableRunStore third(recorder);
        std::string given = "cup";
        CHECK_THROWS_AS(third.open(given, {d, "{}", std::nullopt, true}), OaqError);
    }
    SECTION("a resumed run returns its stored games and is reopened, not written again") {
        tournament::TableRunStore resumed(recorder);
        const auto done = resumed.resume(*recorder.find_run("cup"));
        CHECK(done == std::vector<std::int64_t>{plan.list[0].game_index});
        CHECK(tournament::table_plan(d, std::nullopt, 1, done).list.size() == 2);
        std::string name = "cup";
        resumed.open(name, {d, "{}", std::nullopt, false});
        CHECK(recorder.runs.size() == 1);
        CHECK(recorder.run("cup").reopened == 1);
        resumed.finish(true);
        CHECK(recorder.run("cup").stored.status == tournament::RunStatus::Interrupted);
    }
}
