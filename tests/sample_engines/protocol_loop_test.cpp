#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include "alphabeta/alphabeta_engine.hpp"
#include "greedy/greedy_engine.hpp"
#include "mcts/mcts_engine.hpp"
#include "random/random_engine.hpp"
#include "rules/move.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"
#include "session.hpp"

using namespace std::chrono_literals;
using oaq::test::last_bestmove;
using oaq::test::run_script;

namespace {

std::unique_ptr<oaq::kit::Engine> make_engine(const std::string& name) {
    if (name == "random") return std::make_unique<oaq::engines::RandomEngine>(7);
    if (name == "greedy") return std::make_unique<oaq::engines::GreedyEngine>(7);
    if (name == "alphabeta") return std::make_unique<oaq::engines::AlphaBetaEngine>();
    return std::make_unique<oaq::engines::MctsEngine>();
}

bool contains_line(const std::vector<std::string>& lines, const std::string& prefix) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
}

// Whether `text` is a legal move in the position of `moves` from the start of `rules_text`.
bool is_legal_after(const std::string& rules_text, const std::string& fen,
                    const std::vector<std::string>& moves, const std::string& text) {
    const auto rules = *oaq::rules::parse_rules(rules_text);
    oaq::protocol::PositionCommand command;
    if (!fen.empty()) command.fen = fen;
    command.moves = moves;
    const auto game = oaq::kit::resolve_position(command, rules);
    REQUIRE(game);
    const auto move = oaq::rules::parse_move(text);
    return move && oaq::rules::is_legal(game->position, *move, rules);
}

}  // namespace

TEST_CASE("the ugi handshake names the engine, declares Rules and ends with ugiok", "[kit][loop]") {
    oaq::engines::RandomEngine engine;
    const auto lines = run_script(engine, "ugi\nisready\n");
    REQUIRE(lines.size() >= 5);
    CHECK(lines[0] == "id name oaq-random");
    CHECK(lines[1].rfind("id author ", 0) == 0);
    CHECK(lines[2] == "id protocol 2");  // it plays N seats (spec section 9)
    CHECK(contains_line(lines, "option name Rules type string default standard"));
    CHECK(contains_line(lines, "option name Players type spin default 2 min 2 max 4"));
    CHECK(contains_line(lines, "option name Seed type spin"));
    CHECK(lines[lines.size() - 2] == "ugiok");
    CHECK(lines.back() == "readyok");
}

TEST_CASE("unknown and malformed lines are ignored and the session goes on", "[kit][loop]") {
    oaq::engines::GreedyEngine engine;
    const auto lines = run_script(engine, "hello there\n\n   \r\ngo depth x\nisready\r\n");
    CHECK(lines.back() == "readyok");
    CHECK_FALSE(contains_line(lines, "bestmove"));
}

TEST_CASE("a bad position or bad rules are reported and refused", "[kit][loop]") {
    oaq::engines::GreedyEngine engine;
    SECTION("an illegal move in the moves list") {
        const auto lines = run_script(engine, "position startpos moves 2L 2L\ngo depth 1\n");
        CHECK(contains_line(lines, "info string position: move"));
        CHECK(last_bestmove(lines) == "(none)");
    }
    SECTION("a finished game has no best move") {
        const auto lines = run_script(
            engine, "position fen 0,1,0,0,0,0,0,0,0,1,0,0 S 20+1 26+1 0 0\ngo depth 1\n");
        CHECK(last_bestmove(lines) == "(none)");
    }
    SECTION("rules the engine cannot play end the session (spec section 6)") {
        std::istringstream in(
            "setoption name Rules value chess\nisready\nposition startpos\ngo depth 1\n");
        std::ostringstream out;
        CHECK(oaq::kit::run_protocol(engine, in, out) == 1);
        const auto lines = oaq::test::split_lines(out.str());
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].rfind("info string unsupported rules chess", 0) == 0);
    }
    SECTION("the ring game is refused by an engine of 2 seats like any rules it cannot play") {
        oaq::engines::AlphaBetaEngine two_seats;
        std::istringstream in("setoption name Rules value standard,players=3\nisready\n");
        std::ostringstream out;
        CHECK(oaq::kit::run_protocol(two_seats, in, out) == 1);
        const auto lines = oaq::test::split_lines(out.str());
        REQUIRE(lines.size() == 1);
        CHECK(lines[0] ==
              "info string unsupported rules standard,players=3: this engine plays 2 players only");
    }
    SECTION("the Rules option name is case-insensitive and takes the expanded form") {
        const auto lines =
            run_script(engine,
                       "setoption name RULES value quan_value=10,quan_setup=stones10,direction=cw,"
                       "empty_quan_gap=yes,after_capture=stop,chain=yes,quan_non=0,end=first_"
                       "mandarin_capture\n"
                       "position startpos moves 3L 2L\ngo movetime 20\n");
        CHECK(is_legal_after("village", "", {"3L", "2L"}, last_bestmove(lines)));
    }
}

TEST_CASE("every sample engine answers a scripted session with a legal move",
          "[kit][loop][engines]") {
    const std::string name = GENERATE("random", "greedy", "alphabeta", "mcts");
    auto engine = make_engine(name);
    INFO(name);
    SECTION("standard rules, depth and nodes limits") {
        const auto lines = run_script(
            *engine, "ugi\nisready\nuginewgame\nposition startpos moves 1R 5L\ngo depth 3\n");
        CHECK(contains_line(lines, "readyok"));
        CHECK(is_legal_after("standard", "", {"1R", "5L"}, last_bestmove(lines)));
        const auto more = run_script(*engine, "position startpos moves 2L\ngo nodes 2000\n");
        CHECK(is_legal_after("standard", "", {"2L"}, last_bestmove(more)));
    }
    SECTION("village rules set through the Rules option") {
        const auto lines = run_script(*engine,
                                      "ugi\nsetoption name Rules value village\nisready\n"
                                      "position startpos moves 3L 2L\ngo depth 4\n");
        const auto best = last_bestmove(lines);
        CHECK(is_legal_after("village", "", {"3L", "2L"}, best));
        CHECK(best.back() == 'L');  // clockwise only
    }
    SECTION("a position string under a rules override") {
        const auto lines =
            run_script(*engine,
                       "setoption name Rules value standard,quan_non=5,after_capture=stop\n"
                       "position fen Q2,0,3,0,1,5,Q9,2,0,4,0,1 N 10+0 12+0 0 0 moves 3L\n"
                       "go movetime 50\n");
        CHECK(is_legal_after("standard,quan_non=5,after_capture=stop",
                             "Q2,0,3,0,1,5,Q9,2,0,4,0,1 N 10+0 12+0 0 0", {"3L"},
                             last_bestmove(lines)));
    }
    SECTION("stop during go infinite returns a legal bestmove") {
        const auto lines = run_script(*engine, "position startpos\ngo infinite\nstop\n");
        CHECK(is_legal_after("standard", "", {}, last_bestmove(lines)));
    }
}

TEST_CASE("isready is answered during a search and stop is prompt", "[kit][loop][live]") {
    const std::string name = GENERATE("alphabeta", "mcts");
    INFO(name);
    auto engine = make_engine(name);
    oaq::test::LiveSession session(*engine);
    session.send("position startpos");
    session.send("go infinite");
    REQUIRE(session.wait_for("info depth"));
    session.send("isready");
    REQUIRE(session.wait_for("readyok", 2s));
    CHECK_FALSE(session.wait_for("bestmove", 0ms));  // infinite: no bestmove before stop

    session.send("stop");
    const auto best = session.wait_for("bestmove", 5s);
    REQUIRE(best);
    CHECK(is_legal_after("standard", "", {}, session.lines()[*best].substr(9)));

    // The session goes on after the stopped search.
    session.send("position startpos moves 1L");
    session.send("go depth 2");
    REQUIRE(session.wait_for("bestmove", 5s, *best + 1));
}

TEST_CASE("resolve_position applies the moves and keeps the history", "[kit][loop]") {
    const auto rules = *oaq::rules::parse_rules("standard");
    oaq::protocol::PositionCommand command;
    command.moves = {"1R", "3L", "4R", "4R"};
    const auto game = oaq::kit::resolve_position(command, rules);
    REQUIRE(game);
    CHECK(game->history.size() == 4);
    CHECK(game->history.front() == oaq::rules::start_position(rules));
    CHECK(oaq::rules::to_string(game->position) == "Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0");

    command.moves = {"1R", "6L"};
    const auto bad = oaq::kit::resolve_position(command, rules);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message.find("move 2") != std::string::npos);
}

namespace {

// Records what the kit delivers to search(): the ply limit, the plies played so far, the limits.
class RequestProbe : public oaq::kit::Engine {
  public:
    std::string name() const override { return "probe"; }
    oaq::rules::Move search(const oaq::kit::SearchRequest& request,
                            oaq::kit::SearchControl&) override {
        ply_limit = request.ply_limit;
        ply = request.ply();
        plies_left = request.plies_left();
        soft_time = request.limits.soft_time;
        return oaq::rules::legal_moves(request.position, request.rules)[0];
    }
    int ply_limit = -1;
    int ply = -1;
    std::optional<int> plies_left;
    std::optional<oaq::kit::Milliseconds> soft_time;
};

}  // namespace

TEST_CASE("the kit declares PlyLimit and delivers it with the plies played to search",
          "[kit][loop]") {
    RequestProbe engine;
    SECTION("declared with the referee's default, and delivered") {
        const auto lines = run_script(engine, "ugi\nposition startpos moves 1R 5L\ngo depth 1\n");
        CHECK(contains_line(lines, "option name PlyLimit type spin default 300 min 0 max"));
        CHECK(engine.ply_limit == 300);
        CHECK(engine.ply == 2);
        CHECK(engine.plies_left == 298);
    }
    SECTION("set by setoption; plies count from the position of the position command") {
        run_script(engine,
                   "setoption name plylimit value 40\n"
                   "position fen Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0 moves 1R\ngo depth 1\n");
        CHECK(engine.ply_limit == 40);
        CHECK(engine.ply == 1);
        CHECK(engine.plies_left == 39);
    }
    SECTION("0 means no limit") {
        run_script(engine, "setoption name PlyLimit value 0\nposition startpos\ngo depth 1\n");
        CHECK(engine.ply_limit == 0);
        CHECK_FALSE(engine.plies_left);
    }
    SECTION("the clock is spread over the engine's own moves left before the limit") {
        const std::string game =
            "position fen Q9,4,0,2,0,0,5,3,1,3,0,4 S 9+1 10+0 0 0 moves 1R\n"
            "go p1time 10000 p2time 10000\n";
        run_script(engine, "setoption name PlyLimit value 40\n" + game);
        CHECK(engine.soft_time == std::chrono::milliseconds(10000 / 20));  // 20 of 39 plies left
        run_script(engine, "setoption name PlyLimit value 0\n" + game);
        CHECK(engine.soft_time == std::chrono::milliseconds(10000 / 25));
    }
}
