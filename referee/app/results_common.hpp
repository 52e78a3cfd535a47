// results_common: what `oaq results ...` and `oaq ratings` share: the --db and filter options, the
// read-only opening of the results file, turning filters into a store::ResultFilter, indexing the
// selected games for the rating maths, and one small table type printed as aligned text, CSV or
// JSON lines. Every environment or input problem is an OaqError with one line (exit 2).
//
// Invariant: a rating scope is one tournament or one expanded rules string, never a mix of rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "game/termination.hpp"
#include "rules/game.hpp"
#include "store/store.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::app {

enum class OutputFormat { Table, Json, Csv };

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

// A YYYY-MM-DD date as midnight UTC. Throws OaqError naming the option.
store::TimePoint parse_date(const std::string& text, const std::string& option);

// The expanded form of a rules string. Throws OaqError naming --rules.
std::string expanded_rules(const std::string& text);

// Filters resolved against the database: names became ids (unknown names are errors).
struct Selection {
    store::ResultFilter filter;
    std::optional<store::TournamentRow> tournament;
    std::optional<store::EngineRow> engine;
    std::string scope;  // for people: "tournament X" or "rules ..." or "all games"
};
// With `need_scope`, the games are one tournament or one rules string (--rules, else standard):
// the rating maths never pools different rules.
Selection select_games(store::Store& db, const po::variables_map& vm, bool need_scope);
store::EngineRow find_engine(store::Store& db, const std::string& name);
// The selection as a game list filter (no paging).
store::GameFilter game_filter(const Selection& selection);

// --result, --termination, --min-plies, --max-plies, --opening: the filters of single games.
void add_game_filter_options(CommandLine& cli);
// Adds them to `filter`. Throws OaqError naming the option for a word it does not know.
void apply_game_filter_options(const po::variables_map& vm, store::GameFilter& filter);
// A result as typed: the word (south_win, north_win, draw) or the token (1-0, 0-1, 1/2-1/2).
std::optional<rules::Result> parse_result_text(const std::string& text);

std::string result_token(rules::Result r);  // "1-0", "0-1", "1/2-1/2"

// The subcommands that live in their own files (results_h2h.cpp, results_games.cpp).
int results_h2h_command(int argc, char** argv);
int results_games_command(int argc, char** argv);
int results_game_command(int argc, char** argv);
int results_export_command(int argc, char** argv);
int results_sessions_command(int argc, char** argv);  // results_sessions.cpp
// A game's session in its JSON object ("session": {session, number, wealth_after}) and as a line.
std::string with_session(std::string game_json, const store::SessionLink& link);
std::string session_link_text(const store::SessionLink& link);
// The finished sessions of the selection as one result each (first = South; first_wins = 1-0),
// for ratings computed from sessions (`oaq ratings --by session`).
std::vector<store::ResultGame> session_results(store::Store& db, const Selection& selection);

// A stored game's start (its rules and start position) ready to replay its moves, no ply limit.
Expected<rules::Game> replay_start(const store::StoredRecord& record);

// The selected games as rating input (tournament/rating_input.hpp): engine i is names[i] /
// keys[i] (its id), in id order of the engines table, only engines that played.
tournament::RatingInput index_games(store::Store& db, const std::vector<store::ResultGame>& games);
tournament::RatingInput index_games(store::Store& db,
                                    const std::vector<tournament::ResultRow>& rows);
// The ranked table of the input (tournament/ranking.hpp). Throws OaqError if the fit refuses.
std::vector<tournament::RankedLine> ranked(const tournament::RatingInput& input,
                                           const tournament::Anchor& anchor = {});

// A table of cells; numbers stay numbers in JSON.
struct Cell {
    std::string text;
    bool number = false;
};
Cell text_cell(std::string s);
Cell int_cell(std::int64_t v);
Cell real_cell(double v, int decimals);
// A standings score (points per game): "87.5%" in a table, the fraction 0.875 in CSV and JSON.
Cell score_cell(double score, OutputFormat format);

struct Table {
    std::vector<std::string> headers;
    std::vector<std::vector<Cell>> rows;
};
// Table: aligned columns (numbers right-aligned); Csv: header then rows (RFC 4180 quoting);
// Json: one object per row per line, keyed by the headers.
std::string render(const Table& table, OutputFormat format);
std::string csv_field(const std::string& s);
// Words separated by single spaces (a principal variation as text).
std::string join_words(const std::vector<std::string>& words);

}  // namespace oaq::app
