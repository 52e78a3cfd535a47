#include "views/play_view.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdlib>

#include "rules/game.hpp"
#include "rules/position_string.hpp"

namespace oaq::views {

namespace {

using rules::Side;

std::string side_name(Side s) {
    return s == Side::South ? "South" : "North";
}

std::string citizens(int n) {
    return fmt::format("{} citizen{}", n, n == 1 ? "" : "s");
}

// The board after the picked-up citizens were sown one by one with no relay and no capture.
std::array<int, rules::kPits> plain_sowing(const rules::Position& before, rules::Move move) {
    std::array<int, rules::kPits> board{};
    for (int p = 0; p < rules::kPits; ++p)
        board[static_cast<std::size_t>(p)] = before.citizens[static_cast<std::size_t>(p)];
    int pit = rules::pit_of(before.side, move.square);
    int stones = board[static_cast<std::size_t>(pit)];
    board[static_cast<std::size_t>(pit)] = 0;
    for (; stones > 0; --stones) {
        pit = (pit + rules::step(move.direction) + rules::kPits) % rules::kPits;
        ++board[static_cast<std::size_t>(pit)];
    }
    return board;
}

// True when the board cannot be explained by the plain sowing and captures alone: some pit holds
// more than the plain sowing put there, so a relay carried stones further.
// The squares of a player who was just refilled hold the refill's citizens: they are skipped.
bool relayed(const rules::Position& before, rules::Move move, const rules::Position& after,
             bool refilled) {
    const auto plain = plain_sowing(before, move);
    for (int p = 0; p < rules::kPits; ++p) {
        const bool refill_square = p != rules::kWestMandarin && p != rules::kEastMandarin &&
                                   (p > rules::kEastMandarin) == (after.side == Side::North);
        if (refilled && refill_square) continue;
        const int now = after.citizens[static_cast<std::size_t>(p)];
        if (now != 0 && now != plain[static_cast<std::size_t>(p)]) return true;
    }
    return false;
}

// Only a refill takes citizens out of the next player's store or adds to his debt.
bool was_refilled(const rules::Position& before, const rules::Position& after) {
    const auto n = static_cast<std::size_t>(rules::index(after.side));
    return after.debt[n] > before.debt[n] || after.store_citizens[n] < before.store_citizens[n] ||
           after.store_pieces[n] < before.store_pieces[n];
}

std::string refill_text(const rules::Position& before, const rules::Position& after) {
    const Side next = after.side;
    const auto n = static_cast<std::size_t>(rules::index(next));
    const int borrowed = after.debt[n] - before.debt[n];
    if (!was_refilled(before, after) || after.is_over()) return "";
    std::string text =
        fmt::format(" {}'s five squares were empty, so one citizen was put back on each (a refill)",
                    side_name(next));
    if (borrowed > 0)
        text +=
            fmt::format(", {} of them borrowed from {}: a debt of {} counted against {}", borrowed,
                        side_name(rules::opponent(next)), after.debt[n], side_name(next));
    return text + ".";
}

}  // namespace

std::string play_legend(Side you, const rules::Rules& rules) {
    const std::string me = side_name(you);
    const char letter = you == Side::South ? 'S' : 'N';
    return fmt::format(
        "How to read the board\n"
        "  Your row is the bottom one ({0}: squares {1}1 to {1}5, from your left to your right);\n"
        "  the engine's row is across the board. The big pits at the ends are the mandarin pits\n"
        "  QW and QE.\n"
        "  A move is a square and a way to go: 3L takes every citizen (stone) of your square 3 "
        "and\n"
        "  sows them one by one to your LEFT, 3R to your RIGHT (3l and 3r work too).\n"
        "  After the last stone: a full square next is picked up and sown on (a relay); an empty\n"
        "  pit and then a full one: you capture the full one (and go on over further gaps); two\n"
        "  empty pits, or a mandarin pit next: your turn ends.\n"
        "  Q+7 is a mandarin pit that still holds its mandarin piece (worth {2}) and 7 citizens;\n"
        "  a bare number is citizens only. store 10+1 is 10 captured citizens and 1 captured\n"
        "  piece. When your five squares are empty you must put one citizen back on each from "
        "your\n"
        "  store (a refill); what you lack is borrowed from the other side, a debt counted "
        "against\n"
        "  you. score = captured citizens + {2} x pieces - your debt + the other side's debt.\n"
        "  The game ends when both mandarin pits are empty; each side then keeps the citizens on\n"
        "  its own squares, and the higher score wins.\n"
        "Commands: a move (3L, 3l, 5R ...), help (this text and your moves), quit (resign).\n",
        me, letter, rules.quan_value);
}

std::string explain_move(const rules::Position& before, rules::Move move,
                         const rules::Position& after, const rules::Rules& rules,
                         const std::string& who) {
    const Side mover = before.side;
    const auto m = static_cast<std::size_t>(rules::index(mover));
    const int picked = before.citizens[static_cast<std::size_t>(rules::pit_of(mover, move.square))];
    std::string text =
        fmt::format("{} took the {} of {} and sowed {} to the {}", who, citizens(picked),
                    rules::pit_name(rules::pit_of(mover, move.square)), picked == 1 ? "it" : "them",
                    move.direction == rules::Direction::L ? "left" : "right");
    if (after.is_over())
        return text + fmt::format("; the game is over ({}).", rules::to_string(after.end));
    if (relayed(before, move, after, was_refilled(before, after))) text += ", with relays";
    // What the refill of the next player borrowed came out of the mover's store.
    const int borrowed = after.debt[1 - m] - before.debt[1 - m];
    const int won = after.store_citizens[m] - before.store_citizens[m] + borrowed;
    const int pieces = after.store_pieces[m] - before.store_pieces[m];
    if (won > 0 || pieces > 0) {
        text += fmt::format(", and captured {}", citizens(won));
        if (pieces > 0)
            text += fmt::format(" and {} mandarin piece{} (worth {} each)", pieces,
                                pieces == 1 ? "" : "s", rules.quan_value);
    } else {
        text += ", capturing nothing";
    }
    return text + "." + refill_text(before, after);
}

std::string explain_score(const protocol::Score& score, const rules::Rules&) {
    if (score.kind == protocol::Score::Kind::Mate) {
        return score.value > 0
                   ? fmt::format("the engine sees a forced win in {} plies", score.value)
                   : fmt::format("the engine sees a forced loss in {} plies", -score.value);
    }
    const int cents = score.value;
    const int whole = (std::abs(cents) + 50) / 100;
    if (whole == 0) return "the engine thinks the game is even";
    return fmt::format("the engine thinks it is {} by about {}", cents > 0 ? "ahead" : "behind",
                       citizens(whole));
}

}  // namespace oaq::views
