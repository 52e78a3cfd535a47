#include "views/rules_views.hpp"

#include <fmt/format.h>

#include "common/json.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"

namespace oaq::views {

namespace {

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

}  // namespace oaq::views
