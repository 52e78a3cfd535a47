#include "tournament/snapshot.hpp"

#include "common/json.hpp"

namespace oaq::tournament {

Snapshot build_snapshot(const RatingInput& input, const std::vector<RankedLine>& lines,
                        const Anchor& anchor, const std::string& anchor_name) {
    Snapshot s;
    s.method = rating_method(input);
    s.game_count = input.count;
    s.max_game_id = input.max_game_id;
    std::vector<std::string> unrated, disconnected;
    for (const auto& l : lines) {
        const auto& r = l.rating;
        if (!is_rated(r)) {
            unrated.push_back(l.engine);
            continue;
        }
        if (r.status == RatingStatus::Disconnected) disconnected.push_back(l.engine);
        const int rank = static_cast<int>(s.entries.size()) + 1;
        s.entries.push_back(SnapshotEntry{l.key, l.engine, rank, r.rating, r.error, r.games,
                                          r.points, r.wins, r.draws, r.losses});
    }
    Json p;
    p.field("scale", "logistic_elo").field("draws", "half_point").field("interval", 0.95);
    p.field("anchor", anchor.engine ? anchor_name : std::string("mean"));
    p.field("anchor_rating", anchor.rating);
    p.raw("unrated", Json::string_array(unrated));
    p.raw("disconnected", Json::string_array(disconnected));
    s.parameters = p.str();
    return s;
}

}  // namespace oaq::tournament
