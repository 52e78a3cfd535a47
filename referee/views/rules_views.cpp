#include "views/rules_views.hpp"

#include <fmt/format.h>

#include <chrono>

#include "common/json.hpp"
#include "rules/perft.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"
#include "views/board_view.hpp"

namespace oaq::views {

namespace {

std::string draw_board_of(const rules::Position& pos, const rules::Rules& rules) {
    return draw_board(pos, rules);
}
std::string draw_board_of(const rules::RingPosition& pos, const rules::Rules& rules) {
    return draw_ring(pos, rules);
}

// perft of a 2-player Position or of a RingPosition of 3 or 4 seats, timed.
template <class P>
PerftCount timed_perft(const P& pos, int depth, bool divide, const rules::Rules& rules) {
    PerftCount out;
    const auto t0 = std::chrono::steady_clock::now();
    if (divide) {
        out.split = rules::perft_divide(pos, depth, rules);
        for (auto& [m, n] : out.split) out.nodes += n;
    } else {
        out.nodes = rules::perft(pos, depth, rules);
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

// The moves played in `game`, a board after each; `mover(position)` names who moves there.
template <class G, class Mover>
Expected<Ok> play_each(G& game, const rules::Rules& rules, const std::vector<std::string>& moves,
                       std::vector<std::string>& positions, bool json, std::ostream& out,
                       Mover mover) {
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto who = mover(game.position());
        auto after = game.play(moves[i]);
        if (!after)
            return fail(
                fmt::format("move {} (\"{}\"): {}", i + 1, moves[i], after.error().message));
        positions.push_back(rules::to_string(*after));
        if (!json)
            out << fmt::format("\n{}. {} {}\n", i + 1, who, moves[i])
                << draw_board_of(*after, rules);
    }
    return Ok{};
}

// Scores, and ranks and points once the game is over (null before), as lists in seat order.
void add_standings(Json& j, const rules::RingPosition& pos, const rules::Rules& rules) {
    std::vector<std::string> scores, ranks, points;
    for (const auto& s : rules::standings(pos, rules)) {
        scores.push_back(std::to_string(s.score));
        ranks.push_back(std::to_string(s.rank));
        points.push_back(Json::number(s.points));
    }
    j.raw("score", Json::array(scores));
    j.raw("ranks", pos.is_over() ? Json::array(ranks) : "null");
    j.raw("points", pos.is_over() ? Json::array(points) : "null");
}

// A score is {"south":..,"north":..} in every oaq JSON object (docs/json.md).
std::string score_json(int south, int north) {
    return Json().field("south", south).field("north", north).str();
}

template <class P>
std::vector<std::string> legal_move_words(const P& pos, const rules::Rules& rules) {
    std::vector<std::string> legal;
    for (auto m : rules::legal_moves(pos, rules)) legal.push_back(rules::to_string(m));
    return legal;
}

}  // namespace

std::string perft_text(int depth, const PerftCount& count) {
    std::string out;
    for (auto& [m, n] : count.split) out += rules::to_string(m) + ": " + std::to_string(n) + "\n";
    const double nps = count.seconds > 0 ? static_cast<double>(count.nodes) / count.seconds : 0.0;
    return out + fmt::format("perft {}: {} nodes in {:.3f} s ({:.1f} M moves/s)\n", depth,
                             count.nodes, count.seconds, nps / 1e6);
}

std::string perft_json(const rules::Rules& rules, int depth, const PerftCount& count, bool divide) {
    const double nps = count.seconds > 0 ? static_cast<double>(count.nodes) / count.seconds : 0.0;
    Json j;
    j.field("rules", rules::expanded(rules)).field("depth", depth).field("nodes", count.nodes);
    j.field("seconds", count.seconds).field("nps", nps);
    if (divide) {
        Json moves;
        for (auto& [m, n] : count.split) moves.field(rules::to_string(m), n);
        j.raw("moves", moves.str());
    }
    return j.str();
}

std::string play_json(const std::vector<std::string>& positions, const rules::Game& game) {
    const auto& final_pos = game.position();
    Json j;
    j.raw("positions", Json::string_array(positions));
    j.field("final", rules::to_string(final_pos)).field("over", final_pos.is_over());
    j.raw("score", score_json(game.score(rules::Side::South), game.score(rules::Side::North)));
    j.field("result", rules::to_string(game.result()));
    j.field("end", rules::to_string(final_pos.end));
    return j.str();
}

std::string play_json(const std::vector<std::string>& positions, const rules::RingPosition& final,
                      const rules::Rules& rules) {
    Json j;
    j.raw("positions", Json::string_array(positions));
    j.field("final", rules::to_string(final)).field("over", final.is_over());
    add_standings(j, final, rules);
    j.field("end", rules::to_string(final.end));
    return j.str();
}

std::string position_json(const rules::Position& pos, const rules::Rules& rules) {
    Json j;
    j.field("position", rules::to_string(pos)).field("rules", rules::expanded(rules));
    j.field("side", pos.side == rules::Side::South ? "south" : "north");
    j.field("shares", rules::to_string(pos.shares));
    j.raw("legal_moves", Json::string_array(legal_move_words(pos, rules)));
    j.raw("score", score_json(rules::score(pos, rules::Side::South, rules),
                              rules::score(pos, rules::Side::North, rules)));
    j.field("over", pos.is_over()).field("end", rules::to_string(pos.end));
    return j.str();
}

std::string position_json(const rules::RingPosition& pos, const rules::Rules& rules) {
    Json j;
    j.field("position", rules::to_string(pos)).field("rules", rules::expanded(rules));
    j.field("seat", pos.to_move + 1);
    j.raw("legal_moves", Json::string_array(legal_move_words(pos, rules)));
    add_standings(j, pos, rules);
    j.field("over", pos.is_over()).field("end", rules::to_string(pos.end));
    return j.str();
}

std::string presets_text() {
    std::string out;
    for (const auto& p : rules::presets()) {
        out += fmt::format("{:<20}{}\n{:<20}{}\n", p.name, p.meaning, "",
                           rules::expanded(rules::parse_rules(p.name).value()));
    }
    return out;
}

std::string presets_json() {
    std::vector<std::string> items;
    for (const auto& p : rules::presets()) {
        Json j;
        j.field("name", p.name).field("meaning", p.meaning);
        j.field("expanded", rules::expanded(rules::parse_rules(p.name).value()));
        items.push_back(j.str());
    }
    return Json().raw("presets", Json::array(items)).str();
}

Expected<Ok> play_moves(const rules::Rules& rules, const rules::Position& start, int max_plies,
                        const std::vector<std::string>& moves, bool json, std::ostream& out) {
    rules::Game game(rules, start, max_plies);
    std::vector<std::string> positions;
    if (!json) out << draw_board(game.position(), rules);
    auto played = play_each(game, rules, moves, positions, json, out, [](const rules::Position& p) {
        return p.side == rules::Side::South ? std::string("South") : std::string("North");
    });
    if (!played) return played;
    out << (json ? play_json(positions, game) : "\n" + rules::to_string(game.position())) << "\n";
    return Ok{};
}

Expected<Ok> play_moves(const rules::Rules& rules, const rules::RingPosition& start, int max_plies,
                        const std::vector<std::string>& moves, bool json, std::ostream& out) {
    rules::RingGame game(rules, start, max_plies);
    std::vector<std::string> positions;
    if (!json) out << draw_ring(game.position(), rules);
    auto played = play_each(
        game, rules, moves, positions, json, out,
        [](const rules::RingPosition& p) { return fmt::format("seat {}", p.to_move + 1); });
    if (!played) return played;
    out << (json ? play_json(positions, game.position(), rules)
                 : "\n" + rules::to_string(game.position()))
        << "\n";
    return Ok{};
}

PerftCount count_perft(const rules::Position& pos, int depth, bool divide,
                       const rules::Rules& rules) {
    return timed_perft(pos, depth, divide, rules);
}

PerftCount count_perft(const rules::RingPosition& pos, int depth, bool divide,
                       const rules::Rules& rules) {
    return timed_perft(pos, depth, divide, rules);
}

}  // namespace oaq::views
