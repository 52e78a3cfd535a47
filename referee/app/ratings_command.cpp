// `oaq ratings`: Plackett-Luce (with two seats Bradley-Terry) maximum-likelihood ratings over one
// tournament or over every stored game of one rules string (never a mix of rules), optionally
// anchored on an engine, with the pair table on request. The table is ranked by the one ranking
// policy (tournament/ranking.hpp) and each run stores it as a rating snapshot
// (tournament/snapshot.hpp), so later tools see what was computed from which games. The ratings and
// their text are views/ratings_view.hpp's.
#include <fmt/format.h>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/results_common.hpp"
#include "common/error.hpp"
#include "store/results.hpp"
#include "tournament/numbers.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/snapshot.hpp"
#include "views/ratings_view.hpp"

namespace oaq::app {

using tournament::real_number;
using tournament::RealRange;

namespace {

// Ratings are Elo numbers: an anchor beyond this is a typing error, and keeps every fit finite.
constexpr RealRange kAnchorRating{-100000, 100000};

bool by_session(const po::variables_map& vm) {
    const auto by = vm["by"].as<std::string>();
    if (by != "session" && by != "game")
        throw OaqError("--by: \"" + by + "\" is not session or game");
    return by == "session";
}

std::string games_spec(const views::Rated& r, const po::variables_map& vm) {
    std::string spec = r.sel.tournament ? "tournament=" + std::to_string(r.sel.tournament->id)
                                        : "rules=" + *r.sel.filter.rules;
    if (r.sel.engine) spec += ";engine=" + std::to_string(r.sel.engine->id);
    if (vm.count("since")) spec += ";since=" + vm["since"].as<std::string>();
    if (vm.count("until")) spec += ";until=" + vm["until"].as<std::string>();
    if (r.by_session) spec += ";by=session";
    return spec;
}

std::optional<store::RowId> save_snapshot(store::Store& db, const views::Rated& r,
                                          const po::variables_map& vm) {
    if (!vm.count("save") || r.input.count == 0) return std::nullopt;
    const auto snapshot = tournament::build_snapshot(r.input, r.lines, r.anchor, r.anchor_name);
    const auto rules = r.sel.tournament ? r.sel.tournament->rules : r.sel.filter.rules.value_or("");
    return db.save_rating_snapshot(
        store::snapshot_row(snapshot, r.sel.filter.tournament_id, rules, games_spec(r, vm)));
}

}  // namespace

int run_ratings(int argc, char** argv) {
    CommandLine cli(
        "oaq ratings [--db FILE] [--tournament T | --rules R] [--anchor ENGINE [--anchor-rating "
        "X]] [--pairs] [--json] [--save]",
        "Fits Plackett-Luce (logistic Elo; Bradley-Terry with two seats) ratings by maximum "
        "likelihood over one tournament, or "
        "over every stored game of one rules string (standard by default), prints rank, engine, "
        "rating ± 95%, games, points, score and status, ranked by rating where ratings compare "
        "(then disconnected groups, then unrated engines). With --save it also stores the table as "
        "a rating snapshot in the file.");
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli, false);
    cli.options.add_options()("anchor", po::value<std::string>(),
                              "this engine's rating is fixed (default: mean 0)")(
        "anchor-rating", po::value<std::string>()->default_value("0"), "the anchor's rating")(
        "pairs", "also print every pair: W/D/L, pentanomial, Elo ± 95%, LOS")(
        "save", "store the table as a rating snapshot in the file (a query saves nothing)")(
        "by", po::value<std::string>()->default_value("game"),
        "game: every game is a result; session: every finished session is one (first = South)");
    // oaq 0.1 saved by default and took --no-save; that is now what happens without --save.
    cli.hidden.add_options()("no-save", "");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const double anchor_rating =
        real_number((*vm)["anchor-rating"].as<std::string>(), "--anchor-rating", kAnchorRating);
    // Only a snapshot to save needs write access.
    if (vm->count("save") && vm->count("no-save"))
        throw OaqError("ratings: --save and --no-save exclude each other");
    auto db = open_results(*vm, vm->count("save") > 0);
    auto sel = select_games(db, *vm, true);
    const bool sessions = by_session(*vm);
    const auto anchor =
        vm->count("anchor") ? std::optional((*vm)["anchor"].as<std::string>()) : std::nullopt;
    const auto rated = views::rate(db, std::move(sel), sessions, anchor, anchor_rating);
    const auto snapshot_id = save_snapshot(db, rated, *vm);
    const bool with_pairs = vm->count("pairs") > 0;
    const auto pairs = with_pairs
                           ? tournament::pair_statistics(static_cast<int>(rated.input.names.size()),
                                                         rated.input.games)
                           : std::vector<tournament::PairStats>{};
    if (vm->count("json")) {
        std::cout << views::ratings_json(rated, pairs, with_pairs, snapshot_id);
        return 0;
    }
    std::cout << views::ratings_text(rated, pairs, with_pairs);
    if (snapshot_id)
        std::cout << fmt::format("\nsaved rating snapshot {} in {}\n", *snapshot_id, db.path());
    else if (rated.input.count == 0 && vm->count("save"))
        std::cout << "\nno games: nothing saved\n";
    return 0;
}

}  // namespace oaq::app
