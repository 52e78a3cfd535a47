// oaq-bench-table: sample engines at one table of 3 or 4 seats, in-process (no processes, no
// protocol: the kit's Engine::search_ring under fixed limits), for measuring N-seat strength
// before or beside `oaq match`. Each seating group is one opening (the first --random-plies plies
// random, from the group's seed) under every order of the engines (N! games); each engine is fresh
// for each game with Seed = the group's seed + its seat. Repetition and the ply limit are the
// rules library's (RingGame). Prints every game's points, then each engine's points per game and
// by seat. Deterministic for a seed with --nodes (or --depth); figures only, never fails.
//
//   oaq-bench-table --engines mcts,greedy,random --groups 10 --nodes 2000 [--movetime MS]
//                   [--depth D] [--random-plies 2] [--seed 1] [--rules standard,players=3]
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "common/help_flag.hpp"
#include "greedy/greedy_engine.hpp"
#include "kit/engine.hpp"
#include "mcts/mcts_engine.hpp"
#include "random/random_engine.hpp"
#include "rules/game.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"

namespace {

using namespace oaq;

std::unique_ptr<kit::Engine> make_engine(std::string_view name, std::uint64_t seed) {
    std::unique_ptr<kit::Engine> engine;
    if (name == "random") engine = std::make_unique<engines::RandomEngine>(seed);
    if (name == "greedy") engine = std::make_unique<engines::GreedyEngine>(seed);
    if (name == "mcts") engine = std::make_unique<engines::MctsEngine>();
    if (!engine) {
        std::fprintf(stderr, "oaq-bench-table: unknown engine \"%s\" (random, greedy, mcts)\n",
                     std::string(name).c_str());
        std::exit(2);
    }
    kit::Options options;
    engine->declare_options(options);
    (void)options.set("Seed", std::to_string(seed % 2'000'000'000));
    return engine;
}

struct Config {
    std::vector<std::string> engines{"mcts", "greedy", "random"};
    std::string rules;
    int groups = 10, random_plies = 2;
    std::uint64_t seed = 1;
    kit::SearchLimits limits;
};

rules::RingPosition opening(const Config& cfg, const rules::Rules& rules, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (;;) {
        rules::RingPosition pos = rules::ring_start_position(rules);
        for (int ply = 0; ply < cfg.random_plies && !pos.is_over(); ++ply) {
            const auto moves = rules::legal_moves(pos, rules);
            pos = rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
        if (!pos.is_over()) return pos;
    }
}

struct GameOutcome {
    std::vector<rules::Standing> standings;  // in seat order
    int plies = 0;
    rules::EndReason end = rules::EndReason::None;
};

// Plays one game; seating[s] is the engine (index into cfg.engines) at seat s.
GameOutcome play_game(const Config& cfg, const rules::Rules& rules, const std::vector<int>& seating,
                      std::uint64_t seed) {
    std::vector<std::unique_ptr<kit::Engine>> table;
    for (std::size_t s = 0; s < seating.size(); ++s)
        table.push_back(make_engine(cfg.engines[static_cast<std::size_t>(seating[s])], seed + s));
    rules::RingGame game(rules, opening(cfg, rules, seed));
    std::atomic<bool> stop{false};
    while (!game.is_over()) {
        kit::RingSearchRequest request{rules, game.position(), game.positions(), cfg.limits,
                                       game.ply_limit()};
        request.history.pop_back();
        kit::SearchControl control(cfg.limits, stop, {});
        const auto move =
            table[static_cast<std::size_t>(request.seat())]->search_ring(request, control);
        if (!game.play(move)) {
            std::fprintf(stderr, "oaq-bench-table: illegal move %s by seat %d in %s\n",
                         rules::to_string(move).c_str(), request.seat() + 1,
                         rules::to_string(game.position()).c_str());
            std::exit(1);
        }
    }
    return {game.standings(), game.ply(), game.end()};
}

std::vector<std::string> split_commas(std::string_view text) {
    std::vector<std::string> out;
    for (std::size_t from = 0;;) {
        const auto comma = text.find(',', from);
        out.emplace_back(text.substr(from, comma - from));
        if (comma == std::string_view::npos) return out;
        from = comma + 1;
    }
}

bool parse_args(int argc, char** argv, Config& cfg) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string_view k = argv[i];
        const char* v = argv[i + 1];
        if (k == "--engines")
            cfg.engines = split_commas(v);
        else if (k == "--rules")
            cfg.rules = v;
        else if (k == "--groups")
            cfg.groups = std::atoi(v);
        else if (k == "--random-plies")
            cfg.random_plies = std::atoi(v);
        else if (k == "--seed")
            cfg.seed = std::strtoull(v, nullptr, 10);
        else if (k == "--movetime")
            cfg.limits.soft_time = cfg.limits.hard_time = kit::Milliseconds{std::atoi(v)};
        else if (k == "--depth")
            cfg.limits.depth = std::atoi(v);
        else if (k == "--nodes")
            cfg.limits.nodes = std::strtoull(v, nullptr, 10);
        else {
            std::fprintf(stderr, "oaq-bench-table: unknown option %s\n", std::string(k).c_str());
            return false;
        }
    }
    if (argc % 2 == 0) {
        std::fprintf(stderr, "oaq-bench-table: %s needs a value\n", argv[argc - 1]);
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (oaq::wants_help(argc, argv)) {
        std::puts(
            "usage: oaq-bench-table [--engines A,B,C[,D]] [--groups N] [--nodes N | --movetime MS "
            "| --depth D] [--random-plies N] [--seed S] [--rules R]\n"
            "sample engines at one table of 3 or 4 seats, every seating of each opening");
        return 0;
    }
    Config cfg;
    if (!parse_args(argc, argv, cfg)) return 2;
    const int seats = static_cast<int>(cfg.engines.size());
    if (seats < 3 || seats > rules::kMaxPlayers) {
        std::fprintf(stderr, "oaq-bench-table: --engines names 3 or 4 engines, got %d\n", seats);
        return 2;
    }
    if (cfg.rules.empty()) cfg.rules = "standard,players=" + std::to_string(seats);
    auto rules = rules::parse_rules(cfg.rules);
    if (!rules || rules->players != seats) {
        std::fprintf(stderr, "oaq-bench-table: --rules %s: %s\n", cfg.rules.c_str(),
                     rules ? "its players differ from the number of engines"
                           : rules.error().message.c_str());
        return 2;
    }
    const auto n = static_cast<std::size_t>(seats);
    std::vector<double> points(n, 0.0);
    std::vector<std::vector<double>> by_seat(n, std::vector<double>(n, 0.0));
    int games = 0;
    for (int g = 0; g < cfg.groups; ++g) {
        const std::uint64_t seed = cfg.seed + static_cast<std::uint64_t>(g) * 100;
        std::vector<int> seating(n);
        for (std::size_t s = 0; s < n; ++s) seating[s] = static_cast<int>(s);
        do {
            const auto outcome = play_game(cfg, *rules, seating, seed);
            const auto& standings = outcome.standings;
            ++games;
            std::printf("group %d game %d (%d plies, %s):", g + 1, games, outcome.plies,
                        std::string(rules::to_string(outcome.end)).c_str());
            for (std::size_t s = 0; s < n; ++s) {
                const auto e = static_cast<std::size_t>(seating[s]);
                points[e] += standings[s].points;
                by_seat[e][s] += standings[s].points;
                std::printf("  seat %zu %s %d (%.2f)", s + 1, cfg.engines[e].c_str(),
                            standings[s].score, standings[s].points);
            }
            std::printf("\n");
        } while (std::next_permutation(seating.begin(), seating.end()));
    }
    std::printf("%d games (%d seating groups of %d) under %s\n", games, cfg.groups,
                games / std::max(cfg.groups, 1), rules::expanded(*rules).c_str());
    for (std::size_t e = 0; e < n; ++e) {
        std::printf("%-8s %.3f points per game (%.1f in %d);", cfg.engines[e].c_str(),
                    points[e] / games, points[e], games);
        for (std::size_t s = 0; s < n; ++s)
            std::printf(" seat %zu: %.3f", s + 1, by_seat[e][s] * static_cast<double>(n) / games);
        std::printf("\n");
    }
    return 0;
}
