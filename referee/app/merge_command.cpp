// `oaq merge --into ALL.db A.db B.db ...`: the shard files of runs played on many machines (each
// `oaq tournament --shard K/N` into its own file) made one history (Store::merge does the work, in
// one transaction). Prints one line per run (or JSON) and exits 0; a refusal (a conflict, engines
// with one name and two binaries, a file that is not an oaq database) is one line and exit 2 with
// ALL.db as it was. The sources are only read.
#include <fmt/format.h>
#include <filesystem>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "store/store.hpp"

namespace oaq::app {

namespace {

std::string run_json(const store::MergedRun& r) {
    Json j;
    j.field("tournament", r.name).field("added", r.added).field("present", r.present);
    j.field("games", r.games).field("planned", r.run_games);
    j.field("shards", r.shard_count).field("shards_done", r.shards_done);
    j.field("status", store::to_string(r.status));
    return j.str();
}

std::string summary_json(const store::MergeSummary& s, const std::string& into) {
    std::vector<std::string> runs;
    for (const auto& r : s.runs) runs.push_back(run_json(r));
    Json j;
    j.field("into", into).field("added", s.added).field("present", s.present);
    j.field("seconds", s.seconds);
    j.raw("runs", Json::array(runs));
    return j.str();
}

void print_text(const store::MergeSummary& s, const std::string& into) {
    for (const auto& r : s.runs) {
        std::cout << fmt::format(
            "{}: {} games added, {} already present; {} of {} games, {} of {} "
            "shards done: {}\n",
            r.name, r.added, r.present, r.games, r.run_games, r.shards_done, r.shard_count,
            store::to_string(r.status));
    }
    const double rate = s.seconds > 0 ? static_cast<double>(s.added) / s.seconds : 0.0;
    std::cout << fmt::format("merged into {}: {} games added in {:.2f} s ({:.0f} games/s)\n", into,
                             s.added, s.seconds, rate);
}

}  // namespace

int run_merge(int argc, char** argv) {
    CommandLine cli("oaq merge --into ALL.db A.db [B.db ...] [--json]",
                    "Merges the games, moves, engines and tournaments of oaq databases (e.g. the "
                    "shard files of `oaq tournament --shard K/N`) into ALL.db, created if needed. "
                    "Shards of one run (same name and definition fingerprint) become one "
                    "tournament, finished once every shard finished and every game is present. "
                    "Merging again adds only what is new. A conflict (two different games for one "
                    "game index, one run name with two definitions, one engine name with two "
                    "binaries) is refused with nothing merged (exit 2).");
    cli.options.add_options()("into", po::value<std::string>(), "the database to merge into")(
        "json", "print one JSON object instead of text");
    cli.hidden.add_options()("files", po::value<std::vector<std::string>>(), "source files");
    cli.positional.add("files", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    if (!vm->count("into") || (*vm)["into"].as<std::string>().empty())
        throw OaqError("merge: --into FILE is required (the database to merge into)");
    if (!vm->count("files"))
        throw OaqError("merge: no files to merge (oaq merge --into ALL.db A.db ...)");
    const auto into = (*vm)["into"].as<std::string>();
    const auto files = (*vm)["files"].as<std::vector<std::string>>();
    // Every source is checked before ALL.db is created, so a typo leaves no empty file behind.
    for (const auto& f : files)
        if (!std::filesystem::is_regular_file(f)) throw OaqError("merge: " + f + ": no such file");
    store::StoreOptions target;
    target.new_file_page_size = store::kBulkPageSize;
    auto db = store::Store::open(into, target);
    // Progress on stderr, at most once a second (a job's output file shows how far it is).
    double printed = 0;
    auto merged = db.merge(files, [&](const store::MergeProgress& p) {
        if (p.files_done < p.files && p.seconds - printed < 1.0) return;
        printed = p.seconds;
        const double left = p.seen > 0 ? p.seconds * static_cast<double>(p.incoming - p.seen) /
                                             static_cast<double>(p.seen)
                                       : 0.0;
        std::cerr << fmt::format(
            "merge: {} of {} files, {} of {} games read, {} added, {:.1f} s, about {:.0f} s "
            "left\n",
            p.files_done, p.files, p.seen, p.incoming, p.added, p.seconds, left);
    });
    if (!merged) throw OaqError(merged.error().message);
    if (vm->count("json"))
        std::cout << summary_json(*merged, into) << "\n";
    else
        print_text(*merged, into);
    return 0;
}

}  // namespace oaq::app
