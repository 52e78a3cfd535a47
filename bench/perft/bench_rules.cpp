// oaq-bench-rules: how fast the rules library plays. For each preset it runs perft from the start
// position (every leaf move is made, so nodes per second is moves made per second) and a batch of
// seeded random playouts through play() (games and moves per second); one more row plays standard
// from the start of a session game with sold and shared squares (rules.md section 9), whose only
// cost is at settlement. Prints a table, or one JSON
// object with --json. Every figure is given against wall-clock time and against this process's
// CPU time: on a shared machine the second is the steadier one. Figures only: this program never
// fails on timing.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "rules/perft.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"

namespace {

using oaq::rules::Position;
using oaq::rules::Rules;
using Clock = std::chrono::steady_clock;

struct Options {
    int depth = 0;  // 0: a per-preset default that takes about a second or two
    int games = 20000;
    std::uint32_t seed = 1;
    bool json = false;
    std::string only;  // one preset (or rules string) instead of all presets
};

// Wall-clock and CPU seconds of one measurement.
struct Timing {
    double wall = 0;
    double cpu = 0;
};

class Stopwatch {
  public:
    Stopwatch() : wall_(Clock::now()), cpu_(std::clock()) {}
    Timing elapsed() const {
        return {std::chrono::duration<double>(Clock::now() - wall_).count(),
                static_cast<double>(std::clock() - cpu_) / CLOCKS_PER_SEC};
    }

  private:
    Clock::time_point wall_;
    std::clock_t cpu_;
};

struct Row {
    std::string name;
    int depth = 0;
    std::uint64_t perft_nodes = 0;
    Timing perft;
    int games = 0;
    std::uint64_t playout_moves = 0;
    Timing playouts;
};

// The village preset has few moves per position, so it needs a deeper perft for the same work.
int default_depth(const Rules& rules) {
    return rules.direction == oaq::rules::DirectionRule::Free ? 9 : 16;
}

Row measure(const std::string& name, const Rules& rules, const Options& opt,
            oaq::rules::Shares shares = {}) {
    Row row;
    row.name = name;
    row.depth = opt.depth > 0 ? opt.depth : default_depth(rules);
    Position start = oaq::rules::start_position(rules);
    start.shares = shares;

    const Stopwatch perft_watch;
    row.perft_nodes = oaq::rules::perft(start, row.depth, rules);
    row.perft = perft_watch.elapsed();

    std::mt19937 rng(opt.seed);
    row.games = opt.games;
    // A playout stops at the rules' own end or at the default ply limit of 300 plies; repetition
    // is Game's business and is not checked here (this measures play() and legal_moves()).
    const Stopwatch playout_watch;
    for (int g = 0; g < opt.games; ++g) {
        Position p = start;
        for (int ply = 0; ply < 300 && !p.is_over(); ++ply) {
            const auto moves = oaq::rules::legal_moves(p, rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            p = oaq::rules::play(p, moves[pick(rng)], rules);
            ++row.playout_moves;
        }
    }
    row.playouts = playout_watch.elapsed();
    return row;
}

double per_second(double count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
}

void print_table(const std::vector<Row>& rows) {
    std::printf("%-20s %5s %12s | %8s %8s %9s %9s | %7s %9s %9s %9s\n", "rules", "depth",
                "perft nodes", "wall s", "cpu s", "Mmoves/s", "(cpu)", "games", "games/s",
                "Mmoves/s", "(cpu)");
    for (const auto& r : rows) {
        const auto nodes = static_cast<double>(r.perft_nodes);
        const auto moves = static_cast<double>(r.playout_moves);
        std::printf("%-20s %5d %12llu | %8.3f %8.3f %9.2f %9.2f | %7d %9.0f %9.2f %9.2f\n",
                    r.name.c_str(), r.depth, static_cast<unsigned long long>(r.perft_nodes),
                    r.perft.wall, r.perft.cpu, per_second(nodes, r.perft.wall) / 1e6,
                    per_second(nodes, r.perft.cpu) / 1e6, r.games,
                    per_second(r.games, r.playouts.wall), per_second(moves, r.playouts.wall) / 1e6,
                    per_second(moves, r.playouts.cpu) / 1e6);
    }
}

void print_json(const std::vector<Row>& rows, const Options& opt) {
    std::printf("{\"seed\":%u,\"results\":[", opt.seed);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        const auto nodes = static_cast<double>(r.perft_nodes);
        const auto moves = static_cast<double>(r.playout_moves);
        std::printf(
            "%s{\"rules\":\"%s\",\"perft\":{\"depth\":%d,\"nodes\":%llu,\"wall_seconds\":%.6f,"
            "\"cpu_seconds\":%.6f,\"moves_per_second\":%.0f,\"moves_per_cpu_second\":%.0f},"
            "\"playouts\":{\"games\":%d,\"moves\":%llu,\"wall_seconds\":%.6f,"
            "\"cpu_seconds\":%.6f,\"games_per_second\":%.1f,\"moves_per_second\":%.0f,"
            "\"moves_per_cpu_second\":%.0f}}",
            i ? "," : "", r.name.c_str(), r.depth, static_cast<unsigned long long>(r.perft_nodes),
            r.perft.wall, r.perft.cpu, per_second(nodes, r.perft.wall),
            per_second(nodes, r.perft.cpu), r.games,
            static_cast<unsigned long long>(r.playout_moves), r.playouts.wall, r.playouts.cpu,
            per_second(r.games, r.playouts.wall), per_second(moves, r.playouts.wall),
            per_second(moves, r.playouts.cpu));
    }
    std::printf("]}\n");
}

int usage(int code) {
    std::fprintf(code ? stderr : stdout,
                 "usage: oaq-bench-rules [--depth N] [--games N] [--seed N] [--rules STRING] "
                 "[--json]\n"
                 "  --depth N   perft depth (default 9, 16 for direction-restricted rules)\n"
                 "  --games N   random playouts per rule set (default 20000)\n"
                 "  --seed N    seed of the playouts' std::mt19937 (default 1)\n"
                 "  --rules S   measure only this preset or rules string (default: every preset)\n"
                 "  --json      print one JSON object instead of a table\n");
    return code;
}

bool parse_int(const char* text, long lo, long hi, long& out) {
    char* end = nullptr;
    out = std::strtol(text, &end, 10);
    return end != text && *end == '\0' && out >= lo && out <= hi;
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        long n = 0;
        if (arg == "--json") {
            opt.json = true;
        } else if (arg == "--help" || arg == "-h") {
            return usage(0);
        } else if (arg == "--depth" && has_value && parse_int(argv[++i], 1, 40, n)) {
            opt.depth = static_cast<int>(n);
        } else if (arg == "--games" && has_value && parse_int(argv[++i], 0, 100000000, n)) {
            opt.games = static_cast<int>(n);
        } else if (arg == "--seed" && has_value && parse_int(argv[++i], 0, 4294967295L, n)) {
            opt.seed = static_cast<std::uint32_t>(n);
        } else if (arg == "--rules" && has_value) {
            opt.only = argv[++i];
        } else {
            std::fprintf(stderr, "oaq-bench-rules: bad argument \"%s\"\n", argv[i]);
            return usage(2);
        }
    }

    std::vector<Row> rows;
    if (!opt.only.empty()) {
        auto rules = oaq::rules::parse_rules(opt.only);
        if (!rules) {
            std::fprintf(stderr, "oaq-bench-rules: %s\n", rules.error().message.c_str());
            return 2;
        }
        if (rules->players != 2) {
            // The 2-player Position is what this measures; the ring game has its own code path.
            std::fprintf(stderr,
                         "oaq-bench-rules: players=%d: this bench measures the 2-player "
                         "game (oaq rules perft times the ring of 3 or 4)\n",
                         rules->players);
            return 2;
        }
        rows.push_back(measure(opt.only, *rules, opt));
    } else {
        for (const auto& preset : oaq::rules::presets()) {
            rows.push_back(measure(std::string(preset.name),
                                   oaq::rules::parse_rules(preset.name).value(), opt));
        }
        // The start of game 2 of rules.md section 9's example: N4 2/5 and N5 sold.
        oaq::rules::Shares shares;
        shares.set(oaq::rules::Side::North, 4, 2);
        shares.set(oaq::rules::Side::North, 5, 5);
        rows.push_back(measure("standard+shares", Rules{}, opt, shares));
    }
    if (opt.json)
        print_json(rows, opt);
    else
        print_table(rows);
    return 0;
}
