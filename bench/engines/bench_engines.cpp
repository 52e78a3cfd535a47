// oaq-bench-engines: a quick in-process match between two sample engines, for tuning before the
// referee exists. Engines are driven through the kit's Engine interface (no processes, no
// protocol), each move under a fixed movetime, depth or node budget, colours alternating, each game
// with its own seed (greedy and random break ties with it; the first `--random-plies` plies are
// random to vary the openings). Game-level rules (repetition, ply limit) come from rules::Game.
// Prints the score of engine A; figures only, never fails on strength.
//
//   oaq-bench-engines --a alphabeta --b greedy --games 20 --movetime 100 [--rules standard]
//                     [--depth N] [--nodes N] [--random-plies 2] [--seed 1]
//                     [--a-opt Name=Value]... [--b-opt Name=Value]... [--balanced CP]
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "alphabeta/alphabeta_engine.hpp"
#include "common/help_flag.hpp"
#include "greedy/greedy_engine.hpp"
#include "kit/engine.hpp"
#include "mcts/mcts_engine.hpp"
#include "random/random_engine.hpp"
#include "rules/game.hpp"
#include "rules/turn.hpp"

namespace {

using namespace oaq;

std::unique_ptr<kit::Engine> make_engine(std::string_view name, std::uint64_t seed) {
    if (name == "random") return std::make_unique<engines::RandomEngine>(seed);
    if (name == "greedy") return std::make_unique<engines::GreedyEngine>(seed);
    if (name == "alphabeta") return std::make_unique<engines::AlphaBetaEngine>();
    if (name == "mcts") return std::make_unique<engines::MctsEngine>();
    std::fprintf(stderr, "unknown engine %s\n", std::string(name).c_str());
    std::exit(2);
}

struct Config {
    std::string a = "alphabeta", b = "greedy", rules = "standard";
    int games = 20, random_plies = 2;
    int balanced_cp =
        0;  // > 0: redraw random openings until a depth-10 search scores them within this
    std::uint64_t seed = 1;
    kit::SearchLimits limits;
    std::vector<std::pair<std::string, std::string>> a_options, b_options;  // Name=Value
};

std::pair<std::string, std::string> split_option(std::string_view text) {
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) return {std::string(text), ""};
    return {std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

// The position after cfg.random_plies random plies; with --balanced, only one a depth-10 alpha-beta
// search scores within cfg.balanced_cp for the side to move (so colour-swapped pairs measure
// strength rather than a decided opening).
rules::Position opening_position(const Config& cfg, const rules::Rules& rules,
                                 std::mt19937_64& rng) {
    for (int attempt = 0;; ++attempt) {
        rules::Position pos = rules::start_position(rules);
        for (int ply = 0; ply < cfg.random_plies && !pos.is_over(); ++ply) {
            const auto moves = rules::legal_moves(pos, rules);
            pos = rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
        if (pos.is_over()) continue;
        if (cfg.balanced_cp <= 0 || attempt > 1000) return pos;
        engines::AlphaBetaEngine judge;
        kit::SearchLimits limits;
        limits.depth = 10;
        std::atomic<bool> stop{false};
        kit::SearchControl control(limits, stop, {});
        (void)judge.search(kit::SearchRequest{rules, pos, {}, limits}, control);
        if (std::abs(judge.last_score()) <= cfg.balanced_cp) return pos;
    }
}

// Plays one game; returns A's points (1, 0.5, 0).
double play_game(const Config& cfg, const rules::Rules& rules, bool a_is_south,
                 std::uint64_t seed) {
    auto a = make_engine(cfg.a, seed);
    auto b = make_engine(cfg.b, seed + 1000);
    kit::Options opts_a, opts_b;
    a->declare_options(opts_a);
    b->declare_options(opts_b);
    (void)opts_a.set("Seed", std::to_string(seed));
    (void)opts_b.set("Seed", std::to_string(seed + 1000));
    for (const auto& [k, v] : cfg.a_options)
        if (!opts_a.set(k, v)) std::fprintf(stderr, "engine A: cannot set %s\n", k.c_str());
    for (const auto& [k, v] : cfg.b_options)
        if (!opts_b.set(k, v)) std::fprintf(stderr, "engine B: cannot set %s\n", k.c_str());
    std::mt19937_64 opening(seed);
    std::atomic<bool> stop{false};
    const auto start = opening_position(cfg, rules, opening);
    rules::Game game(rules, start);
    while (!game.is_over()) {
        const auto& pos = game.position();
        rules::Move move;
        {
            const bool a_moves = (pos.side == rules::Side::South) == a_is_south;
            kit::Engine& e = a_moves ? *a : *b;
            kit::SearchRequest request{rules, pos, {}, cfg.limits};
            kit::SearchControl control(cfg.limits, stop, {});
            move = e.search(request, control);
            if (std::getenv("OAQ_BENCH_VERBOSE") != nullptr) {
                const auto* ab = dynamic_cast<const engines::AlphaBetaEngine*>(&e);
                std::printf("  ply %d %s %s%s\n", game.ply(), a_moves ? "A" : "B",
                            rules::to_string(move).c_str(),
                            ab ? (" score " + std::to_string(ab->last_score())).c_str() : "");
            }
        }
        if (!game.play(move)) {
            std::fprintf(stderr, "illegal move\n");
            std::exit(1);
        }
    }
    const auto r = game.result();
    const bool a_south_win = r == rules::Result::SouthWin;
    if (r == rules::Result::Draw) return 0.5;
    return a_south_win == a_is_south ? 1.0 : 0.0;
}

}  // namespace

int main(int argc, char** argv) {
    if (oaq::wants_help(argc, argv)) {
        std::puts(
            "usage: oaq-bench-engines [--a ENGINE] [--b ENGINE] [--games N] [--movetime MS | "
            "--depth D | --nodes N] [--random-plies N] [--balanced CP] [--seed S] [--rules R] "
            "[--a-opt Name=Value] [--b-opt Name=Value]\n"
            "an in-process match of two sample engines, colours alternating");
        return 0;
    }
    Config cfg;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string_view k = argv[i];
        const char* v = argv[i + 1];
        if (k == "--a")
            cfg.a = v;
        else if (k == "--b")
            cfg.b = v;
        else if (k == "--rules")
            cfg.rules = v;
        else if (k == "--a-opt")
            cfg.a_options.push_back(split_option(v));
        else if (k == "--b-opt")
            cfg.b_options.push_back(split_option(v));
        else if (k == "--games")
            cfg.games = std::atoi(v);
        else if (k == "--random-plies")
            cfg.random_plies = std::atoi(v);
        else if (k == "--balanced")
            cfg.balanced_cp = std::atoi(v);
        else if (k == "--seed")
            cfg.seed = std::strtoull(v, nullptr, 10);
        else if (k == "--movetime") {
            cfg.limits.soft_time = cfg.limits.hard_time = kit::Milliseconds{std::atoi(v)};
        } else if (k == "--depth")
            cfg.limits.depth = std::atoi(v);
        else if (k == "--nodes")
            cfg.limits.nodes = std::strtoull(v, nullptr, 10);
        else {
            std::fprintf(stderr, "unknown option %s\n", std::string(k).c_str());
            return 2;
        }
    }
    auto rules = rules::parse_rules(cfg.rules);
    if (!rules) {
        std::fprintf(stderr, "%s\n", rules.error().message.c_str());
        return 2;
    }
    double points = 0;
    int wins = 0, draws = 0, losses = 0;
    for (int g = 0; g < cfg.games; ++g) {
        const double p =
            play_game(cfg, *rules, g % 2 == 0, cfg.seed + static_cast<std::uint64_t>(g / 2));
        points += p;
        if (std::getenv("OAQ_BENCH_VERBOSE"))
            std::printf("game %d: A is %s, A scores %.1f\n", g, g % 2 == 0 ? "South" : "North", p);
        (p == 1.0 ? wins : p == 0.0 ? losses : draws)++;
    }
    std::printf("%s vs %s (%s): +%d =%d -%d  score %.1f/%d = %.1f%%\n", cfg.a.c_str(),
                cfg.b.c_str(), cfg.rules.c_str(), wins, draws, losses, points, cfg.games,
                100.0 * points / cfg.games);
    return 0;
}
