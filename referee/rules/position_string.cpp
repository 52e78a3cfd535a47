#include "rules/position_string.hpp"

#include <charconv>
#include <vector>

#include "rules/split.hpp"

#include "rules/turn.hpp"

namespace oaq::rules {

namespace {

using detail::parse_count;
using detail::quoted;
using detail::split;

constexpr const char* kFieldNames[] = {"pits",       "side to move", "south store", "north store",
                                       "south debt", "north debt",   "shares"};

std::string field_prefix(int field) {
    return "field " + std::to_string(field) + " (" + kFieldNames[field - 1] + ")";
}

// An error in one field: its message names the field, not the position (kind PositionField).
Error field_error(std::string message) {
    return fail(ErrorKind::PositionField, std::move(message));
}

// The seventh field (section 8): 10 comma-separated digits 0..5, S1..S5 then N1..N5.
Expected<Shares> parse_shares(std::string_view field) {
    auto cells = split(field, ',');
    if (cells.size() != 10) {
        return field_error(field_prefix(7) +
                           ": expected 10 comma-separated digits 0..5 (S1..S5, N1..N5), "
                           "found " +
                           std::to_string(cells.size()));
    }
    Shares shares;
    for (int i = 0; i < 10; ++i) {
        const Side owner = i < 5 ? Side::South : Side::North;
        const int square = i % 5 + 1;
        auto cell = cells[static_cast<std::size_t>(i)];
        if (cell.size() != 1 || cell[0] < '0' || cell[0] > '5') {
            return field_error(field_prefix(7) + ", cell " + std::to_string(i + 1) + " (" +
                               pit_name(pit_of(owner, square)) + "): " + quoted(cell) +
                               " is not a number of fifths 0..5");
        }
        shares.set(owner, square, cell[0] - '0');
    }
    return shares;
}

// Total citizens a position may hold: far above the 70 of any real game, low enough that no
// 8-bit counter can overflow during sowing.
constexpr long kMaxCitizens = 200;

}  // namespace

std::string to_string(const Shares& shares) {
    std::string s;
    for (Side owner : {Side::South, Side::North}) {
        for (int k = 1; k <= 5; ++k) {
            if (!s.empty()) s += ',';
            s += static_cast<char>('0' + shares.of(owner, k));
        }
    }
    return s;
}

std::string pit_name(int pit) {
    if (pit == kWestMandarin) return "QW";
    if (pit == kEastMandarin) return "QE";
    return (pit < 6 ? "S" : "N") + std::to_string(pit < 6 ? pit : pit - 6);
}

Expected<Position> parse_position(std::string_view text, const Rules& rules) {
    if (rules.players != 2) {
        return fail("position: the six-field position string is for players=2, not " +
                    std::to_string(rules.players) + " (parse_ring_position reads the others)");
    }
    if (text == "startpos") return start_position(rules);
    auto fields = split(text, ' ');
    // A string written for 3 or 4 seats (section 10.6: 6N pits and 2N + 2 fields) says so.
    for (int seats = 3; seats <= kMaxPlayers; ++seats) {
        if (fields.size() == static_cast<std::size_t>(2 * seats + 2) &&
            split(fields[0], ',').size() == static_cast<std::size_t>(6 * seats)) {
            return fail("position: a " + std::to_string(seats) + "-player position string (" +
                        std::to_string(2 * seats + 2) +
                        " fields), but the rules say players=2: expected 6 fields (pits, side, "
                        "south store, north store, south debt, north debt)");
        }
    }
    if (fields.size() != 6 && fields.size() != 7) {
        return fail(
            "position: expected 6 fields separated by single spaces (pits, side, south "
            "store, north store, south debt, north debt) and an optional 7th (shares), "
            "found " +
            std::to_string(fields.size()) + " in " + quoted(text));
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].empty()) {
            return fail("position: field " + std::to_string(i + 1) +
                        " is empty (fields are separated by single spaces) in " + quoted(text));
        }
    }
    Position p;
    long total = 0;
    int pieces = 0;

    auto cells = split(fields[0], ',');
    if (cells.size() != kPits) {
        return field_error(field_prefix(1) + ": expected 12 comma-separated cells, found " +
                           std::to_string(cells.size()));
    }
    for (int pit = 0; pit < kPits; ++pit) {
        auto cell = cells[static_cast<std::size_t>(pit)];
        auto where =
            field_prefix(1) + ", cell " + std::to_string(pit + 1) + " (" + pit_name(pit) + ")";
        bool piece = false;
        if (!cell.empty() && cell[0] == 'Q') {
            if (!is_mandarin_pit(pit)) {
                return field_error(where + ": " + quoted(cell) +
                                   " has a mandarin piece, but only QW and QE can hold one");
            }
            piece = true;
            cell.remove_prefix(1);
        }
        long n = 0;
        if (!parse_count(cell, n))
            return field_error(where + ": " + quoted(cells[static_cast<std::size_t>(pit)]) +
                               " is not a count");
        total += n;
        if (total > kMaxCitizens)
            return field_error(where + ": more than 200 citizens in the position");
        p.citizens[static_cast<std::size_t>(pit)] = static_cast<std::uint8_t>(n);
        if (piece) {
            p.pieces = static_cast<std::uint8_t>(p.pieces | (pit == kWestMandarin ? 1u : 2u));
            ++pieces;
        }
    }

    if (fields[1] == "S")
        p.side = Side::South;
    else if (fields[1] == "N")
        p.side = Side::North;
    else
        return field_error(field_prefix(2) + ": " + quoted(fields[1]) + " is not S or N");

    for (int s = 0; s < 2; ++s) {
        const int field = 3 + s;
        auto store = fields[static_cast<std::size_t>(field - 1)];
        auto plus = store.find('+');
        if (plus == std::string_view::npos) {
            return field_error(field_prefix(field) + ": " + quoted(store) +
                               " is not <citizens>+<pieces>");
        }
        long citizens = 0, captured = 0;
        if (!parse_count(store.substr(0, plus), citizens)) {
            return field_error(field_prefix(field) + ": " + quoted(store.substr(0, plus)) +
                               " is not a count of citizens");
        }
        if (!parse_count(store.substr(plus + 1), captured) || captured > 2) {
            return field_error(field_prefix(field) + ": " + quoted(store.substr(plus + 1)) +
                               " is not a count of pieces (0, 1 or 2)");
        }
        total += citizens;
        pieces += static_cast<int>(captured);
        if (total > kMaxCitizens)
            return field_error(field_prefix(field) + ": more than 200 citizens in the position");
        if (pieces > 2)
            return field_error(field_prefix(field) +
                               ": more than 2 mandarin pieces in the position");
        p.store_citizens[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(citizens);
        p.store_pieces[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(captured);
    }
    for (int s = 0; s < 2; ++s) {
        const int field = 5 + s;
        long debt = 0;
        auto text_debt = fields[static_cast<std::size_t>(field - 1)];
        if (!parse_count(text_debt, debt) || debt > 65535) {
            return field_error(field_prefix(field) + ": " + quoted(text_debt) + " is not a count");
        }
        p.debt[static_cast<std::size_t>(s)] = static_cast<std::uint16_t>(debt);
    }
    if (fields.size() == 7) {
        auto shares = parse_shares(fields[6]);
        if (!shares) return shares.error();
        p.shares = *shares;
    }

    if (rules.end == EndRule::MandarinsEmpty && p.is_empty(kWestMandarin) &&
        p.is_empty(kEastMandarin)) {
        end_game(p, EndReason::MandarinsEmpty);
    } else {
        begin_turn(p, rules);
    }
    return p;
}

std::string to_string(const Position& p) {
    std::string s;
    s.reserve(64);
    for (int pit = 0; pit < kPits; ++pit) {
        if (pit) s += ',';
        if (p.has_piece(pit)) s += 'Q';
        s += std::to_string(p.citizens[static_cast<std::size_t>(pit)]);
    }
    s += p.side == Side::South ? " S " : " N ";
    for (int side = 0; side < 2; ++side) {
        s += std::to_string(p.store_citizens[static_cast<std::size_t>(side)]) + "+" +
             std::to_string(p.store_pieces[static_cast<std::size_t>(side)]) + " ";
    }
    s += std::to_string(p.debt[0]) + " " + std::to_string(p.debt[1]);
    if (p.shares.any()) s += " " + to_string(p.shares);
    return s;
}

}  // namespace oaq::rules
