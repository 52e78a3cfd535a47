#include "reference/bench.hpp"

#include <atomic>
#include <chrono>
#include <ctime>
#include <ostream>
#include <string>

#include "kit/protocol_loop.hpp"
#include "reference/reference_engine.hpp"
#include "rules/split.hpp"

namespace oaq::engines::reference {

const std::vector<BenchPosition>& bench_positions() {
    static const std::vector<BenchPosition> positions = {
        {"standard", ""},
        {"standard", "1L 1L 2R"},
        {"standard", "1L 1L 2R 1L 4L 5L 3L 3R 3R"},
        {"standard", "1L 1L 2R 1L 4L 5L 3L 3R 3R 1L 3L 4R 2L 4R 5L"},
        {"standard", "1L 2L 2R 4L 4L 4R 4R 3L 5R 3R 2L 4L 1L 2L"},
        {"standard", "1L 2L 2R 4L 4L 4R 4R 3L 5R 3R 2L 4L 1L 2L 3L 1R 5L 1R 4R 2L 5L 4R"},
        {"standard", "1L 4L 3R 2R 5L 2R 2L 5R 4R 4L 1L 5L 5R 4L 4R 3L"},
        {"standard", "1L 4L 3R 2R 5L 2R 2L 5R 4R 4L 1L 5L 5R 4L 4R 3L 4R 2L 5R 2L 3R 2R 4R 3L"},
        {"standard", "1L 5R 1R 1L 2R 2R 2R 4L 1R 4L 3R 3L 5L 2L 2R 1L 3R 4R"},
        {"standard", "1R 3L 1R 2R 2R 4L 3L 4R 4R 3L 5L 1L 2R 1L 4R 4L 1R 3L 2L 2R"},
        {"standard", "1R 3R 5R 1L 1L 3R 2L 5L 5R 5R 4L 3R 4L 2R 3R 3L 1R 1L 5L 2L 3R 2L 4L 5R"},
        {"stop-after-capture", "2L 3L 4L 1L"},
        {"quan-non", "1L 2L 2R 4L 4L"},
        {"no-empty-gap", "1R 3L 1R 2R 2R 4L"},
        {"village", "2L 3L 4L 1L"},
        {"standard,chain=no", "1L 1L 2R 1L"},
    };
    return positions;
}

BenchResult run_bench(int depth, std::ostream* out) {
    BenchResult result;
    ReferenceEngine engine;
    kit::Options options;
    engine.declare_options(options);
    std::clock_t cpu = 0;
    std::chrono::steady_clock::duration wall{};
    for (const BenchPosition& bp : bench_positions()) {
        const auto rules = rules::parse_rules(bp.rules);
        protocol::PositionCommand command;
        for (const auto move : rules::detail::split(bp.moves, ' '))
            if (!move.empty()) command.moves.emplace_back(move);
        const auto game = kit::resolve_position(command, *rules);
        // The set is fixed and tested: a line that does not lead to a game to play is a bug.
        if (!game || game->position.is_over()) {
            if (out != nullptr) *out << bp.rules << " [" << bp.moves << "]: not playable\n";
            continue;
        }
        engine.new_game();
        kit::SearchLimits limits;
        limits.depth = depth;
        std::atomic<bool> stop{false};
        kit::SearchControl control(limits, stop, {});
        kit::SearchRequest request{*rules, game->position, game->history, limits};
        const auto wall_start = std::chrono::steady_clock::now();
        const std::clock_t cpu_start = std::clock();
        const rules::Move best = engine.search(request, control);
        cpu += std::clock() - cpu_start;
        wall += std::chrono::steady_clock::now() - wall_start;
        result.nodes += engine.last().nodes;
        result.moves_made += engine.last().moves_made;
        if (out != nullptr)
            *out << bp.rules << " [" << bp.moves << "]: nodes " << engine.last().nodes << " score "
                 << engine.last().score << " bestmove " << rules::to_string(best) << '\n';
    }
    result.cpu_seconds = static_cast<double>(cpu) / CLOCKS_PER_SEC;
    result.wall_seconds = std::chrono::duration<double>(wall).count();
    if (out != nullptr) {
        const double seconds = result.cpu_seconds > 0 ? result.cpu_seconds : 1e-9;
        *out << "bench depth " << depth << ": nodes " << result.nodes << ", cpu "
             << result.cpu_seconds << " s, "
             << static_cast<std::uint64_t>(static_cast<double>(result.nodes) / seconds)
             << " nodes per cpu-second; moves made " << result.moves_made << ", "
             << static_cast<std::uint64_t>(static_cast<double>(result.moves_made) / seconds)
             << " per cpu-second; wall " << result.wall_seconds << " s\n";
    }
    return result;
}

}  // namespace oaq::engines::reference
