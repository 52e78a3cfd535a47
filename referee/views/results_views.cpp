#include "views/results_views.hpp"

#include <fmt/format.h>
#include <map>

#include "common/json.hpp"
#include "rules/rules.hpp"
#include "tournament/run_definition.hpp"
#include "views/results_json.hpp"
#include "views/round_views.hpp"
#include "views/seat_results.hpp"
#include "views/session_lines.hpp"
#include "views/standings.hpp"

namespace oaq::views {

namespace {

using store::RowId;

// ---- tournaments ----------------------------------------------------------------------------

// The games a run plans: its shard's in a shard's own file, the whole run's otherwise; for
// sessions and knockouts the most they can play (tournament::planned_games).
Planned planned_games(const store::TournamentRow& t) {
    if (t.shards.size() == 1 && t.shards.front().source.empty()) return {t.shards.front().games};
    if (!t.shards.empty()) return {t.shards.front().run_games};
    if (!t.definition) return {};
    auto d = tournament::run_definition_from_json(*t.definition);
    if (!d) return {};
    // A knockout plans its tie-break pairs too, which only tied matches play.
    return {tournament::planned_games(*d),
            d->session_games != 0 || d->format == tournament::Format::Knockout};
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
        if (s.status == tournament::RunStatus::Finished) ++done;
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

}  // namespace

std::string tournaments_view(store::Store& db, const Selection& sel, OutputFormat format) {
    std::string out;
    Table table{{"tournament", "format", "rules", "time_control", "status", "engines", "games",
                 "planned", "shards", "started_at", "outcome"},
                {}};
    for (const auto& t : db.list_tournaments()) {
        if (sel.tournament && t.id != sel.tournament->id) continue;
        if (sel.filter.rules && t.rules != *sel.filter.rules) continue;
        const auto f = tournament_facts(db, t, sel);
        if (sel.engine && f.games == 0) continue;
        if (format == OutputFormat::Json) {
            out += tournament_json(f) + "\n";
            continue;
        }
        table.rows.push_back(
            {text_cell(t.name), text_cell(t.format), text_cell(f.rules_name),
             text_cell(time_controls_text(f.engines)), text_cell(std::string(to_string(t.status))),
             int_cell(static_cast<std::int64_t>(f.engines.size())), int_cell(f.games),
             planned_cell(f.planned, format), text_cell(shards_text(t)),
             text_cell(store::format_utc(t.started_at)), text_cell(f.outcome)});
    }
    return format == OutputFormat::Json ? out : render(table, format);
}

// ---- engines --------------------------------------------------------------------------------

namespace {

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

}  // namespace

namespace {

// Adds an engine's games of 3 or 4 seats to its line: a game it ranked above every other seat
// counts as a win, below every other seat as a loss, anything else as a draw (as the rating
// line counts them); points as RULES.md section 9 gives them.
void add_table_games(std::map<RowId, tournament::RankedLine>& by_id,
                     const tournament::RatingInput& tables) {
    for (std::size_t i = 0; i < tables.names.size(); ++i) {
        auto& line = by_id[tables.keys[i]];
        line.failures += tables.failures[i];
    }
    for (const auto& g : tables.tables) {
        for (std::size_t s = 0; s < g.seats; ++s) {
            auto& r = by_id[tables.keys[static_cast<std::size_t>(g.engines[s])]].rating;
            const double points = tournament::table_points(g, s);
            ++r.games;
            r.points += points;
            ++(points == 1.0 ? r.wins : points == 0.0 ? r.losses : r.draws);
            r.score = r.points / static_cast<double>(r.games);
        }
    }
}

}  // namespace

std::string engines_view(store::Store& db, const Selection& sel, OutputFormat format) {
    const auto indexed = index_games(db, db.result_rows(sel.filter));
    std::map<RowId, tournament::RankedLine> by_id;
    for (const auto& l : ranked(indexed)) by_id[l.key] = l;
    // Games of 3 or 4 seats count in the same columns (none in a file of 2-seat games).
    if (const auto tables = table_games(db, sel); !tables.empty())
        add_table_games(by_id, index_tables(db, tables));
    std::string out;
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
            out += engine_json(e, r, failures) + "\n";
            continue;
        }
        table.rows.push_back({text_cell(e.name), int_cell(r.games), int_cell(r.wins),
                              int_cell(r.draws), int_cell(r.losses), real_cell(r.points, 1),
                              score_cell(r.score, format), int_cell(failures)});
    }
    return format == OutputFormat::Json ? out : render(table, format);
}

// ---- standings ------------------------------------------------------------------------------

namespace {

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

}  // namespace

namespace {

// The games of a selection as rating input: 2-seat games, or (a scope of 3 or 4 seats) tables.
tournament::RatingInput selected_input(store::Store& db, const Selection& sel) {
    if (selection_seats(sel) > 2) return index_tables(db, table_games(db, sel));
    return index_games(db, db.result_rows(sel.filter));
}

// A standings row of a table game: the 2-seat row's fields, then the seat figures.
std::string seat_standings_json(const tournament::RankedLine& l, const SeatTotals& t, int seats) {
    auto row = standings_row_json(l);
    row.pop_back();
    Json extra;
    extra.field("seats", seats).field("average_rank", t.average_rank()).field("firsts", t.firsts);
    return row + "," + extra.str().substr(1);
}

}  // namespace

std::string standings_view(store::Store& db, const Selection& sel, OutputFormat format) {
    // A Swiss or knockout shows its own table (round_views.hpp) when the whole run is selected.
    if (sel.tournament && !sel.filter.engine_id && !sel.filter.ended_from &&
        !sel.filter.ended_before) {
        auto own = round_format_view(db, *sel.tournament, format);
        if (!own.empty()) return own;
    }
    const int seats = selection_seats(sel);
    const auto indexed = selected_input(db, sel);
    const auto lines = ranked(indexed);
    const auto totals = seat_totals(indexed);
    const auto* by_seat = seats > 2 ? &totals : nullptr;
    if (format == OutputFormat::Json) {
        std::string out;
        for (const auto& l : lines) {
            out += (by_seat ? seat_standings_json(
                                  l, totals[static_cast<std::size_t>(l.engine_index)], seats)
                            : standings_row_json(l)) +
                   "\n";
        }
        return out;
    }
    if (format == OutputFormat::Table) {
        const auto games = by_seat ? fmt::format("{} games, {} seats", indexed.count, seats)
                                   : fmt::format("{} games", indexed.count);
        return fmt::format("Standings, {} ({})\n", sel.scope, games) +
               standings_table(lines, std::nullopt, by_seat);
    }
    Table table{{"rank", "engine", "games", "points", "score", "wins", "draws", "losses",
                 "failures", "status", "rating", "rating_error", "group"},
                {}};
    if (by_seat) table.headers.insert(table.headers.end(), {"seats", "average_rank", "firsts"});
    for (const auto& l : lines) {
        table.rows.push_back(standings_csv_row(l));
        if (!by_seat) continue;
        const auto& t = totals[static_cast<std::size_t>(l.engine_index)];
        table.rows.back().insert(
            table.rows.back().end(),
            {int_cell(seats), real_cell(t.average_rank(), 4), int_cell(t.firsts)});
    }
    return render(table, format);
}

// ---- crosstable -----------------------------------------------------------------------------

Cross cross_of(const tournament::RatingInput& input) {
    return Cross{tournament::crosstable(static_cast<int>(input.names.size()), input.games),
                 ranked(input)};
}

namespace {

std::string cross_json(const tournament::RatingInput& input, const Cross& c) {
    std::string out;
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
        out += j.str() + "\n";
    }
    return out;
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

}  // namespace

namespace {

// The crosstable of games of 3 or 4 seats: how often the row engine finished above the column
// engine of the games where both sat at the table.
std::string seat_cross_json(const tournament::RatingInput& input, const Cross& c,
                            const std::vector<std::vector<Meeting>>& m) {
    std::string out;
    for (const auto& line : c.lines) {
        const auto i = static_cast<std::size_t>(line.engine_index);
        std::vector<std::string> cells;
        for (const auto& other : c.lines) {
            const auto k = static_cast<std::size_t>(other.engine_index);
            const auto& t = m[i][k];
            if (k == i || t.games() == 0) continue;
            Json cell;
            cell.field("opponent", input.names[k]).field("games", t.games());
            cell.field("above", t.above).field("below", t.below).field("level", t.level);
            cells.push_back(cell.str());
        }
        Json j;
        j.field("rank", line.rank).field("engine", line.engine);
        j.field("games", line.rating.games).field("points", line.rating.points);
        j.raw("opponents", Json::array(cells));
        out += j.str() + "\n";
    }
    return out;
}

Table seat_cross_table(const tournament::RatingInput& input, const Cross& c,
                       const std::vector<std::vector<Meeting>>& m, OutputFormat format) {
    Table table;
    table.headers = {"engine"};
    for (const auto& l : c.lines) table.headers.push_back(l.engine);
    table.headers.push_back("total");
    for (const auto& line : c.lines) {
        const auto i = static_cast<std::size_t>(line.engine_index);
        std::vector<Cell> row{text_cell(input.names[i])};
        for (const auto& other : c.lines) {
            const auto k = static_cast<std::size_t>(other.engine_index);
            const auto& t = m[i][k];
            if (k == i)
                row.push_back(text_cell(format == OutputFormat::Table ? "x" : ""));
            else if (t.games() == 0)
                row.push_back(text_cell(format == OutputFormat::Table ? "-" : ""));
            else
                row.push_back(Cell{fmt::format("{}/{}", t.above, t.games()), true});
        }
        row.push_back(Cell{fmt::format("{:g}/{}", line.rating.points, line.rating.games), true});
        table.rows.push_back(std::move(row));
    }
    return table;
}

std::string seat_crosstable_view(const tournament::RatingInput& input, const Selection& sel,
                                 OutputFormat format) {
    const auto cross = cross_of(input);
    const auto m = meetings(input);
    if (format == OutputFormat::Json) return seat_cross_json(input, cross, m);
    std::string out;
    if (format == OutputFormat::Table) {
        out = fmt::format(
            "Crosstable, {} (games the row engine finished above the column engine/games "
            "together; total: points/games)\n",
            sel.scope);
    }
    return out + render(seat_cross_table(input, cross, m, format), format);
}

}  // namespace

std::string crosstable_view(store::Store& db, const Selection& sel, OutputFormat format) {
    if (selection_seats(sel) > 2)
        return seat_crosstable_view(index_tables(db, table_games(db, sel)), sel, format);
    const auto indexed = index_games(db, db.result_rows(sel.filter));
    const auto cross = cross_of(indexed);
    if (format == OutputFormat::Json) return cross_json(indexed, cross);
    std::string out;
    if (format == OutputFormat::Table)
        out = fmt::format("Crosstable, {} (points/games)\n", sel.scope);
    return out + render(cross_table(indexed, cross, format), format);
}

// ---- h2h ------------------------------------------------------------------------------------

namespace {

// Every game between A (engine 0) and B (engine 1), from A's point of view.
struct HeadToHead {
    tournament::Trinomial as_south, as_north;
    std::map<std::string, tournament::Trinomial> by_tc;  // A's time control/B's time control
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
        const bool a_south = g.south == 0;
        const double ap = a_south ? g.south_points : 1.0 - g.south_points;
        (a_south ? h.as_south : h.as_north).add(ap);
        const auto tc = side_time_controls(games[i].time_control);
        const auto& [mine, theirs] =
            a_south ? std::pair(tc.south, tc.north) : std::pair(tc.north, tc.south);
        h.by_tc[mine == theirs ? mine : mine + " vs " + theirs].add(ap);
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
    j.field("losses", t.losses).field("points", t.points());
    return j.str();
}

std::string h2h_json(const std::string& a, const std::string& b, const HeadToHead& h) {
    std::vector<std::string> tcs;
    for (const auto& [tc, t] : h.by_tc) {
        Json j;
        j.field("time_control", tc).raw("results", trinomial_json(t));
        tcs.push_back(j.str());
    }
    Json j;
    add_pair_fields(j, h.pair, a, b);
    j.raw("as_south", trinomial_json(h.as_south)).raw("as_north", trinomial_json(h.as_north));
    j.raw("by_time_control", Json::array(tcs));
    j.raw("failures", Json().field("engine", h.failures_a).field("opponent", h.failures_b).str());
    return j.str() + "\n";
}

std::string h2h_text(const std::string& a, const std::string& b, const HeadToHead& h) {
    const auto& ps = h.pair;
    const auto& p = ps.pairs.counts;
    std::string out = fmt::format("{} vs {}: {} games, {} points of {} for {}\n", a, b,
                                  ps.results.games(), ps.results.points(), ps.results.games(), a);
    Table lines{{"", "W", "D", "L", "points"}, {}};
    auto add_line = [&](std::string label, const tournament::Trinomial& t) {
        lines.rows.push_back({text_cell(std::move(label)), int_cell(t.wins), int_cell(t.draws),
                              int_cell(t.losses), real_cell(t.points(), 1)});
    };
    add_line("total", ps.results);
    add_line(a + " as South", h.as_south);
    add_line(a + " as North", h.as_north);
    for (const auto& [tc, t] : h.by_tc) add_line("time control " + (tc.empty() ? "?" : tc), t);
    out += render(lines, OutputFormat::Table);
    out += fmt::format(
        "pentanomial [LL LD DD/WL WD WW] = [{} {} {} {} {}] ({} pairs, {} unpaired games)\n", p[0],
        p[1], p[2], p[3], p[4], ps.pairs.pairs(), ps.unpaired_games);
    out += fmt::format("Elo difference {}   LOS {:.1f}%\n", elo_difference_text(ps.elo),
                       100.0 * ps.los);
    return out + fmt::format("failures: {} {}, {} {}\n", a, h.failures_a, b, h.failures_b);
}

}  // namespace

std::string h2h_view(const store::EngineRow& a, const store::EngineRow& b,
                     const std::vector<store::ResultGame>& games, bool json) {
    const auto h = head_to_head(a, b, games);
    if (json) return h2h_json(a.name, b.name, h);
    return h2h_text(a.name, b.name, h);
}

// ---- h2h at tables of 3 or 4 seats ---------------------------------------------------------

namespace {

// Every game of 3 or 4 seats where A and B both sat, from A's side.
struct SeatHeadToHead {
    int seats = 0;
    Meeting total;
    std::vector<Meeting> by_seat;  // by A's seat
    SeatTotals a, b;               // over these games
    std::int64_t failures_a = 0, failures_b = 0;
};

// One game where A ranked `mine` and B `theirs` (1 first).
void tally(Meeting& m, int mine, int theirs) {
    if (mine < theirs)
        ++m.above;
    else if (mine > theirs)
        ++m.below;
    else
        ++m.level;
}

SeatHeadToHead seat_head_to_head(const tournament::RatingInput& input, int seats, int a, int b) {
    SeatHeadToHead h;
    h.seats = seats;
    h.by_seat.resize(static_cast<std::size_t>(seats));
    for (const auto& g : input.tables) {
        if (static_cast<int>(g.seats) != seats) continue;
        std::optional<std::size_t> sa, sb;
        for (std::size_t s = 0; s < g.seats; ++s) {
            if (g.engines[s] == a && !sa) sa = s;
            if (g.engines[s] == b && !sb) sb = s;
        }
        if (!sa || !sb) continue;
        const int ra = g.ranks[*sa], rb = g.ranks[*sb];
        tally(h.total, ra, rb);
        tally(h.by_seat[*sa], ra, rb);
        add_seat(h.a, g, *sa);
        add_seat(h.b, g, *sb);
    }
    return h;
}

std::string meeting_json(const Meeting& m) {
    Json j;
    j.field("games", m.games()).field("above", m.above).field("below", m.below);
    return j.field("level", m.level).str();
}

std::string seat_totals_json(const SeatTotals& t) {
    Json j;
    j.field("games", t.games).field("points", t.points);
    return j.field("average_rank", t.average_rank()).field("firsts", t.firsts).str();
}

std::string seat_h2h_json(const std::string& a, const std::string& b, const SeatHeadToHead& h) {
    std::vector<std::string> seats;
    for (std::size_t s = 0; s < h.by_seat.size(); ++s) {
        Json j;
        j.field("seat", static_cast<int>(s) + 1).raw("results", meeting_json(h.by_seat[s]));
        seats.push_back(j.str());
    }
    Json j;
    j.field("engine", a).field("opponent", b).field("seats", h.seats);
    j.field("games", h.total.games()).field("above", h.total.above);
    j.field("below", h.total.below).field("level", h.total.level);
    j.raw("engine_totals", seat_totals_json(h.a)).raw("opponent_totals", seat_totals_json(h.b));
    j.raw("by_seat", Json::array(seats));
    j.raw("failures", Json().field("engine", h.failures_a).field("opponent", h.failures_b).str());
    return j.str() + "\n";
}

std::string seat_h2h_text(const std::string& a, const std::string& b, const SeatHeadToHead& h) {
    std::string out = fmt::format(
        "{} vs {} at tables of {}: {} games together, {} finished above {} in {}, below in {}, "
        "level in {}\n",
        a, b, h.seats, h.total.games(), a, b, h.total.above, h.total.below, h.total.level);
    Table lines{{"", "games", "above", "below", "level"}, {}};
    for (std::size_t s = 0; s < h.by_seat.size(); ++s) {
        const auto& m = h.by_seat[s];
        lines.rows.push_back({text_cell(fmt::format("{} in seat {}", a, s + 1)),
                              int_cell(m.games()), int_cell(m.above), int_cell(m.below),
                              int_cell(m.level)});
    }
    out += render(lines, OutputFormat::Table);
    Table totals{{"", "games", "points", "avg rank", "firsts"}, {}};
    for (const auto& [name, t] : {std::pair{a, h.a}, std::pair{b, h.b}}) {
        totals.rows.push_back({text_cell(name), int_cell(t.games), real_cell(t.points, 2),
                               text_cell(average_rank_text(t)), int_cell(t.firsts)});
    }
    out += render(totals, OutputFormat::Table);
    return out + fmt::format("failures: {} {}, {} {}\n", a, h.failures_a, b, h.failures_b);
}

}  // namespace

std::string seat_h2h_view(const store::EngineRow& a, const store::EngineRow& b,
                          const std::vector<store::GameRow>& games, bool json) {
    std::vector<tournament::TableRow> rows;
    std::map<int, std::pair<std::int64_t, std::int64_t>> failures;  // by seats: A's, B's
    for (const auto& g : games) {
        rows.push_back(table_row(g));
        if (!g.failed_seat) continue;
        const auto id = g.seats[static_cast<std::size_t>(*g.failed_seat)].engine_id;
        auto& f = failures[static_cast<int>(g.seats.size())];
        f.first += id == a.id;
        f.second += id == b.id;
    }
    const std::vector<tournament::RatedEngine> engines{{a.id, a.name}, {b.id, b.name}};
    auto input = tournament::build_table_rating_input(engines, rows);
    const auto ia = input.index.at(a.id), ib = input.index.at(b.id);
    std::string out;
    for (int seats = 3; seats <= static_cast<int>(tournament::kMaxTableSeats); ++seats) {
        auto h = seat_head_to_head(input, seats, ia, ib);
        if (h.total.games() == 0) continue;
        std::tie(h.failures_a, h.failures_b) = failures[seats];
        out += json ? seat_h2h_json(a.name, b.name, h) : seat_h2h_text(a.name, b.name, h);
    }
    return out;
}

// ---- sessions -------------------------------------------------------------------------------

namespace {

std::string session_json(const store::SessionRow& s) {
    std::vector<std::string> curve;
    for (const auto& w : s.wealth) curve.push_back(wealth_json(w));
    const std::array<int, 2> start{s.total / 2, s.total - s.total / 2};
    Json j;
    j.field("tournament", s.tournament).field("session", s.session_index + 1);
    j.field("first", s.first).field("second", s.second);
    j.field("game_limit", s.game_limit).field("total", s.total).field("games", s.games_played);
    j.raw("wealth", Json::array(curve));
    j.raw("final_wealth", wealth_json(s.wealth.empty() ? start : s.wealth.back()));
    j.field("end", s.end_reason).field("result", s.result);
    std::vector<std::string> ids;
    for (auto id : s.game_ids) ids.push_back(std::to_string(id));
    j.raw("game_ids", Json::array(ids));
    return j.str();
}

std::string curve_text(const store::SessionRow& s) {
    std::string out = fmt::format("{}-{}", s.total / 2, s.total - s.total / 2);
    for (const auto& w : s.wealth) out += fmt::format(" {}-{}", w[0], w[1]);
    return out;
}

}  // namespace

std::string session_result_words(const store::SessionRow& s, std::string_view ongoing) {
    if (s.result == "first_wins") return s.first + " wins";
    if (s.result == "second_wins") return s.second + " wins";
    return s.result == "draw" ? "drawn" : std::string(ongoing);
}

std::array<int, 2> last_wealth(const store::SessionRow& s) {
    return s.wealth.empty() ? std::array<int, 2>{s.total / 2, s.total / 2} : s.wealth.back();
}

std::string sessions_view(store::SessionStore& db, std::optional<store::RowId> only,
                          OutputFormat format) {
    std::string out;
    Table table{
        {"tournament", "session", "first", "second", "games", "wealth", "end", "result", "curve"},
        {}};
    for (const auto& s : db.sessions(only)) {
        if (format == OutputFormat::Json) {
            out += session_json(s) + "\n";
            continue;
        }
        const auto final = last_wealth(s);
        table.rows.push_back({text_cell(s.tournament), int_cell(s.session_index + 1),
                              text_cell(s.first), text_cell(s.second), int_cell(s.games_played),
                              text_cell(fmt::format("{}-{}", final[0], final[1])),
                              text_cell(s.end_reason), text_cell(session_result_words(s)),
                              text_cell(curve_text(s))});
    }
    return format == OutputFormat::Json ? out : render(table, format);
}

}  // namespace oaq::views
