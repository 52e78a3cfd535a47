// SessionStore: sessions and their games (db/008_sessions.sql); a session game is written with its
// game (GameStore::record_game).
#pragma once

#include <optional>
#include <vector>

#include "store/rows.hpp"
#include "store/sessions.hpp"
#include "store/store_part.hpp"

namespace oaq::store {

class SessionStore : protected StorePart {
  public:
    // Every session, of one tournament or of all, by tournament then session index.
    std::vector<SessionRow> sessions(std::optional<RowId> tournament_id = std::nullopt);
    std::optional<SessionLink> session_of_game(RowId game_id);
    // The stored games of the tournament's sessions, by session then game number (resume).
    std::vector<SessionGameEnd> session_game_ends(RowId tournament_id);

  protected:
    using StorePart::StorePart;
};

}  // namespace oaq::store
