// The position string of the ring game of N >= 3 seats (rules.md section 10.6), 2N + 2 fields:
//   `<pits> <seat> <store 1> .. <store N> <balance 1> .. <balance N>`
// e.g. `Q0,5,5,5,5,5,Q0,5,5,5,5,5,Q0,5,5,5,5,5 1 0+0 0+0 0+0 0 0 0`: 6N cells in pit order, the
// seat to move as its number from 1, each store `<captured citizens>+<captured pieces>`, each
// balance a signed integer. With 2 players the six-field form of position_string.hpp stays the only
// form. Parsing reports the field, the cell and the reason for the first thing wrong; formatting
// gives back exactly the canonical text.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

// Parses a position string of rules.players seats, or "startpos". A string of another size (the
// six-field 2-player form under players=3, a 3-seat string under players=4) is an error that says
// so; rules.players must be 3 or 4 (the 2-player form is parse_position's). The result has been
// through the start of a turn, like parse_position's; a position with every mandarin pit empty
// under end=mandarins_empty is a finished game.
Expected<RingPosition> parse_ring_position(std::string_view text, const Rules& rules);

// The 2N + 2 field string; for a ring of 2 seats (to_ring()), the six-field form, each debt the
// seat's negative balance.
std::string to_string(const RingPosition& pos);

// Pit names for people: "pit 8: seat 2, square 2", "pit 6: a mandarin pit".
std::string ring_pit_name(int pit);

}  // namespace oaq::rules
