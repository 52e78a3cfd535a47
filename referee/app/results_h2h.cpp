// `oaq results h2h A B`: every game between two engines from A's side: totals, by colour, by time
// control, the pentanomial pair counts, the Elo difference with its 95% interval and the
// likelihood of superiority. The JSON object is the pair object of results_json.hpp with the
// colour, time control and failure breakdowns added (docs/json.md).
#include <fmt/format.h>
#include <iostream>
#include <map>

#include "app/results_common.hpp"
#include "app/results_json.hpp"
#include "app/standings.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "store/results.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::app {

namespace {

// Every game between A (engine 0) and B (engine 1), from A's point of view.
struct HeadToHead {
    tournament::Trinomial as_south, as_north;
    std::map<std::string, tournament::Trinomial> by_tc;  // A's time control/B's time control
    tournament::PairStats pair;
    std::int64_t failures_a = 0, failures_b = 0;
};

HeadToHead head_to_head(const store::EngineRow& a, const store::EngineRow& b,
                        const std::vector<store::ResultGame>& games) {
    HeadToHead h;
    const std::vector<tournament::RatedEngine> engines{{a.id, a.name}, {b.id, b.name}};
    const auto input = tournament::build_rating_input(engines, store::result_rows(games));
    for (std::size_t i = 0; i < games.size(); ++i) {
        const auto& g = input.games[i];
        const bool a_south = g.south == 0;
        const double ap = a_south ? g.south_points : 1.0 - g.south_points;
        (a_south ? h.as_south : h.as_north).add(ap);
        const auto tc = side_time_controls(games[i].time_control);
        const auto& [mine, theirs] =
            a_south ? std::pair(tc.south, tc.north) : std::pair(tc.north, tc.south);
        h.by_tc[mine == theirs ? mine : mine + " vs " + theirs].add(ap);
    }
    h.failures_a = input.failures[0];
    h.failures_b = input.failures[1];
    const auto stats = tournament::pair_statistics(2, input.games);
    h.pair.a = 0;
    h.pair.b = 1;
    if (!stats.empty()) h.pair = stats.front();
    return h;
}

std::string trinomial_json(const tournament::Trinomial& t) {
    Json j;
    j.field("games", t.games()).field("wins", t.wins).field("draws", t.draws);
    j.field("losses", t.losses).field("points", t.points());
    return j.str();
}

void print_h2h_json(const std::string& a, const std::string& b, const HeadToHead& h) {
    std::vector<std::string> tcs;
    for (const auto& [tc, t] : h.by_tc) {
        Json j;
        j.field("time_control", tc).raw("results", trinomial_json(t));
        tcs.push_back(j.str());
    }
    Json j;
    add_pair_fields(j, h.pair, a, b);
    j.raw("as_south", trinomial_json(h.as_south)).raw("as_north", trinomial_json(h.as_north));
    j.raw("by_time_control", Json::array(tcs));
    j.raw("failures", Json().field("engine", h.failures_a).field("opponent", h.failures_b).str());
    std::cout << j.str() << "\n";
}

void print_h2h_text(const std::string& a, const std::string& b, const HeadToHead& h) {
    const auto& ps = h.pair;
    const auto& p = ps.pairs.counts;
    std::cout << fmt::format("{} vs {}: {} games, {} points of {} for {}\n", a, b,
                             ps.results.games(), ps.results.points(), ps.results.games(), a);
    Table lines{{"", "W", "D", "L", "points"}, {}};
    auto add_line = [&](std::string label, const tournament::Trinomial& t) {
        lines.rows.push_back({text_cell(std::move(label)), int_cell(t.wins), int_cell(t.draws),
                              int_cell(t.losses), real_cell(t.points(), 1)});
    };
    add_line("total", ps.results);
    add_line(a + " as South", h.as_south);
    add_line(a + " as North", h.as_north);
    for (const auto& [tc, t] : h.by_tc) add_line("time control " + (tc.empty() ? "?" : tc), t);
    std::cout << render(lines, OutputFormat::Table);
    std::cout << fmt::format(
        "pentanomial [LL LD DD/WL WD WW] = [{} {} {} {} {}] ({} pairs, {} unpaired games)\n", p[0],
        p[1], p[2], p[3], p[4], ps.pairs.pairs(), ps.unpaired_games);
    std::cout << fmt::format("Elo difference {}   LOS {:.1f}%\n", elo_difference_text(ps.elo),
                             100.0 * ps.los);
    std::cout << fmt::format("failures: {} {}, {} {}\n", a, h.failures_a, b, h.failures_b);
}

}  // namespace

int results_h2h_command(int argc, char** argv) {
    CommandLine cli("oaq results h2h [--db FILE] [filters] [--json] ENGINE_A ENGINE_B",
                    "Every game between two engines, from A's point of view: totals, by colour, by "
                    "time control, pentanomial pair counts, the Elo difference ± 95% and the "
                    "likelihood of superiority.");
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
    const auto a = find_engine(db, names[0]);
    const auto b = find_engine(db, names[1]);
    if (sel.engine && sel.engine->id != a.id && sel.engine->id != b.id) {
        throw OaqError("h2h: --engine must be one of the two engines");
    }
    sel.filter.engine_id = a.id;
    sel.filter.opponent_id = b.id;
    const auto h = head_to_head(a, b, db.result_games(sel.filter));
    if (vm->count("json"))
        print_h2h_json(a.name, b.name, h);
    else
        print_h2h_text(a.name, b.name, h);
    return 0;
}

}  // namespace oaq::app
