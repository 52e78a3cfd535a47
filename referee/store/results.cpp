#include "store/results.hpp"

#include "tournament/run_definition.hpp"

namespace oaq::store {

std::vector<tournament::ResultRow> result_rows(const std::vector<ResultGame>& games) {
    std::vector<tournament::ResultRow> rows;
    rows.reserve(games.size());
    for (const auto& g : games) {
        rows.push_back({g.id, g.tournament_id, g.pair_index, g.south_engine_id, g.north_engine_id,
                        g.result, g.termination});
    }
    return rows;
}

tournament::ResultRow result_row(const GameRow& g) {
    return {g.id,     g.tournament_id, g.slot.pair_index, g.south_engine_id, g.north_engine_id,
            g.result, g.termination};
}

std::vector<tournament::RatedEngine> rated_engines(Store& db) {
    std::vector<tournament::RatedEngine> engines;
    for (const auto& e : db.list_engines()) engines.push_back({e.id, e.name});
    return engines;
}

tournament::RatingInput rating_input(Store& db, const ResultFilter& filter) {
    const auto rows = db.result_rows(filter);
    return tournament::build_rating_input(rated_engines(db), rows,
                                          tournament::EngineSelection::WithGames);
}

std::vector<EngineTimeControl> engine_time_controls(const TournamentRow& t,
                                                    const std::vector<std::string>& seat_names) {
    std::vector<EngineTimeControl> out;
    if (t.definition) {
        if (auto d = tournament::run_definition_from_json(*t.definition)) {
            for (std::size_t i = 0; i < d->engines.size(); ++i)
                out.push_back({d->engines[i].name, game::to_string(d->time_control(i))});
            return out;
        }
    }
    for (const auto& name : seat_names) out.push_back({name, t.time_control});
    return out;
}

SideTimeControls side_time_controls(const std::string& stored) {
    const auto slash = stored.find('/');
    if (slash == std::string::npos) return {stored, stored};
    return {stored.substr(0, slash), stored.substr(slash + 1)};
}

std::vector<std::string> seat_names(Store& db, const TournamentRow& t) {
    std::vector<std::string> names;
    for (auto id : t.engine_ids) {
        auto e = db.engine(id);
        names.push_back(e ? e->name : "#" + std::to_string(id));
    }
    return names;
}

RatingSnapshot snapshot_row(const tournament::Snapshot& s, std::optional<RowId> tournament_id,
                            std::string rules, std::string games_spec) {
    RatingSnapshot row;
    row.tournament_id = tournament_id;
    row.rules = std::move(rules);
    row.method = s.method;
    row.parameters = s.parameters;
    row.games_spec = std::move(games_spec);
    row.game_count = s.game_count;
    row.max_game_id = s.max_game_id;
    for (const auto& e : s.entries) {
        RatingEntry entry;
        entry.engine_id = e.key;
        entry.engine = e.engine;
        entry.rank = e.rank;
        entry.rating = e.rating;
        entry.error = e.error;
        entry.games = static_cast<int>(e.games);
        entry.points = e.points;
        entry.wins = static_cast<int>(e.wins);
        entry.draws = static_cast<int>(e.draws);
        entry.losses = static_cast<int>(e.losses);
        row.entries.push_back(entry);
    }
    return row;
}

}  // namespace oaq::store
