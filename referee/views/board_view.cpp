#include "views/board_view.hpp"

#include <fmt/format.h>

#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_position_string.hpp"

namespace oaq::views {

namespace {

std::string mandarin_cell(const rules::Position& pos, int pit) {
    // "Q+7": the piece and 7 citizens; " 7": citizens only.
    auto n = pos.citizens[static_cast<std::size_t>(pit)];
    return pos.has_piece(pit) ? fmt::format("Q+{:<2}", n) : fmt::format(" {:<3}", n);
}

std::string side_line(const rules::Position& pos, rules::Side side, const rules::Rules& rules) {
    const auto i = static_cast<std::size_t>(rules::index(side));
    return fmt::format("{:<5}  store {:>2}+{}  debt {:>2}  score {:>3}{}",
                       side == rules::Side::South ? "South" : "North", pos.store_citizens[i],
                       pos.store_pieces[i], pos.debt[i], rules::score(pos, side, rules),
                       !pos.is_over() && pos.side == side ? "   <- to move" : "");
}

// One mark per square under its row label: "sold", "2/5", or nothing; "" without shares.
// `near`: the row of the player at the bottom (read 1..5), else the row across (5..1).
std::string share_marks(const rules::Shares& shares, rules::Side side, bool near) {
    if (!shares.any()) return "";
    std::string line = "          ";
    bool any = false;
    for (int i = 1; i <= 5; ++i) {
        const int k = near ? i : 6 - i;
        const int fifths = shares.of(side, k);
        any = any || fifths != 0;
        line += fmt::format("{:<6}", fifths == 5 ? "sold"
                                     : fifths    ? fmt::format("{}/5", fifths)
                                                 : "");
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return any ? line + "\n" : "";
}

}  // namespace

std::string describe_shares(const rules::Shares& shares) {
    std::string s;
    for (rules::Side side : {rules::Side::South, rules::Side::North}) {
        for (int k = 1; k <= 5; ++k) {
            const int fifths = shares.of(side, k);
            if (fifths == 0) continue;
            s += s.empty() ? "" : ", ";
            s += rules::pit_name(rules::pit_of(side, k)) +
                 (fifths == 5 ? std::string(" sold") : fmt::format(" {}/5", fifths));
        }
    }
    return s;
}

namespace {

// A row of five squares left to right as the player at the bottom sees it: his own 1..5, the
// opponent's across the board 5..1.
std::string squares_row(const rules::Position& pos, rules::Side side, bool near) {
    std::string row;
    for (int i = 1; i <= 5; ++i) {
        const int k = near ? i : 6 - i;
        row +=
            fmt::format("| {:>3} ", pos.citizens[static_cast<std::size_t>(rules::pit_of(side, k))]);
    }
    return row;
}

std::string labels_row(rules::Side side, bool near) {
    std::string row = "         ";
    const char letter = side == rules::Side::South ? 'S' : 'N';
    for (int i = 1; i <= 5; ++i) row += fmt::format("  {}{}  ", letter, near ? i : 6 - i);
    while (row.back() == ' ') row.pop_back();
    return row + "\n";
}

}  // namespace

std::string draw_board(const rules::Position& pos, const rules::Rules& rules, rules::Side bottom) {
    using rules::Side;
    const Side top = rules::opponent(bottom);
    const bool south_bottom = bottom == Side::South;
    const int left = south_bottom ? rules::kWestMandarin : rules::kEastMandarin;
    const int right = south_bottom ? rules::kEastMandarin : rules::kWestMandarin;
    const std::string rule = "+-----+-----+-----+-----+-----+";
    std::string out;
    out += "  " + side_line(pos, top, rules) + "\n";
    out += labels_row(top, false);
    out += share_marks(pos.shares, top, false);
    out += "   .----.  " + rule + "  .----.\n";
    out += "  /      \\ " + squares_row(pos, top, false) + "| /      \\\n";
    out += " |  " + mandarin_cell(pos, left) + " |" + rule + "|  " + mandarin_cell(pos, right) +
           " |\n";
    out += fmt::format("  \\  {}  / ", rules::pit_name(left)) + squares_row(pos, bottom, true) +
           fmt::format("| \\  {}  /\n", rules::pit_name(right));
    out += "   '----'  " + rule + "  '----'\n";
    out += labels_row(bottom, true);
    out += share_marks(pos.shares, bottom, true);
    out += "  " + side_line(pos, bottom, rules) + "\n";
    if (pos.shares.any()) {
        out +=
            "  sold or shared (fifths paid by the opponent): " + describe_shares(pos.shares) + "\n";
    }
    if (pos.is_over()) {
        out += fmt::format("  game over ({}): {}\n", rules::to_string(pos.end),
                           rules::to_string(rules::result(pos, rules)));
    }
    return out;
}

std::string draw_ring(const rules::RingPosition& pos, const rules::Rules& rules) {
    std::string out = "            Q      1     2     3     4     5\n";
    for (int seat = 0; seat < pos.seats; ++seat) {
        const int mandarin = 6 * seat;
        const auto n = pos.citizens_at(mandarin);
        out += fmt::format("  seat {}  {:<5}", seat + 1,
                           pos.has_piece(mandarin) ? fmt::format("Q+{}", n) : fmt::format("{}", n));
        for (int k = 1; k <= 5; ++k) {
            out += fmt::format("| {:>3} ", pos.citizens_at(rules::ring_pit(seat, k)));
        }
        const auto i = static_cast<std::size_t>(seat);
        out +=
            fmt::format("|  store {:>2}+{}  balance {:>3}  score {:>3}{}\n", pos.store_citizens[i],
                        pos.store_pieces[i], pos.balance[i], rules::score(pos, seat, rules),
                        !pos.is_over() && pos.to_move == seat ? "   <- to move" : "");
    }
    out +=
        fmt::format("  (pits 0..{} counter-clockwise: R runs along a row into the next seat's)\n",
                    pos.pits() - 1);
    if (pos.is_over()) {
        std::string ranks;
        for (const auto& s : rules::standings(pos, rules)) {
            ranks += (ranks.empty() ? "" : ", ") + std::to_string(s.rank);
        }
        out += fmt::format("  game over ({}): ranks {}\n", rules::to_string(pos.end), ranks);
    }
    return out;
}

}  // namespace oaq::views
