// `oaq results games`, `oaq results game` and `oaq results export`: the stored games one by one.
// A game is named by its tournament and its number in that tournament's schedule (NAME#N, or
// --tournament NAME N, counted from 1); the database id is accepted only as --id (docs/
// vocabulary.md). Lists page with --limit/--offset and say how many games match and what is left.
#include <fmt/format.h>
#include <unistd.h>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>

#include "app/board_view.hpp"
#include "app/export_games.hpp"
#include "app/numbers.hpp"
#include "app/results_common.hpp"
#include "app/results_json.hpp"
#include "app/standings.hpp"
#include "common/error.hpp"
#include "rules/game.hpp"

namespace oaq::app {

namespace {

// Counts, offsets and ids on the command line (numbers.hpp).
constexpr WholeRange kCount{0, std::numeric_limits<std::int64_t>::max()};

using store::RowId;

struct TournamentInfo {
    std::string name;
    std::string rules;
};

std::map<RowId, TournamentInfo> tournament_infos(store::Store& db) {
    std::map<RowId, TournamentInfo> out;
    for (const auto& t : db.list_tournaments()) out[t.id] = {t.name, t.rules};
    return out;
}

// Pages through the selected games in id order without moves; `visit` gets each row.
template <typename Visit>
void for_each_game(store::Store& db, store::GameFilter f, Visit visit) {
    f.limit = 1000;
    f.offset = 0;
    for (;;) {
        const auto page = db.games(f);
        for (const auto& g : page) visit(g);
        if (page.size() < f.limit) return;
        f.after_id = page.back().id;
    }
}

// "showing 1–100 of 2345; --offset 100 for more" (– is an en dash), and whether more games match
// than the page shows.
struct PageNote {
    std::string text;
    bool more = false;
};

PageNote page_note(std::size_t offset, std::size_t shown, std::int64_t total) {
    if (total == 0) return {"no games match"};
    if (shown == 0)
        return {fmt::format("showing none of {} (--offset {} is past the last)", total, offset)};
    const auto last = offset + shown;
    PageNote note{fmt::format("showing {}–{} of {}", offset + 1, last, total)};
    if (static_cast<std::int64_t>(last) < total) {
        note.text += fmt::format("; --offset {} for more", last);
        note.more = true;
    }
    return note;
}

}  // namespace

int results_games_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results games [--db FILE] [filters] [--result R] [--termination T] [--min-plies N] "
        "[--max-plies N] [--opening MOVES] [--limit N] [--offset N] [--json|--csv]",
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
    auto filter = game_filter(sel);
    apply_game_filter_options(*vm, filter);
    filter.limit = limit;
    filter.offset = offset;
    const auto format = output_format(*vm);
    const auto infos = tournament_infos(db);
    const auto rows = db.games(filter);
    Table table{
        {"game", "round", "south", "north", "result", "score", "termination", "plies", "ended_at"},
        {}};
    if (format == OutputFormat::Csv) std::cout << game_csv_header() << "\n";
    for (const auto& g : rows) {
        const auto& info = infos.at(g.tournament_id);
        const auto number = game_number(info.name, g.slot);
        const auto record = record_of(g, info.rules);
        if (format == OutputFormat::Json) {
            std::cout << game_json(number, g.id, record, g.plies, false) << "\n";
        } else if (format == OutputFormat::Csv) {
            std::cout << game_csv_row(number, g.id, record, g.plies) << "\n";
        } else {
            table.rows.push_back({text_cell(game_reference(number)), int_cell(number.round),
                                  text_cell(g.south), text_cell(g.north),
                                  text_cell(result_token(g.result)),
                                  text_cell(score_pair_text(g.score_south, g.score_north)),
                                  text_cell(std::string(game::to_string(g.termination))),
                                  int_cell(g.plies), text_cell(store::format_utc(g.ended_at))});
        }
    }
    const auto note = page_note(filter.offset, rows.size(), db.count_games(filter));
    if (format == OutputFormat::Table) {
        std::cout << render(table, format) << note.text << "\n";
    } else if (note.more) {
        std::cerr << note.text << "\n";  // scripts read stdout; the rest is a note for people
    }
    return 0;
}

namespace {

// ---- game NAME#N ----------------------------------------------------------------------------

std::int64_t parse_game_number(const std::string& text) {
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 1)
        throw OaqError("\"" + text + "\" is not a game number (1, 2, ...)");
    return n;
}

store::TournamentRow tournament_named(store::Store& db, const std::string& name) {
    auto t = db.find_tournament(name);
    if (!t) throw OaqError("no tournament named \"" + name + "\" in " + db.path());
    return *t;
}

// The database id of the game the command line names: NAME#N, --tournament NAME N or --game N,
// N alone when the file holds one tournament, or --id ID.
RowId addressed_game(store::Store& db, const po::variables_map& vm) {
    if (vm.count("id")) return whole_number(vm["id"].as<std::string>(), "--id", kCount);
    std::string text = vm["game"].as<std::string>();
    std::optional<store::TournamentRow> t;
    if (const auto hash = text.rfind('#'); hash != std::string::npos) {
        t = tournament_named(db, text.substr(0, hash));
        text = text.substr(hash + 1);
    } else if (vm.count("tournament")) {
        t = tournament_named(db, vm["tournament"].as<std::string>());
    } else if (const auto all = db.list_tournaments(); all.size() == 1) {
        t = all.front();
    }
    const auto n = parse_game_number(text);
    if (!t) {
        throw OaqError("game " + text +
                       ": games are numbered within a tournament; name it as "
                       "NAME#" +
                       text + " or --tournament NAME " + text +
                       " (--id ID for a "
                       "database id)");
    }
    auto id = db.game_id(t->id, n - 1);
    if (!id)
        throw OaqError(fmt::format("{}#{}: no such game is stored in {}", t->name, n, db.path()));
    return *id;
}

store::StoredGame load_game(store::Store& db, RowId id) {
    auto g = db.game(id);
    if (!g) throw OaqError("no game with id " + std::to_string(id) + " in " + db.path());
    return std::move(*g);
}

void replay(const store::StoredGame& game, const std::string& name, bool step) {
    const auto& r = game.record;
    auto started = replay_start(r);
    if (!started) throw OaqError(name + ": " + started.error().message);
    rules::Game& g = *started;
    std::cout << "start\n" << draw_board(g.position(), g.rules());
    const bool wait = step && ::isatty(STDIN_FILENO);
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        if (wait) {
            std::cout << "-- Enter for the next ply --" << std::flush;
            std::string ignored;
            if (!std::getline(std::cin, ignored)) break;
        }
        const auto side = g.position().side == rules::Side::South ? "South" : "North";
        auto after = g.play(r.moves[i].move);
        if (!after) {
            throw OaqError(fmt::format("{}: ply {} (\"{}\"): {}", name, i + 1, r.moves[i].move,
                                       after.error().message));
        }
        std::cout << fmt::format("\n{}. {} {}\n", i + 1, side, r.moves[i].move)
                  << draw_board(*after, g.rules());
    }
    std::cout << fmt::format("\n{} ({}{})\n", result_token(game.row.result),
                             game::to_string(game.row.termination),
                             game.row.detail.empty() ? "" : ": " + game.row.detail);
}

Table moves_table(const game::GameRecord& r) {
    const auto sides = mover_sides(r);
    Table table{{"ply", "side", "move", "used", "left", "depth", "eval", "nodes", "pv"}, {}};
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        table.rows.push_back(
            {int_cell(static_cast<std::int64_t>(i + 1)), text_cell(sides[i]), text_cell(m.move),
             text_cell(seconds_text(m.time_used)), text_cell(seconds_text(m.time_left)),
             m.depth ? int_cell(*m.depth) : text_cell(""),
             text_cell(m.score ? score_text(*m.score) : ""),
             m.nodes ? int_cell(static_cast<std::int64_t>(*m.nodes)) : text_cell(""),
             text_cell(join_words(m.pv))});
    }
    return table;
}

void print_game(const store::StoredGame& game, const GameNumber& number) {
    const auto& g = game.row;
    const auto& r = game.record;
    const auto tc = side_time_controls(g.time_control);
    std::cout << fmt::format("game {}  round {}  pair {}\n", game_reference(number), number.round,
                             number.pair);
    std::cout << fmt::format("south {} ({})  north {} ({})\n", g.south, tc.south, g.north,
                             tc.north);
    std::cout << fmt::format("rules {}\n", r.rules);
    if (!g.opening.empty()) std::cout << fmt::format("opening {}\n", g.opening);
    std::cout << fmt::format("start {}\n", g.start_position);
    std::cout << fmt::format("started {}  ended {}\n\n", store::format_utc(g.started_at),
                             store::format_utc(g.ended_at));
    std::cout << render(moves_table(r), OutputFormat::Table);
    std::cout << fmt::format("\nresult {} ({})  termination {}{}\nfinal {}\n",
                             result_token(g.result), score_pair_text(g.score_south, g.score_north),
                             game::to_string(g.termination),
                             g.detail.empty() ? "" : "  detail " + g.detail, g.final_position);
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
    const auto game = load_game(db, addressed_game(db, *vm));
    const auto infos = tournament_infos(db);
    const auto number = game_number(infos.at(game.row.tournament_id).name, game.row.slot);
    const auto session = db.session_of_game(game.row.id);
    if (vm->count("json")) {
        auto line = game_json(number, game.row.id, game.record, game.row.plies, true);
        std::cout << (session ? with_session(std::move(line), *session) : line) << "\n";
        return 0;
    }
    if (vm->count("replay")) {
        replay(game, game_reference(number), vm->count("step") > 0);
        return 0;
    }
    print_game(game, number);
    if (session) std::cout << session_link_text(*session) << "\n";
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

}  // namespace

int results_export_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results export [--db FILE] [filters] [game filters] [--pgn|--json|--csv] [--out "
        "FILE]",
        "Writes the selected games for other tools: PGN (Ordo and BayesElo read White = South, "
        "Black = North and Result; docs/pgn.md), one JSON game object with its moves per line "
        "(docs/json.md), one CSV row per game, or one CSV row per move (--moves-csv).");
    add_db_option(cli);
    add_filter_options(cli);
    add_game_filter_options(cli);
    cli.options.add_options()("pgn", "write PGN (the default)")(
        "json", "write a JSON game object with its moves per line")(
        "csv", "write CSV with a header line, one row per game")(
        "moves-csv", "write CSV with a header line, one row per move")(
        "out", po::value<std::string>(), "write to FILE instead of standard output");
    // oaq 0.1's --format pgn|json|csv, still read; --format now only means a tournament's format
    // (roundrobin or gauntlet), and output formats are --json/--csv flags as on every command.
    cli.hidden.add_options()("format", po::value<std::string>(), "");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto format = export_format(*vm);
    auto db = open_results(*vm);
    auto filter = game_filter(select_games(db, *vm, false));
    apply_game_filter_options(*vm, filter);
    const auto infos = tournament_infos(db);
    std::ofstream file;
    std::ostream* out = &std::cout;
    if (vm->count("out")) {
        const auto path = (*vm)["out"].as<std::string>();
        file.open(path, std::ios::binary);
        if (!file) throw OaqError("--out: cannot write " + path);
        out = &file;
    }
    std::int64_t count = 0;
    if (format == "csv") *out << game_csv_header() << "\n";
    if (format == "moves-csv") *out << move_csv_header() << "\n";
    for_each_game(db, filter, [&](const store::GameRow& g) {
        const auto& info = infos.at(g.tournament_id);
        const auto number = game_number(info.name, g.slot);
        if (format == "csv") {
            *out << game_csv_row(number, g.id, record_of(g, info.rules), g.plies) << "\n";
        } else {
            const auto stored = load_game(db, g.id);
            *out << (format == "pgn" ? pgn_game(number, stored.record)
                     : format == "moves-csv"
                         ? move_csv_rows(number, g.id, stored.record)
                         : game_json(number, g.id, stored.record, g.plies, true) + "\n");
        }
        ++count;
    });
    out->flush();
    if (!*out) throw OaqError("export: write failed");
    if (vm->count("out"))
        std::cerr << fmt::format("exported {} games to {}\n", count,
                                 (*vm)["out"].as<std::string>());
    return 0;
}

}  // namespace oaq::app
