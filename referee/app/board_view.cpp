#include "app/board_view.hpp"

#include <fmt/format.h>

#include "rules/game.hpp"

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

}  // namespace

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
    out += "   .----.  " + rule + "  .----.\n";
    out += "  /      \\ " + north_row + "| /      \\\n";
    out += " |  " + mandarin_cell(pos, rules::kWestMandarin) + " |" + rule + "|  " +
           mandarin_cell(pos, rules::kEastMandarin) + " |\n";
    out += "  \\  QW  / " + south_row + "| \\  QE  /\n";
    out += "   '----'  " + rule + "  '----'\n";
    out += "           S1    S2    S3    S4    S5\n";
    out += "  " + side_line(pos, Side::South, rules) + "\n";
    if (pos.is_over()) {
        out += fmt::format("  game over ({}): {}\n", rules::to_string(pos.end),
                           rules::to_string(rules::result(pos, rules)));
    }
    return out;
}

}  // namespace oaq::app
