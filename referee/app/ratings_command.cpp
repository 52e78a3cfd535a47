// `oaq ratings`: Bradley-Terry maximum-likelihood ratings over one tournament or over every stored
// game of one rules string (never a mix of rules), optionally anchored on an engine, with the pair
// table on request. The table is ranked by the one ranking policy (tournament/ranking.hpp) and
// each run stores it as a rating snapshot (tournament/snapshot.hpp), so later tools see what was
// computed from which games.
#include <fmt/format.h>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/numbers.hpp"
#include "app/results_common.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "store/results.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/snapshot.hpp"

namespace oaq::app {

namespace {

using tournament::is_rated;
using tournament::RankedLine;

struct Rated {
    Selection sel;
    tournament::RatingInput input;
    tournament::Anchor anchor;
    std::string anchor_name;
    std::vector<RankedLine> lines;
};

// Ratings are Elo numbers: an anchor beyond this is a typing error, and keeps every fit finite.
constexpr RealRange kAnchorRating{-100000, 100000};

Rated rate(store::Store& db, const po::variables_map& vm, double anchor_rating) {
    Rated r{select_games(db, vm, true), {}, {}, {}, {}};
    r.input = index_games(db, db.result_games(r.sel.filter));
    r.anchor.rating = anchor_rating;
    if (vm.count("anchor")) {
        r.anchor_name = vm["anchor"].as<std::string>();
        const auto e = find_engine(db, r.anchor_name);
        auto it = r.input.index.find(e.id);
        if (it == r.input.index.end())
            throw OaqError("--anchor: " + r.anchor_name + " played none of the selected games");
        r.anchor.engine = it->second;
    }
    r.lines = ranked(r.input, r.anchor);
    return r;
}

std::string games_spec(const Rated& r, const po::variables_map& vm) {
    std::string spec = r.sel.tournament ? "tournament=" + std::to_string(r.sel.tournament->id)
                                        : "rules=" + *r.sel.filter.rules;
    if (r.sel.engine) spec += ";engine=" + std::to_string(r.sel.engine->id);
    if (vm.count("since")) spec += ";since=" + vm["since"].as<std::string>();
    if (vm.count("until")) spec += ";until=" + vm["until"].as<std::string>();
    return spec;
}

std::optional<store::RowId> save_snapshot(store::Store& db, const Rated& r,
                                          const po::variables_map& vm) {
    if (vm.count("no-save") || r.input.count == 0) return std::nullopt;
    const auto snapshot = tournament::build_snapshot(r.input, r.lines, r.anchor, r.anchor_name);
    const auto rules = r.sel.tournament ? r.sel.tournament->rules : r.sel.filter.rules.value_or("");
    return db.save_rating_snapshot(
        store::snapshot_row(snapshot, r.sel.filter.tournament_id, rules, games_spec(r, vm)));
}

std::string rating_json(const RankedLine& l) {
    const auto& e = l.rating;
    Json j;
    j.field("rank", l.rank).field("engine", l.engine);
    if (is_rated(e))
        j.field("rating", e.rating).field("error", e.error);
    else
        j.null("rating").null("error");
    j.field("games", e.games).field("points", e.points).field("score", e.score);
    j.field("wins", e.wins).field("draws", e.draws).field("losses", e.losses);
    j.field("status", to_string(e.status));
    return j.str();
}

std::string pair_json(const Rated& r, const tournament::PairStats& p) {
    Json j;
    j.field("a", r.input.names[static_cast<std::size_t>(p.a)]);
    j.field("b", r.input.names[static_cast<std::size_t>(p.b)]);
    j.field("wins", p.results.wins).field("draws", p.results.draws);
    j.field("losses", p.results.losses);
    const auto& c = p.pairs.counts;
    j.raw("pentanomial", fmt::format("[{},{},{},{},{}]", c[0], c[1], c[2], c[3], c[4]));
    if (p.elo)
        j.field("elo", p.elo->elo).field("elo_error", p.elo->error);
    else
        j.null("elo").null("elo_error");
    j.field("los", p.los);
    return j.str();
}

void print_json(const Rated& r, const std::vector<tournament::PairStats>& pairs, bool with_pairs,
                std::optional<store::RowId> snapshot_id) {
    std::vector<std::string> rows, pair_rows;
    for (const auto& l : r.lines) rows.push_back(rating_json(l));
    for (const auto& p : pairs) pair_rows.push_back(pair_json(r, p));
    Json out;
    out.field("scope", r.sel.scope).field("method", tournament::kRatingMethod);
    out.field("games", r.input.count);
    out.raw("ratings", Json::array(rows));
    if (with_pairs) out.raw("pairs", Json::array(pair_rows));
    out.field("snapshot_id", snapshot_id);
    std::cout << out.str() << "\n";
}

Table pairs_table(const Rated& r, const std::vector<tournament::PairStats>& pairs) {
    Table pt{{"a", "b", "W/D/L", "pentanomial", "elo ± 95%", "LOS %"}, {}};
    for (const auto& p : pairs) {
        const auto& c = p.pairs.counts;
        pt.rows.push_back(
            {text_cell(r.input.names[static_cast<std::size_t>(p.a)]),
             text_cell(r.input.names[static_cast<std::size_t>(p.b)]),
             text_cell(fmt::format("{}/{}/{}", p.results.wins, p.results.draws, p.results.losses)),
             text_cell(fmt::format("[{} {} {} {} {}]", c[0], c[1], c[2], c[3], c[4])),
             text_cell(p.elo ? fmt::format("{:+.1f} ± {:.1f}", p.elo->elo, p.elo->error) : "-"),
             real_cell(100.0 * p.los, 1)});
    }
    return pt;
}

void print_text(const Rated& r, const std::vector<tournament::PairStats>& pairs, bool with_pairs) {
    Table table{{"rank", "engine", "rating", "± 95%", "games", "points", "score %", "status"}, {}};
    for (const auto& l : r.lines) {
        const auto& e = l.rating;
        table.rows.push_back({int_cell(l.rank), text_cell(l.engine),
                              is_rated(e) ? real_cell(e.rating, 1) : text_cell("-"),
                              is_rated(e) ? real_cell(e.error, 1) : text_cell("-"),
                              int_cell(e.games), real_cell(e.points, 1),
                              real_cell(100.0 * e.score, 1),
                              text_cell(std::string(tournament::to_string(e.status)))});
    }
    std::cout << fmt::format(
        "Ratings, {} ({} games, Bradley-Terry maximum likelihood, anchor {})\n", r.sel.scope,
        r.input.count, r.anchor.engine ? r.anchor_name : "mean 0");
    std::cout << render(table, OutputFormat::Table);
    if (with_pairs) std::cout << "\n" << render(pairs_table(r, pairs), OutputFormat::Table);
}

}  // namespace

int run_ratings(int argc, char** argv) {
    CommandLine cli(
        "oaq ratings [--db FILE] [--tournament T | --rules R] [--anchor ENGINE [--anchor-rating "
        "X]] [--pairs] [--json]",
        "Fits Bradley-Terry (logistic Elo) ratings by maximum likelihood over one tournament, or "
        "over every stored game of one rules string (standard by default), prints rank, engine, "
        "rating ± 95%, games, points, score and status, ranked by rating where ratings compare "
        "(then disconnected groups, then unrated engines), and stores the table as a rating "
        "snapshot in the file.");
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli, false);
    cli.options.add_options()("anchor", po::value<std::string>(),
                              "this engine's rating is fixed (default: mean 0)")(
        "anchor-rating", po::value<std::string>()->default_value("0"), "the anchor's rating")(
        "pairs", "also print every pair: W/D/L, pentanomial, Elo ± 95%, LOS")(
        "no-save", "do not store a rating snapshot");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const double anchor_rating =
        real_number((*vm)["anchor-rating"].as<std::string>(), "--anchor-rating", kAnchorRating);
    // Only a snapshot to save needs write access.
    auto db = open_results(*vm, vm->count("no-save") == 0);
    const auto rated = rate(db, *vm, anchor_rating);
    const auto snapshot_id = save_snapshot(db, rated, *vm);
    const bool with_pairs = vm->count("pairs") > 0;
    const auto pairs = with_pairs
                           ? tournament::pair_statistics(static_cast<int>(rated.input.names.size()),
                                                         rated.input.games)
                           : std::vector<tournament::PairStats>{};
    if (vm->count("json")) {
        print_json(rated, pairs, with_pairs, snapshot_id);
        return 0;
    }
    print_text(rated, pairs, with_pairs);
    if (snapshot_id)
        std::cout << fmt::format("\nsaved rating snapshot {} in {}\n", *snapshot_id, db.path());
    else if (rated.input.count == 0)
        std::cout << "\nno games: nothing saved\n";
    return 0;
}

}  // namespace oaq::app
