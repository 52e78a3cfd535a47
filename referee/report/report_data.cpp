#include "report/report_data.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"
#include "store/results.hpp"
#include "tournament/rating_input.hpp"
#include "views/results_views.hpp"
#include "views/selection.hpp"

namespace oaq::report {

namespace {

using game::Termination;

constexpr std::size_t kChartPoints = 60;  // fits for the rating-over-games chart

constexpr Termination kAllTerminations[] = {
    Termination::Normal,      Termination::Repetition,  Termination::PlyLimit,
    Termination::TimeForfeit, Termination::IllegalMove, Termination::ProtocolViolation,
    Termination::Crash,       Termination::Stall,       Termination::Aborted,
};

// Replays the stored moves from the stored start position. No ply limit: the referee already
// decided where the game ended, the page only shows what was played.
void replay(ReportGame& game, const store::StoredRecord& record) {
    auto rules = rules::parse_rules(record.rules);
    if (!rules) {
        game.replay_error = "rules \"" + record.rules + "\": " + rules.error().message;
        return;
    }
    auto start = rules::parse_position(
        record.start_position.empty() ? "startpos" : record.start_position, *rules);
    if (!start) {
        game.replay_error = "start position: " + start.error().message;
        return;
    }
    auto add = [&](const rules::Position& pos) {
        game.positions.push_back(rules::to_string(pos));
        game.scores.push_back({rules::score(pos, rules::Side::South, *rules),
                               rules::score(pos, rules::Side::North, *rules)});
    };
    rules::Game replayed(*rules, *start, 0);
    add(*start);
    game.plies = record.moves;
    for (const auto& m : record.moves) game.moves.push_back(rules::to_string(m.move));
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const auto move = record.moves[i].move;
        const rules::Position before = replayed.position();
        auto after = replayed.play(move);
        if (!after) {
            game.replay_error = "move " + std::to_string(i + 1) + " (\"" + game.moves[i] +
                                "\"): " + after.error().message;
            return;
        }
        game.movers.push_back(before.side);
        game.from_pits.push_back(rules::pit_of(before.side, move.square));
        if (after->is_over() && i + 1 == record.moves.size()) {
            // The rules ended the game: the move, then the settlement as a step of its own.
            const auto unsettled = rules::play_unsettled(before, move, *rules);
            if (!(unsettled == *after)) {
                add(unsettled);
                game.settlement_step = true;
            }
        }
        add(*after);
    }
}
}  // namespace

std::vector<std::string> tournament_names(store::Store& db) {
    std::vector<std::string> names;
    for (const auto& t : db.list_tournaments()) names.push_back(t.name);
    return names;
}

namespace {

Expected<store::TournamentRow> find_tournament(store::Store& db,
                                               const std::optional<std::string>& name) {
    if (name) return views::tournament_named(db, *name);
    auto all = db.list_tournaments();
    if (all.empty()) return fail("no tournament in " + db.path());
    return all.back();
}

// Seats: the tournament's participants, then anyone else who appears in its games.
std::vector<tournament::RatedEngine> seats(store::Store& db, const store::TournamentRow& t,
                                           const std::vector<store::GameRow>& rows) {
    std::vector<tournament::RatedEngine> engines;
    std::set<store::RowId> seen;
    auto add = [&](store::RowId id, const std::string& name) {
        if (seen.insert(id).second) engines.push_back({id, name});
    };
    for (auto id : t.engine_ids) {
        auto e = db.engine(id);
        add(id, e ? e->name : "engine " + std::to_string(id));
    }
    for (const auto& row : rows) {
        add(row.south_engine_id, row.south);
        add(row.north_engine_id, row.north);
    }
    return engines;
}

std::vector<std::pair<std::string, std::int64_t>> termination_counts(
    const std::vector<store::GameRow>& rows) {
    std::map<Termination, std::int64_t> by_termination;
    for (const auto& row : rows) ++by_termination[row.termination];
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (auto kind : kAllTerminations)
        out.emplace_back(std::string(game::to_string(kind)), by_termination[kind]);
    return out;
}

}  // namespace

Expected<ReportData> load_report(store::Store& db, const std::optional<std::string>& tournament) {
    auto found = find_tournament(db, tournament);
    if (!found) return found.error();
    ReportData data;
    data.tournament = *found;
    const auto& t = data.tournament;
    auto rules = rules::parse_rules(t.rules);
    data.rules_name = rules ? rules::short_name(*rules) : t.rules;

    store::GameFilter filter;
    filter.tournament_id = t.id;
    filter.limit = 0;
    auto rows = db.games(filter);  // in the order they were stored: the chart's time axis
    data.seats = views::seats_of_rules(t.rules);
    std::vector<tournament::ResultRow> results;
    if (data.seats == 2) {
        for (const auto& row : rows) results.push_back(store::result_row(row));
    }
    // Tables: the same rating input as `oaq results standings` (views/selection.hpp).
    const auto input = data.seats > 2 ? views::index_tables(db, rows)
                                      : tournament::build_rating_input(seats(db, t, rows), results);
    if (data.seats > 2) {
        data.seat_totals = views::seat_totals(input);
        data.meetings = views::meetings(input);
    }
    data.engines = input.names;
    data.time_controls = store::engine_time_controls(t, store::seat_names(db, t));
    auto cross = views::cross_of(input);  // what `oaq results crosstable` shows
    data.cross = std::move(cross.cells);
    data.standings = std::move(cross.lines);
    data.terminations = termination_counts(rows);
    data.rating_history = rating_history(input.names.size(), input.games, kChartPoints);
    data.sessions = db.sessions(data.tournament.id);
    data.round_definition = views::round_definition(data.tournament);
    if (data.round_definition && data.round_definition->format == tournament::Format::Swiss)
        data.swiss = views::swiss_data(db, data.tournament, *data.round_definition);
    if (data.round_definition && data.round_definition->format == tournament::Format::Knockout)
        data.knockout = views::knockout_data(db, data.tournament, *data.round_definition);
    // Schedule order reads better than the order games happened to end in.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const store::GameRow& a, const store::GameRow& b) {
                         return a.slot.game_index < b.slot.game_index;
                     });
    data.games.reserve(rows.size());
    for (const auto& row : rows) {
        ReportGame game;
        game.row = row;
        if (auto stored = db.game(row.id)) {
            if (data.seats > 2)
                replay_ring(game, stored->record);
            else
                replay(game, stored->record);
        } else {
            game.replay_error = "the game's moves could not be read";
        }
        data.games.push_back(std::move(game));
    }
    data.summaries = engine_summaries(data);
    return data;
}

}  // namespace oaq::report
