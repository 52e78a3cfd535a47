// `oaq report --out DIR [--tournament T] [--db FILE]`: writes DIR/index.html, one self-contained
// page (no network) with the standings, rating chart, crosstable, termination counts and every
// game with a replay board. Reads the database only (never creates it).
#include <fmt/format.h>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "common/error.hpp"
#include "report/report_data.hpp"
#include "report/report_html.hpp"
#include "report/report_words.hpp"

namespace oaq::app {

int run_report(int argc, char** argv) {
    CommandLine cli("oaq report --out DIR [--tournament T] [--db FILE]",
                    "Writes DIR/index.html: a static page (inline CSS, JS and SVG, nothing fetched "
                    "from the network) with the standings, ratings with 95% intervals, the "
                    "crosstable, termination counts and every game with a board that replays it "
                    "move by move. Without --tournament it reports the newest tournament.");
    cli.options.add_options()("out", po::value<std::string>(),
                              "directory to write index.html into (created if missing)")(
        "tournament", po::value<std::string>(), "tournament name (default: the newest one)")(
        "db", po::value<std::string>()->default_value("oaq.db"), "SQLite results file")(
        "list", "list the tournaments in the file and exit");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;

    const auto path = (*vm)["db"].as<std::string>();
    if (path.empty()) throw OaqError("--db: \"\" is not a file name");
    store::StoreOptions options;
    options.read_only = true;  // a report only reads (also a file in a directory it cannot write)
    auto db = store::Store::open(path, options);
    if (vm->count("list")) {
        for (const auto& name : report::tournament_names(db)) std::cout << name << "\n";
        return 0;
    }
    if (!vm->count("out")) throw OaqError("report: --out DIR is required");
    std::optional<std::string> tournament;
    if (vm->count("tournament")) tournament = (*vm)["tournament"].as<std::string>();
    auto data = report::load_report(db, tournament);
    if (!data) throw OaqError("report: " + data.error().message);

    const std::filesystem::path dir = (*vm)["out"].as<std::string>();
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw OaqError(fmt::format("report: cannot create {}: {}", dir.string(), ec.message()));
    const auto file = dir / "index.html";
    const auto html =
        report::render_report(*data, report::date_text(std::chrono::system_clock::now()));
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << html;
        if (!out.flush()) throw OaqError("report: cannot write " + file.string());
    }
    std::cout << fmt::format("wrote {} ({} games, {} KiB)\n", file.string(), data->games.size(),
                             (html.size() + 1023) / 1024);
    return 0;
}

}  // namespace oaq::app
