// The moves of one game as one value (game_moves.moves, db/010_packed_moves.sql): a game of 80
// plies is one row of about 1.6 KB instead of 80 rows, so a game is written, merged and read as
// one value (a million games merge in seconds, not minutes). The format, version 1:
//   byte 1 (the version), then for each ply in order:
//   token move; byte flags (bit 0 depth sent, bit 1 nodes sent, bits 2-3 score: 0 none, 1 cp,
//   2 mate); varint time_used_us; zigzag varint time_left_us; [zigzag varint depth];
//   [zigzag varint score]; [varint nodes]; varint pv length; pv tokens.
// A token `<k><L|R>` with k in 1..63 (every move of the rules) is one byte (k << 1 | R); any other
// text is byte 0, a varint length and its bytes. Varints are LEB128 (7 bits a byte, low first);
// zigzag maps 0, -1, 1, -2 ... to 0, 1, 2, 3 ...
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"

namespace oaq::store {

std::string pack_moves(const std::vector<game::MoveRecord>& moves);

// The moves of a packed value; an error naming the byte where it stops making sense.
Expected<std::vector<game::MoveRecord>> unpack_moves(std::string_view packed);

// True when the value starts as packed moves this program reads: the merge's cheap check on every
// value it copies without decoding it.
bool looks_packed(std::string_view packed);

// How many plies a packed value holds, every byte read as unpack_moves reads it but no move built
// (the integrity check, and the merge's check of every value it copies), or an error as
// unpack_moves.
Expected<std::size_t> packed_ply_count(std::string_view packed);

}  // namespace oaq::store
