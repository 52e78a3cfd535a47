#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "../game/scripted_player.hpp"
#include "common/error.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_turn.hpp"
#include "tournament/run_definition.hpp"
#include "tournament/table_match.hpp"

using namespace oaq;
using testing::ScriptedPlayer;

namespace {

const std::atomic<bool> kNoAbort{false};

// A scripted player that declares Players (max `max_players`; 0: not at all).
class TablePlayer : public ScriptedPlayer {
  public:
    TablePlayer(std::string name, rules::Rules rules, int max_players)
        : ScriptedPlayer(std::move(name), rules), max_players_(max_players) {}
    game::PlayerIdentity identity() const override {
        game::PlayerIdentity id{name(), "test", {}};
        if (max_players_ > 0) {
            protocol::OptionDecl players;
            players.name = "Players";
            players.type = protocol::OptionType::Spin;
            players.default_value = "2";
            players.min = 2;
            players.max = max_players_;
            id.options.push_back(players);
        }
        return id;
    }

  private:
    int max_players_;
};

tournament::TablePlan plan_for(int n, std::int64_t games) {
    tournament::TablePlan plan;
    plan.settings.rules = rules::parse_rules("standard,players=" + std::to_string(n)).value();
    plan.settings.max_plies = rules::default_ply_limit(plan.settings.rules);
    plan.time_controls.assign(static_cast<std::size_t>(n), game::TimeControl{});
    plan.games = games;
    return plan;
}

tournament::EngineFactory factory(const tournament::TablePlan& plan, std::vector<int> max_players,
                                  int* made = nullptr) {
    return [&plan, max_players, made](int index) -> std::unique_ptr<game::Player> {
        if (made) ++*made;
        return std::make_unique<TablePlayer>(std::string(1, char('A' + index)), plan.settings.rules,
                                             max_players[static_cast<std::size_t>(index)]);
    };
}

}  // namespace

TEST_CASE("seating groups hold every order of the seats once, the engines' own order first",
          "[tournament][table]") {
    const auto three = tournament::seatings(3);
    REQUIRE(three.size() == 6);
    CHECK(three.front() == std::vector<int>{0, 1, 2});
    CHECK(std::set<std::vector<int>>(three.begin(), three.end()).size() == 6);
    CHECK(tournament::seatings(4).size() == 24);
    const auto g = tournament::table_game(7, 3);
    CHECK(g.group == 1);
    CHECK(g.seating == three[1]);
}

TEST_CASE("a table match plays every seating with each engine's points and ranks tallied",
          "[tournament][table]") {
    auto plan = plan_for(3, 6);
    plan.concurrency = 2;
    std::vector<tournament::TableGame> played;
    tournament::TableTally tally(3);
    auto summary = tournament::run_table_match(
        plan, factory(plan, {3, 4, 3}),
        [&](const tournament::TableGame& g, const game::GameRecord& r) {
            played.push_back(g);
            tally.add(g, r);
            for (std::size_t s = 0; s < 3; ++s) CHECK(r.seats[s].engine == g.seating[s]);
        },
        kNoAbort);
    CHECK(summary.played == 6);
    CHECK(summary.exhausted);
    std::set<std::vector<int>> seatings;
    for (const auto& g : played) seatings.insert(g.seating);
    CHECK(seatings.size() == 6);
    double points = 0;
    for (const auto& row : tally.rows) {
        CHECK(row.games == 6);
        points += row.points;
    }
    CHECK(points == Approx(9.0));
}

TEST_CASE("an engine that does not declare Players max >= N is refused before any game",
          "[tournament][table]") {
    auto plan = plan_for(4, 24);
    int games = 0;
    const auto sink = [&](const tournament::TableGame&, const game::GameRecord&) { ++games; };
    SECTION("not declared") {
        REQUIRE_THROWS_WITH(
            tournament::run_table_match(plan, factory(plan, {4, 4, 0, 4}), sink, kNoAbort),
            "engine \"C\" cannot play 4-seat games: it declares no option Players "
            "with max >= 4 (protocol-spec section 6.3)");
    }
    SECTION("a max below N") {
        REQUIRE_THROWS_WITH(
            tournament::run_table_match(plan, factory(plan, {4, 3, 4, 4}), sink, kNoAbort),
            Catch::Contains("engine \"B\" cannot play 4-seat games"));
    }
    CHECK(games == 0);
}

TEST_CASE("a random ring opening is drawn from the seed and the group and never ends the game",
          "[tournament][table]") {
    const auto rules = rules::parse_rules("standard,players=4").value();
    const auto a = tournament::random_ring_opening(rules, 8, 42, 3);
    CHECK(a == tournament::random_ring_opening(rules, 8, 42, 3));
    CHECK_FALSE(a == tournament::random_ring_opening(rules, 8, 42, 4));
    CHECK(a.moves.size() == 8);
    rules::RingGame line(rules, rules::ring_start_position(rules), 0);
    for (const auto& m : a.moves) REQUIRE(line.play(m));
    CHECK_FALSE(line.is_over());
}

TEST_CASE("a run definition of a table match holds N engines, a tournament of tables is refused",
          "[tournament][table]") {
    tournament::RunDefinition d;
    d.format = tournament::Format::Match;
    d.rules = rules::parse_rules("standard,players=3").value();
    for (const char* name : {"a", "b", "c"}) {
        game::EngineDefinition e;
        e.name = name;
        e.command = "/bin/true";
        d.engines.push_back(e);
    }
    auto back = tournament::run_definition_from_json(tournament::to_json(d));
    REQUIRE(back);
    CHECK(back->engines.size() == 3);
    d.engines.pop_back();
    auto two = tournament::run_definition_from_json(tournament::to_json(d));
    REQUIRE_FALSE(two);
    CHECK(two.error().message == "definition: a match of players=3 needs exactly 3 engines, got 2");
}
