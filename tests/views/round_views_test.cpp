// Round views: a Swiss's standings and a knockout's bracket, as text and JSON lines, from a run
// played with scripted players into an in-memory store.
#include <catch2/catch.hpp>

#include <atomic>
#include <sstream>

#include "../game/scripted_player.hpp"
#include "common/json_reader.hpp"
#include "store/run_recorder.hpp"
#include "store/store.hpp"
#include "tournament/run.hpp"
#include "views/round_views.hpp"

using namespace oaq;

namespace {

tournament::RunDefinition round_run(tournament::Format format, int engines) {
    tournament::RunDefinition d;
    d.format = format;
    d.max_plies = 20;
    d.seed = 4;
    d.rounds = format == tournament::Format::Swiss ? 3 : 1;
    for (int i = 0; i < engines; ++i) {
        tournament::EngineDefinition e;
        e.name = "p" + std::to_string(i);
        e.command = "/nonexistent/p" + std::to_string(i);
        d.engines.push_back(e);
        d.seeding.push_back(e.name);
    }
    return d;
}

std::string played(store::Store& db, const tournament::RunDefinition& d, views::OutputFormat f) {
    store::StoreRunRecorder recorder(db);
    auto run = tournament::Run::create(recorder, "cup", d).value();
    std::atomic<bool> no{false};
    tournament::RunObserver quiet;
    run.play(
        [](const tournament::RunDefinition& def, int i) -> std::unique_ptr<game::Player> {
            return std::make_unique<testing::ScriptedPlayer>(
                def.engines[static_cast<std::size_t>(i)].name);
        },
        quiet, no, {2, 0});
    return views::round_format_view(db, *db.find_tournament("cup"), f);
}

std::vector<JsonValue> lines(const std::string& text) {
    std::vector<JsonValue> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(parse_json(line).value());
    return out;
}

}  // namespace

TEST_CASE("a Swiss's standings name their tie-breaks and byes", "[views][swiss]") {
    auto db = store::Store::open_memory();
    const auto text =
        played(db, round_run(tournament::Format::Swiss, 5), views::OutputFormat::Table);
    CHECK_THAT(text, Catch::StartsWith("Swiss standings, tournament cup (3 of 3 rounds paired"));
    CHECK_THAT(text, Catch::Contains("Buchholz"));
    CHECK_THAT(text, Catch::Contains(
                         "tie-breaks: points, then Buchholz, Sonneborn-Berger, direct encounter, "
                         "seed"));
    CHECK_THAT(text, Catch::Contains("byes: round 1 p4, round 2 "));
    const auto rows =
        lines(views::round_format_view(db, *db.find_tournament("cup"), views::OutputFormat::Json));
    REQUIRE(rows.size() == 5);
    double points = 0;
    for (const auto& r : rows) {
        REQUIRE(r.find("sonneborn_berger"));
        points += *r.find("points")->as_double();
    }
    CHECK(points == 3 * 2 * 2 + 3 * 2.0);  // every game's point and every bye's two
}

TEST_CASE("a knockout's bracket lists every match with how it was decided", "[views][knockout]") {
    auto db = store::Store::open_memory();
    const auto text =
        played(db, round_run(tournament::Format::Knockout, 6), views::OutputFormat::Table);
    CHECK_THAT(text, Catch::StartsWith("Knockout bracket, tournament cup (6 engines in a bracket "
                                       "of 8"));
    CHECK_THAT(text, Catch::Contains("winner: "));
    const auto rows =
        lines(views::round_format_view(db, *db.find_tournament("cup"), views::OutputFormat::Json));
    REQUIRE(rows.size() == 4 + 2 + 1);
    int byes = 0;
    for (const auto& r : rows) {
        const auto how = *r.find("decided_by")->as_string();
        CHECK(how != "pending");
        if (how == "bye") {
            ++byes;
            CHECK(r.find("lower")->is_null());
        }
    }
    CHECK(byes == 2);
    CHECK(*rows.back().find("stage")->as_string() == "final");
}
