// The position string of rules.md sections 5 and 9:
//   `<pits> <side> <south store> <north store> <south debt> <north debt> [<shares>]`
// e.g. `Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0`, or with the shares of a session game
// `Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5`. The seventh field is written only
// when a square is sold or shared. Parsing reports the field, the cell and the reason for the first
// thing wrong; formatting gives back exactly the canonical text.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

// Parses a position string, or the keyword "startpos" (the start position of `rules`). The result
// has been through the start of a turn (refill, or the end when the refill is impossible); a
// position with both mandarin pits empty under end=mandarins_empty is a finished game. An error
// about the string as a whole starts with "position: "; one about a field names the field only
// ("field 1 (pits), cell 3 (S2): ...") and has kind PositionField.
Expected<Position> parse_position(std::string_view text, const Rules& rules);

std::string to_string(const Position& pos);

// The seventh field alone: "0,0,0,0,0,0,0,0,2,5" (all ten digits, also when all are 0).
std::string to_string(const Shares& shares);

// Pit names for people: QW, S1..S5, QE, N1..N5.
std::string pit_name(int pit);

}  // namespace oaq::rules
