// oaq-tune: fits the reference engine's evaluation weights (sample-engines/reference/tuner.hpp)
// to the games of one or more oaq results databases, read through oaq_store (read only: the
// files are opened without creating them). Reproducible: the same databases, tournaments, seed
// and options give the same weights.
//
//   oaq-tune --db selfplay.db [--db more.db] [--tournament NAME]... [--engine NAME]...
//            [--seed 1] [--max-samples 400000] [--iterations 2000] [--quiet-only]
//            [--out weights.txt]
//   oaq-tune --db selfplay.db ... --dump samples.txt
//
// Prints the data set (games, positions), K, the loss before and after on the training and the
// held-out positions, and the weights in the EvalFile format (also written to --out). --dump
// writes the positions instead, one per line, for bench/tuning/fit_eval.py (which fits the
// learned tables): the result, the final margin and the search's score for the side to move
// (`-` when none), the linear features, then the table entries.
#include <charconv>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.hpp"
#include "common/help_flag.hpp"
#include "reference/evaluation.hpp"
#include "reference/tuner.hpp"
#include "rules/position_string.hpp"
#include "store/store.hpp"

namespace {

namespace ref = oaq::engines::reference;

int usage(std::ostream& out = std::cerr, int code = 2) {
    out << "usage: oaq-tune --db FILE [--db FILE]... [--tournament NAME]... [--engine "
           "NAME]... [--seed S] [--max-samples N] [--iterations N] [--quiet-only] "
           "[--out FILE | --dump FILE]\n";
    return code;
}

template <class T>
bool parse_number(std::string_view text, T& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc{} && end == text.data() + text.size();
}

struct DataSet {
    std::size_t games = 0;
    std::size_t skipped = 0;  // not standard-like rules, unreadable moves
    std::vector<ref::TuningSample> samples;
};

// Adds the games of one database: every tournament (or the named ones), games of the named
// engines only when some are named (both sides must be among them), normal ends only.
void read_games(const std::string& path, const std::set<std::string>& tournaments,
                const std::set<std::string>& engines, const ref::TuningConfig& config,
                DataSet& data) {
    oaq::store::StoreOptions options;
    options.create = false;
    auto store = oaq::store::Store::open(path, options);
    for (const auto& t : store.list_tournaments()) {
        if (!tournaments.empty() && tournaments.count(t.name) == 0) continue;
        oaq::store::GameFilter filter;
        filter.tournament_id = t.id;
        filter.limit = 0;
        for (const auto& row : store.games(filter)) {
            if (!engines.empty() &&
                (engines.count(row.south) == 0 || engines.count(row.north) == 0))
                continue;
            const auto game = store.game(row.id);
            if (!game) continue;
            const auto& record = game->record;
            const auto rules = oaq::rules::parse_rules(record.rules);
            if (!rules) {
                ++data.skipped;
                continue;
            }
            const auto start = oaq::rules::parse_position(record.start_position, *rules);
            std::vector<oaq::rules::Move> moves;
            std::vector<std::optional<int>> search_cp;
            const bool readable = static_cast<bool>(start);
            for (const auto& m : record.moves) {
                moves.push_back(m.move);  // typed by the store
                const bool cp = m.score && m.score->kind == oaq::protocol::Score::Kind::Cp;
                search_cp.push_back(cp ? std::optional<int>(m.score->value) : std::nullopt);
            }
            // Only games decided on the board: a forfeit says nothing about the position.
            const bool on_board = row.termination == oaq::store::GameRow{}.termination ||
                                  row.detail == "repetition" || row.detail == "ply_limit";
            if (!readable || !on_board) {
                ++data.skipped;
                continue;
            }
            ref::add_game(*rules, *start, moves, row.result, config, data.samples, search_cp);
            ++data.games;
        }
    }
}

// Writes the samples for fit_eval.py, in the order read (the script draws its own split).
int dump(const std::vector<ref::TuningSample>& samples, const std::string& path) {
    std::ofstream out(path);
    out << "# oaq-tune --dump: result margin search_cp, " << ref::kFeatureCount << " features, "
        << ref::kTableTerms << " table entries\n";
    for (const auto& s : samples) {
        out << s.result << ' ' << s.final_margin << ' ';
        if (s.search_cp)
            out << *s.search_cp;
        else
            out << '-';
        for (const int f : s.features) out << ' ' << f;
        for (const int t : s.terms) out << ' ' << t;
        out << '\n';
    }
    out.flush();
    if (!out) {
        std::cerr << "oaq-tune: cannot write " << path << '\n';
        return 2;
    }
    std::cout << "wrote " << samples.size() << " positions to " << path << '\n';
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> dbs;
    std::set<std::string> tournaments;
    std::set<std::string> engines;
    std::string out_path;
    std::string dump_path;
    ref::TuningConfig config;
    if (oaq::wants_help(argc, argv)) return usage(std::cout, 0);
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--db" && has_value) {
            dbs.emplace_back(argv[++i]);
        } else if (arg == "--tournament" && has_value) {
            tournaments.emplace(argv[++i]);
        } else if (arg == "--engine" && has_value) {
            engines.emplace(argv[++i]);
        } else if (arg == "--seed" && has_value) {
            if (!parse_number(argv[++i], config.seed)) return usage();
        } else if (arg == "--max-samples" && has_value) {
            if (!parse_number(argv[++i], config.max_samples)) return usage();
        } else if (arg == "--iterations" && has_value) {
            if (!parse_number(argv[++i], config.iterations)) return usage();
        } else if (arg == "--quiet-only") {
            config.quiet_only = true;
        } else if (arg == "--out" && has_value) {
            out_path = argv[++i];
        } else if (arg == "--dump" && has_value) {
            dump_path = argv[++i];
        } else {
            return usage();
        }
    }
    if (dbs.empty()) return usage();
    DataSet data;
    try {
        for (const auto& db : dbs) read_games(db, tournaments, engines, config, data);
    } catch (const oaq::OaqError& e) {
        std::cerr << "oaq-tune: " << e.what() << '\n';
        return 2;
    }
    std::cout << "games " << data.games << " (skipped " << data.skipped << "), positions "
              << data.samples.size() << (config.quiet_only ? " (quiet)" : "") << ", seed "
              << config.seed << '\n';
    if (!dump_path.empty()) return dump(data.samples, dump_path);
    const ref::TuningResult result = ref::fit(std::move(data.samples), ref::kHandWeights, config);
    std::cout << ref::describe(result) << ref::format_weights(result.weights);
    if (!out_path.empty()) {
        std::ofstream out(out_path);
        out << "# oaq-tune, seed " << config.seed << ", " << data.games << " games\n"
            << ref::format_weights(result.weights);
        if (!out) {
            std::cerr << "oaq-tune: cannot write " << out_path << '\n';
            return 2;
        }
    }
    return 0;
}
