#include "app/play_store.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "common/error.hpp"
#include "common/json.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

namespace oaq::app {

namespace {

std::string save(store::Store& db, const game::GameRecord& record, const PlayedEngine& engine) {
    store::EngineRow row;
    row.name = engine.name;
    row.command = engine.command;
    row.args = engine.args;
    const auto engine_id = db.upsert_engine(row);
    store::EngineRow person;
    person.name = "you";
    person.command = "(a person at the terminal)";
    const auto person_id = db.upsert_engine(person);

    store::TournamentRow run;
    const auto now = std::chrono::system_clock::now();
    const std::string base = fmt::format("play-{:%Y%m%dT%H%M%S}",
                                         fmt::gmtime(std::chrono::system_clock::to_time_t(now)));
    run.name = base;
    for (int n = 2; db.find_tournament(run.name); ++n) run.name = fmt::format("{}-{}", base, n);
    run.format = "match";
    run.rules = rules::expanded(record.rules);
    run.time_control = record.time_control_text();
    Json settings;
    settings.field("command", "play");
    run.settings = settings.str();
    run.started_at = record.started_at;
    run.engine_ids = record.south().name == "you" ? std::vector{person_id, engine_id}
                                                  : std::vector{engine_id, person_id};
    auto id = db.create_tournament(run);
    if (!id) throw OaqError(id.error().message);
    auto stored =
        db.record_game(*id, store::GameSlot{0, 0, 0}, record, {}, nullptr, {run.engine_ids});
    if (!stored) throw OaqError(stored.error().message);
    auto done = db.set_tournament_status(*id, tournament::RunStatus::Finished, record.ended_at);
    if (!done) throw OaqError(done.error().message);
    return run.name;
}

}  // namespace

std::string save_played_game(store::Store& db, const game::GameRecord& record,
                             const PlayedEngine& engine) {
    try {
        return save(db, record, engine);
    } catch (const store::SqliteError& e) {
        throw OaqError(e.reason());  // without the path: the caller names the file
    }
}

}  // namespace oaq::app
