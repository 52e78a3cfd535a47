#include "views/ratings_view.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/json.hpp"
#include "views/results_json.hpp"
#include "views/standings.hpp"
#include "views/table.hpp"

namespace oaq::views {

using tournament::is_rated;

Rated rate(store::Store& db, Selection selection, bool by_session,
           const std::optional<std::string>& anchor, double anchor_rating) {
    Rated r{std::move(selection), by_session, {}, {}, {}, {}};
    if (r.by_session) {
        r.input = index_games(db, session_results(db, r.sel));
    } else {
        // One rules string or one tournament has one number of seats; a hand-edited file might
        // not, and ratings never pool different numbers of players.
        auto tables = db.table_rows(r.sel.filter);
        auto rows = db.result_rows(r.sel.filter);
        if (!tables.empty() && !rows.empty()) {
            throw OaqError("ratings: " + r.sel.scope + " holds games of 2 and of " +
                           std::to_string(tables.front().seats) +
                           " seats: ratings never pool different numbers of players");
        }
        r.input = tables.empty() ? index_games(db, rows) : index_tables(db, tables);
    }
    r.anchor.rating = anchor_rating;
    if (anchor) {
        r.anchor_name = *anchor;
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

std::string ratings_json(const Rated& r, const std::vector<tournament::PairStats>& pairs,
                         bool with_pairs, std::optional<store::RowId> snapshot_id) {
    std::vector<std::string> pair_rows;
    for (const auto& p : pairs) {
        pair_rows.push_back(pair_json(p, r.input.names[static_cast<std::size_t>(p.a)],
                                      r.input.names[static_cast<std::size_t>(p.b)]));
    }
    Json out;
    out.field("scope", r.sel.scope).field("method", tournament::rating_method(r.input));
    out.field("games", r.input.count).field("by", r.by_session ? "session" : "game");
    if (r.anchor.engine)
        out.raw("anchor",
                Json().field("engine", r.anchor_name).field("value", r.anchor.rating).str());
    else
        out.raw("anchor", Json().null("engine").field("value", r.anchor.rating).str());
    out.raw("standings", standings_json(r.lines, r.anchor.engine));
    if (with_pairs) out.raw("pairs", Json::array(pair_rows));
    out.field("snapshot_id", snapshot_id);
    return out.str() + "\n";
}

namespace {

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

}  // namespace

std::string ratings_text(const Rated& r, const std::vector<tournament::PairStats>& pairs,
                         bool with_pairs) {
    std::string out =
        fmt::format("Ratings, {} ({} {}, {} maximum likelihood, anchor {})\n", r.sel.scope,
                    r.input.count, r.by_session ? "sessions, one result each" : "games",
                    r.input.tables.empty() ? "Bradley-Terry" : "Plackett-Luce",
                    r.anchor.engine ? fmt::format("{} = {:g}", r.anchor_name, r.anchor.rating)
                                    : fmt::format("mean {:g}", r.anchor.rating));
    out += standings_table(r.lines, r.anchor.engine);
    if (with_pairs) out += "\n" + render(pairs_table(r, pairs), OutputFormat::Table);
    return out;
}

}  // namespace oaq::views
