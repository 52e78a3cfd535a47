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
#include "app/results_json.hpp"
#include "app/standings.hpp"
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
    bool by_session = false;  // --by session: one result per finished session
    tournament::RatingInput input;
    tournament::Anchor anchor;
    std::string anchor_name;
    std::vector<RankedLine> lines;
};

// Ratings are Elo numbers: an anchor beyond this is a typing error, and keeps every fit finite.
constexpr RealRange kAnchorRating{-100000, 100000};

bool by_session(const po::variables_map& vm) {
    const auto by = vm["by"].as<std::string>();
    if (by != "session" && by != "game")
        throw OaqError("--by: \"" + by + "\" is not session or game");
    return by == "session";
}

Rated rate(store::Store& db, const po::variables_map& vm, double anchor_rating) {
    Rated r{select_games(db, vm, true), by_session(vm), {}, {}, {}, {}};
    r.input = r.by_session ? index_games(db, session_results(db, r.sel))
                           : index_games(db, db.result_rows(r.sel.filter));
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
    // An anchor without a rating of its own would fix nothing: refuse it rather than drop it.
    for (const auto& l : r.lines) {
        if (r.anchor.engine && l.engine_index == *r.anchor.engine && !is_rated(l.rating)) {
            throw OaqError("--anchor: " + r.anchor_name + " has no rating (" +
                           std::string(tournament::to_string(l.rating.status)) +
                           "), so it cannot anchor the scale; pick a rated engine");
        }
    }
    return r;
}

std::string games_spec(const Rated& r, const po::variables_map& vm) {
    std::string spec = r.sel.tournament ? "tournament=" + std::to_string(r.sel.tournament->id)
                                        : "rules=" + *r.sel.filter.rules;
    if (r.sel.engine) spec += ";engine=" + std::to_string(r.sel.engine->id);
    if (vm.count("since")) spec += ";since=" + vm["since"].as<std::string>();
    if (vm.count("until")) spec += ";until=" + vm["until"].as<std::string>();
    if (r.by_session) spec += ";by=session";
    return spec;
}

std::optional<store::RowId> save_snapshot(store::Store& db, const Rated& r,
                                          const po::variables_map& vm) {
    if (!vm.count("save") || r.input.count == 0) return std::nullopt;
    const auto snapshot = tournament::build_snapshot(r.input, r.lines, r.anchor, r.anchor_name);
    const auto rules = r.sel.tournament ? r.sel.tournament->rules : r.sel.filter.rules.value_or("");
    return db.save_rating_snapshot(
        store::snapshot_row(snapshot, r.sel.filter.tournament_id, rules, games_spec(r, vm)));
}

void print_json(const Rated& r, const std::vector<tournament::PairStats>& pairs, bool with_pairs,
                std::optional<store::RowId> snapshot_id) {
    std::vector<std::string> pair_rows;
    for (const auto& p : pairs) {
        pair_rows.push_back(pair_json(p, r.input.names[static_cast<std::size_t>(p.a)],
                                      r.input.names[static_cast<std::size_t>(p.b)]));
    }
    Json out;
    out.field("scope", r.sel.scope).field("method", tournament::kRatingMethod);
    out.field("games", r.input.count).field("by", r.by_session ? "session" : "game");
    if (r.anchor.engine)
        out.raw("anchor",
                Json().field("engine", r.anchor_name).field("value", r.anchor.rating).str());
    else
        out.raw("anchor", Json().null("engine").field("value", r.anchor.rating).str());
    out.raw("standings", standings_json(r.lines, r.anchor.engine));
    if (with_pairs) out.raw("pairs", Json::array(pair_rows));
    out.field("snapshot_id", snapshot_id);
    std::cout << out.str() << "\n";
}

Table pairs_table(const Rated& r, const std::vector<tournament::PairStats>& pairs) {
    Table pt{{"engine", "opponent", "W/D/L", "pentanomial", "Elo difference ± 95%", "LOS"}, {}};
    for (const auto& p : pairs) {
        const auto& c = p.pairs.counts;
        pt.rows.push_back(
            {text_cell(r.input.names[static_cast<std::size_t>(p.a)]),
             text_cell(r.input.names[static_cast<std::size_t>(p.b)]),
             text_cell(fmt::format("{}/{}/{}", p.results.wins, p.results.draws, p.results.losses)),
             text_cell(fmt::format("[{} {} {} {} {}]", c[0], c[1], c[2], c[3], c[4])),
             text_cell(elo_difference_text(p.elo)),
             text_cell(fmt::format("{:.1f}%", 100.0 * p.los))});
    }
    return pt;
}

void print_text(const Rated& r, const std::vector<tournament::PairStats>& pairs, bool with_pairs) {
    std::cout << fmt::format(
        "Ratings, {} ({} {}, Bradley-Terry maximum likelihood, anchor {})\n", r.sel.scope,
        r.input.count, r.by_session ? "sessions, one result each" : "games",
        r.anchor.engine ? fmt::format("{} = {:g}", r.anchor_name, r.anchor.rating)
                        : fmt::format("mean {:g}", r.anchor.rating));
    std::cout << standings_table(r.lines, r.anchor.engine);
    if (with_pairs) std::cout << "\n" << render(pairs_table(r, pairs), OutputFormat::Table);
}

}  // namespace

int run_ratings(int argc, char** argv) {
    CommandLine cli(
        "oaq ratings [--db FILE] [--tournament T | --rules R] [--anchor ENGINE [--anchor-rating "
        "X]] [--pairs] [--json] [--save]",
        "Fits Bradley-Terry (logistic Elo) ratings by maximum likelihood over one tournament, or "
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
    else if (rated.input.count == 0 && vm->count("save"))
        std::cout << "\nno games: nothing saved\n";
    return 0;
}

}  // namespace oaq::app
