// `oaq results tournaments|engines|standings|crosstable|h2h|games|game|export|sessions`: the
// results history kept in the SQLite file, for people (tables), scripts (--json, --csv) and other
// rating tools (export to PGN). Each subcommand parses its options and prints what the views
// library (referee/views/) builds; the per-game subcommands (games, game, export) are in
// results_games.cpp, h2h and sessions in files of their own.
#include <iostream>

#include "app/commands.hpp"
#include "app/results_common.hpp"
#include "views/results_views.hpp"

namespace oaq::app {

namespace {

// A list subcommand: --db, the filters and --json/--csv, printing `view` of the selection.
using ListView = std::string (*)(store::Store&, const views::Selection&, OutputFormat);
int list_command(CommandLine&& cli, int argc, char** argv, bool need_scope, ListView view) {
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, need_scope);
    std::cout << view(db, sel, output_format(*vm));
    return 0;
}

int tournaments_command(int argc, char** argv) {
    return list_command({"oaq results tournaments [--db FILE] [filters] [--json|--csv]",
                         "Lists the stored tournaments with their format, rules, each engine's "
                         "time control, status and games (counted with the filters)."},
                        argc, argv, false, views::tournaments_view);
}

int engines_command(int argc, char** argv) {
    return list_command({"oaq results engines [--db FILE] [filters] [--json|--csv]",
                         "Lists the engines with games, wins, draws, losses, points, score and "
                         "failures over the selected games."},
                        argc, argv, false, views::engines_view);
}

int standings_command(int argc, char** argv) {
    return list_command(
        {"oaq results standings [--db FILE] [--tournament T | --rules R] [filters] [--json|--csv]",
         "The standings of one tournament (or of every stored game under one rules "
         "string, standard by default), ranked by rating where ratings compare (then "
         "disconnected groups, then unrated engines): rank, engine, games, points, score, "
         "rating ± 95% from the rating fit, wins/draws/losses, and games lost by a failure. "
         "Games of 3 or 4 seats (players=N): points as RULES.md section 9 gives them, the "
         "Plackett-Luce rating, the average rank and the firsts instead of wins/draws/losses."},
        argc, argv, true, views::standings_view);
}

int crosstable_command(int argc, char** argv) {
    return list_command(
        {"oaq results crosstable [--db FILE] [--tournament T | --rules R] [filters] [--json|--csv]",
         "Points and games of each engine (row) against each other engine (column), "
         "engines in standings order; for games of 3 or 4 seats, how often the row engine "
         "finished above the column engine of the games both played."},
        argc, argv, true, views::crosstable_view);
}

}  // namespace

int run_results(int argc, char** argv) {
    return dispatch(
        "results",
        {{"tournaments", tournaments_command, "the stored runs: format, rules, status, engines"},
         {"engines", engines_command, "every engine with its games, points and failures"},
         {"standings", standings_command, "ranked standings over the selected games"},
         {"crosstable", crosstable_command, "points of each engine against each other"},
         {"h2h", results_h2h_command, "two engines head to head: W/D/L, pairs, Elo, LOS"},
         {"games", results_games_command, "list games, filtered and paged"},
         {"game", results_game_command, "one game NAME#N with its moves"},
         {"export", results_export_command, "write games as PGN, JSON or CSV for other tools"},
         {"sessions", results_sessions_command,
          "sessions (--session runs): games, wealth, result"}},
        argc, argv);
}

}  // namespace oaq::app
