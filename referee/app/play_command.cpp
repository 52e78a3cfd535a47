// `oaq play`: a person plays an engine in the terminal. The person is one more Player (it reads
// moves from stdin, case-insensitive, and re-prompts on a bad one), so the game runs through the
// same play_game as every tournament game: same validation, same adjudication, same record, and
// with --db the same store. The board is drawn from the person's side (turned when they play
// North), with a legend (also on `help`), what each move did, and the engine's score in words.
// `quit` resigns (a loss, Termination::Resignation). The end of the input and a signal (Ctrl-C)
// abort the game: it has no result, is never stored and never a loss (interrupts.hpp: the engine
// is ended at once, even while the person is thinking); the command says so and exits non-zero (1
// when the input ended, 128+N after signal N), printing the moves played so nothing is lost. So
// does a finished game the database cannot take (a full disk): the moves, then the error (exit 2).
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <iostream>
#include <memory>
#include <optional>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "app/play_store.hpp"
#include "app/terminal_input.hpp"
#include "common/error.hpp"
#include "engine/engine_session.hpp"
#include "game/game_runner.hpp"
#include "game/table_runner.hpp"
#include "rules/ring_game.hpp"
#include "store/store.hpp"
#include "tournament/engine_specs.hpp"
#include "tournament/numbers.hpp"
#include "views/human_player.hpp"
#include "views/play_ends.hpp"
#include "views/play_observers.hpp"

namespace oaq::app {

using tournament::int_number;
using tournament::parse_engine_specs;
using tournament::split_engine_arguments;

namespace {

// The person at the terminal: TerminalInput's lines, and the end of the input stops the game.
views::HumanPlayer terminal_player(const rules::Rules& rules, TerminalInput& input,
                                   StopRequest& stop) {
    auto lines = [&input](std::string& line) {
        switch (input.next(line)) {
            case TerminalInput::Got::Line:
                return views::Got::Line;
            case TerminalInput::Got::End:
                return views::Got::End;
            default:
                return views::Got::Interrupted;
        }
    };
    return views::HumanPlayer(rules, lines, std::cout, [&stop] { stop.request(); });
}

struct PlayConfig {
    tournament::EngineDefinition engine;
    // A table of N >= 3 seats: the N - 1 engines in turn order after the person, and the
    // person's seat (from 0; --as 1..N).
    std::vector<tournament::EngineDefinition> engines;
    int seat = 0;
    rules::Rules rules;
    game::TimeControl tc;
    rules::Side you = rules::Side::South;
    int max_plies = rules::kDefaultPlyLimit;
    std::string db;  // "" : the game is not stored
};

// A table of N seats: N - 1 engines, --as the person's seat 1..N, the ply limit of N seats.
PlayConfig read_table_config(const po::variables_map& vm,
                             const std::vector<tournament::EngineDefinition>& specs,
                             const rules::Rules& rules) {
    const int n = rules.players;
    if (static_cast<int>(specs.size()) != n - 1)
        throw OaqError(
            "play: --rules players=" + std::to_string(n) + ": exactly " + std::to_string(n - 1) +
            " --engine are needed (you take the other seat), got " + std::to_string(specs.size()));
    PlayConfig c{specs[0], specs, 0, rules, {}, rules::Side::South, 0, ""};
    auto tc = game::parse_time_control(vm["tc"].as<std::string>());
    if (!tc) throw OaqError("--tc: " + tc.error().message);
    c.tc = *tc;
    const auto as = vm["as"].as<std::string>();
    if (!vm["as"].defaulted()) {
        const bool digit = as.size() == 1 && as[0] >= '1' && as[0] - '0' <= n;
        if (!digit)
            throw OaqError("--as: \"" + as + "\" is not a seat of the table: give 1 to " +
                           std::to_string(n));
        c.seat = as[0] - '1';
    }
    c.max_plies = vm["max-plies"].defaulted()
                      ? rules::default_ply_limit(rules)
                      : int_number(vm["max-plies"].as<std::string>(), "--max-plies", {0, 1000000});
    if (vm.count("db"))
        throw OaqError("--db: a game at a table of " + std::to_string(n) +
                       " seats played by a person is not stored yet; oaq match --db stores tables");
    return c;
}

std::optional<PlayConfig> read_play_config(int argc, char** argv) {
    auto split = split_engine_arguments(argc, argv);
    CommandLine cli(
        "oaq play --engine cmd=PATH [key=value...] [--as south|north] [--tc TC] [--rules R] "
        "[--db FILE]\n  oaq play --rules standard,players=3 --engine cmd=A --engine cmd=B [--as "
        "1|2|3]",
        "Play an engine yourself in the terminal: a legend explains the board, which is drawn "
        "from your side after each move with what the move did and the engine's opinion in "
        "words. Type a move such as 3R (or 3r), help, or quit (resigns: a loss). The end of the "
        "input (Ctrl-D) or Ctrl-C aborts the game: no result, never stored, never a loss; the "
        "moves played are printed. Exits 0 when the game finished (and, with --db, was stored), "
        "1 when the input ended first, 2 on bad input or when the game could not be stored (its "
        "moves are printed), 128+N when signal N stopped it (Ctrl-C: 130).");
    cli.options.add_options()("engine", "the engine: cmd=PATH [name=N args=... option.N=V]")(
        "as", po::value<std::string>()->default_value("south"),
        "your side: south (moves first) or north; at a table of N seats your seat 1..N (default "
        "1)")("tc", po::value<std::string>()->default_value("movetime=1000"),
              "the engine's time control")(
        "rules", po::value<std::string>()->default_value("standard"), "rules string")(
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
    auto rules = rules::parse_rules((*vm)["rules"].as<std::string>());
    if (!rules) throw OaqError("--rules: " + rules.error().message);
    if (rules->players > 2) return read_table_config(*vm, specs, *rules);
    if (specs.size() != 1) throw OaqError("play: exactly one --engine is needed");
    PlayConfig c{specs[0], {}, 0, {}, {}, rules::Side::South, 0, ""};
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

// The moves of a game that is not stored, as the command that replays them: nothing is lost.
void print_moves(const game::GameRecord& record, const PlayConfig& c) {
    std::cout << views::replay_command(record, c.rules, c.max_plies);
}

// An aborted game (the input ended, or signal `signal`): said, never stored (an interruption is
// never a loss, and an aborted game has no result), its moves printed. Returns the exit status.
int end_aborted(const game::GameRecord& record, const PlayConfig& c, int signal) {
    std::cout << views::play_aborted(record.plies(), signal);
    if (!c.db.empty())
        std::cout << fmt::format("not stored in {}: an aborted game has no result\n", c.db);
    print_moves(record, c);
    return signal != 0 ? 128 + signal : 1;
}

// A finished game: said, and stored with --db. A game the file cannot take (a full disk) is not
// lost: its moves are printed before the error.
int end_finished(const game::GameRecord& record, const PlayConfig& c, store::Store* db) {
    std::cout << views::game_over(record, c.you);
    if (!db) return 0;
    std::string name;
    try {
        name = save_played_game(*db, record, {c.engine.name, c.engine.command, c.engine.args});
    } catch (const OaqError& e) {
        print_moves(record, c);
        throw OaqError(fmt::format("the game could not be stored in {}: {} (its moves are above)",
                                   c.db, e.what()));
    }
    std::cout << fmt::format("saved as {}#1 in {}\n", name, c.db);
    return 0;
}

// A person at a table of N seats with N - 1 engines (not stored: read_table_config refused --db).
int play_table(const PlayConfig& c) {
    StopRequest stop;
    TerminalInput input(STDIN_FILENO, stop.flag());
    auto person = terminal_player(c.rules, input, stop);
    std::vector<std::unique_ptr<engine::EngineSession>> engines;
    std::vector<game::Player*> seats;
    std::vector<std::string> names;
    std::vector<game::TimeControl> tcs;
    const auto relaxed = game::parse_time_control("86400").value();  // a person is never flagged
    for (int s = 0, e = 0; s < c.rules.players; ++s) {
        if (s == c.seat) {
            seats.push_back(&person);
            tcs.push_back(relaxed);
        } else {
            engines.push_back(std::make_unique<engine::EngineSession>(
                engine::EngineConfig{c.engines[static_cast<std::size_t>(e++)]}));
            seats.push_back(engines.back().get());
            tcs.push_back(c.tc);
        }
        names.push_back(seats.back()->name());
    }
    // An engine that cannot sit at the table is refused before the game, by name.
    for (auto& engine : engines) {
        (void)engine->prepare(c.rules, c.max_plies);
        if (auto why = game::seats_refusal(engine->name(), engine->identity(), c.rules.players))
            throw OaqError(*why);
    }
    game::GameSettings settings;
    settings.rules = c.rules;
    settings.max_plies = c.max_plies;
    const auto record =
        game::play_table(seats, tcs, settings, stop.flag(),
                         views::table_play_observer(c.rules, c.seat, names, std::cout));
    for (auto& engine : engines) engine->shutdown();
    if (record.termination == game::Termination::Aborted)
        return end_aborted(record, c, person.input_ended() ? 0 : stop.signal_number());
    std::cout << views::table_game_over(record, c.seat);
    return 0;
}

}  // namespace

int run_play(int argc, char** argv) {
    const auto c = read_play_config(argc, argv);
    if (!c) return 0;
    if (c->rules.players > 2) return play_table(*c);
    // A bad file is refused before the game; the game is stored through this connection.
    std::optional<store::Store> db;
    if (!c->db.empty()) db.emplace(store::Store::open(c->db));
    StopRequest stop;
    engine::EngineSession engine(engine::EngineConfig{c->engine});
    TerminalInput input(STDIN_FILENO, stop.flag());
    auto person = terminal_player(c->rules, input, stop);
    game::GameSettings settings;
    settings.rules = c->rules;
    settings.max_plies = c->max_plies;
    // A person is never flagged: a day on the clock.
    const auto relaxed = game::parse_time_control("86400").value();
    const bool south = c->you == rules::Side::South;
    settings.south_tc = south ? relaxed : c->tc;
    settings.north_tc = south ? c->tc : relaxed;

    const auto observer = views::play_observer(c->rules, c->you, std::cout);
    const auto& abort = stop.flag();
    auto record = south ? game::play_game(person, engine, settings, abort, observer)
                        : game::play_game(engine, person, settings, abort, observer);
    engine.shutdown();
    if (record.termination == game::Termination::Aborted)
        return end_aborted(record, *c, person.input_ended() ? 0 : stop.signal_number());
    return end_finished(record, *c, db ? &*db : nullptr);
}

}  // namespace oaq::app
