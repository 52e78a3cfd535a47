#include "tournament/openings.hpp"

#include <random>
#include <sstream>

#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace oaq::tournament {

Expected<game::Opening> parse_opening_line(std::string_view line, const rules::Rules& rules,
                                           int max_plies) {
    game::Opening opening;
    std::string text(line);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find(',') != std::string::npos) {
        auto moves_at = text.find(" moves");
        opening.position = text.substr(0, moves_at);
        if (moves_at != std::string::npos)
            text = text.substr(moves_at + 6);
        else
            text.clear();
    }
    std::istringstream tokens(text);
    for (std::string token; tokens >> token;) opening.moves.push_back(token);
    auto start = opening_start(opening, rules, max_plies);
    if (!start) return start.error();
    opening.start = *start;
    return opening;
}

Expected<Ok> check_opening(const game::Opening& opening, const rules::Rules& rules, int max_plies) {
    auto start = opening_start(opening, rules, max_plies);
    if (!start) return start.error();
    return Ok{};
}

Expected<rules::Position> opening_start(const game::Opening& opening, const rules::Rules& rules,
                                        int max_plies) {
    auto start = rules::parse_position(opening.position, rules);
    if (!start) return start.error();
    rules::Game game(rules, *start, max_plies);
    for (std::size_t i = 0; i < opening.moves.size(); ++i) {
        auto played = game.play(opening.moves[i]);
        if (!played) return fail("move " + std::to_string(i + 1) + ": " + played.error().message);
    }
    if (game.is_over()) {
        if (game.position().end == rules::EndReason::PlyLimit)
            return fail("the opening's " + std::to_string(opening.moves.size()) +
                        " plies reach the ply limit of " + std::to_string(max_plies));
        return fail("the opening ends the game");
    }
    return game.position();
}

std::vector<std::size_t> book_order(std::size_t size, bool shuffled, std::uint64_t seed,
                                    std::int64_t start) {
    std::vector<std::size_t> order(size);
    if (size == 0) return order;
    const auto first = static_cast<std::size_t>(start > 0 ? start - 1 : 0) % size;
    for (std::size_t i = 0; i < size; ++i) order[i] = (first + i) % size;
    if (shuffled) {
        std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                          0x0b00cu};
        std::mt19937_64 rng(seq);
        for (std::size_t i = size - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
    }
    return order;
}

game::Opening random_opening(const rules::Rules& rules, int plies, std::uint64_t seed,
                             std::int64_t index) {
    // Seed from both numbers so that neighbouring indices give unrelated lines.
    std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)};
    std::mt19937_64 rng(seq);
    for (int attempt = 0;; ++attempt) {
        game::Opening opening;
        rules::Position pos = rules::start_position(rules);
        for (int ply = 0; ply < plies && !pos.is_over(); ++ply) {
            auto moves = rules::legal_moves(pos, rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            auto m = moves[pick(rng)];
            opening.moves.push_back(rules::to_string(m));
            pos = rules::play(pos, m, rules);
        }
        // Redraw a line that ends the game; after many tries accept a shorter prefix.
        // No start kept: the game replays the line as rules::Game (repetitions counted).
        if (!pos.is_over()) return opening;
        if (attempt > 100) {
            opening.moves.pop_back();
            return opening;
        }
    }
}

Expected<std::vector<game::Opening>> parse_opening_book(std::string_view text,
                                                        const std::string& source,
                                                        const rules::Rules& rules, int max_plies) {
    std::vector<game::Opening> out;
    int number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t\r") == std::string_view::npos || line[0] == '#') continue;
        auto opening = parse_opening_line(line, rules, max_plies);
        if (!opening)
            return fail(source + ":" + std::to_string(number) + ": " + opening.error().message);
        out.push_back(*opening);
    }
    return out;
}

}  // namespace oaq::tournament
