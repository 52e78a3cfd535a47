// GameStore: games with their seats and moves (db/012_game_seats.sql, db/010_packed_moves.sql),
// written one transaction a game, listed and read back.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/game_record.hpp"
#include "store/rows.hpp"
#include "store/sessions.hpp"
#include "store/store_part.hpp"

namespace oaq::store {

// Engine ids a caller of GameStore::record_game already holds (a run's recorder resolves its
// engines once): the seats' in seat order, and a session game's first and second player's. Empty /
// 0: found by name.
struct KnownEngines {
    std::vector<RowId> seats;
    RowId first = 0;
    RowId second = 0;
};

class GameStore : protected StorePart {
  public:
    // Stores a finished game (2 to 4 seats) with its seats and moves in one transaction; returns
    // the game id. The seats' engines are `known.seats` (their ids, in seat order) when the caller
    // holds them (a run's recorder), and a session's players `known.first` and `known.second`;
    // else they are found by name (an unknown name is stored as a new engine with only its name).
    // Refused, with nothing written: a game_index already stored for the tournament, an unknown
    // tournament, a record whose rules differ from the tournament's, an aborted or unfinished game
    // (resume replays those), a record that breaks a schema check (e.g. a move outside the rules'
    // grammar), seats other than 2 to 4 or other than the engine ids given; the error's kind says
    // which (DuplicateGame, UnknownTournament, InvalidRecord).
    // `host`: the machine that played it ("" unknown). With `session`, the game is a session
    // game: its session row (made with the session's first game) and the game's link to it are
    // written in the same transaction.
    Expected<RowId> record_game(RowId tournament_id, const GameSlot& slot,
                                const game::GameRecord& record, std::string_view host = {},
                                const SessionSlot* session = nullptr,
                                const KnownEngines& known = {});
    // The game_index of every stored game of the tournament, ascending (resume skips these).
    std::vector<std::int64_t> completed_game_indices(RowId tournament_id);
    std::vector<GameRow> games(const GameFilter& filter);
    // Ignores after_id, offset and limit: the games every page of the filter holds together.
    std::int64_t count_games(const GameFilter& filter);
    std::optional<StoredGame> game(RowId id);
    // The id of the game at `game_index` of the tournament's schedule, if it is stored.
    std::optional<RowId> game_id(RowId tournament_id, std::int64_t game_index);

  protected:
    using StorePart::StorePart;
};

}  // namespace oaq::store
