#include "rules/ring_position_string.hpp"

#include <bit>
#include <charconv>
#include <vector>

#include "rules/ring_turn.hpp"
#include "rules/split.hpp"

namespace oaq::rules {

namespace {

using detail::parse_count;
using detail::quoted;
using detail::split;

constexpr std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

// A balance is a count with an optional leading minus.
bool parse_balance(std::string_view s, long& out) {
    const bool negative = !s.empty() && s[0] == '-';
    if (negative) s.remove_prefix(1);
    if (!parse_count(s, out) || out > 30000) return false;
    if (negative) out = -out;
    return true;
}

// An error in one field names the field only ("field 1 (pits): ..."): its kind says so, and the
// caller adds "position: " (the others name the position already).
Error field_error(std::string message) {
    return fail(ErrorKind::PositionField, std::move(message));
}

// Total citizens a position may hold, as for two players (position_string.cpp): no 8-bit counter
// can overflow during sowing.
constexpr long kMaxCitizens = 200;

// Names the fields of an N-seat string: "field 3 (store 1)".
class Fields {
  public:
    explicit Fields(int seats) : seats_(seats) {}
    int count() const { return 2 * seats_ + 2; }
    std::string name(int field) const {
        std::string what = field == 1            ? "pits"
                           : field == 2          ? "seat to move"
                           : field <= 2 + seats_ ? "store " + std::to_string(field - 2)
                                                 : "balance " + std::to_string(field - 2 - seats_);
        return "field " + std::to_string(field) + " (" + what + ")";
    }
    std::string layout() const {
        const auto n = std::to_string(seats_);
        return std::to_string(count()) + " fields (pits, seat to move, stores 1.." + n +
               ", balances 1.." + n + ")";
    }

  private:
    int seats_;
};

// The seats a string is written for, judged by its pits and its fields together (6 or 7 fields
// for 2, 2N + 2 for N >= 3), or 0 when it is no size's.
int seats_written_for(const std::vector<std::string_view>& fields) {
    const auto cells = split(fields[0], ',').size();
    if (cells % 6 != 0 || cells < 12 || cells > 6 * kMaxSeats) return 0;
    const int seats = static_cast<int>(cells / 6);
    const bool fits = seats == 2 ? fields.size() == 6 || fields.size() == 7
                                 : fields.size() == static_cast<std::size_t>(2 * seats + 2);
    return fits ? seats : 0;
}

Expected<Ok> check_size(const std::vector<std::string_view>& fields, std::string_view text,
                        const Fields& names, int seats) {
    const int written_for = seats_written_for(fields);
    if (static_cast<int>(fields.size()) == names.count() &&
        (written_for == 0 || written_for == seats)) {
        return Ok{};
    }
    const std::string expected = "the rules say players=" + std::to_string(seats) + ": expected " +
                                 names.layout() + " separated by single spaces";
    if (written_for != 0 && written_for != seats) {
        return fail("position: a " + std::to_string(written_for) + "-player position string (" +
                    std::to_string(fields.size()) + " fields), but " + expected);
    }
    return fail("position: " + expected + ", found " + std::to_string(fields.size()) + " in " +
                quoted(text));
}

Expected<Ok> parse_pits(std::string_view field, const Fields& names, int seats, RingPosition& p,
                        long& total) {
    auto cells = split(field, ',');
    if (static_cast<int>(cells.size()) != 6 * seats) {
        return field_error(names.name(1) + ": expected " + std::to_string(6 * seats) +
                           " comma-separated cells for players=" + std::to_string(seats) +
                           ", found " + std::to_string(cells.size()));
    }
    for (int pit = 0; pit < 6 * seats; ++pit) {
        auto cell = cells[at(pit)];
        const auto where =
            names.name(1) + ", cell " + std::to_string(pit + 1) + " (" + ring_pit_name(pit) + ")";
        const bool piece = !cell.empty() && cell[0] == 'Q';
        if (piece) {
            if (!is_ring_mandarin(pit)) {
                return field_error(where + ": " + quoted(cell) +
                                   " has a mandarin piece, but only mandarin pits can hold one");
            }
            cell.remove_prefix(1);
            p.pieces = static_cast<std::uint8_t>(p.pieces | (1u << (pit / 6)));
        }
        long n = 0;
        if (!parse_count(cell, n))
            return field_error(where + ": " + quoted(cells[at(pit)]) + " is not a count");
        total += n;
        if (total > kMaxCitizens)
            return field_error(where + ": more than 200 citizens in the position");
        p.citizens[at(pit)] = static_cast<std::uint8_t>(n);
    }
    return Ok{};
}

Expected<Ok> parse_stores(const std::vector<std::string_view>& fields, const Fields& names,
                          int seats, RingPosition& p, long& total) {
    int pieces = std::popcount(static_cast<unsigned>(p.pieces));
    for (int s = 0; s < seats; ++s) {
        const int field = 3 + s;
        auto store = fields[at(field - 1)];
        auto plus = store.find('+');
        if (plus == std::string_view::npos) {
            return field_error(names.name(field) + ": " + quoted(store) +
                               " is not <citizens>+<pieces>");
        }
        long citizens = 0, captured = 0;
        if (!parse_count(store.substr(0, plus), citizens)) {
            return field_error(names.name(field) + ": " + quoted(store.substr(0, plus)) +
                               " is not a count of citizens");
        }
        if (!parse_count(store.substr(plus + 1), captured) || captured > seats) {
            return field_error(names.name(field) + ": " + quoted(store.substr(plus + 1)) +
                               " is not a count of pieces (0 to " + std::to_string(seats) + ")");
        }
        total += citizens;
        pieces += static_cast<int>(captured);
        if (total > kMaxCitizens)
            return field_error(names.name(field) + ": more than 200 citizens in the position");
        if (pieces > seats) {
            return field_error(names.name(field) + ": more than " + std::to_string(seats) +
                               " mandarin pieces in the position");
        }
        p.store_citizens[at(s)] = static_cast<std::uint8_t>(citizens);
        p.store_pieces[at(s)] = static_cast<std::uint8_t>(captured);
    }
    return Ok{};
}

Expected<Ok> parse_balances(const std::vector<std::string_view>& fields, const Fields& names,
                            int seats, RingPosition& p) {
    long sum = 0;
    for (int s = 0; s < seats; ++s) {
        const int field = 3 + seats + s;
        long balance = 0;
        if (!parse_balance(fields[at(field - 1)], balance)) {
            return field_error(names.name(field) + ": " + quoted(fields[at(field - 1)]) +
                               " is not a balance (a whole number, - in front when negative)");
        }
        p.balance[at(s)] = static_cast<std::int16_t>(balance);
        sum += balance;
    }
    if (sum != 0) {
        return field_error("fields " + std::to_string(3 + seats) + " to " +
                           std::to_string(2 + 2 * seats) + " (balances): they sum to " +
                           std::to_string(sum) +
                           ", not 0 (every citizen borrowed was lent by another seat)");
    }
    return Ok{};
}

}  // namespace

std::string ring_pit_name(int pit) {
    if (is_ring_mandarin(pit)) return "pit " + std::to_string(pit) + ": a mandarin pit";
    return "pit " + std::to_string(pit) + ": seat " + std::to_string(owner_of(pit) + 1) +
           ", square " + std::to_string(pit % 6);
}

Expected<RingPosition> parse_ring_position(std::string_view text, const Rules& rules) {
    const int seats = rules.players;
    if (seats < 3 || seats > kMaxSeats) {
        return fail("position: a ring position string is for players=3 or 4, not " +
                    std::to_string(seats));
    }
    if (text == "startpos") return ring_start_position(rules);
    const Fields names(seats);
    const auto fields = split(text, ' ');
    if (auto ok = check_size(fields, text, names, seats); !ok) return ok.error();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].empty()) {
            return fail("position: field " + std::to_string(i + 1) +
                        " is empty (fields are separated by single spaces) in " + quoted(text));
        }
    }
    RingPosition p;
    p.seats = static_cast<std::uint8_t>(seats);
    long total = 0;
    if (auto ok = parse_pits(fields[0], names, seats, p, total); !ok) return ok.error();
    long seat = 0;
    if (!parse_count(fields[1], seat) || seat < 1 || seat > seats) {
        return field_error(names.name(2) + ": " + quoted(fields[1]) + " is not a seat 1.." +
                           std::to_string(seats));
    }
    p.to_move = static_cast<std::uint8_t>(seat - 1);
    if (auto ok = parse_stores(fields, names, seats, p, total); !ok) return ok.error();
    if (auto ok = parse_balances(fields, names, seats, p); !ok) return ok.error();

    bool mandarins_empty = true;
    for (int m = 0; m < seats; ++m) mandarins_empty = mandarins_empty && p.is_empty(6 * m);
    if (rules.end == EndRule::MandarinsEmpty && mandarins_empty) {
        end_game(p, EndReason::MandarinsEmpty);
    } else {
        begin_turn(p, rules);
    }
    return p;
}

std::string to_string(const RingPosition& p) {
    std::string s;
    s.reserve(96);
    for (int pit = 0; pit < p.pits(); ++pit) {
        if (pit) s += ',';
        if (p.has_piece(pit)) s += 'Q';
        s += std::to_string(p.citizens_at(pit));
    }
    if (p.seats == 2) {
        // The six-field form: a negative balance is a debt.
        s += p.to_move == 0 ? " S " : " N ";
        for (int seat = 0; seat < 2; ++seat) {
            s += std::to_string(p.store_citizens[at(seat)]) + "+" +
                 std::to_string(p.store_pieces[at(seat)]) + " ";
        }
        return s + std::to_string(p.balance[0] < 0 ? -p.balance[0] : 0) + " " +
               std::to_string(p.balance[1] < 0 ? -p.balance[1] : 0);
    }
    s += " " + std::to_string(p.to_move + 1);
    for (int seat = 0; seat < p.seats; ++seat) {
        s += " " + std::to_string(p.store_citizens[at(seat)]) + "+" +
             std::to_string(p.store_pieces[at(seat)]);
    }
    for (int seat = 0; seat < p.seats; ++seat) s += " " + std::to_string(p.balance[at(seat)]);
    return s;
}

}  // namespace oaq::rules
