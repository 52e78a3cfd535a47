#include "views/play_observers.hpp"

#include <fmt/format.h>

#include <memory>

#include "views/board_view.hpp"
#include "views/play_ends.hpp"
#include "views/play_view.hpp"
#include "views/table_lines.hpp"

namespace oaq::views {

game::GameObserver play_observer(const rules::Rules& rules, rules::Side you, std::ostream& out) {
    game::GameObserver observer;
    auto last = std::make_shared<rules::Position>();
    observer.on_start = [rules, you, last, &out](const rules::Position& pos) {
        *last = pos;
        out << play_legend(you, rules) << "\n" << draw_board(pos, rules, you) << "\n";
    };
    observer.on_move = [rules, you, last, &out](const game::MoveRecord& m,
                                                const rules::Position& pos) {
        const bool mine = last->side == you;
        const auto move = m.move;
        out << move_played(mine ? "You" : "The engine", m) << "  "
            << explain_move(*last, move, pos, rules, mine ? "You" : "The engine") << "\n";
        if (!mine && m.score) out << "  " << explain_score(*m.score, rules) << "\n";
        out << draw_board(pos, rules, you) << "\n";
        *last = pos;
    };
    observer.on_info = [rules, &out](const protocol::Info& info) {
        out << engine_thinking(info, rules);
    };
    return observer;
}

game::TableObserver table_play_observer(const rules::Rules& rules, int seat,
                                        const std::vector<std::string>& names, std::ostream& out) {
    game::TableObserver observer;
    auto mover = std::make_shared<int>(0);
    observer.on_start = [rules, seat, names, mover, &out](const rules::RingPosition& pos) {
        *mover = pos.to_move;
        out << table_legend(seat, rules) << "\n" << draw_table(pos, rules, seat, names) << "\n";
    };
    observer.on_move = [rules, seat, names, mover, &out](const game::MoveRecord& m,
                                                         const rules::RingPosition& pos) {
        const auto who = *mover == seat ? std::string("You")
                                        : fmt::format("Seat {} ({})", *mover + 1,
                                                      names[static_cast<std::size_t>(*mover)]);
        out << move_played(who, m) << draw_table(pos, rules, seat, names) << "\n";
        *mover = pos.to_move;
    };
    return observer;
}

}  // namespace oaq::views
