#include "views/round_views.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"

namespace oaq::views {

std::optional<tournament::RunDefinition> round_definition(const store::TournamentRow& t) {
    if (t.format != "swiss" && t.format != "knockout") return std::nullopt;
    if (!t.definition) return std::nullopt;
    auto d = tournament::run_definition_from_json(*t.definition);
    if (!d) throw OaqError("tournament \"" + t.name + "\": " + d.error().message);
    return *d;
}

namespace {

// The seat of each stored engine id.
int seat_of(const store::TournamentRow& t, store::RowId id) {
    const auto it = std::find(t.engine_ids.begin(), t.engine_ids.end(), id);
    if (it == t.engine_ids.end())
        throw OaqError("tournament \"" + t.name + "\": a game names engine id " +
                       std::to_string(id) + ", not one of its engines");
    return static_cast<int>(it - t.engine_ids.begin());
}

std::vector<tournament::ResultRow> stored_rows(store::ResultStore& db,
                                               const store::TournamentRow& t) {
    store::ResultFilter filter;
    filter.tournament_id = t.id;
    auto rows = db.result_rows(filter);
    for (auto& r : rows) {
        r.south = seat_of(t, r.south);
        r.north = seat_of(t, r.north);
    }
    return rows;
}

tournament::PairResults pair_results(const std::vector<tournament::ResultRow>& rows) {
    tournament::PairResults results;
    for (const auto& r : rows)
        results.add(r.pair_index, static_cast<int>(r.south), tournament::south_points(r.result));
    return results;
}

std::vector<int> seeds(const tournament::RoundParams& p) {
    std::vector<int> seed_of(static_cast<std::size_t>(p.engines));
    for (std::size_t s = 0; s < p.seed_order.size(); ++s)
        seed_of[static_cast<std::size_t>(p.seed_order[s])] = static_cast<int>(s);
    return seed_of;
}

tournament::RoundParams params_of(const store::TournamentRow& t,
                                  const tournament::RunDefinition& d) {
    auto p = tournament::round_params(d);
    if (!p) throw OaqError("tournament \"" + t.name + "\": " + p.error().message);
    return *p;
}

}  // namespace

SwissData swiss_data(store::Store& db, const store::TournamentRow& t,
                     const tournament::RunDefinition& d) {
    const auto p = params_of(t, d);
    SwissData data;
    data.names = d.engine_names();
    data.rounds = p.rounds;
    const auto rows = stored_rows(db, t);
    std::vector<tournament::SwissGame> games;
    for (const auto& r : rows)
        games.push_back({static_cast<int>(r.south), static_cast<int>(r.north),
                         tournament::south_points(r.result)});
    data.byes = db.byes(t.id);
    std::vector<tournament::SwissByeResult> byes;
    for (const auto& b : data.byes) {
        const int seat = seat_of(t, b.engine_id);
        byes.push_back({seat, b.points, 2 * p.pairs});
        data.bye_engines.push_back(data.names[static_cast<std::size_t>(seat)]);
    }
    data.lines = tournament::swiss_standings(seeds(p), games, byes);
    if (auto replay = tournament::replay_swiss(p, pair_results(rows)))
        data.rounds_paired = static_cast<int>(replay->rounds.size());
    return data;
}

KnockoutData knockout_data(store::ResultStore& db, const store::TournamentRow& t,
                           const tournament::RunDefinition& d) {
    const auto p = params_of(t, d);
    return {d.engine_names(), seeds(p),
            tournament::replay_knockout(p, pair_results(stored_rows(db, t)))};
}

std::string knockout_round_name(int round, int rounds) {
    const int from_end = rounds - 1 - round;
    if (from_end == 0) return "final";
    if (from_end == 1) return "semi-finals";
    if (from_end == 2) return "quarter-finals";
    return "round " + std::to_string(round + 1);
}

namespace {

std::string points_text(double points) {
    return fmt::format("{:g}", points);
}

std::string swiss_view(store::Store& db, const store::TournamentRow& t,
                       const tournament::RunDefinition& d, OutputFormat format) {
    const auto data = swiss_data(db, t, d);
    Table table{{"rank", "engine", "seed", "points", "games", "wins", "draws", "losses", "byes",
                 "buchholz", "sonneborn_berger", "direct_encounter"},
                {}};
    if (format == OutputFormat::Table)
        table.headers = {"rank",  "engine", "seed",     "points", "games",
                         "W/D/L", "byes",   "Buchholz", "S-B",    "direct"};
    for (const auto& l : data.lines) {
        std::vector<Cell> row{int_cell(l.rank),
                              text_cell(data.names[static_cast<std::size_t>(l.engine)]),
                              int_cell(l.seed + 1), real_cell(l.points, 1), int_cell(l.games)};
        if (format == OutputFormat::Table) {
            row.push_back(text_cell(fmt::format("{}/{}/{}", l.wins, l.draws, l.losses)));
        } else {
            row.push_back(int_cell(l.wins));
            row.push_back(int_cell(l.draws));
            row.push_back(int_cell(l.losses));
        }
        row.push_back(int_cell(l.byes));
        row.push_back(real_cell(l.buchholz, 2));
        row.push_back(real_cell(l.sonneborn_berger, 2));
        row.push_back(real_cell(l.direct, 1));
        table.rows.push_back(std::move(row));
    }
    if (format != OutputFormat::Table) return render(table, format);
    std::string out = fmt::format(
        "Swiss standings, tournament {} ({} of {} rounds paired, {} games per pairing, a bye "
        "worth {} points)\n",
        t.name, data.rounds_paired, data.rounds, d.games, points_text(d.bye_points));
    out += render(table, format);
    out += std::string("tie-breaks: ") + tournament::kSwissTiebreaks + "\n";
    if (!data.byes.empty()) {
        std::string byes;
        for (std::size_t i = 0; i < data.byes.size(); ++i)
            byes += fmt::format("{}round {} {}", i ? ", " : "", data.byes[i].round + 1,
                                data.bye_engines[i]);
        out += "byes: " + byes + "\n";
    }
    return out;
}

std::string engine_text(const KnockoutData& k, int engine) {
    if (engine < 0) return "";
    return k.names[static_cast<std::size_t>(engine)];
}

Cell seed_cell(const KnockoutData& k, int engine) {
    return engine < 0 ? text_cell("") : int_cell(k.seed_of[static_cast<std::size_t>(engine)] + 1);
}

std::string knockout_view(store::Store& db, const store::TournamentRow& t,
                          const tournament::RunDefinition& d, OutputFormat format) {
    const auto k = knockout_data(db, t, d);
    const int rounds = static_cast<int>(k.bracket.rounds.size());
    const bool people = format == OutputFormat::Table;
    Table table{
        {"round", "stage", "match", "higher_seed", "higher", "lower_seed", "lower", "higher_points",
         "lower_points", "tiebreak_higher_points", "tiebreak_lower_points", "winner", "decided_by"},
        {}};
    for (const auto& round : k.bracket.rounds) {
        for (std::size_t i = 0; i < round.size(); ++i) {
            const auto& m = round[i];
            const bool played = m.decision != tournament::KnockoutDecision::Pending &&
                                m.decision != tournament::KnockoutDecision::Bye;
            auto points = [&](double v) { return played ? real_cell(v, 1) : text_cell(""); };
            table.rows.push_back(
                {int_cell(m.round + 1), text_cell(knockout_round_name(m.round, rounds)),
                 int_cell(static_cast<int>(i) + 1), seed_cell(k, m.higher),
                 text_cell(engine_text(k, m.higher)), seed_cell(k, m.lower),
                 text_cell(people && m.decision == tournament::KnockoutDecision::Bye
                               ? "(bye)"
                               : engine_text(k, m.lower)),
                 points(m.higher_points), points(m.lower_points),
                 m.tiebreak && played ? real_cell(m.higher_tb_points, 1) : text_cell(""),
                 m.tiebreak && played ? real_cell(m.lower_tb_points, 1) : text_cell(""),
                 text_cell(engine_text(k, m.winner)),
                 text_cell(std::string(tournament::to_string(m.decision)))});
        }
    }
    if (format != OutputFormat::Table) return render(table, format);
    table.headers = {"round",  "", "match",     "seed", "engine", "seed",      "engine",
                     "points", "", "tie-break", "",     "winner", "decided by"};
    std::string out = fmt::format(
        "Knockout bracket, tournament {} ({} engines in a bracket of {}, {} games a match; a tied "
        "match plays {} tie-break pair(s), then the higher seed goes through)\n",
        t.name, k.names.size(), k.bracket.bracket_size, d.games, d.tiebreak_pairs);
    out += render(table, format);
    if (k.bracket.champion >= 0) out += "winner: " + engine_text(k, k.bracket.champion) + "\n";
    return out;
}

}  // namespace

std::string round_format_view(store::Store& db, const store::TournamentRow& t,
                              OutputFormat format) {
    const auto d = round_definition(t);
    if (!d) return "";
    return d->format == tournament::Format::Swiss ? swiss_view(db, t, *d, format)
                                                  : knockout_view(db, t, *d, format);
}

}  // namespace oaq::views
