// Game views: the stored games one by one, as `oaq results games`, `oaq results game` and `oaq
// results export` show them. A game is named by its tournament and its number in that
// tournament's schedule (NAME#N, from 1; docs/vocabulary.md); lists never load moves. JSON objects
// are results_json.hpp's, PGN and CSV export_games.hpp's. Reads the store, never writes it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "store/store.hpp"
#include "views/results_json.hpp"
#include "views/table.hpp"

namespace oaq::views {

struct TournamentInfo {
    std::string name;
    std::string rules;
};
// Every stored tournament's name and rules by id.
std::map<store::RowId, TournamentInfo> tournament_infos(store::Store& db);

// Pages through the selected games in id order without moves; `visit` gets each row.
template <typename Visit>
void for_each_game(store::Store& db, store::GameFilter f, Visit visit) {
    f.limit = 1000;
    f.offset = 0;
    for (;;) {
        const auto page = db.games(f);
        for (const auto& g : page) visit(g);
        if (page.size() < f.limit) return;
        f.after_id = page.back().id;
    }
}

// "showing 1–100 of 2345; --offset 100 for more" (– is an en dash), and whether more games match
// than the page shows.
struct PageNote {
    std::string text;
    bool more = false;
};
PageNote page_note(std::size_t offset, std::size_t shown, std::int64_t total);

// A page of games (no moves): JSON lines, CSV with its header, or a table for people.
std::string games_list(const std::vector<store::GameRow>& rows,
                       const std::map<store::RowId, TournamentInfo>& infos, OutputFormat format);

// The database id of the game `text` names: NAME#N, or N of `tournament` (--tournament), or N
// alone when the file holds one tournament; N counts from 1. Throws OaqError naming the game.
store::RowId find_game(store::Store& db, std::string text,
                       const std::optional<std::string>& tournament);

// The stored game of that database id with its moves. Throws OaqError when there is none.
store::StoredGame load_game(store::Store& db, store::RowId id);

// One game for people: players, rules, opening, start, times, every move, the result.
std::string game_text(const store::StoredGame& game, const GameNumber& number);

// What `oaq results export` writes for one game: "pgn", "json", "csv" or "moves-csv" (header
// lines aside); loads the moves unless the format is "csv" (`seat_columns`: game_csv_row's).
// PGN has no form for a game of 3 or 4 seats: the caller leaves those out (pgn_exportable).
std::string export_game(store::Store& db, const std::string& format, const store::GameRow& game,
                        const TournamentInfo& info, bool seat_columns = false);
// Whether PGN can hold the game: 2 seats (South = White, North = Black).
inline bool pgn_exportable(const store::GameRow& game) {
    return game.seats.size() <= 2;
}

// What write_export wrote: the games, and those PGN left out (3 or 4 seats).
struct ExportCount {
    std::int64_t written = 0;
    std::int64_t left_out = 0;
};
// Writes every game of `filter` in `format` to `out`, with the header lines (CSV has the seat
// columns when the selection holds a game of 3 or 4 seats); PGN leaves out the games of 3 or 4
// seats and counts them. Throws OaqError when `out` fails.
ExportCount write_export(store::Store& db, const store::GameFilter& filter,
                         const std::string& format, std::ostream& out);

}  // namespace oaq::views
