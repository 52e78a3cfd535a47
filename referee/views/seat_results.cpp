#include "views/seat_results.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "rules/rules.hpp"
#include "tournament/rating.hpp"

namespace oaq::views {

int seats_of_rules(const std::string& expanded_rules) {
    const auto parsed = rules::parse_rules(expanded_rules);
    return parsed ? parsed->players : 2;
}

tournament::TableRow table_row(const store::GameRow& g) {
    tournament::TableRow row;
    row.game_id = g.id;
    row.tournament_id = g.tournament_id;
    row.group_index = g.slot.pair_index;
    row.seats = std::min(g.seats.size(), tournament::kMaxTableSeats);
    for (std::size_t s = 0; s < row.seats; ++s) {
        row.engines[s] = g.seats[s].engine_id;
        row.ranks[s] = g.seats[s].rank;
    }
    if (g.failed_seat) row.failed_seat = static_cast<std::size_t>(*g.failed_seat);
    return row;
}

double SeatTotals::average_rank() const {
    return games == 0 ? 0.0 : static_cast<double>(rank_sum) / static_cast<double>(games);
}

void add_seat(SeatTotals& totals, const tournament::TableResult& game, std::size_t seat) {
    ++totals.games;
    totals.points += tournament::table_points(game, seat);
    totals.rank_sum += game.ranks[seat];
    if (game.ranks[seat] == 1) ++totals.firsts;
}

std::vector<SeatTotals> seat_totals(const tournament::RatingInput& input) {
    std::vector<SeatTotals> out(input.names.size());
    for (const auto& t : input.tables) {
        for (std::size_t s = 0; s < t.seats; ++s)
            add_seat(out[static_cast<std::size_t>(t.engines[s])], t, s);
    }
    return out;
}

std::vector<std::vector<Meeting>> meetings(const tournament::RatingInput& input) {
    const auto n = input.names.size();
    std::vector<std::vector<Meeting>> cells(n, std::vector<Meeting>(n));
    for (const auto& t : input.tables) {
        for (std::size_t s = 0; s < t.seats; ++s) {
            for (std::size_t o = 0; o < t.seats; ++o) {
                if (o == s || t.engines[s] == t.engines[o]) continue;
                auto& m = cells[static_cast<std::size_t>(t.engines[s])]
                               [static_cast<std::size_t>(t.engines[o])];
                if (t.ranks[s] < t.ranks[o])
                    ++m.above;
                else if (t.ranks[s] > t.ranks[o])
                    ++m.below;
                else
                    ++m.level;
            }
        }
    }
    return cells;
}

std::string average_rank_text(const SeatTotals& totals) {
    return totals.games == 0 ? "-" : fmt::format("{:.2f}", totals.average_rank());
}

}  // namespace oaq::views
