// `oaq results tournaments|engines|standings|crosstable|h2h|games|game|export`: the results history
// kept in the SQLite file, for people (tables), scripts (--json, --csv) and other rating tools
// (export to PGN). Everything goes through store::Store; lists never load moves.
#include <fmt/format.h>
#include <unistd.h>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>

#include "app/board_view.hpp"
#include "app/commands.hpp"
#include "app/export_games.hpp"
#include "app/numbers.hpp"
#include "app/results_common.hpp"
#include "app/standings.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "store/results.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::app {

namespace {

using store::RowId;

// Counts and ids on the command line (numbers.hpp).
constexpr WholeRange kCount{0, std::numeric_limits<std::int64_t>::max()};
constexpr WholeRange kId{0, std::numeric_limits<std::int64_t>::max()};

std::string elo_text(const std::optional<tournament::EloEstimate>& e) {
    return e ? fmt::format("{:+.1f} ± {:.1f}", e->elo, e->error) : "-";
}

std::string rating_text(const tournament::EngineRating& r) {
    using tournament::RatingStatus;
    if (r.status == RatingStatus::Ok || r.status == RatingStatus::Disconnected) {
        return fmt::format("{:+.0f} ± {:.0f}", r.rating, r.error);
    }
    return std::string(tournament::to_string(r.status));
}

std::map<RowId, std::string> tournament_ids_to_names(store::Store& db) {
    std::map<RowId, std::string> names;
    for (const auto& t : db.list_tournaments()) names[t.id] = t.name;
    return names;
}

// ---- tournaments ----------------------------------------------------------------------------

int tournaments_command(int argc, char** argv) {
    CommandLine cli("oaq results tournaments [--db FILE] [filters] [--json|--csv]",
                    "Lists the stored tournaments with their rules, time control, status and games "
                    "(counted with the filters).");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    Table table{{"id", "name", "format", "rules", "time_control", "status", "engines", "games",
                 "started", "outcome"},
                {}};
    for (const auto& t : db.list_tournaments()) {
        if (sel.tournament && t.id != sel.tournament->id) continue;
        if (sel.filter.rules && t.rules != *sel.filter.rules) continue;
        store::GameFilter f;
        f.tournament_id = t.id;
        f.engine_id = sel.filter.engine_id;
        f.ended_from = sel.filter.ended_from;
        f.ended_before = sel.filter.ended_before;
        const auto games = db.count_games(f);
        if (sel.engine && games == 0) continue;
        const auto r = rules::parse_rules(t.rules);
        table.rows.push_back({int_cell(t.id), text_cell(t.name), text_cell(t.format),
                              text_cell(r ? rules::short_name(*r) : t.rules),
                              text_cell(t.time_control),
                              text_cell(std::string(store::to_string(t.status))),
                              int_cell(static_cast<std::int64_t>(t.engine_ids.size())),
                              int_cell(games), text_cell(store::format_utc(t.started_at)),
                              // e.g. the SPRT verdict with its parameters and final LLR.
                              text_cell(Json::string_field(t.outcome, "summary"))});
    }
    std::cout << render(table, output_format(*vm));
    return 0;
}

// ---- engines --------------------------------------------------------------------------------

int engines_command(int argc, char** argv) {
    CommandLine cli("oaq results engines [--db FILE] [filters] [--json|--csv]",
                    "Lists the engines with games, wins, draws, losses, points and failures over "
                    "the selected games.");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    const auto indexed = index_games(db, db.result_games(sel.filter));
    std::map<RowId, tournament::RankedLine> by_id;
    for (const auto& l : ranked(indexed)) by_id[l.key] = l;
    Table table{{"id", "name", "games", "wins", "draws", "losses", "points", "score", "failures"},
                {}};
    for (const auto& e : db.list_engines()) {
        if (sel.engine && e.id != sel.engine->id) continue;
        tournament::EngineRating r;
        std::int64_t failures = 0;
        if (auto it = by_id.find(e.id); it != by_id.end()) {
            r = it->second.rating;
            failures = it->second.failures;
        }
        table.rows.push_back({int_cell(e.id), text_cell(e.name), int_cell(r.games),
                              int_cell(r.wins), int_cell(r.draws), int_cell(r.losses),
                              real_cell(r.points, 1), real_cell(100.0 * r.score, 1),
                              int_cell(failures)});
    }
    std::cout << render(table, output_format(*vm));
    return 0;
}

// ---- standings ------------------------------------------------------------------------------

std::vector<Cell> standings_row(const tournament::RankedLine& l, OutputFormat format) {
    const auto& r = l.rating;
    const bool rated = tournament::is_rated(r);
    std::vector<Cell> row{int_cell(l.rank), text_cell(l.engine), int_cell(r.games),
                          real_cell(r.points, 1), real_cell(100.0 * r.score, 1)};
    if (format == OutputFormat::Table) {
        row.push_back(text_cell(rating_text(r)));
        row.push_back(text_cell(fmt::format("{}/{}/{}", r.wins, r.draws, r.losses)));
        row.push_back(int_cell(l.failures));
        return row;
    }
    row.push_back(rated ? real_cell(r.rating, 1) : text_cell(""));
    row.push_back(rated ? real_cell(r.error, 1) : text_cell(""));
    row.push_back(int_cell(r.wins));
    row.push_back(int_cell(r.draws));
    row.push_back(int_cell(r.losses));
    row.push_back(int_cell(l.failures));
    row.push_back(text_cell(std::string(tournament::to_string(r.status))));
    return row;
}

int standings_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results standings [--db FILE] [--tournament T | --rules R] [filters] [--json|--csv]",
        "The standings of one tournament (or of every stored game under one rules "
        "string, standard by default), ranked by rating where ratings compare (then "
        "disconnected groups, then unrated engines): rank, engine, games, points, score, "
        "Elo ± 95% from the rating fit, wins/draws/losses, and games lost by a failure.");
    add_list_options(cli);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, true);
    const auto indexed = index_games(db, db.result_games(sel.filter));
    const auto format = output_format(*vm);
    Table table{{"rank", "engine", "games", "points", "score", "elo", "elo_error", "wins", "draws",
                 "losses", "failures", "status"},
                {}};
    for (const auto& l : ranked(indexed)) table.rows.push_back(standings_row(l, format));
    if (format == OutputFormat::Table) {
        table.headers = {"rank",    "engine",    "games", "points",
                         "score %", "elo ± 95%", "W/D/L", "failures"};
        std::cout << fmt::format("Standings, {} ({} games)\n", sel.scope, indexed.count);
    }
    std::cout << render(table, format);
    return 0;
}

// ---- crosstable -----------------------------------------------------------------------------

// Points and games of engine i against engine k, by RatingInput index.
struct Cross {
    std::vector<std::vector<double>> points;
    std::vector<std::vector<std::int64_t>> games;
    std::vector<std::size_t> order;  // engine indices in ranking order
};

Cross cross_of(const tournament::RatingInput& input) {
    const auto n = input.names.size();
    Cross c{std::vector<std::vector<double>>(n, std::vector<double>(n, 0.0)),
            std::vector<std::vector<std::int64_t>>(n, std::vector<std::int64_t>(n, 0)),
            {}};
    for (const auto& g : input.games) {
        const auto s = static_cast<std::size_t>(g.south), o = static_cast<std::size_t>(g.north);
        c.points[s][o] += g.south_points;
        c.points[o][s] += 1.0 - g.south_points;
        ++c.games[s][o];
        ++c.games[o][s];
    }
    for (const auto& l : ranked(input)) c.order.push_back(static_cast<std::size_t>(l.engine_index));
    return c;
}

void print_cross_json(const tournament::RatingInput& input, const Cross& c) {
    for (auto i : c.order) {
        std::vector<std::string> cells;
        for (auto k : c.order) {
            if (k == i || c.games[i][k] == 0) continue;
            Json cell;
            cell.field("opponent", input.names[k])
                .field("points", c.points[i][k])
                .field("games", c.games[i][k]);
            cells.push_back(cell.str());
        }
        Json j;
        j.field("engine", input.names[i]).raw("opponents", Json::array(cells));
        std::cout << j.str() << "\n";
    }
}

Table cross_table(const tournament::RatingInput& input, const Cross& c, OutputFormat format) {
    Table table;
    table.headers = {"engine"};
    for (auto k : c.order) table.headers.push_back(input.names[k]);
    table.headers.push_back("total");
    for (auto i : c.order) {
        std::vector<Cell> row{text_cell(input.names[i])};
        double total = 0;
        std::int64_t total_games = 0;
        for (auto k : c.order) {
            if (k == i)
                row.push_back(text_cell(format == OutputFormat::Table ? "x" : ""));
            else if (c.games[i][k] == 0)
                row.push_back(text_cell(format == OutputFormat::Table ? "-" : ""));
            else
                row.push_back(Cell{fmt::format("{:g}/{}", c.points[i][k], c.games[i][k]), true});
            total += c.points[i][k];
            total_games += c.games[i][k];
        }
        row.push_back(Cell{fmt::format("{:g}/{}", total, total_games), true});
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
    const auto indexed = index_games(db, db.result_games(sel.filter));
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

// ---- h2h ------------------------------------------------------------------------------------

double trinomial_points(const tournament::Trinomial& t) {
    return static_cast<double>(t.wins) + 0.5 * static_cast<double>(t.draws);
}

void add_points(tournament::Trinomial& t, double a_points) {
    if (a_points == 1.0)
        ++t.wins;
    else if (a_points == 0.0)
        ++t.losses;
    else
        ++t.draws;
}

// Every game between A (engine 0) and B (engine 1), from A's point of view.
struct HeadToHead {
    tournament::Trinomial total, as_south, as_north;
    std::map<std::string, tournament::Trinomial> by_tc;
    tournament::PairStats pair;
    std::int64_t failures_a = 0, failures_b = 0;
};

HeadToHead head_to_head(const store::EngineRow& a, const store::EngineRow& b,
                        const std::vector<store::ResultGame>& games) {
    HeadToHead h;
    const std::vector<tournament::RatedEngine> engines{{a.id, a.name}, {b.id, b.name}};
    const auto input = tournament::build_rating_input(engines, store::result_rows(games));
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = input.games[i];
        const double ap = g.south == 0 ? g.south_points : 1.0 - g.south_points;
        add_points(g.south == 0 ? h.as_south : h.as_north, ap);
        add_points(h.total, ap);
        add_points(h.by_tc[games[i].time_control], ap);
    }
    h.failures_a = input.failures[0];
    h.failures_b = input.failures[1];
    const auto stats = tournament::pair_statistics(2, input.games);
    h.pair.a = 0;
    h.pair.b = 1;
    if (!stats.empty()) h.pair = stats.front();
    return h;
}

std::string trinomial_json(const tournament::Trinomial& t) {
    Json j;
    j.field("games", t.games()).field("wins", t.wins).field("draws", t.draws);
    j.field("losses", t.losses).field("points", trinomial_points(t));
    return j.str();
}

void print_h2h_json(const std::string& a, const std::string& b, const HeadToHead& h) {
    const auto& ps = h.pair;
    const auto& p = ps.pairs.counts;
    std::vector<std::string> tcs;
    for (const auto& [tc, t] : h.by_tc) {
        Json j;
        j.field("time_control", tc).raw("results", trinomial_json(t));
        tcs.push_back(j.str());
    }
    Json j;
    j.field("a", a).field("b", b).raw("total", trinomial_json(h.total));
    j.raw("a_south", trinomial_json(h.as_south)).raw("a_north", trinomial_json(h.as_north));
    j.raw("by_time_control", Json::array(tcs));
    j.raw("pentanomial", fmt::format("[{},{},{},{},{}]", p[0], p[1], p[2], p[3], p[4]));
    j.field("unpaired_games", ps.unpaired_games);
    if (ps.elo)
        j.field("elo", ps.elo->elo).field("elo_error", ps.elo->error);
    else
        j.null("elo").null("elo_error");
    j.field("los", ps.los).field("failures_a", h.failures_a).field("failures_b", h.failures_b);
    std::cout << j.str() << "\n";
}

void print_h2h_text(const std::string& a, const std::string& b, const HeadToHead& h) {
    const auto& ps = h.pair;
    const auto& p = ps.pairs.counts;
    std::cout << fmt::format("{} vs {}: {} games, {} points of {} for {}\n", a, b, h.total.games(),
                             trinomial_points(h.total), h.total.games(), a);
    Table lines{{"", "W", "D", "L", "points"}, {}};
    auto add_line = [&](std::string label, const tournament::Trinomial& t) {
        lines.rows.push_back({text_cell(std::move(label)), int_cell(t.wins), int_cell(t.draws),
                              int_cell(t.losses), real_cell(trinomial_points(t), 1)});
    };
    add_line("total", h.total);
    add_line(a + " as South", h.as_south);
    add_line(a + " as North", h.as_north);
    for (const auto& [tc, t] : h.by_tc) add_line("time control " + (tc.empty() ? "?" : tc), t);
    std::cout << render(lines, OutputFormat::Table);
    std::cout << fmt::format(
        "pentanomial [LL LD DD/WL WD WW] = [{} {} {} {} {}] ({} pairs, {} unpaired games)\n", p[0],
        p[1], p[2], p[3], p[4], ps.pairs.pairs(), ps.unpaired_games);
    std::cout << fmt::format("elo {}   LOS {:.1f}%\n", elo_text(ps.elo), 100.0 * ps.los);
    std::cout << fmt::format("failures: {} {}, {} {}\n", a, h.failures_a, b, h.failures_b);
}

int h2h_command(int argc, char** argv) {
    CommandLine cli("oaq results h2h [--db FILE] [filters] [--json] ENGINE_A ENGINE_B",
                    "Every game between two engines, from A's point of view: totals, by colour, by "
                    "time control, pentanomial pair counts, Elo ± 95% and the likelihood of "
                    "superiority.");
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli, false);
    cli.hidden.add_options()("engines", po::value<std::vector<std::string>>()->multitoken(),
                             "engines");
    cli.positional.add("engines", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto names = vm->count("engines") ? (*vm)["engines"].as<std::vector<std::string>>()
                                            : std::vector<std::string>{};
    if (names.size() != 2) throw OaqError("h2h: give exactly two engine names");
    auto db = open_results(*vm);
    auto sel = select_games(db, *vm, false);
    const auto a = find_engine(db, names[0]);
    const auto b = find_engine(db, names[1]);
    if (sel.engine && sel.engine->id != a.id && sel.engine->id != b.id) {
        throw OaqError("h2h: --engine must be one of the two engines");
    }
    sel.filter.engine_id = a.id;
    sel.filter.opponent_id = b.id;
    const auto h = head_to_head(a, b, db.result_games(sel.filter));
    if (vm->count("json"))
        print_h2h_json(a.name, b.name, h);
    else
        print_h2h_text(a.name, b.name, h);
    return 0;
}

// ---- games ----------------------------------------------------------------------------------

// Pages through the selected games in id order without moves; `visit` gets each row. Rules are
// checked per tournament (GameFilter has no rules field), so paging continues past skipped rows.
template <typename Visit>
void for_each_game(store::Store& db, const Selection& sel, std::size_t limit,
                   std::optional<RowId> after, Visit visit) {
    std::map<RowId, bool> rules_ok;
    if (sel.filter.rules) {
        for (const auto& t : db.list_tournaments()) rules_ok[t.id] = t.rules == *sel.filter.rules;
    }
    store::GameFilter f;
    f.tournament_id = sel.filter.tournament_id;
    f.engine_id = sel.filter.engine_id;
    f.ended_from = sel.filter.ended_from;
    f.ended_before = sel.filter.ended_before;
    f.after_id = after;
    f.limit = 1000;
    std::size_t seen = 0;
    for (;;) {
        const auto page = db.games(f);
        for (const auto& g : page) {
            if (sel.filter.rules && !rules_ok[g.tournament_id]) continue;
            visit(g);
            if (limit && ++seen >= limit) return;
        }
        if (page.size() < f.limit) return;
        f.after_id = page.back().id;
    }
}

int games_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results games [--db FILE] [filters] [--limit N] [--after ID] [--json|--csv]",
        "Lists games (no moves) in id order: id, tournament, south, north, result, "
        "termination, plies, end time.");
    add_list_options(cli);
    cli.options.add_options()("limit", po::value<std::string>()->default_value("100"),
                              "at most N games (0: all)")(
        "after", po::value<std::string>(), "only games with an id above ID (paging)");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto limit = whole_number((*vm)["limit"].as<std::string>(), "--limit", kCount);
    std::optional<RowId> after;
    if (vm->count("after")) after = whole_number((*vm)["after"].as<std::string>(), "--after", kId);
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    const auto names = tournament_ids_to_names(db);
    Table table{{"id", "tournament", "south", "north", "result", "termination", "plies", "ended"},
                {}};
    for_each_game(db, sel, static_cast<std::size_t>(limit), after, [&](const store::GameRow& g) {
        table.rows.push_back({int_cell(g.id), text_cell(names.at(g.tournament_id)),
                              text_cell(g.south), text_cell(g.north),
                              text_cell(result_token(g.result)),
                              text_cell(std::string(game::to_string(g.termination))),
                              int_cell(g.plies), text_cell(store::format_utc(g.ended_at))});
    });
    std::cout << render(table, output_format(*vm));
    return 0;
}

// ---- game ID --------------------------------------------------------------------------------

store::StoredGame load_game(store::Store& db, RowId id) {
    auto g = db.game(id);
    if (!g) throw OaqError("no game with id " + std::to_string(id) + " in " + db.path());
    return std::move(*g);
}

void replay(const store::StoredGame& game, bool step) {
    const auto& r = game.record;
    auto started = replay_start(r);
    if (!started)
        throw OaqError("game " + std::to_string(game.row.id) + ": " + started.error().message);
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
            throw OaqError(fmt::format("game {}: ply {} (\"{}\"): {}", game.row.id, i + 1,
                                       r.moves[i].move, after.error().message));
        }
        std::cout << fmt::format("\n{}. {} {}\n", i + 1, side, r.moves[i].move)
                  << draw_board(*after, g.rules());
    }
    std::cout << fmt::format("\n{} ({}{})\n", result_token(game.row.result),
                             game::to_string(game.row.termination),
                             game.row.detail.empty() ? "" : ": " + game.row.detail);
}

void print_game(const store::StoredGame& game, const std::string& event) {
    const auto& g = game.row;
    const auto& r = game.record;
    std::cout << fmt::format("game {}  tournament {}  game_index {}  round {}\n", g.id, event,
                             g.slot.game_index, g.slot.round);
    std::cout << fmt::format("south {}  north {}  time control {}\n", g.south, g.north,
                             g.time_control);
    std::cout << fmt::format("rules {}\n", r.rules);
    if (!g.opening.empty()) std::cout << fmt::format("opening {}\n", g.opening);
    std::cout << fmt::format("start {}\n", g.start_position);
    std::cout << fmt::format("started {}  ended {}\n\n", store::format_utc(g.started_at),
                             store::format_utc(g.ended_at));
    // The side to move alternates except when a turn passes; replaying gives the exact sides.
    std::vector<std::string> sides;
    if (auto replayed = replay_start(r)) {
        for (const auto& m : r.moves) {
            sides.push_back(replayed->position().side == rules::Side::South ? "south" : "north");
            if (!replayed->play(m.move)) break;
        }
    }
    Table table{{"ply", "side", "move", "used", "left", "depth", "score", "nodes", "pv"}, {}};
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        std::string pv;
        for (const auto& w : m.pv) pv += (pv.empty() ? "" : " ") + w;
        const std::string side = i < sides.size() ? sides[i] : "?";
        table.rows.push_back(
            {int_cell(static_cast<std::int64_t>(i + 1)), text_cell(side), text_cell(m.move),
             text_cell(seconds_text(m.time_used)), text_cell(seconds_text(m.time_left)),
             m.depth ? int_cell(*m.depth) : text_cell(""),
             text_cell(m.score ? score_text(*m.score) : ""),
             m.nodes ? int_cell(static_cast<std::int64_t>(*m.nodes)) : text_cell(""),
             text_cell(pv)});
    }
    std::cout << render(table, OutputFormat::Table);
    std::cout << fmt::format("\nresult {} ({}-{})  termination {}{}\nfinal {}\n",
                             result_token(g.result), g.score_south, g.score_north,
                             game::to_string(g.termination),
                             g.detail.empty() ? "" : "  detail " + g.detail, g.final_position);
}

int game_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results game [--db FILE] [--json] [--replay [--step]] ID",
        "One game with every move: ply, side, move, time used, time left, depth, score, "
        "nodes, pv, then the result, termination and detail. --replay draws the board "
        "after each ply (--step waits for Enter between plies on a terminal).");
    add_db_option(cli);
    add_format_options(cli, false);
    cli.options.add_options()("replay", "draw the board after each ply")(
        "step", "with --replay: wait for Enter");
    cli.hidden.add_options()("id", po::value<std::string>(), "game id");
    cli.positional.add("id", 1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    // The id is positional: its hidden option name means nothing to a person.
    if (!vm->count("id")) throw OaqError("results game: give the id of a game (see --help)");
    const RowId id = whole_number((*vm)["id"].as<std::string>(), "results game ID", kId);
    auto db = open_results(*vm);
    const auto game = load_game(db, id);
    const auto names = tournament_ids_to_names(db);
    const std::string event =
        names.count(game.row.tournament_id) ? names.at(game.row.tournament_id) : "";
    if (vm->count("json")) {
        std::cout << json_game(game, event) << "\n";
        return 0;
    }
    if (vm->count("replay")) {
        replay(game, vm->count("step") > 0);
        return 0;
    }
    print_game(game, event);
    return 0;
}

// ---- export ---------------------------------------------------------------------------------

int export_command(int argc, char** argv) {
    CommandLine cli("oaq results export [--db FILE] [filters] --format pgn|json|csv [--out FILE]",
                    "Writes the selected games for other tools: PGN-style text (Ordo and BayesElo "
                    "read White = South, Black = North and Result), one JSON object per game per "
                    "line with its moves, or one CSV row per game.");
    add_db_option(cli);
    add_filter_options(cli);
    cli.options.add_options()("format", po::value<std::string>()->default_value("pgn"),
                              "pgn, json or csv")("out", po::value<std::string>(),
                                                  "write to FILE instead of standard output");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto format = (*vm)["format"].as<std::string>();
    if (format != "pgn" && format != "json" && format != "csv") {
        throw OaqError("--format: \"" + format + "\" is not pgn, json or csv");
    }
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, false);
    std::map<RowId, std::pair<std::string, std::string>> tournaments;  // id -> name, rules
    for (const auto& t : db.list_tournaments()) tournaments[t.id] = {t.name, t.rules};
    std::ofstream file;
    std::ostream* out = &std::cout;
    if (vm->count("out")) {
        const auto path = (*vm)["out"].as<std::string>();
        file.open(path, std::ios::binary);
        if (!file) throw OaqError("--out: cannot write " + path);
        out = &file;
    }
    std::int64_t count = 0;
    if (format == "csv") *out << csv_header() << "\n";
    for_each_game(db, sel, 0, std::nullopt, [&](const store::GameRow& g) {
        const auto& [event, rules] = tournaments[g.tournament_id];
        if (format == "csv")
            *out << csv_game(g, event, rules) << "\n";
        else if (format == "pgn")
            *out << pgn_game(load_game(db, g.id), event);
        else
            *out << json_game(load_game(db, g.id), event) << "\n";
        ++count;
    });
    out->flush();
    if (!*out) throw OaqError("export: write failed");
    if (vm->count("out")) {
        std::cerr << fmt::format("exported {} games to {}\n", count,
                                 (*vm)["out"].as<std::string>());
    }
    return 0;
}

}  // namespace

int run_results(int argc, char** argv) {
    return dispatch("results",
                    {{"tournaments", tournaments_command},
                     {"engines", engines_command},
                     {"standings", standings_command},
                     {"crosstable", crosstable_command},
                     {"h2h", h2h_command},
                     {"games", games_command},
                     {"game", game_command},
                     {"export", export_command}},
                    argc, argv);
}

}  // namespace oaq::app
