// `oaq play`: a person plays an engine in the terminal. The person is one more Engine (it reads
// moves from stdin and re-prompts on a bad one), so the game runs through the same play_game as
// every tournament game: same validation, same adjudication, same record. Leaving (quit, or the
// end of the input) aborts the game, which has no winner; a signal (Ctrl-C) ends the engine with
// the command (interrupts.hpp).
#include <fmt/format.h>
#include <atomic>
#include <iostream>

#include "app/board_view.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/engine_specs.hpp"
#include "app/interrupts.hpp"
#include "app/numbers.hpp"
#include "common/error.hpp"
#include "engine/engine_session.hpp"
#include "game/game_runner.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace oaq::app {

namespace {

class TerminalPlayer final : public game::Player {
  public:
    // `leave` is the game's abort flag: set when the person leaves.
    TerminalPlayer(rules::Rules rules, std::istream& in, std::ostream& out,
                   std::atomic<bool>& leave)
        : rules_(rules), in_(in), out_(out), leave_(leave) {}

    const std::string& name() const override { return name_; }
    Expected<Ok, game::PlayerFailure> prepare(const rules::Rules&, int) override { return Ok{}; }
    Expected<Ok, game::PlayerFailure> new_game() override { return Ok{}; }
    void shutdown() override {}
    game::PlayerIdentity identity() const override { return {name_, "", {}}; }

    Expected<game::SearchResult, game::PlayerFailure> search(const protocol::PositionCommand& cmd,
                                                             const protocol::Go&,
                                                             std::optional<game::Nanoseconds>,
                                                             const game::InfoCallback&) override {
        auto pos = cmd.fen ? rules::parse_position(*cmd.fen, rules_).value()
                           : rules::start_position(rules_);
        for (const auto& m : cmd.moves)
            pos = rules::play(pos, rules::parse_move(m).value(), rules_);
        const auto start = std::chrono::steady_clock::now();
        std::string legal;
        for (auto m : rules::legal_moves(pos, rules_)) legal += " " + rules::to_string(m);
        while (true) {
            out_ << "your move (" << legal.substr(1) << ", or quit): " << std::flush;
            std::string line;
            if (!std::getline(in_, line) || line == "quit" || line == "resign") {
                // Not a move and not a loss: the game stops unfinished (an abort has no winner).
                leave_ = true;
                return game::PlayerFailure{game::Termination::Aborted, "the player left", {}};
            }
            while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
            auto move = rules::parse_move(line);
            if (!move) {
                out_ << move.error().message << "\n";
                continue;
            }
            if (auto why = rules::why_illegal(pos, *move, rules_); !why.empty()) {
                out_ << "illegal: " << why << "\n";
                continue;
            }
            game::SearchResult r;
            r.move = line;
            r.elapsed = std::chrono::steady_clock::now() - start;
            return r;
        }
    }

  private:
    std::string name_ = "you";
    rules::Rules rules_;
    std::istream& in_;
    std::ostream& out_;
    std::atomic<bool>& leave_;
};

// Prints the board after each move and the engine's thinking.
game::GameObserver terminal_observer(const rules::Rules& rules) {
    game::GameObserver observer;
    observer.on_start = [rules](const rules::Position& pos) {
        std::cout << draw_board(pos, rules) << "\n";
    };
    observer.on_move = [rules](const game::MoveRecord& m, const rules::Position& pos) {
        std::cout << fmt::format("\n{} played {} ({:.2f} s)\n",
                                 pos.side == rules::Side::South ? "North" : "South", m.move,
                                 static_cast<double>(m.time_used.count()) / 1e6)
                  << draw_board(pos, rules) << "\n";
    };
    observer.on_info = [](const protocol::Info& info) {
        std::string pv;
        for (const auto& m : info.pv) pv += " " + m;
        std::cout << fmt::format(
            "  engine: depth {} score {} nodes {} pv{}\n", info.depth.value_or(0),
            info.score ? (info.score->kind == protocol::Score::Kind::Mate ? "mate " : "cp ") +
                             std::to_string(info.score->value)
                       : std::string("-"),
            info.nodes.value_or(0), pv);
    };
    return observer;
}

}  // namespace

int run_play(int argc, char** argv) {
    auto split = split_engine_arguments(argc, argv);
    CommandLine cli(
        "oaq play --engine cmd=PATH [key=value...] [--as south|north] [--tc TC] [--rules R]",
        "Play an engine yourself in the terminal: the board is drawn after each move and "
        "the engine's thinking is shown. Type a move such as 3R, or quit.");
    cli.options.add_options()("engine", "the engine: cmd=PATH [name=N args=... option.N=V]")(
        "as", po::value<std::string>()->default_value("south"),
        "your side: south (moves first) or north")(
        "tc", po::value<std::string>()->default_value("movetime=1000"),
        "the engine's time control")("rules", po::value<std::string>()->default_value("standard"),
                                     "rules string")(
        "max-plies",
        po::value<std::string>()->default_value(std::to_string(rules::kDefaultPlyLimit)),
        "ply limit (0: none)");
    std::vector<char*> rest;
    for (auto& a : split.rest) rest.push_back(a.data());
    auto vm = parse(cli, static_cast<int>(rest.size()), rest.data());
    if (!vm) return 0;
    auto specs = parse_engine_specs(split);
    if (specs.size() != 1) throw OaqError("play: exactly one --engine is needed");
    auto rules = rules::parse_rules((*vm)["rules"].as<std::string>());
    if (!rules) throw OaqError("--rules: " + rules.error().message);
    auto tc = game::parse_time_control((*vm)["tc"].as<std::string>());
    if (!tc) throw OaqError("--tc: " + tc.error().message);
    const auto side = (*vm)["as"].as<std::string>();
    if (side != "south" && side != "north")
        throw OaqError("--as must be south or north, got \"" + side + "\"");
    const int max_plies =
        int_number((*vm)["max-plies"].as<std::string>(), "--max-plies", {0, 1000000});

    const EndOnSignal end_on_signal;
    engine::EngineSession engine(to_engine_config(specs[0]));
    std::atomic<bool> abort{false};
    TerminalPlayer person(*rules, std::cin, std::cout, abort);
    game::GameSettings settings;
    settings.rules = *rules;
    settings.max_plies = max_plies;
    // A person is never flagged: a day on the clock.
    auto relaxed = game::parse_time_control("86400").value();
    settings.south_tc = side == "south" ? relaxed : *tc;
    settings.north_tc = side == "south" ? *tc : relaxed;

    const auto observer = terminal_observer(*rules);
    auto record = side == "south" ? game::play_game(person, engine, settings, abort, observer)
                                  : game::play_game(engine, person, settings, abort, observer);
    engine.shutdown();
    if (record.termination == game::Termination::Aborted) {
        std::cout << fmt::format("\nGame aborted after {} plies: you left the game (no result)\n",
                                 record.plies());
        return 0;
    }
    std::cout << fmt::format("\nGame over: {} ({}{}), score {}-{}\n",
                             rules::to_string(record.result), game::to_string(record.termination),
                             record.detail.empty() ? "" : ": " + record.detail, record.score_south,
                             record.score_north);
    return 0;
}

}  // namespace oaq::app
