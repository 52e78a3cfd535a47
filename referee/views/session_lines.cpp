#include "views/session_lines.hpp"

#include <fmt/format.h>

#include "common/json.hpp"
#include "rules/position_string.hpp"

namespace oaq::views {

namespace {

std::string end_text(const tournament::SessionStep& s, const std::string& first,
                     const std::string& second) {
    if (s.end == rules::SessionEnd::None) return "";
    const std::string winner = s.result == rules::SessionResult::FirstWins    ? first + " wins"
                               : s.result == rules::SessionResult::SecondWins ? second + " wins"
                                                                              : "drawn";
    return fmt::format("; session over ({}): {}", rules::to_string(s.end), winner);
}

}  // namespace

std::string session_step_text(const tournament::SessionStep& s,
                              const std::vector<std::string>& names) {
    const auto& first = names.at(static_cast<std::size_t>(s.first));
    const auto& second = names.at(static_cast<std::size_t>(s.second));
    const auto& g = s.game;
    const std::string shares =
        g.start.shares.any() ? "  shares " + rules::to_string(g.start.shares) : "";
    return fmt::format("  session {} game {}/{}: {} South{}  wealth {} {} {} {} -> {} {} {} {}{}",
                       s.session_index + 1, g.number, s.game_limit,
                       g.south == rules::Player::First ? first : second, shares, first,
                       g.wealth_before[0], second, g.wealth_before[1], first, g.wealth_after[0],
                       second, g.wealth_after[1], end_text(s, first, second));
}

std::string session_step_json(const tournament::SessionStep& s,
                              const std::vector<std::string>& names) {
    const auto& g = s.game;
    Json j;
    j.field("type", "session_game").field("session", s.session_index + 1);
    j.field("number", g.number).field("game_limit", s.game_limit).field("total", s.total);
    j.field("first", names.at(static_cast<std::size_t>(s.first)));
    j.field("second", names.at(static_cast<std::size_t>(s.second)));
    j.field("south", rules::to_string(g.south));
    j.field("shares", rules::to_string(g.start.shares));
    j.raw("wealth_before", wealth_json(g.wealth_before));
    j.raw("wealth_after", wealth_json(g.wealth_after));
    j.field("end", rules::to_string(s.end)).field("result", rules::to_string(s.result));
    return j.str();
}

std::string wealth_json(const std::array<int, 2>& w) {
    Json j;
    j.field("first", w[0]).field("second", w[1]);
    return j.str();
}

std::string with_session(std::string game_json, const store::SessionLink& link) {
    Json j;
    j.field("session", link.session_index + 1).field("number", link.number);
    j.raw("wealth_after", wealth_json(link.wealth_after));
    game_json.insert(game_json.size() - 1, ",\"session\":" + j.str());
    return game_json;
}

std::string session_link_text(const store::SessionLink& link) {
    return fmt::format("session {}, game {}: wealth after it {} - {}", link.session_index + 1,
                       link.number, link.wealth_after[0], link.wealth_after[1]);
}

}  // namespace oaq::views
