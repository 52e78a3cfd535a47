// `oaq results sessions`: the sessions of the stored runs (rules.md section 9): players, games,
// the wealth after each game, how the session ended and who won it (views/results_views.hpp).
#include <iostream>

#include "app/results_common.hpp"
#include "common/error.hpp"
#include "views/results_views.hpp"

namespace oaq::app {

int results_sessions_command(int argc, char** argv) {
    CommandLine cli(
        "oaq results sessions [--db FILE] [--tournament NAME] [--json|--csv]",
        "The sessions (oaq match/tournament --session): each with its players (first = South in "
        "game 1), games played, the wealth curve (first-second, from T/2 each, after each game), "
        "how it ended (sold_out, game_limit, none while it goes on) and its result.");
    add_db_option(cli);
    add_format_options(cli);
    cli.options.add_options()("tournament", po::value<std::string>(), "only this run's sessions");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    auto db = open_results(*vm);
    std::optional<store::RowId> only;
    if (vm->count("tournament")) {
        const auto name = (*vm)["tournament"].as<std::string>();
        auto t = views::tournament_named(db, name);
        if (!t) throw OaqError("--tournament: " + t.error().message);
        only = t->id;
    }
    std::cout << views::sessions_view(db, only, output_format(*vm));
    return 0;
}

}  // namespace oaq::app
