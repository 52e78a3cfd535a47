// Registers oaq_pack_moves, the SQL aggregate migration 010 packs the old per-ply moves with.
#pragma once

struct sqlite3;

namespace oaq::store {

void register_pack_moves_function(sqlite3* db);

}  // namespace oaq::store
