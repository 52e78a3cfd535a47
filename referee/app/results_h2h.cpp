// `oaq results h2h A B`: every game between two engines from A's side (views/results_views.hpp:
// totals, by colour, by time control, pentanomial, Elo difference, LOS; at tables of 3 or 4 seats,
// how often A finished above B, by A's seat).
#include <iostream>

#include "app/results_common.hpp"
#include "common/error.hpp"
#include "views/results_views.hpp"

namespace oaq::app {

int results_h2h_command(int argc, char** argv) {
    CommandLine cli("oaq results h2h [--db FILE] [filters] [--json] ENGINE_A ENGINE_B",
                    "Every game between two engines, from A's point of view: totals, by colour, by "
                    "time control, pentanomial pair counts, the Elo difference ± 95% and the "
                    "likelihood of superiority. Games of 3 or 4 seats where both sat: how often A "
                    "finished above, below and level with B, by A's seat, with each one's points, "
                    "average rank and firsts.");
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli, false);
    cli.hidden.add_options()("engines", po::value<std::vector<std::string>>()->multitoken(),
                             "engines");
    cli.positional.add("engines", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto names = vm->count("engines") ? (*vm)["engines"].as<std::vector<std::string>>()
                                            : std::vector<std::string>{};
    if (names.size() != 2) throw OaqError("h2h: give exactly two engine names");
    auto db = open_results(*vm);
    auto sel = select_games(db, *vm, false);
    const auto a = views::find_engine(db, names[0]);
    const auto b = views::find_engine(db, names[1]);
    if (sel.engine && sel.engine->id != a.id && sel.engine->id != b.id) {
        throw OaqError("h2h: --engine must be one of the two engines");
    }
    sel.filter.engine_id = a.id;
    sel.filter.opponent_id = b.id;
    const bool json = vm->count("json") > 0;
    // Games of 3 or 4 seats where both sat follow the 2-seat games, a block per number of seats.
    const auto games = db.result_games(sel.filter);
    const auto tables = views::table_games(db, sel);
    if (!games.empty() || tables.empty()) std::cout << views::h2h_view(a, b, games, json);
    if (!tables.empty()) std::cout << views::seat_h2h_view(a, b, tables, json);
    return 0;
}

}  // namespace oaq::app
