#include "views/play_ends.hpp"

#include <fmt/format.h>

#include <csignal>

#include "rules/ring_game.hpp"
#include "views/play_view.hpp"

namespace oaq::views {

namespace {

std::string why_ended(const game::GameRecord& record) {
    return record.termination == game::Termination::Resignation
               ? std::string("you resigned")
               : std::string(game::to_string(record.termination)) +
                     (record.detail.empty() ? "" : ": " + record.detail);
}

}  // namespace

std::string game_over(const game::GameRecord& record, rules::Side you) {
    const bool won = record.result == (you == rules::Side::South ? rules::Result::SouthWin
                                                                 : rules::Result::NorthWin);
    const std::string verdict = record.result == rules::Result::Draw ? "a draw"
                                : won                                ? "you win"
                                                                     : "the engine wins";
    return fmt::format("\nGame over: {} ({}), score South {} - North {}\n", verdict,
                       why_ended(record), record.south().score, record.north().score);
}

std::string table_game_over(const game::GameRecord& record, int seat) {
    std::string seats;
    for (std::size_t s = 0; s < record.seats.size(); ++s) {
        const auto& at = record.seats[s];
        seats +=
            fmt::format("\n  rank {}  seat {}  {:<12} score {:>3}  points {:.2f}", at.rank, s + 1,
                        static_cast<int>(s) == seat ? "you" : at.name, at.score, at.points);
    }
    const auto& me = record.seats[static_cast<std::size_t>(seat)];
    return fmt::format("\nGame over ({}): you rank {} of {}{}\n", why_ended(record), me.rank,
                       record.seats.size(), seats);
}

std::string replay_command(const game::GameRecord& record, const rules::Rules& rules,
                           int max_plies) {
    if (record.moves.empty()) return "";
    std::string moves;
    for (const auto& m : record.moves) moves += " " + rules::to_string(m.move);
    const std::string limit = max_plies == rules::default_ply_limit(rules)
                                  ? ""
                                  : fmt::format(" --max-plies {}", max_plies);
    return fmt::format("the moves played: oaq rules play --rules {}{}{}\n",
                       rules::short_name(rules), limit, moves);
}

std::string move_played(const std::string& who, const game::MoveRecord& move) {
    return fmt::format("\n{} played {} ({:.2f} s)\n", who, rules::to_string(move.move),
                       static_cast<double>(move.time_used.count()) / 1e6);
}

std::string engine_thinking(const protocol::Info& info, const rules::Rules& rules) {
    if (!info.depth && !info.score) return "";
    std::string pv;
    for (const auto& m : info.pv) pv += " " + m;
    return fmt::format("  engine: depth {} {} (nodes {}, line{})\n", info.depth.value_or(0),
                       info.score ? explain_score(*info.score, rules) : std::string("no score"),
                       info.nodes.value_or(0), pv);
}

std::string signal_words(int signal) {
    switch (signal) {
        case SIGINT:
            return "Ctrl-C (SIGINT)";
        case SIGHUP:
            return "SIGHUP (the terminal closed)";
        case SIGTERM:
            return "SIGTERM";
        default:
            return "signal " + std::to_string(signal);
    }
}

std::string play_aborted(int plies, int signal) {
    if (signal != 0) {
        return fmt::format(
            "\nGame interrupted by {} after {} plies: aborted, no result (an interruption is "
            "never a loss; quit resigns)\n",
            signal_words(signal), plies);
    }
    return fmt::format(
        "\nGame not finished: the input ended after {} plies (aborted, no result; quit "
        "resigns)\n",
        plies);
}

}  // namespace oaq::views
