// Ratings view: what `oaq ratings` computes and prints: Plackett-Luce (2 seats: Bradley-Terry)
// ratings over a selection (selection.hpp), by game or one result per finished session, optionally
// anchored on an engine, ranked by the one ranking policy (tournament/ranking.hpp), with the pair
// table on request; as text for people or one JSON object (docs/json.md). Reads the store, never
// writes it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating_input.hpp"
#include "views/selection.hpp"

namespace oaq::views {

struct Rated {
    Selection sel;
    bool by_session = false;  // --by session: one result per finished session
    tournament::RatingInput input;
    tournament::Anchor anchor;
    std::string anchor_name;
    std::vector<tournament::RankedLine> lines;
};

// The ratings of the selection. `anchor`: the engine whose rating is `anchor_rating` (else the
// mean is). Throws OaqError naming --anchor when that engine played none of the games or has no
// rating of its own.
Rated rate(store::Store& db, Selection selection, bool by_session,
           const std::optional<std::string>& anchor, double anchor_rating);

// `pairs`: every pair's statistics when `with_pairs`; `snapshot_id`: the snapshot saved, if any.
std::string ratings_json(const Rated& r, const std::vector<tournament::PairStats>& pairs,
                         bool with_pairs, std::optional<store::RowId> snapshot_id);
std::string ratings_text(const Rated& r, const std::vector<tournament::PairStats>& pairs,
                         bool with_pairs);

}  // namespace oaq::views
