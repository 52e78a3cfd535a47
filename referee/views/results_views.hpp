// Results views: what `oaq results tournaments|engines|standings|crosstable|h2h|sessions` show of
// a selection of stored games (selection.hpp), as the text the command prints: a table for
// people, CSV, or JSON lines in the layouts of results_json.hpp (docs/json.md). The crosstable
// and the ranked standings are the ones `oaq report` shows too (report_data.cpp). Reads the
// store, never writes it; no other I/O.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/results.hpp"
#include "store/store.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating_input.hpp"
#include "views/selection.hpp"
#include "views/table.hpp"

namespace oaq::views {

// Every stored tournament the selection keeps: format, rules, time controls, status, games.
std::string tournaments_view(store::Store& db, const Selection& selection, OutputFormat format);
// Every engine with its games, W/D/L, points, score and failures over the selection.
std::string engines_view(store::Store& db, const Selection& selection, OutputFormat format);
// The ranked standings (a title line and standings.hpp's table for people).
std::string standings_view(store::Store& db, const Selection& selection, OutputFormat format);

// Wins, draws and losses of engine i against engine k, by RatingInput index, and the ranked
// lines that order the rows and columns.
struct Cross {
    std::vector<std::vector<tournament::Trinomial>> cells;
    std::vector<tournament::RankedLine> lines;  // ranking order
};
Cross cross_of(const tournament::RatingInput& input);
// Points/games of each engine (row) against each other (column), in standings order.
std::string crosstable_view(store::Store& db, const Selection& selection, OutputFormat format);

// Every game between `a` and `b` (in `games`) from a's side: totals, by colour, by time control,
// pentanomial, Elo difference and LOS; one JSON object or text for people.
std::string h2h_view(const store::EngineRow& a, const store::EngineRow& b,
                     const std::vector<store::ResultGame>& games, bool json);

// The same of the games of 3 or 4 seats where `a` and `b` both sat (`games`, in id order): how
// often a finished above, below and level with b, by a's seat, each one's points, average rank and
// firsts, failures; a text block or a JSON line per number of seats ("" without such games).
std::string seat_h2h_view(const store::EngineRow& a, const store::EngineRow& b,
                          const std::vector<store::GameRow>& games, bool json);

// "A wins", "B wins", "drawn", or `ongoing` while the session goes on.
std::string session_result_words(const store::SessionRow& session,
                                 std::string_view ongoing = "ongoing");
// The wealth of the first and second player after the last game played (T/2 each before any).
std::array<int, 2> last_wealth(const store::SessionRow& session);

// The sessions of one run (or of every run): players, games, wealth curve, end and result.
std::string sessions_view(store::SessionStore& db, std::optional<store::RowId> only,
                          OutputFormat format);

}  // namespace oaq::views
