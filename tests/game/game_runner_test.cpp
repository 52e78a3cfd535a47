#include <catch2/catch.hpp>

#include <limits>

#include "game/game_runner.hpp"
#include "rules/position_string.hpp"
#include "scripted_player.hpp"

using namespace oaq;
using namespace std::chrono_literals;
using game::Termination;
using game::TimeControl;
using testing::ScriptedPlayer;

namespace {

game::GameSettings settings_with(const std::string& tc) {
    game::GameSettings s;
    s.south_tc = s.north_tc = game::parse_time_control(tc).value();
    return s;
}

const std::atomic<bool> kNoAbort{false};

// Replays the record's moves from its start position with the rules library.
rules::Position replay(const game::GameRecord& rec, const rules::Rules& r) {
    rules::Game game(r, rules::parse_position(rec.start_position, r).value());
    for (const auto& m : rec.moves) REQUIRE(game.play(m.move));
    return game.position();
}

}  // namespace

TEST_CASE("a game between two correct engines ends by the rules and records every ply", "[game]") {
    ScriptedPlayer south("a"), north("b");
    auto settings = settings_with("10+0.1");
    auto rec = game::play_game(south, north, settings, kNoAbort);
    CHECK(rec.south().name == "a");
    CHECK(rec.north().name == "b");
    CHECK(rules::expanded(rec.rules) == rules::expanded(rules::Rules{}));
    CHECK(rec.time_control_text() == "10+0.1");
    CHECK((rec.termination == Termination::Normal || rec.termination == Termination::Repetition ||
           rec.termination == Termination::PlyLimit));
    REQUIRE(rec.plies() > 0);
    auto final_pos = replay(rec, settings.rules);
    CHECK(rules::to_string(final_pos) == rec.final_position);
    CHECK(rec.south().score == rules::score(final_pos, rules::Side::South, settings.rules));
    CHECK(rec.north().score == rules::score(final_pos, rules::Side::North, settings.rules));
    CHECK(rec.result == rules::result(final_pos, settings.rules));
    CHECK(south.prepares == 1);
    CHECK(north.new_games == 1);
}

TEST_CASE("the clock is charged with the time used and credited with the increment", "[game]") {
    ScriptedPlayer south("a"), north("b");
    south.think = 250ms;
    north.think = 40ms;
    auto settings = settings_with("10+0.1");
    settings.max_plies = 4;
    auto rec = game::play_game(south, north, settings, kNoAbort);
    REQUIRE(rec.plies() == 4);
    CHECK(rec.moves[0].time_used == 250ms);
    CHECK(rec.moves[0].time_left == 10s - 250ms + 100ms);
    CHECK(rec.moves[1].time_left == 10s - 40ms + 100ms);
    CHECK(rec.moves[2].time_left == 10s - 2 * 250ms + 2 * 100ms);
    // The second `go` of South reports both clocks as they stood.
    REQUIRE(south.gos.size() == 2);
    CHECK(south.gos[1].time[0] == std::chrono::milliseconds(9850));
    CHECK(south.gos[1].time[1] == std::chrono::milliseconds(10060));
    CHECK(south.gos[1].inc[0] == 100ms);
    // The deadline is the time left plus the margin.
    CHECK(south.deadlines[0] == std::chrono::nanoseconds(10s + 50ms));
    CHECK(rec.termination == Termination::PlyLimit);
}

TEST_CASE("using more than the time left plus the margin forfeits the game", "[game]") {
    ScriptedPlayer south("a"), north("slow");
    north.reply = [&](const protocol::PositionCommand& p, const protocol::Go&, int n) {
        auto r = north.first_legal(p);
        if (n == 1) r.value().elapsed = 1s + 51ms;  // 1 s left, 50 ms margin
        return r;
    };
    auto settings = settings_with("1");
    auto rec = game::play_game(south, north, settings, kNoAbort);
    CHECK(rec.termination == Termination::TimeForfeit);
    CHECK(rec.result == rules::Result::SouthWin);
    CHECK(rec.detail.rfind("north: exceeded by", 0) == 0);
    CHECK(rec.plies() == 3);
}

TEST_CASE("an overrun within the margin is not a forfeit, and the clock stops at zero", "[game]") {
    ScriptedPlayer south("a"), north("b");
    south.reply = [&](const protocol::PositionCommand& p, const protocol::Go&, int n) {
        auto r = south.first_legal(p);
        if (n == 0) r.value().elapsed = 1s + 30ms;
        return r;
    };
    auto settings = settings_with("1+0.5");
    settings.max_plies = 2;
    auto rec = game::play_game(south, north, settings, kNoAbort);
    REQUIRE(rec.plies() == 2);
    CHECK(rec.moves[0].time_left == 500ms);
    CHECK(rec.termination == Termination::PlyLimit);
}

TEST_CASE("movetime sends go movetime and forfeits beyond movetime plus margin", "[game]") {
    ScriptedPlayer south("late"), north("b");
    south.reply = [&](const protocol::PositionCommand& p, const protocol::Go&, int) {
        auto r = south.first_legal(p);
        r.value().elapsed = 100ms + 60ms;
        return r;
    };
    auto settings = settings_with("movetime=100");
    auto rec = game::play_game(south, north, settings, kNoAbort);
    REQUIRE(south.gos.size() == 1);
    CHECK(south.gos[0].movetime == 100ms);
    CHECK_FALSE(south.gos[0].time[0].has_value());
    CHECK(rec.termination == Termination::TimeForfeit);
    CHECK(rec.result == rules::Result::NorthWin);
}

TEST_CASE("depth and nodes searches have no deadline", "[game]") {
    ScriptedPlayer south("a"), north("b");
    auto settings = settings_with("depth=3");
    settings.north_tc = game::parse_time_control("nodes=500").value();
    settings.max_plies = 2;
    game::play_game(south, north, settings, kNoAbort);
    CHECK(south.gos[0].depth == 3);
    CHECK_FALSE(south.deadlines[0].has_value());
    CHECK(north.gos[0].nodes == 500u);
}

TEST_CASE("the record lists its seats in turn order with their names, time controls and scores",
          "[game][record]") {
    ScriptedPlayer south("a"), north("b");
    auto settings = settings_with("depth=3");
    settings.north_tc = game::parse_time_control("nodes=500").value();
    auto rec = game::play_game(south, north, settings, kNoAbort);
    REQUIRE(rec.seats.size() == 2);
    CHECK(rec.seats[0].name == "a");
    CHECK(rec.seats[1].name == "b");
    CHECK(rec.seats[0].time_control == settings.south_tc);
    CHECK(rec.seats[1].time_control == settings.north_tc);
    CHECK(rec.time_control_text() == "depth=3/nodes=500");
    // The game layer knows no run: the runner names the run's engines (runner_test).
    CHECK(rec.seats[0].engine == game::SeatRecord::kNoEngine);
    const auto final_pos = replay(rec, settings.rules);
    CHECK(rec.seats[0].score == rules::score(final_pos, rules::Side::South, settings.rules));
    CHECK(rec.seats[1].score == rules::score(final_pos, rules::Side::North, settings.rules));
    // The moves are the rules' moves, made once from the engines' replies.
    REQUIRE(rec.plies() > 0);
    for (const auto& m : rec.moves)
        CHECK(rules::parse_move(rules::to_string(m.move)).value() == m.move);
}

TEST_CASE("an illegal move loses with the move and the reason", "[game]") {
    ScriptedPlayer south("a"), north("cheat");
    north.reply = [&](const protocol::PositionCommand& p, const protocol::Go&, int) {
        auto pos = testing::position_of(p, rules::Rules{});
        // Find an empty square of the mover, or any move the rules refuse.
        game::SearchResult r;
        r.move = "1L";
        for (int k = 1; k <= 5; ++k) {
            if (pos.citizens[static_cast<std::size_t>(rules::pit_of(pos.side, k))] == 0) {
                r.move = std::to_string(k) + "R";
            }
        }
        return Expected<game::SearchResult, game::PlayerFailure>(r);
    };
    // After 2L North's square 2 (N2, pit 8) is empty (rules.md vector), so 2R is illegal.
    auto settings = settings_with("10+0.1");
    settings.opening.moves = {"2L"};
    auto rec = game::play_game(south, north, settings, kNoAbort);
    CHECK(rec.termination == Termination::IllegalMove);
    CHECK(rec.result == rules::Result::SouthWin);
    CHECK(rec.detail == "north: 2R: square 2 (N2) is empty");
}

TEST_CASE("a malformed bestmove is a protocol violation with the text", "[game]") {
    ScriptedPlayer south("bad"), north("b");
    south.reply = [](const protocol::PositionCommand&, const protocol::Go&, int) {
        game::SearchResult r;
        r.move = "e2e4";
        return Expected<game::SearchResult, game::PlayerFailure>(r);
    };
    auto rec = game::play_game(south, north, settings_with("10"), kNoAbort);
    CHECK(rec.termination == Termination::ProtocolViolation);
    CHECK(rec.result == rules::Result::NorthWin);
    CHECK(rec.detail.find("e2e4") != std::string::npos);
}

TEST_CASE("an engine failure during search loses the game with its detail", "[game]") {
    ScriptedPlayer south("a"), north("crashy");
    north.reply = [](const protocol::PositionCommand&, const protocol::Go&, int) {
        return Expected<game::SearchResult, game::PlayerFailure>(
            game::PlayerFailure{Termination::Crash, "signal 11 (SIGSEGV)", {}});
    };
    auto rec = game::play_game(south, north, settings_with("10"), kNoAbort);
    CHECK(rec.termination == Termination::Crash);
    CHECK(rec.detail == "north: signal 11 (SIGSEGV)");
    CHECK(rec.result == rules::Result::SouthWin);
    CHECK(rec.plies() == 1);
}

TEST_CASE("an engine that fails to get ready loses before the first move", "[game]") {
    ScriptedPlayer south("mute"), north("b");
    south.prepare_result = game::PlayerFailure{Termination::Stall, "no ugiok within 10000 ms", {}};
    auto rec = game::play_game(south, north, settings_with("10"), kNoAbort);
    CHECK(rec.termination == Termination::Stall);
    CHECK(rec.result == rules::Result::NorthWin);
    CHECK(rec.plies() == 0);
    CHECK(north.gos.empty());
}

TEST_CASE("an abort request ends the game as aborted", "[game]") {
    ScriptedPlayer south("a"), north("b");
    std::atomic<bool> abort{false};
    north.reply = [&](const protocol::PositionCommand& p, const protocol::Go&, int) {
        abort = true;  // Ctrl-C arrives during North's first search
        return north.first_legal(p);
    };
    auto rec = game::play_game(south, north, settings_with("10"), abort);
    CHECK(rec.termination == Termination::Aborted);
    CHECK(rec.plies() == 1);
}

TEST_CASE("a game with a book line starts at the position after it, sent with fen", "[game]") {
    // protocol-spec 4.5: plies, repetitions and the ply limit count from the position after the
    // opening; the book's moves are the game's opening, not its moves.
    ScriptedPlayer south("a"), north("b");
    auto settings = settings_with("10");
    settings.max_plies = 4;
    settings.opening.moves = {"1R", "3L"};
    auto rec = game::play_game(south, north, settings, kNoAbort);
    CHECK(rec.opening.text() == "1R 3L");
    CHECK(rec.start_position == "Q8,3,1,1,1,5,5,3,1,3,3,3 S 9+1 4+0 0 0");
    REQUIRE(south.positions.size() == 2);
    CHECK(south.positions[0].fen == rec.start_position);
    CHECK(south.positions[0].moves.empty());
    CHECK(south.positions[1].fen == rec.start_position);
    CHECK(south.positions[1].moves.size() == 2);  // the game's own moves only
    CHECK(rec.plies() == 4);  // the ply limit counts from the position after the opening
    CHECK(rec.termination == Termination::PlyLimit);
    CHECK(south.ply_limit == 4);  // the players are told the game's limit

    SECTION("a position-string opening is sent as fen, with its moves played first") {
        ScriptedPlayer s2("a"), n2("b");
        auto fen_settings = settings_with("10");
        fen_settings.max_plies = 1;
        fen_settings.opening.position = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";
        fen_settings.opening.moves = {"1R", "3L"};
        auto r2 = game::play_game(s2, n2, fen_settings, kNoAbort);
        REQUIRE(s2.positions.size() == 1);
        CHECK(s2.positions[0].fen == rec.start_position);
        CHECK(s2.positions[0].moves.empty());
        CHECK(r2.opening.text() == "fen Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 moves 1R 3L");
    }
    SECTION("an opening that is the start position itself is sent as startpos") {
        ScriptedPlayer s2("a"), n2("b");
        auto start_settings = settings_with("10");
        start_settings.max_plies = 1;
        start_settings.opening.position = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";
        game::play_game(s2, n2, start_settings, kNoAbort);
        REQUIRE(s2.positions.size() == 1);
        CHECK_FALSE(s2.positions[0].fen.has_value());
    }
}

TEST_CASE("a bad opening is the caller's configuration error", "[game]") {
    ScriptedPlayer south("a"), north("b");
    auto settings = settings_with("10");
    settings.opening.moves = {"1R", "9Q"};
    CHECK_THROWS_WITH(game::play_game(south, north, settings, kNoAbort),
                      Catch::Contains("move 2") && Catch::Contains("9Q"));
}

TEST_CASE("time controls parse and print back", "[game]") {
    using game::parse_time_control;
    CHECK(game::to_string(parse_time_control("10+0.1").value()) == "10+0.1");
    CHECK(parse_time_control("10+0.1")->increment == 100ms);
    CHECK(game::to_string(parse_time_control("60").value()) == "60");
    CHECK(parse_time_control("movetime=250")->movetime == 250ms);
    CHECK(parse_time_control("depth=7")->depth == 7);
    CHECK(parse_time_control("nodes=1000")->nodes == 1000u);
    CHECK_FALSE(parse_time_control("fast"));
    CHECK_FALSE(parse_time_control("10+x"));
    CHECK_FALSE(parse_time_control("movetime=-5"));
    CHECK_FALSE(parse_time_control("depth=0"));
    CHECK_FALSE(parse_time_control("hours=3"));
    CHECK(parse_time_control("fast").error().message.find("\"fast\"") != std::string::npos);
}

// ---- results at the edges (issue 11) --------------------------------------------------------

namespace {

// A player whose handshake sees the referee stop: the stop kills its process (Ctrl-C, SIGTERM),
// so prepare() fails as a crash after the abort flag is set.
class KilledInHandshake : public ScriptedPlayer {
  public:
    KilledInHandshake(std::string name, std::atomic<bool>& abort)
        : ScriptedPlayer(std::move(name)), abort_(abort) {}
    Expected<Ok, game::PlayerFailure> prepare(const rules::Rules&, int) override {
        abort_ = true;
        return game::PlayerFailure{Termination::Crash, "signal 9 (SIGKILL)", {}};
    }

  private:
    std::atomic<bool>& abort_;
};

}  // namespace

TEST_CASE("a stop during the handshake aborts the game and is nobody's loss", "[game][edges]") {
    std::atomic<bool> abort{false};
    KilledInHandshake south("a", abort);
    ScriptedPlayer north("b");
    auto rec = game::play_game(south, north, settings_with("10"), abort);
    CHECK(rec.termination == Termination::Aborted);
    CHECK(rec.result == rules::Result::Draw);
    CHECK(rec.detail.find("signal") == std::string::npos);
    CHECK(rec.plies() == 0);

    SECTION("also when it is the second engine's handshake") {
        std::atomic<bool> later{false};
        ScriptedPlayer first("a");
        KilledInHandshake second("b", later);
        auto r2 = game::play_game(first, second, settings_with("10"), later);
        CHECK(r2.termination == Termination::Aborted);
        CHECK(first.gos.empty());
    }
}

TEST_CASE("time controls at their limits never overflow a deadline or a clock", "[game][edges]") {
    const auto longest = std::chrono::duration_cast<game::Nanoseconds>(game::kLongestDeadline);
    ScriptedPlayer south("a"), north("b");
    game::GameSettings settings;
    settings.max_plies = 4;
    settings.margin = game::Milliseconds(600000);
    // Built directly, past what parse_time_control accepts: the game layer clamps on its own.
    TimeControl huge_movetime;
    huge_movetime.kind = TimeControl::Kind::MoveTime;
    huge_movetime.movetime = game::Milliseconds(std::numeric_limits<std::int64_t>::max());
    TimeControl huge_clock;
    huge_clock.base = game::Milliseconds(std::numeric_limits<std::int64_t>::max() / 2);
    huge_clock.increment = game::Milliseconds(std::numeric_limits<std::int64_t>::max() / 2);
    settings.south_tc = huge_movetime;
    settings.north_tc = huge_clock;
    auto rec = game::play_game(south, north, settings, kNoAbort);
    CHECK(rec.termination == Termination::PlyLimit);
    REQUIRE(rec.plies() == 4);
    for (const auto& d : south.deadlines) {
        REQUIRE(d);
        CHECK(*d == longest);
    }
    for (const auto& d : north.deadlines) {
        REQUIRE(d);
        CHECK(*d > game::Nanoseconds(0));
        CHECK(*d <= longest);
    }
    CHECK(rec.moves[1].time_left > game::Microseconds(0));
    CHECK(rec.moves[1].time_left <= game::kLongestDeadline);
}

TEST_CASE("time controls out of range are refused naming the value and the range",
          "[game][edges]") {
    using game::parse_time_control;
    CHECK(parse_time_control("movetime=86400000"));
    CHECK_THAT(parse_time_control("movetime=9223372036854").error().message,
               Catch::Contains("\"movetime=9223372036854\"") && Catch::Contains("1..86400000"));
    CHECK_THAT(parse_time_control("movetime=99999999999999999999").error().message,
               Catch::Contains("1..86400000"));
    CHECK(parse_time_control("10000000+10000000"));
    CHECK_THAT(parse_time_control("10000001").error().message, Catch::Contains("0.001..10000000"));
    CHECK_THAT(parse_time_control("10+1e9").error().message, Catch::Contains("0..10000000"));
    CHECK_THAT(parse_time_control("depth=201").error().message, Catch::Contains("1..200"));
    CHECK_FALSE(parse_time_control("nodes=0"));
    CHECK_FALSE(parse_time_control("0.0001"));
}

namespace {

// A scripted player that takes shares when told the game is a session game.
class SharesPlayer : public ScriptedPlayer {
  public:
    using ScriptedPlayer::ScriptedPlayer;
    void set_session_game(bool session_game) override { session_game_ = session_game; }
    bool takes_shares() const override { return session_game_; }
    bool session_game_ = false;
};

}  // namespace

TEST_CASE("a session game sends the shares only to a player that takes them and settles with them",
          "[game][sessions]") {
    SharesPlayer south("a");
    ScriptedPlayer north("b");
    auto settings = settings_with("10+0.1");
    const std::string start = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5";
    settings.opening = {start, {}, {}};
    settings.session_game = true;
    auto rec = game::play_game(south, north, settings, kNoAbort);
    CHECK(south.session_game_);
    REQUIRE_FALSE(south.positions.empty());
    REQUIRE_FALSE(north.positions.empty());
    for (const auto& p : south.positions) CHECK(p.fen == start);
    // Without the shares the start is the rule set's: `position startpos moves ...`.
    for (const auto& p : north.positions) CHECK_FALSE(p.fen);
    CHECK(rec.start_position == start);
    auto final_pos = replay(rec, settings.rules);
    CHECK(final_pos.shares == rules::parse_position(start, settings.rules).value().shares);
    CHECK(rules::to_string(final_pos) == rec.final_position);
}
