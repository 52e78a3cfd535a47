#include "kit/bench.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <ctime>
#include <iostream>
#include <optional>
#include <string>

#include "kit/protocol_loop.hpp"
#include "rules/move.hpp"
#include "rules/split.hpp"

namespace oaq::kit {

const std::vector<BenchLine>& bench_lines() {
    static const std::vector<BenchLine> lines = {
        {"standard", ""},
        {"standard", "1L 1L 2R"},
        {"standard", "1L 1L 2R 1L 4L 5L 3L 3R 3R"},
        {"standard", "1L 2L 2R 4L 4L 4R 4R 3L 5R 3R 2L 4L 1L 2L"},
        {"standard", "1R 3L 1R 2R 2R 4L 3L 4R 4R 3L 5L 1L 2R 1L 4R 4L 1R 3L 2L 2R"},
        {"stop-after-capture", "2L 3L 4L 1L"},
        {"quan-non", "1L 2L 2R 4L 4L"},
        {"no-empty-gap", "1R 3L 1R 2R 2R 4L"},
        {"village", "2L 3L 4L 1L"},
        {"tg-standard", "1R 3L 4R 4R"},
    };
    return lines;
}

namespace {

// Searches one position; returns the nodes the engine reported, or nullopt when the line does not
// lead to a position to play (a bug in the fixed set, reported rather than searched).
std::optional<std::uint64_t> bench_one(Engine& engine, const BenchLine& line, int depth,
                                       std::ostream* out) {
    const auto rules = rules::parse_rules(line.rules);
    if (!rules) return std::nullopt;
    protocol::PositionCommand command;
    for (const auto move : rules::detail::split(line.moves, ' '))
        if (!move.empty()) command.moves.emplace_back(move);
    auto game = resolve_position(command, *rules);
    if (!game || game->position.is_over()) return std::nullopt;
    engine.new_game();
    SearchLimits limits;
    limits.depth = depth;
    std::atomic<bool> stop{false};
    std::uint64_t reported = 0;
    SearchControl control(limits, stop, [&reported](const protocol::Info& info) {
        if (info.nodes && *info.nodes > reported) reported = *info.nodes;
    });
    SearchRequest request{*rules, game->position, std::move(game->history), limits};
    const rules::Move best = engine.search(request, control);
    const std::uint64_t nodes = std::max(reported, control.nodes_seen());
    if (out != nullptr)
        *out << line.rules << " [" << line.moves << "]: nodes " << nodes << " bestmove "
             << rules::to_string(best) << '\n';
    return nodes;
}

}  // namespace

BenchTotals run_bench(Engine& engine, int depth, std::ostream* out) {
    BenchTotals totals;
    const std::clock_t cpu_start = std::clock();
    for (const BenchLine& line : bench_lines()) {
        const auto nodes = bench_one(engine, line, depth, out);
        if (!nodes) {
            if (out != nullptr) *out << line.rules << " [" << line.moves << "]: not playable\n";
            continue;
        }
        totals.nodes += *nodes;
        ++totals.positions;
    }
    totals.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    if (out != nullptr) {
        const double seconds = totals.cpu_seconds > 0 ? totals.cpu_seconds : 1e-9;
        *out << "bench: " << totals.nodes << " nodes, depth " << depth << ", " << totals.positions
             << " positions, "
             << static_cast<std::uint64_t>(static_cast<double>(totals.nodes) / seconds)
             << " nodes per cpu-second" << std::endl;
    }
    return totals;
}

int run_main(Engine& engine, int argc, char** argv, std::string_view program) {
    if (argc >= 2 && std::string_view(argv[1]) == "bench" && argc <= 3) {
        int depth = engine.bench_depth();
        if (argc == 3) {
            const std::string_view text = argv[2];
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
            if (ec != std::errc{} || end != text.data() + text.size() || depth < 1 || depth > 100) {
                std::cerr << "usage: " << program << " [bench [DEPTH 1..100]]\n";
                return 2;
            }
        }
        run_bench(engine, depth, &std::cout);
        return 0;
    }
    if (argc >= 2) {
        std::cerr << "usage: " << program << " [bench [DEPTH 1..100]]\n";
        return 2;
    }
    return run_stdio(engine);
}

}  // namespace oaq::kit
