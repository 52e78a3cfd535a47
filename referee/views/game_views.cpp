#include "views/game_views.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <charconv>

#include "common/error.hpp"
#include "views/export_games.hpp"
#include "views/selection.hpp"
#include "views/standings.hpp"

namespace oaq::views {

std::map<store::RowId, TournamentInfo> tournament_infos(store::Store& db) {
    std::map<store::RowId, TournamentInfo> out;
    for (const auto& t : db.list_tournaments()) out[t.id] = {t.name, t.rules};
    return out;
}

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

std::string games_list(const std::vector<store::GameRow>& rows,
                       const std::map<store::RowId, TournamentInfo>& infos, OutputFormat format) {
    std::string out;
    Table table{
        {"game", "round", "south", "north", "result", "score", "termination", "plies", "ended_at"},
        {}};
    // A page that holds a game of 3 or 4 seats has the seat columns.
    const bool seat_columns = std::any_of(
        rows.begin(), rows.end(), [](const store::GameRow& g) { return g.seats.size() > 2; });
    if (format == OutputFormat::Csv) out += game_csv_header(seat_columns) + "\n";
    for (const auto& g : rows) {
        const auto& info = infos.at(g.tournament_id);
        const auto number = game_number(info.name, g.slot);
        const auto record = record_of(g, info.rules);
        if (format == OutputFormat::Json) {
            out += game_json(number, g.id, record, g.plies, false) + "\n";
        } else if (format == OutputFormat::Csv) {
            out += game_csv_row(number, g.id, record, g.plies, seat_columns) + "\n";
        } else if (g.seats.size() > 2) {
            // A table of 3 or 4: every seat in the south column, ranks for the result.
            std::string names, ranks, scores;
            for (const auto& seat : g.seats) {
                names += (names.empty() ? "" : ", ") + seat.engine;
                ranks += (ranks.empty() ? "" : "-") + std::to_string(seat.rank);
                scores += (scores.empty() ? "" : "-") + std::to_string(seat.score);
            }
            table.rows.push_back({text_cell(game_reference(number)), int_cell(number.round),
                                  text_cell(names), text_cell(""), text_cell(ranks),
                                  text_cell(scores),
                                  text_cell(std::string(game::to_string(g.termination))),
                                  int_cell(g.plies), text_cell(store::format_utc(g.ended_at))});
        } else {
            table.rows.push_back({text_cell(game_reference(number)), int_cell(number.round),
                                  text_cell(g.south), text_cell(g.north),
                                  text_cell(result_token(g.result)),
                                  text_cell(score_pair_text(g.score_south, g.score_north)),
                                  text_cell(std::string(game::to_string(g.termination))),
                                  int_cell(g.plies), text_cell(store::format_utc(g.ended_at))});
        }
    }
    return format == OutputFormat::Table ? render(table, format) : out;
}

namespace {

std::int64_t parse_game_number(const std::string& text) {
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 1)
        throw OaqError("\"" + text + "\" is not a game number (1, 2, ...)");
    return n;
}

store::TournamentRow existing_tournament(store::Store& db, const std::string& name) {
    auto t = tournament_named(db, name);
    if (!t) throw OaqError(t.error().message);
    return *t;
}

}  // namespace

store::RowId find_game(store::Store& db, std::string text,
                       const std::optional<std::string>& tournament) {
    std::optional<store::TournamentRow> t;
    if (const auto hash = text.rfind('#'); hash != std::string::npos) {
        t = existing_tournament(db, text.substr(0, hash));
        text = text.substr(hash + 1);
    } else if (tournament) {
        t = existing_tournament(db, *tournament);
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

store::StoredGame load_game(store::Store& db, store::RowId id) {
    auto g = db.game(id);
    if (!g) throw OaqError("no game with id " + std::to_string(id) + " in " + db.path());
    return std::move(*g);
}

namespace {

Table moves_table(const store::StoredRecord& r) {
    const auto sides = mover_sides(r);
    Table table{{"ply", "side", "move", "used", "left", "depth", "eval", "nodes", "pv"}, {}};
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        table.rows.push_back(
            {int_cell(static_cast<std::int64_t>(i + 1)), text_cell(sides[i]),
             text_cell(rules::to_string(m.move)), text_cell(seconds_text(m.time_used)),
             text_cell(seconds_text(m.time_left)), m.depth ? int_cell(*m.depth) : text_cell(""),
             text_cell(m.score ? score_text(*m.score) : ""),
             m.nodes ? int_cell(static_cast<std::int64_t>(*m.nodes)) : text_cell(""),
             text_cell(join_words(m.pv))});
    }
    return table;
}

}  // namespace

namespace {

// A game of 3 or 4 seats: one line a seat, in turn order, with how it ended for it.
std::string seat_lines(const store::GameRow& g) {
    std::string out;
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
        const auto& seat = g.seats[i];
        out +=
            fmt::format("seat {} {} ({})  score {}  rank {}  points {}{}\n", i + 1, seat.engine,
                        seat.time_control, seat.score, seat.rank, fmt::format("{:g}", seat.points),
                        g.failed_seat && *g.failed_seat == static_cast<int>(i)
                            ? "  failed: " + std::string(game::to_string(g.termination))
                            : "");
    }
    return out;
}

}  // namespace

std::string game_text(const store::StoredGame& game, const GameNumber& number) {
    const auto& g = game.row;
    const auto& r = game.record;
    const auto tc = side_time_controls(g.time_control);
    const bool table = g.seats.size() > 2;
    std::string out = fmt::format("game {}  round {}  pair {}\n", game_reference(number),
                                  number.round, number.pair);
    if (table)
        out += seat_lines(g);
    else
        out += fmt::format("south {} ({})  north {} ({})\n", g.south, tc.south, g.north, tc.north);
    out += fmt::format("rules {}\n", r.rules);
    if (!g.opening.empty()) out += fmt::format("opening {}\n", g.opening);
    out += fmt::format("start {}\n", g.start_position);
    out += fmt::format("started {}  ended {}\n\n", store::format_utc(g.started_at),
                       store::format_utc(g.ended_at));
    out += render(moves_table(r), OutputFormat::Table);
    if (table) {
        return out + fmt::format("\ntermination {}{}\nfinal {}\n", game::to_string(g.termination),
                                 g.detail.empty() ? "" : "  detail " + g.detail, g.final_position);
    }
    return out + fmt::format("\nresult {} ({})  termination {}{}\nfinal {}\n",
                             result_token(g.result), score_pair_text(g.score_south, g.score_north),
                             game::to_string(g.termination),
                             g.detail.empty() ? "" : "  detail " + g.detail, g.final_position);
}

std::string export_game(store::Store& db, const std::string& format, const store::GameRow& g,
                        const TournamentInfo& info, bool seat_columns) {
    const auto number = game_number(info.name, g.slot);
    if (format == "csv")
        return game_csv_row(number, g.id, record_of(g, info.rules), g.plies, seat_columns) + "\n";
    const auto stored = load_game(db, g.id);
    return format == "pgn"         ? pgn_game(number, stored.record)
           : format == "moves-csv" ? move_csv_rows(number, g.id, stored.record)
                                   : game_json(number, g.id, stored.record, g.plies, true) + "\n";
}

ExportCount write_export(store::Store& db, const store::GameFilter& filter,
                         const std::string& format, std::ostream& out) {
    const auto infos = tournament_infos(db);
    ExportCount count;
    // A selection that holds games of 3 or 4 seats: CSV has the seat columns.
    auto tables = filter;
    tables.min_seats = 3;
    const bool seat_columns = format == "csv" && db.count_games(tables) > 0;
    if (format == "csv") out << game_csv_header(seat_columns) << "\n";
    if (format == "moves-csv") out << move_csv_header() << "\n";
    for_each_game(db, filter, [&](const store::GameRow& g) {
        if (format == "pgn" && !pgn_exportable(g)) {
            ++count.left_out;
            return;
        }
        out << export_game(db, format, g, infos.at(g.tournament_id), seat_columns);
        ++count.written;
    });
    out.flush();
    if (!out) throw OaqError("export: write failed");
    return count;
}

}  // namespace oaq::views
