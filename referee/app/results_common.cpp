#include "app/results_common.hpp"

#include <filesystem>
#include <limits>

#include "common/error.hpp"
#include "tournament/numbers.hpp"

namespace oaq::app {

using tournament::int_number;
using tournament::WholeRange;

// A ply filter (numbers.hpp): 0 up to any int.
constexpr WholeRange kPlies{0, std::numeric_limits<int>::max()};

void add_db_option(CommandLine& cli) {
    cli.options.add_options()("db", po::value<std::string>()->default_value("oaq.db"),
                              "results file written by `oaq tournament`");
}

void add_filter_options(CommandLine& cli) {
    cli.options.add_options()("tournament", po::value<std::string>(),
                              "only this tournament (name)")("engine", po::value<std::string>(),
                                                             "only games this engine played")(
        "rules", po::value<std::string>(),
        "only tournaments under these rules (preset or rules string)")(
        "since", po::value<std::string>(),
        "only games ended on or after this day (YYYY-MM-DD, UTC)")(
        "until", po::value<std::string>(),
        "only games ended on or before this day (YYYY-MM-DD, UTC)");
}

void add_format_options(CommandLine& cli, bool csv) {
    cli.options.add_options()("json", "print JSON (one object per line)");
    if (csv) cli.options.add_options()("csv", "print CSV with a header line");
}

void add_list_options(CommandLine& cli) {
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli);
}

OutputFormat output_format(const po::variables_map& vm) {
    const bool json = vm.count("json") > 0;
    const bool csv = vm.count("csv") > 0;
    if (json && csv) throw OaqError("--json and --csv exclude each other");
    return json ? OutputFormat::Json : csv ? OutputFormat::Csv : OutputFormat::Table;
}

store::Store open_results(const po::variables_map& vm, bool write) {
    const auto path = vm["db"].as<std::string>();
    if (path.empty()) throw OaqError("--db: \"\" is not a file name");
    // Store::open says the same for a missing file, but people mistype paths more than anything.
    if (!std::filesystem::exists(path)) throw OaqError(path + ": no such results file (see --db)");
    store::StoreOptions options;
    options.create = false;
    options.read_only = !write;
    return store::Store::open(path, options);
}

views::Selection select_games(store::Store& db, const po::variables_map& vm, bool need_scope) {
    views::SelectionRequest request;
    auto given = [&](const char* option, std::optional<std::string>& to) {
        if (vm.count(option)) to = vm[option].as<std::string>();
    };
    given("tournament", request.tournament);
    given("rules", request.rules);
    given("engine", request.engine);
    given("since", request.since);
    given("until", request.until);
    return views::select_games(db, request, need_scope);
}

void add_game_filter_options(CommandLine& cli) {
    cli.options.add_options()(
        "result", po::value<std::string>(),
        "only this result: south_win, north_win, draw (or 1-0, 0-1, 1/2-1/2)")(
        "termination", po::value<std::string>(),
        ("only games that ended so: " + game::kTerminationWords.list()).c_str())(
        "min-plies", po::value<std::string>(), "only games of at least N plies")(
        "max-plies", po::value<std::string>(), "only games of at most N plies")(
        "opening", po::value<std::string>(),
        "only games whose opening is these moves or starts with them (\"1L 7R\")");
}

void apply_game_filter_options(const po::variables_map& vm, store::GameFilter& f) {
    if (vm.count("result")) {
        const auto text = vm["result"].as<std::string>();
        f.result = views::parse_result_text(text);
        if (!f.result) {
            throw OaqError("--result: \"" + text +
                           "\" is not south_win, north_win, draw, 1-0, 0-1 or 1/2-1/2");
        }
    }
    if (vm.count("termination")) {
        const auto text = vm["termination"].as<std::string>();
        f.termination = game::parse_termination(text);
        if (!f.termination) {
            throw OaqError("--termination: \"" + text + "\" is not " +
                           game::kTerminationWords.list());
        }
    }
    if (vm.count("min-plies"))
        f.min_plies = int_number(vm["min-plies"].as<std::string>(), "--min-plies", kPlies);
    if (vm.count("max-plies"))
        f.max_plies = int_number(vm["max-plies"].as<std::string>(), "--max-plies", kPlies);
    if (vm.count("opening")) f.opening = vm["opening"].as<std::string>();
}

}  // namespace oaq::app
