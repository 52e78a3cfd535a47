#include "app/play_store.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "common/error.hpp"
#include "common/json.hpp"
#include "store/store.hpp"

namespace oaq::app {

std::string save_played_game(const std::string& path, const game::GameRecord& record,
                             const PlayedEngine& engine) {
    auto db = store::Store::open(path);
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
    if (!id) throw OaqError("--db " + path + ": " + id.error().message);
    auto stored =
        db.record_game(*id, store::GameSlot{0, 0, 0}, record, {}, nullptr, {run.engine_ids});
    if (!stored) throw OaqError("--db " + path + ": " + stored.error().message);
    auto done = db.set_tournament_status(*id, store::TournamentStatus::Finished, record.ended_at);
    if (!done) throw OaqError("--db " + path + ": " + done.error().message);
    return run.name;
}

}  // namespace oaq::app
