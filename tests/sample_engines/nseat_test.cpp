// The engine kit and the sample engines at tables of 3 and 4 seats (protocol-spec section 6.3):
// the Players declaration, the ring position after `position`, the clock of the seat to move, and
// engines that play legal moves for the seat to move and take what is there to take.
#include <catch2/catch.hpp>

#include <atomic>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "alphabeta/alphabeta_engine.hpp"
#include "greedy/greedy_engine.hpp"
#include "kit/protocol_loop.hpp"
#include "kit/time_manager.hpp"
#include "mcts/mcts_engine.hpp"
#include "protocol/codec.hpp"
#include "random/random_engine.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "session.hpp"
#include "test_positions.hpp"

using namespace std::chrono_literals;
using oaq::test::last_bestmove;
using oaq::test::rules_of;
using oaq::test::run_script;

namespace {

// An engine of up to `most` seats that records the requests it is given and plays the first move.
class ProbeEngine : public oaq::kit::Engine {
  public:
    explicit ProbeEngine(int most = 4) : most_(most) {}
    std::string name() const override { return "probe"; }
    int max_players() const override { return most_; }
    oaq::rules::Move search(const oaq::kit::SearchRequest& request,
                            oaq::kit::SearchControl& control) override {
        ++two_seat_searches;
        return Engine::search_ring({request.rules,
                                    oaq::rules::to_ring(request.position),
                                    {},
                                    request.limits,
                                    request.ply_limit},
                                   control);
    }
    oaq::rules::Move search_ring(const oaq::kit::RingSearchRequest& request,
                                 oaq::kit::SearchControl& control) override {
        ring.push_back(request);
        return Engine::search_ring(request, control);
    }

    std::vector<oaq::kit::RingSearchRequest> ring;
    int two_seat_searches = 0;

  private:
    int most_;
};

const char* const kThreeStart = "Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0";
const char* const kHandshake3 =
    "setoption name Players value 3\n"
    "setoption name Rules value quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,"
    "after_capture=relay,chain=yes,quan_non=0,end=mandarins_empty,players=3\n"
    "isready\nuginewgame\n";

oaq::rules::RingPosition ring_of(const std::string& text, const oaq::rules::Rules& rules) {
    auto pos = oaq::rules::parse_ring_position(text, rules);
    REQUIRE(pos);
    return *pos;
}

}  // namespace

TEST_CASE("an engine of N seats declares Players with its max and says protocol 2",
          "[kit][nseat]") {
    ProbeEngine four(4), three(3);
    auto lines = run_script(four, "ugi\n");
    CHECK(std::count(lines.begin(), lines.end(),
                     "option name Players type spin default 2 min 2 max 4") == 1);
    CHECK(std::count(lines.begin(), lines.end(), "id protocol 2") == 1);
    lines = run_script(three, "ugi\n");
    CHECK(std::count(lines.begin(), lines.end(),
                     "option name Players type spin default 2 min 2 max 3") == 1);
    oaq::engines::AlphaBetaEngine two;
    lines = run_script(two, "ugi\n");
    CHECK(std::none_of(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("Players") != std::string::npos;
    }));
    CHECK(std::count(lines.begin(), lines.end(), "id protocol 1") == 1);
}

TEST_CASE("the kit keeps a ring position after the moves under rules of 3 seats", "[kit][nseat]") {
    ProbeEngine engine;
    const auto lines = run_script(
        engine, std::string(kHandshake3) + "position startpos moves 1L 2R 3L 5R\ngo depth 1\n");
    REQUIRE(engine.ring.size() == 1);
    CHECK(engine.two_seat_searches == 0);
    const auto rules = rules_of("standard,players=3");
    oaq::rules::RingGame game(rules, oaq::rules::ring_start_position(rules));
    for (const char* m : {"1L", "2R", "3L", "5R"}) REQUIRE(game.play(std::string_view(m)));
    const auto& request = engine.ring[0];
    CHECK(request.position == game.position());
    CHECK(request.history.size() == 4);
    CHECK(request.seat() == 1);  // seat 2, after four plies at a table of three
    CHECK(request.seats() == 3);
    CHECK(request.rules == rules);
    CHECK(oaq::rules::is_legal(game.position(), *oaq::rules::parse_move(last_bestmove(lines)),
                               rules));
}

TEST_CASE("a ring position string after fen is played from, with its moves", "[kit][nseat]") {
    ProbeEngine engine;
    const std::string fen = "Q0,1,0,0,9,0,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0";
    SECTION("under rules of 3 seats") {
        run_script(engine, std::string(kHandshake3) + "position fen " + fen +
                               " moves 1R\ngo movetime 50\n");
        REQUIRE(engine.ring.size() == 1);
        const auto rules = rules_of("standard,players=3");
        const auto start = ring_of(fen, rules);
        CHECK(engine.ring[0].position ==
              oaq::rules::play(start, *oaq::rules::parse_move("1R"), rules));
        CHECK(engine.ring[0].history == std::vector{start});
    }
    SECTION("told by its shape when nobody sent Rules (a person at a terminal)") {
        run_script(engine, "position fen " + fen + "\ngo depth 1\n");
        REQUIRE(engine.ring.size() == 1);
        CHECK(engine.ring[0].rules.players == 3);
        CHECK(oaq::rules::to_string(engine.ring[0].position) == fen);
    }
    SECTION("the Players option alone sets the seats of startpos") {
        run_script(engine, "setoption name Players value 4\nposition startpos\ngo depth 1\n");
        REQUIRE(engine.ring.size() == 1);
        CHECK(engine.ring[0].seats() == 4);
    }
    SECTION("a ring string of the wrong size or an illegal move is reported") {
        auto lines = run_script(
            engine, std::string(kHandshake3) + "position fen " + fen + " moves 2L\ngo depth 1\n");
        CHECK(last_bestmove(lines) == "(none)");
        CHECK(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
            return l.rfind("info string position: move 1 (2L)", 0) == 0;
        }));
        lines = run_script(engine, "setoption name Rules value standard,players=4\nposition fen " +
                                       fen + "\ngo depth 1\n");
        CHECK(last_bestmove(lines) == "(none)");
        CHECK(engine.ring.empty());
    }
}

TEST_CASE("rules of more seats than the engine plays end the session", "[kit][nseat]") {
    ProbeEngine three(3);
    std::istringstream in("setoption name Rules value standard,players=4\nisready\n");
    std::ostringstream out;
    CHECK(oaq::kit::run_protocol(three, in, out) == 1);
    const auto lines = oaq::test::split_lines(out.str());
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] ==
          "info string unsupported rules standard,players=4: this engine plays up to 3 players");
}

TEST_CASE("go with p3time is decoded and the seat to move's clock is the one budgeted",
          "[kit][nseat][time]") {
    const auto go = oaq::protocol::decode_command(
        "go p1time 1000 p2time 2000 p3time 30000 p1inc 10 p2inc 20 p3inc 300");
    REQUIRE(go);
    const auto& g = std::get<oaq::protocol::Go>(*go);
    REQUIRE(g.time[2]);
    CHECK(*g.time[2] == 30000ms);
    const oaq::kit::TimeManager manager;
    const auto third = manager.limits(g, 2);
    CHECK(third.time_left == 30000ms);
    CHECK(third.increment == 300ms);
    CHECK(*third.soft_time == 30000ms / 25 + 240ms);
    CHECK(manager.limits(g, 0).time_left == 1000ms);
    CHECK(manager.limits(g, 1).increment == 20ms);
    // A seat without a clock in `go` has no time limit: the search is infinite.
    CHECK(manager.limits(g, 3).infinite);

    ProbeEngine engine;
    run_script(engine, std::string(kHandshake3) +
                           "position startpos moves 1L 2R\n"
                           "go p1time 1000 p2time 2000 p3time 30000 p1inc 10 p2inc 20 p3inc 300\n");
    REQUIRE(engine.ring.size() == 1);
    CHECK(engine.ring[0].seat() == 2);
    CHECK(engine.ring[0].limits.time_left == 30000ms);
    CHECK(engine.ring[0].limits.increment == 300ms);
}

TEST_CASE("random and greedy play whole games of 3 and 4 seats with legal moves only",
          "[engines][nseat]") {
    for (const int seats : {3, 4}) {
        const auto rules = rules_of("standard,players=" + std::to_string(seats));
        oaq::engines::RandomEngine random(static_cast<std::uint64_t>(seats));
        oaq::engines::GreedyEngine greedy(static_cast<std::uint64_t>(seats));
        std::vector<oaq::kit::Engine*> table{&random, &greedy, &random};
        if (seats == 4) table.push_back(&greedy);
        oaq::rules::RingGame game(rules, oaq::rules::ring_start_position(rules));
        std::atomic<bool> stop{false};
        while (!game.is_over()) {
            const oaq::kit::SearchLimits limits = oaq::test::depth_limit(1);
            oaq::kit::SearchControl control(limits, stop, {});
            oaq::kit::RingSearchRequest request{rules, game.position(), game.positions(), limits,
                                                game.ply_limit()};
            request.history.pop_back();
            const auto seat = static_cast<std::size_t>(request.seat());
            const auto move = table[seat]->search_ring(request, control);
            REQUIRE(game.play(move));
        }
        CHECK(game.ply() > 10);
    }
}

TEST_CASE("greedy takes the capture that gains the most for its own seat", "[engines][nseat]") {
    const auto rules = rules_of("standard,players=3");
    // Seat 1's 1R sows into square 2, then captures square 4 (9) and seat 2's mandarin over the
    // gaps: 20 points; 1L gains 9, 4L and 4R nothing.
    const auto pos = ring_of("Q0,1,0,0,9,0,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0", rules);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        oaq::engines::GreedyEngine greedy(seed);
        std::atomic<bool> stop{false};
        const auto limits = oaq::test::depth_limit(1);
        oaq::kit::SearchControl control(limits, stop, {});
        CHECK(oaq::rules::to_string(greedy.search_ring({rules, pos, {}, limits, 0}, control)) ==
              "1R");
    }
}

TEST_CASE("mcts plays legal moves at tables of 3 and 4 seats and is reproducible with a node limit",
          "[engines][mcts][nseat]") {
    for (const int seats : {3, 4}) {
        const auto rules = rules_of("standard,players=" + std::to_string(seats));
        oaq::kit::SearchLimits limits;
        limits.nodes = 300;
        std::vector<oaq::rules::Move> first, second;
        for (auto* moves : {&first, &second}) {
            oaq::engines::MctsEngine engine;
            engine.new_game();
            oaq::rules::RingGame replay(rules, oaq::rules::ring_start_position(rules));
            std::atomic<bool> stop{false};
            for (int ply = 0; ply < 12 && !replay.is_over(); ++ply) {
                oaq::kit::SearchControl control(limits, stop, {});
                const auto move =
                    engine.search_ring({rules, replay.position(), {}, limits, 0}, control);
                REQUIRE(oaq::rules::is_legal(replay.position(), move, rules));
                CHECK(engine.last_playouts() == 300);
                moves->push_back(move);
                REQUIRE(replay.play(move));
            }
        }
        CHECK(first == second);
    }
}

TEST_CASE("mcts takes an obvious capture at a table of three", "[engines][mcts][nseat]") {
    const auto rules = rules_of("standard,players=3");
    const auto pos = ring_of("Q0,1,0,0,9,0,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0", rules);
    oaq::engines::MctsEngine engine;
    oaq::kit::SearchLimits limits;
    limits.nodes = 3000;
    std::atomic<bool> stop{false};
    oaq::kit::SearchControl control(limits, stop, {});
    CHECK(oaq::rules::to_string(engine.search_ring({rules, pos, {}, limits, 0}, control)) == "1R");
}

TEST_CASE("after a game of three the next Rules value without players= is a game of two",
          "[kit][nseat]") {
    ProbeEngine engine;
    run_script(engine, std::string(kHandshake3) +
                           "position startpos\ngo depth 1\n"
                           "setoption name Rules value quan_value=10,quan_setup=piece,"
                           "direction=free,empty_quan_gap=yes,after_capture=relay,chain=yes,"
                           "quan_non=0,end=mandarins_empty\n"
                           "isready\nuginewgame\nposition startpos moves 1L\ngo depth 1\n");
    CHECK(engine.ring.size() == 1);
    CHECK(engine.two_seat_searches == 1);
}
