// `oaq play`: a person plays an engine in the terminal. The person is one more Player (it reads
// moves from stdin, case-insensitive, and re-prompts on a bad one), so the game runs through the
// same play_game as every tournament game: same validation, same adjudication, same record, and
// with --db the same store. The board is drawn from the person's side (turned when they play
// North), with a legend (also on `help`), what each move did, and the engine's score in words.
// `quit` resigns (a loss, Termination::Resignation); the end of the input aborts the game, which
// has no winner; a signal (Ctrl-C) ends the engine with the command (interrupts.hpp).
#include <fmt/format.h>
#include <atomic>
#include <cctype>
#include <iostream>
#include <memory>
#include <optional>

#include "app/board_view.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/engine_specs.hpp"
#include "app/interrupts.hpp"
#include "app/numbers.hpp"
#include "app/play_store.hpp"
#include "app/play_view.hpp"
#include "app/two_players.hpp"
#include "common/error.hpp"
#include "engine/engine_session.hpp"
#include "game/game_runner.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"
#include "store/store.hpp"

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
        while (true) {
            out_ << "your move (" << legal_moves_text(pos) << "; help, quit): " << std::flush;
            std::string line;
            if (!std::getline(in_, line)) {
                // Not a move and not a loss: the game stops unfinished (an abort has no winner).
                out_ << "\n";
                leave_ = true;
                return game::PlayerFailure{game::Termination::Aborted, "the input ended", {}};
            }
            line = normalized(line);
            if (line == "QUIT" || line == "RESIGN")
                return game::PlayerFailure{game::Termination::Resignation, "resigned", {}};
            if (line == "HELP") {
                out_ << play_legend(pos.side, rules_) << "your moves: " << legal_moves_text(pos)
                     << "\n";
                continue;
            }
            if (auto move = checked_move(pos, line)) {
                game::SearchResult r;
                r.move = rules::to_string(*move);
                r.elapsed = std::chrono::steady_clock::now() - start;
                return r;
            }
        }
    }

  private:
    std::string legal_moves_text(const rules::Position& pos) const {
        std::string legal;
        for (auto m : rules::legal_moves(pos, rules_)) legal += " " + rules::to_string(m);
        return legal.empty() ? legal : legal.substr(1);
    }

    // Upper case, without surrounding blanks: moves are case-insensitive (3l is 3L).
    static std::string normalized(std::string line) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        line.erase(0, line.find_first_not_of(' '));
        for (char& c : line) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return line;
    }

    // The move, or nothing after saying why it cannot be played.
    std::optional<rules::Move> checked_move(const rules::Position& pos, const std::string& line) {
        auto move = rules::parse_move(line);
        if (!move) {
            out_ << "\"" << line << "\" is not a move: a move is a square 1-5 and L or R (3L), "
                 << "or help, or quit\n";
            return std::nullopt;
        }
        if (auto why = rules::why_illegal(pos, *move, rules_); !why.empty()) {
            out_ << "illegal: " << why << "\n";
            return std::nullopt;
        }
        return *move;
    }

    std::string name_ = "you";
    rules::Rules rules_;
    std::istream& in_;
    std::ostream& out_;
    std::atomic<bool>& leave_;
};

// Prints the board after each move from the person's side, what the move did, and the engine's
// thinking with its score in words.
game::GameObserver terminal_observer(const rules::Rules& rules, rules::Side you) {
    game::GameObserver observer;
    auto last = std::make_shared<rules::Position>();
    observer.on_start = [rules, you, last](const rules::Position& pos) {
        *last = pos;
        std::cout << play_legend(you, rules) << "\n" << draw_board(pos, rules, you) << "\n";
    };
    observer.on_move = [rules, you, last](const game::MoveRecord& m, const rules::Position& pos) {
        const bool mine = last->side == you;
        const auto move = rules::parse_move(m.move).value();
        std::cout << fmt::format("\n{} played {} ({:.2f} s)\n", mine ? "You" : "The engine", m.move,
                                 static_cast<double>(m.time_used.count()) / 1e6)
                  << "  " << explain_move(*last, move, pos, rules, mine ? "You" : "The engine")
                  << "\n";
        if (!mine && m.score) std::cout << "  " << explain_score(*m.score, rules) << "\n";
        std::cout << draw_board(pos, rules, you) << "\n";
        *last = pos;
    };
    observer.on_info = [rules](const protocol::Info& info) {
        if (!info.depth && !info.score) return;
        std::string pv;
        for (const auto& m : info.pv) pv += " " + m;
        std::cout << fmt::format(
            "  engine: depth {} {} (nodes {}, line{})\n", info.depth.value_or(0),
            info.score ? explain_score(*info.score, rules) : std::string("no score"),
            info.nodes.value_or(0), pv);
    };
    return observer;
}

struct PlayConfig {
    EngineSpec engine;
    rules::Rules rules;
    game::TimeControl tc;
    rules::Side you = rules::Side::South;
    int max_plies = rules::kDefaultPlyLimit;
    std::string db;  // "" : the game is not stored
};

std::optional<PlayConfig> read_play_config(int argc, char** argv) {
    auto split = split_engine_arguments(argc, argv);
    CommandLine cli(
        "oaq play --engine cmd=PATH [key=value...] [--as south|north] [--tc TC] [--rules R] "
        "[--db FILE]",
        "Play an engine yourself in the terminal: a legend explains the board, which is drawn "
        "from your side after each move with what the move did and the engine's opinion in "
        "words. Type a move such as 3R (or 3r), help, or quit (resigns: a loss). The end of the "
        "input aborts the game (no result).");
    cli.options.add_options()("engine", "the engine: cmd=PATH [name=N args=... option.N=V]")(
        "as", po::value<std::string>()->default_value("south"),
        "your side: south (moves first) or north")(
        "tc", po::value<std::string>()->default_value("movetime=1000"),
        "the engine's time control")("rules", po::value<std::string>()->default_value("standard"),
                                     "rules string")(
        "max-plies",
        po::value<std::string>()->default_value(std::to_string(rules::kDefaultPlyLimit)),
        "ply limit (0: none)")(
        "db", po::value<std::string>(),
        "store the finished game in this SQLite file, as a match of its own");
    std::vector<char*> rest;
    for (auto& a : split.rest) rest.push_back(a.data());
    auto vm = parse(cli, static_cast<int>(rest.size()), rest.data());
    if (!vm) return std::nullopt;
    auto specs = parse_engine_specs(split);
    if (specs.size() != 1) throw OaqError("play: exactly one --engine is needed");
    PlayConfig c{specs[0], {}, {}, rules::Side::South, 0, ""};
    auto rules = rules::parse_rules((*vm)["rules"].as<std::string>());
    if (!rules) throw OaqError("--rules: " + rules.error().message);
    require_two_players(*rules, "--rules");
    c.rules = *rules;
    auto tc = game::parse_time_control((*vm)["tc"].as<std::string>());
    if (!tc) throw OaqError("--tc: " + tc.error().message);
    c.tc = *tc;
    const auto side = (*vm)["as"].as<std::string>();
    if (side != "south" && side != "north")
        throw OaqError("--as must be south or north, got \"" + side + "\"");
    c.you = side == "south" ? rules::Side::South : rules::Side::North;
    c.max_plies = int_number((*vm)["max-plies"].as<std::string>(), "--max-plies", {0, 1000000});
    if (vm->count("db")) c.db = (*vm)["db"].as<std::string>();
    return c;
}

void print_ending(const game::GameRecord& record, rules::Side you) {
    if (record.termination == game::Termination::Aborted) {
        std::cout << fmt::format("\nGame aborted after {} plies: you left the game (no result)\n",
                                 record.plies());
        return;
    }
    const bool won = record.result == (you == rules::Side::South ? rules::Result::SouthWin
                                                                 : rules::Result::NorthWin);
    const std::string verdict = record.result == rules::Result::Draw ? "a draw"
                                : won                                ? "you win"
                                                                     : "the engine wins";
    const std::string why = record.termination == game::Termination::Resignation
                                ? "you resigned"
                                : std::string(game::to_string(record.termination)) +
                                      (record.detail.empty() ? "" : ": " + record.detail);
    std::cout << fmt::format("\nGame over: {} ({}), score South {} - North {}\n", verdict, why,
                             record.score_south, record.score_north);
}

}  // namespace

int run_play(int argc, char** argv) {
    const auto c = read_play_config(argc, argv);
    if (!c) return 0;
    if (!c->db.empty()) store::Store::open(c->db);  // a bad file is refused before the game
    const EndOnSignal end_on_signal;
    engine::EngineSession engine(to_engine_config(c->engine));
    std::atomic<bool> abort{false};
    TerminalPlayer person(c->rules, std::cin, std::cout, abort);
    game::GameSettings settings;
    settings.rules = c->rules;
    settings.max_plies = c->max_plies;
    // A person is never flagged: a day on the clock.
    const auto relaxed = game::parse_time_control("86400").value();
    const bool south = c->you == rules::Side::South;
    settings.south_tc = south ? relaxed : c->tc;
    settings.north_tc = south ? c->tc : relaxed;

    const auto observer = terminal_observer(c->rules, c->you);
    auto record = south ? game::play_game(person, engine, settings, abort, observer)
                        : game::play_game(engine, person, settings, abort, observer);
    engine.shutdown();
    print_ending(record, c->you);
    if (!c->db.empty() && record.termination != game::Termination::Aborted) {
        const auto name =
            save_played_game(c->db, record, {c->engine.name, c->engine.command, c->engine.args});
        std::cout << fmt::format("saved as {}#1 in {}\n", name, c->db);
    }
    return 0;
}

}  // namespace oaq::app
