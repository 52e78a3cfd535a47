// results_common: the command-line side that `oaq results ...` and `oaq ratings` share: the --db
// and filter options, the read-only opening of the results file, the filters as a selection
// (views/selection.hpp resolves it against the database) and the output format. What the commands
// print is built by the views library (referee/views/). Every environment or input problem is an
// OaqError with one line (exit 2).
#pragma once

#include <optional>
#include <string>

#include "app/cli.hpp"
#include "store/store.hpp"
#include "views/selection.hpp"
#include "views/table.hpp"

namespace oaq::app {

using views::OutputFormat;

// --db, --tournament, --engine, --rules, --since, --until (filters) and --json/--csv (format).
void add_db_option(CommandLine& cli);
void add_filter_options(CommandLine& cli);
void add_format_options(CommandLine& cli, bool csv = true);
OutputFormat output_format(const po::variables_map& vm);
// All three: --db, the filters, --json and --csv.
void add_list_options(CommandLine& cli);

// Opens the existing results file of --db (never creates one), read-only unless `write` (ratings
// that save a snapshot): a file in a directory we cannot write is still read. Throws OaqError.
store::Store open_results(const po::variables_map& vm, bool write = false);

// The filters given (views::select_games): with `need_scope`, one tournament or one rules string.
views::Selection select_games(store::Store& db, const po::variables_map& vm, bool need_scope);

// --result, --termination, --min-plies, --max-plies, --opening: the filters of single games.
void add_game_filter_options(CommandLine& cli);
// Adds them to `filter`. Throws OaqError naming the option for a word it does not know.
void apply_game_filter_options(const po::variables_map& vm, store::GameFilter& filter);

// The subcommands that live in their own files (results_h2h.cpp, results_games.cpp).
int results_h2h_command(int argc, char** argv);
int results_games_command(int argc, char** argv);
int results_game_command(int argc, char** argv);
int results_export_command(int argc, char** argv);
int results_sessions_command(int argc, char** argv);  // results_sessions.cpp

}  // namespace oaq::app
