// `oaq results tournaments|engines|standings|crosstable|h2h|games|game|export`: the results history
// kept in the SQLite file, for people (tables), scripts (--json, --csv) and other rating tools
// (export to PGN). Everything goes through store::Store; lists never load moves. The per-game
// subcommands (games, game, export) are in results_games.cpp. JSON objects come from
// results_json.hpp and ratings print through standings.hpp, so every view uses one vocabulary
// (docs/vocabulary.md, docs/json.md).
#include <fmt/format.h>
#include <iostream>
#include <limits>
#include <map>

#include "app/commands.hpp"
#include "app/results_common.hpp"
#include "app/results_json.hpp"
#include "app/standings.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "rules/rules.hpp"
#include "store/results.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating_input.hpp"
#include "tournament/run_definition.hpp"

namespace oaq::app {

namespace {

using store::RowId;

// ---- tournaments ----------------------------------------------------------------------------

// The games a run plans: its shard's in a shard's own file, the whole run's otherwise; for
// sessions the most they can play (tournament::planned_games).
Planned planned_games(const store::TournamentRow& t) {
    if (t.shards.size() == 1 && t.shards.front().source.empty()) return {t.shards.front().games};
    if (!t.shards.empty()) return {t.shards.front().run_games};
    if (!t.definition) return {};
    auto d = tournament::run_definition_from_json(*t.definition);
    if (!d) return {};
    return {tournament::planned_games(*d), d->session_games != 0};
}

// "18", or for sessions "≤18" (a session that ends by the rules plays fewer); CSV the number.
Cell planned_cell(const Planned& planned, OutputFormat format) {
    if (planned.at_most && format == OutputFormat::Table)
        return Cell{"\u2264" + std::to_string(planned.games), true};
    return int_cell(planned.games);
}

// "2/4 done" for a merged run, "shard 1/4" for a shard's own file, "" for a whole run.
std::string shards_text(const store::TournamentRow& t) {
    if (t.shards.empty()) return "";
    const auto& first = t.shards.front();
    if (t.shards.size() == 1 && first.source.empty())
        return "shard " + std::to_string(first.index) + "/" + std::to_string(first.count);
    int done = 0;
    for (const auto& s : t.shards)
        if (s.status == store::TournamentStatus::Finished) ++done;
    return std::to_string(done) + "/" + std::to_string(first.count) + " done";
}

TournamentFacts tournament_facts(store::Store& db, const store::TournamentRow& t,
                                 const Selection& sel) {
    auto f = game_filter(sel);
    f.tournament_id = t.id;
    f.rules.reset();
    const auto r = rules::parse_rules(t.rules);
    return TournamentFacts{t, store::engine_time_controls(t, store::seat_names(db, t)),
                           db.count_games(f), r ? rules::short_name(*r) : t.rules,
                           // e.g. the SPRT verdict with its parameters and final LLR.
                           Json::string_field(t.outcome, "summary"), planned_games(t)};
}

int tournaments_command(int argc, char** argv) {
    CommandLine cli("oaq results tournaments [--db FILE] [filters] [--json|--csv]",
                    "Lists the stored tournaments with their format, rules, each engine's time "
                    "control, status and games (counted with the filters).");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    const auto format = output_format(*vm);
    Table table{{"tournament", "format", "rules", "time_control", "status", "engines", "games",
                 "planned", "shards", "started_at", "outcome"},
                {}};
    for (const auto& t : db.list_tournaments()) {
        if (sel.tournament && t.id != sel.tournament->id) continue;
        if (sel.filter.rules && t.rules != *sel.filter.rules) continue;
        const auto f = tournament_facts(db, t, sel);
        if (sel.engine && f.games == 0) continue;
        if (format == OutputFormat::Json) {
            std::cout << tournament_json(f) << "\n";
            continue;
        }
        table.rows.push_back(
            {text_cell(t.name), text_cell(t.format), text_cell(f.rules_name),
             text_cell(time_controls_text(f.engines)), text_cell(std::string(to_string(t.status))),
             int_cell(static_cast<std::int64_t>(f.engines.size())), int_cell(f.games),
             planned_cell(f.planned, format), text_cell(shards_text(t)),
             text_cell(store::format_utc(t.started_at)), text_cell(f.outcome)});
    }
    if (format != OutputFormat::Json) std::cout << render(table, format);
    return 0;
}

// ---- engines --------------------------------------------------------------------------------

std::string engine_json(const store::EngineRow& e, const tournament::EngineRating& r,
                        std::int64_t failures) {
    Json j;
    j.field("engine", e.name).field("db_id", e.id).field("command", e.command);
    j.field("id_name", e.id_name).field("id_author", e.id_author);
    j.field("binary_sha256", e.binary_sha256);
    j.field("games", r.games).field("wins", r.wins).field("draws", r.draws);
    j.field("losses", r.losses).field("points", r.points).field("score", r.score);
    j.field("failures", failures);
    return j.str();
}

int engines_command(int argc, char** argv) {
    CommandLine cli("oaq results engines [--db FILE] [filters] [--json|--csv]",
                    "Lists the engines with games, wins, draws, losses, points, score and failures "
                    "over the selected games.");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    const auto format = output_format(*vm);
    const auto indexed = index_games(db, db.result_rows(sel.filter));
    std::map<RowId, tournament::RankedLine> by_id;
    for (const auto& l : ranked(indexed)) by_id[l.key] = l;
    Table table{{"engine", "games", "wins", "draws", "losses", "points", "score", "failures"}, {}};
    for (const auto& e : db.list_engines()) {
        if (sel.engine && e.id != sel.engine->id) continue;
        tournament::EngineRating r;
        std::int64_t failures = 0;
        if (auto it = by_id.find(e.id); it != by_id.end()) {
            r = it->second.rating;
            failures = it->second.failures;
        }
        if (format == OutputFormat::Json) {
            std::cout << engine_json(e, r, failures) << "\n";
            continue;
        }
        table.rows.push_back({text_cell(e.name), int_cell(r.games), int_cell(r.wins),
                              int_cell(r.draws), int_cell(r.losses), real_cell(r.points, 1),
                              score_cell(r.score, format), int_cell(failures)});
    }
    if (format != OutputFormat::Json) std::cout << render(table, format);
    return 0;
}

// ---- standings ------------------------------------------------------------------------------

// The CSV columns of a standings row: the JSON row flattened.
std::vector<Cell> standings_csv_row(const tournament::RankedLine& l) {
    const auto& r = l.rating;
    const bool rated = tournament::is_rated(r);
    const bool disconnected = r.status == tournament::RatingStatus::Disconnected;
    return {int_cell(l.rank),
            text_cell(l.engine),
            int_cell(r.games),
            real_cell(r.points, 1),
            real_cell(r.score, 4),
            int_cell(r.wins),
            int_cell(r.draws),
            int_cell(r.losses),
            int_cell(l.failures),
            text_cell(std::string(tournament::to_string(r.status))),
            rated ? real_cell(r.rating, 1) : text_cell(""),
            rated && r.error > 0 ? real_cell(r.error, 1) : text_cell(""),
            disconnected ? int_cell(r.group + 1) : text_cell("")};
}

int standings_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results standings [--db FILE] [--tournament T | --rules R] [filters] [--json|--csv]",
        "The standings of one tournament (or of every stored game under one rules "
        "string, standard by default), ranked by rating where ratings compare (then "
        "disconnected groups, then unrated engines): rank, engine, games, points, score, "
        "rating ± 95% from the rating fit, wins/draws/losses, and games lost by a failure.");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, true);
    const auto indexed = index_games(db, db.result_rows(sel.filter));
    const auto lines = ranked(indexed);
    const auto format = output_format(*vm);
    if (format == OutputFormat::Json) {
        for (const auto& l : lines) std::cout << standings_row_json(l) << "\n";
        return 0;
    }
    if (format == OutputFormat::Table) {
        std::cout << fmt::format("Standings, {} ({} games)\n", sel.scope, indexed.count)
                  << standings_table(lines);
        return 0;
    }
    Table table{{"rank", "engine", "games", "points", "score", "wins", "draws", "losses",
                 "failures", "status", "rating", "rating_error", "group"},
                {}};
    for (const auto& l : lines) table.rows.push_back(standings_csv_row(l));
    std::cout << render(table, format);
    return 0;
}

// ---- crosstable -----------------------------------------------------------------------------

// Wins, draws and losses of engine i against engine k, by RatingInput index.
struct Cross {
    std::vector<std::vector<tournament::Trinomial>> cells;
    std::vector<tournament::RankedLine> lines;  // ranking order
};

Cross cross_of(const tournament::RatingInput& input) {
    return Cross{tournament::crosstable(static_cast<int>(input.names.size()), input.games),
                 ranked(input)};
}

void print_cross_json(const tournament::RatingInput& input, const Cross& c) {
    for (const auto& line : c.lines) {
        const auto i = static_cast<std::size_t>(line.engine_index);
        std::vector<std::string> cells;
        for (const auto& other : c.lines) {
            const auto k = static_cast<std::size_t>(other.engine_index);
            const auto& t = c.cells[i][k];
            if (k == i || t.games() == 0) continue;
            Json cell;
            cell.field("opponent", input.names[k]).field("games", t.games());
            cell.field("wins", t.wins).field("draws", t.draws).field("losses", t.losses);
            cell.field("points", t.points());
            cells.push_back(cell.str());
        }
        Json j;
        j.field("rank", line.rank).field("engine", line.engine);
        j.field("games", line.rating.games).field("points", line.rating.points);
        j.raw("opponents", Json::array(cells));
        std::cout << j.str() << "\n";
    }
}

Table cross_table(const tournament::RatingInput& input, const Cross& c, OutputFormat format) {
    Table table;
    table.headers = {"engine"};
    for (const auto& l : c.lines) table.headers.push_back(l.engine);
    table.headers.push_back("total");
    for (const auto& line : c.lines) {
        const auto i = static_cast<std::size_t>(line.engine_index);
        std::vector<Cell> row{text_cell(input.names[i])};
        for (const auto& other : c.lines) {
            const auto k = static_cast<std::size_t>(other.engine_index);
            const auto& t = c.cells[i][k];
            if (k == i)
                row.push_back(text_cell(format == OutputFormat::Table ? "x" : ""));
            else if (t.games() == 0)
                row.push_back(text_cell(format == OutputFormat::Table ? "-" : ""));
            else
                row.push_back(Cell{fmt::format("{:g}/{}", t.points(), t.games()), true});
        }
        row.push_back(Cell{fmt::format("{:g}/{}", line.rating.points, line.rating.games), true});
        table.rows.push_back(std::move(row));
    }
    return table;
}

int crosstable_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results crosstable [--db FILE] [--tournament T | --rules R] [filters] [--json|--csv]",
        "Points and games of each engine (row) against each other engine (column), "
        "engines in standings order.");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, true);
    const auto indexed = index_games(db, db.result_rows(sel.filter));
    const auto cross = cross_of(indexed);
    const auto format = output_format(*vm);
    if (format == OutputFormat::Json) {
        print_cross_json(indexed, cross);
        return 0;
    }
    if (format == OutputFormat::Table)
        std::cout << fmt::format("Crosstable, {} (points/games)\n", sel.scope);
    std::cout << render(cross_table(indexed, cross, format), format);
    return 0;
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
