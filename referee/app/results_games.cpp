// `oaq results games`, `oaq results game` and `oaq results export`: the stored games one by one
// (views/game_views.hpp builds what they print; `game --replay` draws the board here).
// A game is named by its tournament and its number in that tournament's schedule (NAME#N, or
// --tournament NAME N, counted from 1); the database id is accepted only as --id (docs/
// vocabulary.md). Lists page with --limit/--offset and say how many games match and what is left.
#include <fmt/format.h>
#include <unistd.h>
#include <fstream>
#include <iostream>
#include <limits>

#include "app/results_common.hpp"
#include "common/error.hpp"
#include "rules/game.hpp"
#include "tournament/numbers.hpp"
#include "views/export_games.hpp"
#include "views/game_views.hpp"
#include "views/replay_view.hpp"
#include "views/session_lines.hpp"

namespace oaq::app {

using tournament::whole_number;
using tournament::WholeRange;

namespace {

// Counts, offsets and ids on the command line (numbers.hpp).
constexpr WholeRange kCount{0, std::numeric_limits<std::int64_t>::max()};

using store::RowId;

}  // namespace

int results_games_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results games [--db FILE] [filters] [--result R] [--termination T] [--min-plies N] "
        "[--max-plies N] [--opening MOVES] [--seat S] [--rank R] [--limit N] [--offset N] "
        "[--json|--csv]",
        "Lists games (no moves) in the order they were stored: game (NAME#N), round, South, "
        "North, result, score, termination, plies, end time; then how many match and how to see "
        "the rest.");
    add_list_options(cli);
    add_game_filter_options(cli);
    cli.options.add_options()("limit", po::value<std::string>()->default_value("100"),
                              "at most N games (0: all)")(
        "offset", po::value<std::string>()->default_value("0"), "skip the first N matching games");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    // The numbers first: a bad one is refused before the file is opened.
    const auto limit =
        static_cast<std::size_t>(whole_number((*vm)["limit"].as<std::string>(), "--limit", kCount));
    const auto offset = static_cast<std::size_t>(
        whole_number((*vm)["offset"].as<std::string>(), "--offset", kCount));
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    auto filter = views::game_filter(sel);
    apply_game_filter_options(*vm, filter);
    filter.limit = limit;
    filter.offset = offset;
    const auto format = output_format(*vm);
    const auto infos = views::tournament_infos(db);
    const auto rows = db.games(filter);
    std::cout << views::games_list(rows, infos, format);
    const auto note = views::page_note(filter.offset, rows.size(), db.count_games(filter));
    if (format == OutputFormat::Table) {
        std::cout << note.text << "\n";
    } else if (note.more) {
        std::cerr << note.text << "\n";  // scripts read stdout; the rest is a note for people
    }
    return 0;
}

namespace {

// ---- game NAME#N ----------------------------------------------------------------------------

// The database id of the game the command line names: NAME#N, --tournament NAME N or --game N,
// N alone when the file holds one tournament, or --id ID.
RowId addressed_game(store::Store& db, const po::variables_map& vm) {
    if (vm.count("id")) return whole_number(vm["id"].as<std::string>(), "--id", kCount);
    std::optional<std::string> tournament;
    if (vm.count("tournament")) tournament = vm["tournament"].as<std::string>();
    return views::find_game(db, vm["game"].as<std::string>(), tournament);
}

void replay(const store::StoredGame& game, const std::string& name, bool step) {
    const auto replayed = views::replay_frames(game);
    if (replayed.frames.empty()) throw OaqError(name + ": " + replayed.error);
    std::cout << replayed.frames.front();
    const bool wait = step && ::isatty(STDIN_FILENO);
    for (std::size_t i = 1; i <= game.record.moves.size(); ++i) {
        if (wait) {
            std::cout << "-- Enter for the next ply --" << std::flush;
            std::string ignored;
            if (!std::getline(std::cin, ignored)) break;
        }
        if (i == replayed.frames.size()) throw OaqError(name + ": " + replayed.error);
        std::cout << replayed.frames[i];
    }
    std::cout << replayed.end;
}

}  // namespace

int results_game_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results game [--db FILE] [--json] [--replay [--step]] NAME#N | --tournament NAME N "
        "| --id ID",
        "One game with every move: ply, side, move, time used, time left, depth, eval, "
        "nodes, pv, then the result, termination and detail. A game is NAME#N: game N (from 1) of "
        "tournament NAME. --replay draws the board after each ply (--step waits for Enter "
        "between plies on a terminal).");
    add_db_option(cli);
    add_format_options(cli, false);
    cli.options.add_options()("tournament", po::value<std::string>(),
                              "the game's tournament (with N)")(
        "id", po::value<std::string>(), "the game's database id instead of its number")(
        "replay", "draw the board after each ply")("step", "with --replay: wait for Enter");
    cli.hidden.add_options()("game", po::value<std::string>(), "game");
    cli.positional.add("game", 1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    // What the command line names is checked before the file is opened.
    if (vm->count("id")) whole_number((*vm)["id"].as<std::string>(), "--id", kCount);
    if (!vm->count("id") && (!vm->count("game") || (*vm)["game"].as<std::string>().empty())) {
        throw OaqError("game: name a game as NAME#N (or --tournament NAME N, --id ID)");
    }
    auto db = open_results(*vm);
    const auto game = views::load_game(db, addressed_game(db, *vm));
    const auto infos = views::tournament_infos(db);
    const auto number = views::game_number(infos.at(game.row.tournament_id).name, game.row.slot);
    const auto session = db.session_of_game(game.row.id);
    if (vm->count("json")) {
        auto line = views::game_json(number, game.row.id, game.record, game.row.plies, true);
        std::cout << (session ? views::with_session(std::move(line), *session) : line) << "\n";
        return 0;
    }
    if (vm->count("replay")) {
        replay(game, views::game_reference(number), vm->count("step") > 0);
        return 0;
    }
    std::cout << views::game_text(game, number);
    if (session) std::cout << views::session_link_text(*session) << "\n";
    return 0;
}

// ---- export ---------------------------------------------------------------------------------

namespace {

std::string export_format(const po::variables_map& vm) {
    std::vector<std::string> given;
    for (const char* f : {"pgn", "json", "csv", "moves-csv"}) {
        if (vm.count(f)) given.emplace_back(f);
    }
    if (vm.count("format")) {
        const auto format = vm["format"].as<std::string>();
        if (format != "pgn" && format != "json" && format != "csv")
            throw OaqError("--format: \"" + format +
                           "\" is not pgn, json or csv (use --pgn, "
                           "--json or --csv)");
        if (given.empty() || given.front() != format) given.push_back(format);
    }
    if (given.size() > 1)
        throw OaqError("export: --pgn, --json, --csv and --moves-csv exclude each other");
    return given.empty() ? "pgn" : given.front();
}

// Writes every game of `filter` in `format` (with the header lines) and returns how many. PGN
// leaves out games of 3 or 4 seats (no PGN form) and says how many on stderr.
std::int64_t write_export(store::Store& db, const store::GameFilter& filter,
                          const std::string& format, std::ostream& out) {
    const auto [count, left_out] = views::write_export(db, filter, format, out);
    if (left_out > 0) {
        std::cerr << fmt::format(
            "export: left out {} game{} of 3 or 4 seats: PGN has no form for them (use --json "
            "or --csv)\n",
            left_out, left_out == 1 ? "" : "s");
    }
    return count;
}

}  // namespace

int results_export_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results export [--db FILE] [filters] [game filters] [--pgn|--json|--csv] [--out "
        "FILE]",
        "Writes the selected games for other tools: PGN (Ordo and BayesElo read White = South, "
        "Black = North and Result; docs/pgn.md; games of 3 or 4 seats are left out and counted "
        "on stderr), one JSON game object with its moves per line (docs/json.md), one CSV row "
        "per game, or one CSV row per move (--moves-csv).");
    add_db_option(cli);
    add_filter_options(cli);
    add_game_filter_options(cli);
    cli.options.add_options()("pgn", "write PGN (the default)")(
        "json", "write a JSON game object with its moves per line")(
        "csv", "write CSV with a header line, one row per game")(
        "moves-csv", "write CSV with a header line, one row per move")(
        "out", po::value<std::string>(), "write to FILE instead of standard output");
    // oaq 0.1's --format pgn|json|csv, still read; --format now only means a tournament's format
    // (round_robin or gauntlet), and output formats are --json/--csv flags as on every command.
    cli.hidden.add_options()("format", po::value<std::string>(), "");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto format = export_format(*vm);
    auto db = open_results(*vm);
    auto filter = views::game_filter(select_games(db, *vm, false));
    apply_game_filter_options(*vm, filter);
    std::ofstream file;
    std::ostream* out = &std::cout;
    if (vm->count("out")) {
        const auto path = (*vm)["out"].as<std::string>();
        file.open(path, std::ios::binary);
        if (!file) throw OaqError("--out: cannot write " + path);
        out = &file;
    }
    const auto count = write_export(db, filter, format, *out);
    if (vm->count("out"))
        std::cerr << fmt::format("exported {} games to {}\n", count,
                                 (*vm)["out"].as<std::string>());
    return 0;
}

}  // namespace oaq::app
