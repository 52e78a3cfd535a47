#include "rules/position.hpp"

#include "rules/rules.hpp"

namespace oaq::rules {

Position start_position(const Rules& rules) {
    Position p;
    for (int k = 1; k <= 5; ++k) {
        p.citizens[static_cast<std::size_t>(pit_of(Side::South, k))] = 5;
        p.citizens[static_cast<std::size_t>(pit_of(Side::North, k))] = 5;
    }
    if (rules.quan_setup == QuanSetup::Piece) {
        p.pieces = 3;
    } else {
        p.citizens[kWestMandarin] = 10;
        p.citizens[kEastMandarin] = 10;
    }
    return p;
}

int score(const Position& pos, Side side, const Rules& rules) {
    const auto me = static_cast<std::size_t>(index(side));
    const auto them = static_cast<std::size_t>(index(opponent(side)));
    return pos.store_citizens[me] + rules.quan_value * pos.store_pieces[me] - pos.debt[me] +
           pos.debt[them];
}

Result result(const Position& pos, const Rules& rules) {
    if (!pos.is_over()) return Result::Ongoing;
    if (pos.end == EndReason::RefillLoss) {
        return pos.side == Side::South ? Result::NorthWin : Result::SouthWin;
    }
    const int south = score(pos, Side::South, rules);
    const int north = score(pos, Side::North, rules);
    return south > north ? Result::SouthWin : north > south ? Result::NorthWin : Result::Draw;
}

}  // namespace oaq::rules
