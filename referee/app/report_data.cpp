#include "app/report_data.hpp"

#include <algorithm>
#include <map>

#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"

namespace oaq::app {

namespace {

using game::Termination;

constexpr Termination kAllTerminations[] = {
    Termination::Normal,      Termination::Repetition,  Termination::PlyLimit,
    Termination::TimeForfeit, Termination::IllegalMove, Termination::ProtocolViolation,
    Termination::Crash,       Termination::Stall,       Termination::Aborted,
};

double south_points(rules::Result r) {
    return r == rules::Result::SouthWin ? 1.0 : r == rules::Result::NorthWin ? 0.0 : 0.5;
}

// Replays the stored moves from the stored start position. No ply limit: the referee already
// decided where the game ended, the page only shows what was played.
void replay(ReportGame& game, const game::GameRecord& record) {
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
    for (const auto& m : record.moves) game.moves.push_back(m.move);
    for (std::size_t i = 0; i < record.moves.size(); ++i) {
        const auto& text = record.moves[i].move;
        const rules::Side mover = replayed.position().side;
        auto move = rules::parse_move(text);
        auto after =
            move ? replayed.play(*move) : Expected<rules::Position>(fail(move.error().message));
        if (!after) {
            game.replay_error =
                "move " + std::to_string(i + 1) + " (\"" + text + "\"): " + after.error().message;
            return;
        }
        game.from_pits.push_back(rules::pit_of(mover, move->square));
        add(*after);
    }
}

}  // namespace

std::vector<std::string> tournament_names(store::Store& db) {
    std::vector<std::string> names;
    for (const auto& t : db.list_tournaments()) names.push_back(t.name);
    return names;
}

Expected<ReportData> load_report(store::Store& db, const std::optional<std::string>& tournament) {
    ReportData data;
    if (tournament) {
        auto found = db.find_tournament(*tournament);
        if (!found) return fail("no tournament named \"" + *tournament + "\" in " + db.path());
        data.tournament = *found;
    } else {
        auto all = db.list_tournaments();
        if (all.empty()) return fail("no tournament in " + db.path());
        data.tournament = all.back();
    }
    const auto& t = data.tournament;
    auto rules = rules::parse_rules(t.rules);
    data.rules_name = rules ? rules::short_name(*rules) : t.rules;

    // Seats: the tournament's participants, then anyone else who appears in its games.
    std::map<store::RowId, int> seat;
    auto seat_of = [&](store::RowId id, const std::string& name) {
        auto [it, inserted] = seat.try_emplace(id, static_cast<int>(data.engines.size()));
        if (inserted) data.engines.push_back(name);
        return it->second;
    };
    for (auto id : t.engine_ids) {
        auto e = db.engine(id);
        seat_of(id, e ? e->name : "engine " + std::to_string(id));
    }

    store::GameFilter filter;
    filter.tournament_id = t.id;
    filter.limit = 0;
    auto rows = db.games(filter);
    // Schedule order reads better than the order games happened to end in.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const store::GameRow& a, const store::GameRow& b) {
                         return a.slot.game_index < b.slot.game_index;
                     });

    std::map<Termination, std::int64_t> by_termination;
    StandingsInput input;
    std::vector<std::pair<int, int>> seats;
    for (const auto& row : rows) {
        const int s = seat_of(row.south_engine_id, row.south);
        const int n = seat_of(row.north_engine_id, row.north);
        seats.emplace_back(s, n);
        ++by_termination[row.termination];
        input.games.push_back({s, n, south_points(row.result), row.slot.pair_index});
    }
    const auto count = data.engines.size();
    input.engines = data.engines;
    input.failures.assign(count, 0);
    data.cross.assign(count, std::vector<CrossCell>(count));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto [s, n] = seats[i];
        const auto su = static_cast<std::size_t>(s), nu = static_cast<std::size_t>(n);
        auto& south_cell = data.cross[su][nu];
        auto& north_cell = data.cross[nu][su];
        switch (rows[i].result) {
            case rules::Result::SouthWin:
                ++south_cell.wins;
                ++north_cell.losses;
                break;
            case rules::Result::NorthWin:
                ++south_cell.losses;
                ++north_cell.wins;
                break;
            default:
                ++south_cell.draws;
                ++north_cell.draws;
                break;
        }
        if (game::is_failure(rows[i].termination)) {
            if (rows[i].result == rules::Result::SouthWin) ++input.failures[nu];
            if (rows[i].result == rules::Result::NorthWin) ++input.failures[su];
        }
    }
    data.standings = compute_standings(input);
    for (auto kind : kAllTerminations) {
        data.terminations.emplace_back(std::string(game::to_string(kind)), by_termination[kind]);
    }

    data.games.reserve(rows.size());
    for (const auto& row : rows) {
        ReportGame game;
        game.row = row;
        if (auto stored = db.game(row.id)) {
            replay(game, stored->record);
        } else {
            game.replay_error = "the game's moves could not be read";
        }
        data.games.push_back(std::move(game));
    }
    return data;
}

}  // namespace oaq::app
