#include "app/board_view.hpp"

#include <fmt/format.h>

#include "rules/game.hpp"
#include "rules/position_string.hpp"

namespace oaq::app {

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
std::string share_marks(const rules::Shares& shares, rules::Side side) {
    if (!shares.any()) return "";
    std::string line = "          ";
    bool any = false;
    for (int i = 1; i <= 5; ++i) {
        const int k = side == rules::Side::North ? 6 - i : i;  // North's row reads N5..N1
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

std::string draw_board(const rules::Position& pos, const rules::Rules& rules) {
    using rules::Side;
    std::string north_row, south_row;
    for (int k = 5; k >= 1; --k) {
        north_row += fmt::format(
            "| {:>3} ", pos.citizens[static_cast<std::size_t>(rules::pit_of(Side::North, k))]);
    }
    for (int k = 1; k <= 5; ++k) {
        south_row += fmt::format(
            "| {:>3} ", pos.citizens[static_cast<std::size_t>(rules::pit_of(Side::South, k))]);
    }
    const std::string rule = "+-----+-----+-----+-----+-----+";
    std::string out;
    out += "  " + side_line(pos, Side::North, rules) + "\n";
    out += "           N5    N4    N3    N2    N1\n";
    out += share_marks(pos.shares, Side::North);
    out += "   .----.  " + rule + "  .----.\n";
    out += "  /      \\ " + north_row + "| /      \\\n";
    out += " |  " + mandarin_cell(pos, rules::kWestMandarin) + " |" + rule + "|  " +
           mandarin_cell(pos, rules::kEastMandarin) + " |\n";
    out += "  \\  QW  / " + south_row + "| \\  QE  /\n";
    out += "   '----'  " + rule + "  '----'\n";
    out += "           S1    S2    S3    S4    S5\n";
    out += share_marks(pos.shares, Side::South);
    out += "  " + side_line(pos, Side::South, rules) + "\n";
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

}  // namespace oaq::app
