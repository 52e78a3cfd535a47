#include "views/merge_lines.hpp"

#include <fmt/format.h>

#include "common/json.hpp"

namespace oaq::views {

namespace {

std::string run_json(const store::MergedRun& r) {
    Json j;
    j.field("tournament", r.name).field("added", r.added).field("present", r.present);
    j.field("games", r.games).field("planned", r.run_games);
    j.field("shards", r.shard_count).field("shards_done", r.shards_done);
    j.field("status", tournament::to_string(r.status));
    return j.str();
}

}  // namespace

std::string merge_json(const store::MergeSummary& s, const std::string& into) {
    std::vector<std::string> runs;
    for (const auto& r : s.runs) runs.push_back(run_json(r));
    Json j;
    j.field("into", into).field("added", s.added).field("present", s.present);
    j.field("seconds", s.seconds);
    j.raw("runs", Json::array(runs));
    return j.str();
}

std::string merge_text(const store::MergeSummary& s, const std::string& into) {
    std::string out;
    for (const auto& r : s.runs) {
        out += fmt::format(
            "{}: {} games added, {} already present; {} of {} games, {} of {} "
            "shards done: {}\n",
            r.name, r.added, r.present, r.games, r.run_games, r.shards_done, r.shard_count,
            tournament::to_string(r.status));
    }
    const double rate = s.seconds > 0 ? static_cast<double>(s.added) / s.seconds : 0.0;
    return out + fmt::format("merged into {}: {} games added in {:.2f} s ({:.0f} games/s)\n", into,
                             s.added, s.seconds, rate);
}

std::string merge_progress_text(const store::MergeProgress& p) {
    const double left = p.seen > 0 ? p.seconds * static_cast<double>(p.incoming - p.seen) /
                                         static_cast<double>(p.seen)
                                   : 0.0;
    return fmt::format(
        "merge: {} of {} files, {} of {} games read, {} added, {:.1f} s, about {:.0f} s left\n",
        p.files_done, p.files, p.seen, p.incoming, p.added, p.seconds, left);
}

}  // namespace oaq::views
