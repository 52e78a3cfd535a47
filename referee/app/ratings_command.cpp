// `oaq ratings`: Bradley-Terry maximum-likelihood ratings over one tournament or over every stored
// game of one rules string (never a mix of rules), optionally anchored on an engine, with the pair
// table on request. Each run stores a rating snapshot so later tools see what was computed from
// which games.
#include <fmt/format.h>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/results_common.hpp"
#include "app/standings.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "tournament/pentanomial.hpp"

namespace oaq::app {

namespace {

bool rated(const tournament::EngineRating& r) {
    return r.status == tournament::RatingStatus::Ok ||
           r.status == tournament::RatingStatus::Disconnected;
}

}  // namespace

int run_ratings(int argc, char** argv) {
    CommandLine cli(
        "oaq ratings [--db FILE] [--tournament T | --rules R] [--anchor ENGINE [--anchor-rating "
        "X]] "
        "[--pairs] [--json]",
        "Fits Bradley-Terry (logistic Elo) ratings by maximum likelihood over one "
        "tournament, or over every stored game of one rules string (standard by "
        "default), prints rank, engine, rating ± 95%, games, points, score and status, "
        "and stores the table as a rating snapshot in the file.");
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli, false);
    cli.options.add_options()("anchor", po::value<std::string>(),
                              "this engine's rating is fixed (default: mean 0)")(
        "anchor-rating", po::value<double>()->default_value(0.0), "the anchor's rating")(
        "pairs", "also print every pair: W/D/L, pentanomial, Elo ± 95%, LOS")(
        "no-save", "do not store a rating snapshot");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    const auto sel = select_games(db, *vm, true);
    const auto games = db.result_games(sel.filter);
    const auto indexed = index_games(db, games);
    const int n = static_cast<int>(indexed.names.size());

    tournament::Anchor anchor;
    anchor.rating = (*vm)["anchor-rating"].as<double>();
    std::string anchor_name;
    if (vm->count("anchor")) {
        anchor_name = (*vm)["anchor"].as<std::string>();
        const auto e = find_engine(db, anchor_name);
        auto it = indexed.index.find(e.id);
        if (it == indexed.index.end())
            throw OaqError("--anchor: " + anchor_name + " played none of the selected games");
        anchor.engine = it->second;
    }
    auto fitted = tournament::fit_ratings(n, indexed.games, anchor);
    if (!fitted) throw OaqError("ratings: " + fitted.error().message);

    // Rank by rating among rated engines, then the unrated ones by points.
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
    const auto& r = *fitted;
    auto at = [&](int i) -> const tournament::EngineRating& {
        return r[static_cast<std::size_t>(i)];
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        if (rated(at(a)) != rated(at(b))) return rated(at(a));
        if (rated(at(a)) && at(a).rating != at(b).rating) return at(a).rating > at(b).rating;
        if (at(a).score != at(b).score) return at(a).score > at(b).score;
        return indexed.names[static_cast<std::size_t>(a)] <
               indexed.names[static_cast<std::size_t>(b)];
    });

    store::RatingSnapshot snap;
    snap.tournament_id = sel.filter.tournament_id;
    snap.rules = sel.tournament ? sel.tournament->rules : sel.filter.rules.value_or("");
    snap.method = "bradley_terry_mle";
    std::vector<std::string> unrated;
    for (int i : order) {
        if (!rated(at(i))) unrated.push_back(indexed.names[static_cast<std::size_t>(i)]);
    }
    Json params;
    params.field("scale", "logistic_elo").field("error", "95%");
    if (anchor.engine)
        params.field("anchor", anchor_name).field("anchor_rating", anchor.rating);
    else
        params.field("anchor", "mean").field("anchor_rating", anchor.rating);
    params.raw("unrated", Json::string_array(unrated));
    snap.parameters = params.str();
    snap.games_spec = sel.tournament ? "tournament=" + std::to_string(sel.tournament->id)
                                     : "rules=" + *sel.filter.rules;
    if (sel.engine) snap.games_spec += ";engine=" + std::to_string(sel.engine->id);
    if (vm->count("since")) snap.games_spec += ";since=" + (*vm)["since"].as<std::string>();
    if (vm->count("until")) snap.games_spec += ";until=" + (*vm)["until"].as<std::string>();
    snap.game_count = indexed.count;
    snap.max_game_id = indexed.max_game_id;
    int rank = 0;
    for (int i : order) {
        const auto& e = at(i);
        if (!rated(e)) continue;
        store::RatingEntry entry;
        entry.engine_id = indexed.ids[static_cast<std::size_t>(i)];
        entry.rank = ++rank;
        entry.rating = e.rating;
        entry.error = e.error;
        entry.games = static_cast<int>(e.games);
        entry.points = e.points;
        entry.wins = static_cast<int>(e.wins);
        entry.draws = static_cast<int>(e.draws);
        entry.losses = static_cast<int>(e.losses);
        snap.entries.push_back(entry);
    }
    std::optional<store::RowId> snapshot_id;
    if (!vm->count("no-save") && indexed.count > 0) snapshot_id = db.save_rating_snapshot(snap);

    const auto pairs = vm->count("pairs") ? tournament::pair_statistics(n, indexed.games)
                                          : std::vector<tournament::PairStats>{};
    auto name = [&](int i) { return indexed.names[static_cast<std::size_t>(i)]; };
    if (vm->count("json")) {
        std::vector<std::string> rows;
        int k = 0;
        for (int i : order) {
            const auto& e = at(i);
            Json j;
            j.field("rank", ++k).field("engine", name(i));
            if (rated(e))
                j.field("rating", e.rating).field("error", e.error);
            else
                j.null("rating").null("error");
            j.field("games", e.games).field("points", e.points).field("score", e.score);
            j.field("wins", e.wins).field("draws", e.draws).field("losses", e.losses);
            j.field("status", to_string(e.status));
            rows.push_back(j.str());
        }
        std::vector<std::string> pair_rows;
        for (const auto& p : pairs) {
            Json j;
            j.field("a", name(p.a)).field("b", name(p.b));
            j.field("wins", p.results.wins)
                .field("draws", p.results.draws)
                .field("losses", p.results.losses);
            const auto& c = p.pairs.counts;
            j.raw("pentanomial", fmt::format("[{},{},{},{},{}]", c[0], c[1], c[2], c[3], c[4]));
            if (p.elo)
                j.field("elo", p.elo->elo).field("elo_error", p.elo->error);
            else
                j.null("elo").null("elo_error");
            j.field("los", p.los);
            pair_rows.push_back(j.str());
        }
        Json out;
        out.field("scope", sel.scope).field("method", snap.method).field("games", indexed.count);
        out.raw("ratings", Json::array(rows));
        if (vm->count("pairs")) out.raw("pairs", Json::array(pair_rows));
        out.field("snapshot_id", snapshot_id);
        std::cout << out.str() << "\n";
        return 0;
    }

    Table table{{"rank", "engine", "rating", "± 95%", "games", "points", "score %", "status"}, {}};
    int k = 0;
    for (int i : order) {
        const auto& e = at(i);
        table.rows.push_back({int_cell(++k), text_cell(name(i)),
                              rated(e) ? real_cell(e.rating, 1) : text_cell("-"),
                              rated(e) ? real_cell(e.error, 1) : text_cell("-"), int_cell(e.games),
                              real_cell(e.points, 1), real_cell(100.0 * e.score, 1),
                              text_cell(std::string(tournament::to_string(e.status)))});
    }
    std::cout << fmt::format(
        "Ratings, {} ({} games, Bradley-Terry maximum likelihood, anchor {})\n", sel.scope,
        indexed.count, anchor.engine ? anchor_name : "mean 0");
    std::cout << render(table, OutputFormat::Table);
    if (vm->count("pairs")) {
        Table pt{{"a", "b", "W/D/L", "pentanomial", "elo ± 95%", "LOS %"}, {}};
        for (const auto& p : pairs) {
            const auto& c = p.pairs.counts;
            pt.rows.push_back(
                {text_cell(name(p.a)), text_cell(name(p.b)),
                 text_cell(
                     fmt::format("{}/{}/{}", p.results.wins, p.results.draws, p.results.losses)),
                 text_cell(fmt::format("[{} {} {} {} {}]", c[0], c[1], c[2], c[3], c[4])),
                 text_cell(p.elo ? fmt::format("{:+.1f} ± {:.1f}", p.elo->elo, p.elo->error) : "-"),
                 real_cell(100.0 * p.los, 1)});
        }
        std::cout << "\n" << render(pt, OutputFormat::Table);
    }
    if (snapshot_id)
        std::cout << fmt::format("\nsaved rating snapshot {} in {}\n", *snapshot_id, db.path());
    else if (indexed.count == 0)
        std::cout << "\nno games: nothing saved\n";
    return 0;
}

}  // namespace oaq::app
