#include <catch2/catch.hpp>

#include "game/table_runner.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "scripted_player.hpp"

using namespace oaq;
using namespace std::chrono_literals;
using game::Termination;
using testing::ScriptedPlayer;

namespace {

const std::atomic<bool> kNoAbort{false};

rules::Rules ring_rules(int players) {
    auto r = rules::parse_rules("standard,players=" + std::to_string(players)).value();
    return r;
}

struct Table {
    explicit Table(int n, const std::string& tc = "10+0.1") : rules(ring_rules(n)) {
        for (int s = 0; s < n; ++s) {
            players.push_back(
                std::make_unique<ScriptedPlayer>(std::string(1, char('a' + s)), rules));
            tcs.push_back(game::parse_time_control(tc).value());
        }
        settings.rules = rules;
        settings.max_plies = rules::default_ply_limit(rules);
    }
    ScriptedPlayer& seat(int s) { return *players[static_cast<std::size_t>(s)]; }
    game::GameRecord play(const std::atomic<bool>& abort = kNoAbort) {
        std::vector<game::Player*> seats;
        for (auto& p : players) seats.push_back(p.get());
        return game::play_table(seats, tcs, settings, abort);
    }
    rules::Rules rules;
    std::vector<std::unique_ptr<ScriptedPlayer>> players;
    std::vector<game::TimeControl> tcs;
    game::GameSettings settings;
};

rules::RingPosition replay(const game::GameRecord& rec, const rules::Rules& r) {
    rules::RingGame game(r, rules::parse_ring_position(rec.start_position, r).value(), 0);
    for (const auto& m : rec.moves) REQUIRE(game.play(m.move));
    return game.position();
}

}  // namespace

TEST_CASE("a table of three correct players ends by the rules with every seat ranked",
          "[game][table]") {
    Table t(3);
    auto rec = t.play();
    REQUIRE(rec.seat_count() == 3);
    CHECK(rec.seats[2].name == "c");
    CHECK((rec.termination == Termination::Normal || rec.termination == Termination::Repetition ||
           rec.termination == Termination::PlyLimit));
    CHECK_FALSE(rec.failed_seat);
    REQUIRE(rec.plies() > 0);
    const auto final_pos = replay(rec, t.rules);
    CHECK(rules::to_string(final_pos) == rec.final_position);
    const auto standings = rules::standings(final_pos, t.rules);
    double points = 0;
    for (std::size_t s = 0; s < 3; ++s) {
        CHECK(rec.seats[s].score == standings[s].score);
        CHECK(rec.seats[s].rank == standings[s].rank);
        CHECK(rec.seats[s].points == standings[s].points);
        points += rec.seats[s].points;
    }
    CHECK(points == Approx(1.5));  // N/2 points are shared out at every table
    for (int s = 0; s < 3; ++s) CHECK(t.seat(s).prepared_players == 3);
}

TEST_CASE("every go of a table carries the clock and increment of every seat", "[game][table]") {
    Table t(4);
    t.tcs[3] = game::parse_time_control("5+0.2").value();
    t.seat(0).think = 300ms;
    t.settings.max_plies = 6;
    auto rec = t.play();
    REQUIRE(rec.plies() == 6);
    // Seat 2's first search comes after seat 1 used 300 ms and got 100 ms back.
    const auto& go = t.seat(1).gos.at(0);
    CHECK(go.time[0] == game::Milliseconds(9800));
    CHECK(go.time[1] == game::Milliseconds(10000));
    CHECK(go.time[2] == game::Milliseconds(10000));
    CHECK(go.time[3] == game::Milliseconds(5000));
    CHECK(go.inc[0] == game::Milliseconds(100));
    CHECK(go.inc[3] == game::Milliseconds(200));
    CHECK(t.seat(1).deadlines.at(0).has_value());
    // Positions: the start, then the moves played so far.
    CHECK_FALSE(t.seat(2).positions.at(0).fen);
    CHECK(t.seat(2).positions.at(0).moves.size() == 2);
    CHECK(rec.moves[0].time_left == game::Microseconds(9'800'000));
}

TEST_CASE("a seat that plays an illegal move ends the table and is ranked last", "[game][table]") {
    Table t(3);
    t.seat(1).reply = [](const protocol::PositionCommand&, const protocol::Go&,
                         int n) -> ScriptedPlayer::Reply {
        return game::SearchResult{n == 1 ? std::string("9L") : std::string("1L"), 1ms, {}};
    };
    // Seat 2 plays 1L once (legal at the start), then a move that is no move at all.
    auto rec = t.play();
    CHECK(rec.failed_seat == 1);
    CHECK(rec.termination == Termination::ProtocolViolation);
    CHECK(rec.detail.rfind("seat 2: bestmove 9L", 0) == 0);
    CHECK(rec.seats[1].rank == 3);
    CHECK(rec.seats[1].points == 0);
    CHECK(rec.seats[0].rank <= 2);
    CHECK(rec.seats[2].rank <= 2);
    CHECK(rec.seats[0].points + rec.seats[2].points == Approx(1.5));
    CHECK(game::seat_standings(rec)[1].rank == 3);
}

TEST_CASE("a seat that overruns its clock or crashes ends the table with its fault named",
          "[game][table]") {
    SECTION("time") {
        Table t(4, "1+0");
        t.seat(3).think = 2s;
        auto rec = t.play();
        CHECK(rec.failed_seat == 3);
        CHECK(rec.termination == Termination::TimeForfeit);
        CHECK(rec.detail.rfind("seat 4: exceeded by", 0) == 0);
        CHECK(rec.seats[3].rank == 4);
        CHECK(rec.plies() == 3);
    }
    SECTION("crash") {
        Table t(3);
        t.seat(0).reply = [](const protocol::PositionCommand&, const protocol::Go&,
                             int) -> ScriptedPlayer::Reply {
            return game::PlayerFailure{Termination::Crash, "signal 11 (SIGSEGV)", {}};
        };
        auto rec = t.play();
        CHECK(rec.failed_seat == 0);
        CHECK(rec.detail == "seat 1: signal 11 (SIGSEGV)");
        CHECK(rec.seats[0].rank == 3);
        // Nobody moved: the other two share the first place.
        CHECK(rec.seats[1].rank == 1);
        CHECK(rec.seats[2].rank == 1);
        CHECK(rec.seats[1].points == Approx(0.75));
    }
    SECTION("failed to start") {
        Table t(3);
        t.seat(2).prepare_result = game::PlayerFailure{Termination::Stall, "no ugiok", {}};
        auto rec = t.play();
        CHECK(rec.failed_seat == 2);
        CHECK(rec.termination == Termination::Stall);
        CHECK(rec.plies() == 0);
        CHECK(rec.seats[2].points == 0);
    }
}

TEST_CASE("a table settles the position when a seat fails", "[game][table]") {
    Table t(3);
    t.settings.max_plies = 0;
    t.seat(0).reply = [&](const protocol::PositionCommand& p, const protocol::Go&,
                          int n) -> ScriptedPlayer::Reply {
        if (n == 3) return game::PlayerFailure{Termination::Stall, "no bestmove", {}};
        return t.seat(0).first_legal(p);
    };
    auto rec = t.play();
    REQUIRE(rec.failed_seat == 0);
    // Read as text: parsing would refill the squares of the seat to move.
    const auto pits = rec.final_position.substr(0, rec.final_position.find(' '));
    std::vector<std::string> cells;
    std::string::size_type from = 0;
    for (auto comma = pits.find(',');; comma = pits.find(',', from)) {
        cells.push_back(pits.substr(from, comma - from));
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    REQUIRE(cells.size() == 18);
    for (int pit = 0; pit < 18; ++pit)
        if (!rules::is_ring_mandarin(pit)) CHECK(cells[static_cast<std::size_t>(pit)] == "0");
}

TEST_CASE("an interrupted table is an abort, never a loss", "[game][table]") {
    Table t(3);
    std::atomic<bool> abort{false};
    t.seat(1).reply = [&](const protocol::PositionCommand& p, const protocol::Go&,
                          int) -> ScriptedPlayer::Reply {
        abort = true;
        return t.seat(1).first_legal(p);
    };
    auto rec = t.play(abort);
    CHECK(rec.termination == Termination::Aborted);
    CHECK_FALSE(rec.failed_seat);
    CHECK(rec.plies() == 1);
}

TEST_CASE("a table starts from an opening and sends it with fen", "[game][table]") {
    Table t(3);
    t.settings.opening.moves = {"1L", "2R"};
    t.settings.max_plies = 2;
    auto rec = t.play();
    REQUIRE(rec.plies() == 2);
    REQUIRE(t.seat(2).positions.size() == 1);
    REQUIRE(t.seat(2).positions[0].fen);
    CHECK(*t.seat(2).positions[0].fen == rec.start_position);
    CHECK(t.seat(2).positions[0].moves.empty());
}

TEST_CASE("a player without Players max >= N is refused by name", "[game][table]") {
    game::PlayerIdentity none{"x", "y", {}};
    CHECK(game::seats_refusal("greedy", none, 3) ==
          "engine \"greedy\" cannot play 3-seat games: it declares no option Players with max >= "
          "3 (protocol-spec section 6.3)");
    protocol::OptionDecl players;
    players.name = "players";
    players.type = protocol::OptionType::Spin;
    players.max = 3;
    game::PlayerIdentity triangle{"x", "y", {players}};
    CHECK_FALSE(game::seats_refusal("tri", triangle, 3));
    CHECK(game::seats_refusal("tri", triangle, 4));
}
