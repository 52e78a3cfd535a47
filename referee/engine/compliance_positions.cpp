#include "engine/compliance_positions.hpp"

#include <array>
#include <cstdint>
#include <optional>

#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace oaq::engine {

namespace {

using rules::Position;
using rules::Side;

std::string side_name(Side side) {
    return side == Side::South ? "South" : "North";
}

std::size_t at(Side side) {
    return static_cast<std::size_t>(rules::index(side));
}

// splitmix64: a seeded sequence, the same on every machine.
struct Random {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

// Whether play() refilled the new mover's squares: during the opponent's turn the mover's store
// and debt change only by his refill (captures are the opponent's).
bool was_refilled(const Position& before, const Position& after) {
    if (after.is_over()) return false;
    const auto s = at(after.side);
    return after.store_citizens[s] < before.store_citizens[s] || after.debt[s] > before.debt[s] ||
           after.store_pieces[s] < before.store_pieces[s];
}

// The position string of `after` with its refill undone: five empty squares, which a referee may
// send (an opening from a suite) and the engine must refill itself. Only a plain refill can be
// undone exactly; the result is checked by parsing it back.
std::optional<std::string> before_refill(const Position& before, const Position& after,
                                         const rules::Rules& rules) {
    const auto s = at(after.side);
    const auto o = at(rules::opponent(after.side));
    if (after.store_pieces[s] != before.store_pieces[s]) return std::nullopt;
    Position undone = after;
    const int borrowed = after.debt[s] - before.debt[s];
    undone.debt[s] = before.debt[s];
    undone.store_citizens[s] = before.store_citizens[s];
    undone.store_citizens[o] = static_cast<std::uint8_t>(after.store_citizens[o] + borrowed);
    for (int k = 1; k <= 5; ++k)
        undone.citizens[static_cast<std::size_t>(rules::pit_of(after.side, k))] = 0;
    const std::string text = rules::to_string(undone);
    auto parsed = rules::parse_position(text, rules);
    if (!parsed || !(*parsed == after)) return std::nullopt;
    return text;
}

bool a_move_ends_the_game(const Position& pos, const rules::Rules& rules) {
    for (auto m : rules::legal_moves(pos, rules))
        if (rules::play(pos, m, rules).is_over()) return true;
    return false;
}

// What the playouts look for, for each side to move.
struct Found {
    std::array<std::optional<std::vector<std::string>>, 2> after_refill;
    std::array<std::optional<std::string>, 2> empty_squares;
    std::array<std::optional<std::string>, 2> near_end;
    bool complete() const {
        for (std::size_t s = 0; s < 2; ++s)
            if (!after_refill[s] || !empty_squares[s] || !near_end[s]) return false;
        return true;
    }
};

Found search_playouts(const rules::Rules& rules) {
    Found found;
    Random random{20240613};
    for (int game = 0; game < 400 && !found.complete(); ++game) {
        Position pos = rules::start_position(rules);
        std::vector<std::string> line;
        while (!pos.is_over() && line.size() < 400) {
            const auto s = at(pos.side);
            if (!found.near_end[s] && a_move_ends_the_game(pos, rules)) {
                found.near_end[s] = rules::to_string(pos);
            }
            auto legal = rules::legal_moves(pos, rules);
            auto move = legal[static_cast<std::size_t>(random.next() % legal.size())];
            Position next = rules::play(pos, move, rules);
            line.push_back(rules::to_string(move));
            if (was_refilled(pos, next)) {
                const auto mover = at(next.side);
                if (!found.after_refill[mover]) found.after_refill[mover] = line;
                if (!found.empty_squares[mover]) {
                    found.empty_squares[mover] = before_refill(pos, next, rules);
                }
            }
            pos = next;
        }
    }
    return found;
}

}  // namespace

std::vector<std::string> opening_line(const rules::Rules& rules, int plies) {
    std::vector<std::string> line;
    Position p = rules::start_position(rules);
    for (int i = 0; i < plies; ++i) {
        std::vector<rules::Move> going_on;
        for (auto m : rules::legal_moves(p, rules))
            if (!rules::play(p, m, rules).is_over()) going_on.push_back(m);
        if (going_on.empty()) break;
        auto m = going_on[static_cast<std::size_t>(i) % going_on.size()];
        line.push_back(rules::to_string(m));
        p = rules::play(p, m, rules);
    }
    return line;
}

std::vector<TestPosition> test_positions(const rules::Rules& rules) {
    std::vector<TestPosition> out;
    out.push_back({"South to move, from the start", {}});
    const auto line = opening_line(rules, 6);
    if (!line.empty()) {
        out.push_back({"North to move, from the start", {std::nullopt, {line[0]}}});
    }
    if (line.size() == 6) {
        Position after4 = rules::start_position(rules);
        for (std::size_t i = 0; i < 4; ++i) {
            after4 = rules::play(after4, *rules::parse_move(line[i]), rules);
        }
        const Position after5 = rules::play(after4, *rules::parse_move(line[4]), rules);
        out.push_back({side_name(after4.side) + " to move, from a position string and moves",
                       {rules::to_string(after4), {line[4], line[5]}}});
        out.push_back({side_name(after5.side) + " to move, from a position string",
                       {rules::to_string(after5), {}}});
    }
    const Found found = search_playouts(rules);
    for (Side side : {Side::South, Side::North}) {
        const auto s = at(side);
        if (found.after_refill[s]) {
            out.push_back({side_name(side) + " to move after a refill in play",
                           {std::nullopt, *found.after_refill[s]}});
        }
        if (found.empty_squares[s]) {
            out.push_back({side_name(side) + " to move with five empty squares: it refills first",
                           {*found.empty_squares[s], {}}});
        }
        if (found.near_end[s]) {
            out.push_back({side_name(side) + " to move near the end: a move ends the game",
                           {*found.near_end[s], {}}});
        }
    }
    return out;
}

}  // namespace oaq::engine
