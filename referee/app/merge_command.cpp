// `oaq merge --into ALL.db A.db B.db ...`: the shard files of runs played on many machines (each
// `oaq tournament --shard K/N` into its own file) made one history (Store::merge does the work, in
// one transaction). Prints one line per run (or JSON) and exits 0; a refusal (a conflict, engines
// with one name and two binaries, a file that is not an oaq database or holds damaged values) is
// one line (with --json one {"error": ...} object on stdout) and exit 2 with ALL.db as it was;
// Ctrl-C likewise leaves it as it was (exit 130). The sources are only read. What it prints is
// views/merge_lines.hpp's.
#include <filesystem>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "store/store.hpp"
#include "views/merge_lines.hpp"

namespace oaq::app {

namespace {

// What keeps `f` from being a source, or "" when it is a regular file.
std::string not_a_source(const std::string& f) {
    std::error_code ec;
    const auto status = std::filesystem::status(f, ec);
    if (!std::filesystem::exists(status)) return "no such file";
    if (std::filesystem::is_directory(status)) return "is a directory, not an oaq database";
    if (!std::filesystem::is_regular_file(status)) return "is not a regular file";
    return "";
}

// Progress on stderr, at most once a second (a job's output file shows how far it is).
auto progress_printer() {
    return [printed = 0.0](const store::MergeProgress& p) mutable {
        if (p.files_done < p.files && p.seconds - printed < 1.0) return;
        printed = p.seconds;
        std::cerr << views::merge_progress_text(p);
    };
}

// The merge itself, once the command line is read; an error throws OaqError. A signal (Ctrl-C)
// stops it with nothing merged: the line says so and the exit status is 128 + the signal.
int merge(const std::string& into, const std::vector<std::string>& files, bool json) {
    // Every source is checked before ALL.db is created, so a typo leaves no empty file behind.
    for (const auto& f : files) {
        if (auto what = not_a_source(f); !what.empty()) throw OaqError("merge: " + f + ": " + what);
        store::Store::check_source(f);
    }
    StopRequest stop;
    store::StoreOptions target;
    target.new_file_page_size = store::kBulkPageSize;
    auto db = store::Store::open(into, target);
    auto merged = db.merge(files, progress_printer(), &stop.flag());
    if (!merged && stop.signal_number() != 0) {
        std::cerr << "oaq: " << merged.error().message << "\n";
        if (json) std::cout << Json().field("error", merged.error().message).str() << "\n";
        return 128 + stop.signal_number();
    }
    if (!merged) throw OaqError(merged.error().message);
    std::cout << (json ? views::merge_json(*merged, into) + "\n"
                       : views::merge_text(*merged, into));
    return 0;
}

}  // namespace

int run_merge(int argc, char** argv) {
    CommandLine cli(
        "oaq merge --into ALL.db A.db [B.db ...] [--json]",
        "Merges the games, moves, engines, sessions and tournaments of oaq databases "
        "(e.g. the shard files of `oaq tournament --shard K/N`) into ALL.db, created if "
        "needed. The sources are only read. Shards of one run (same name and "
        "definition fingerprint) become one tournament, finished once every shard "
        "finished. Merging again adds only what is new. A conflict (two different "
        "games for one game number, one run name with two definitions, one engine "
        "name with two binaries) or a damaged source is refused with nothing merged "
        "(exit 2); so is Ctrl-C (exit 130). With --json an error is one JSON object "
        "{\"error\": ...} on stdout.");
    cli.options.add_options()("into", po::value<std::string>(), "the database to merge into")(
        "json", "print one JSON object instead of text");
    cli.hidden.add_options()("files", po::value<std::vector<std::string>>(), "source files");
    cli.positional.add("files", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const bool json = vm->count("json") > 0;
    try {
        if (!vm->count("into") || (*vm)["into"].as<std::string>().empty())
            throw OaqError("merge: --into FILE is required (the database to merge into)");
        if (!vm->count("files"))
            throw OaqError("merge: no files to merge (oaq merge --into ALL.db A.db ...)");
        return merge((*vm)["into"].as<std::string>(), (*vm)["files"].as<std::vector<std::string>>(),
                     json);
    } catch (const OaqError& e) {
        if (!json) throw;
        std::cout << Json().field("error", std::string(e.what())).str() << "\n";
        return 2;
    }
}

}  // namespace oaq::app
