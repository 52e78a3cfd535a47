// Selection: the games a results view covers, from the filters as typed (a tournament, a rules
// string, an engine, a first and a last day) resolved against the database: names become ids and
// an unknown name, a bad date or bad rules is an OaqError with one line naming the filter (exit
// 2). Also the selected games as rating input and their ranked table, which every view of
// standings, crosstables and ratings starts from (`oaq results`, `oaq ratings`, `oaq report`).
//
// Invariant: a rating scope is one tournament or one expanded rules string, never a mix of rules.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "rules/game.hpp"
#include "store/store.hpp"
#include "tournament/ranking.hpp"
#include "tournament/rating.hpp"
#include "tournament/rating_input.hpp"

namespace oaq::views {

// The filters as typed: --tournament, --rules, --engine, --since, --until.
struct SelectionRequest {
    std::optional<std::string> tournament;
    std::optional<std::string> rules;  // a preset or a rules string
    std::optional<std::string> engine;
    std::optional<std::string> since;  // YYYY-MM-DD, UTC
    std::optional<std::string> until;
};

// Filters resolved against the database: names became ids (unknown names are errors).
struct Selection {
    store::ResultFilter filter;
    std::optional<store::TournamentRow> tournament;
    std::optional<store::EngineRow> engine;
    std::string scope;  // for people: "tournament X" or "rules ..." or "all games"
};
// With `need_scope`, the games are one tournament or one rules string (--rules, else standard,
// or in a file holding only tables of 3 or 4 seats under one rules string, that string): the
// rating maths never pools different rules.
Selection select_games(store::Store& db, const SelectionRequest& request, bool need_scope);
store::EngineRow find_engine(store::Store& db, const std::string& name);
// The tournament of that name, or a message naming the name and the file.
Expected<store::TournamentRow> tournament_named(store::Store& db, const std::string& name);
// The selection as a game list filter (no paging).
store::GameFilter game_filter(const Selection& selection);

// A YYYY-MM-DD date as midnight UTC. Throws OaqError naming the option.
store::TimePoint parse_date(const std::string& text, const std::string& option);
// The expanded form of a rules string. Throws OaqError naming --rules.
std::string expanded_rules(const std::string& text);
// A result as typed (--result): the word (south_win, north_win, draw) or the token (1-0, 0-1,
// 1/2-1/2); nullopt for anything else (ongoing is never stored).
std::optional<rules::Result> parse_result_text(const std::string& text);

// The finished sessions of the selection as one result each (first = South; first_wins = 1-0),
// for ratings computed from sessions (`oaq ratings --by session`).
std::vector<store::ResultGame> session_results(store::Store& db, const Selection& selection);

// The selected games as rating input (tournament/rating_input.hpp): engine i is names[i] /
// keys[i] (its id), in id order of the engines table, only engines that played.
tournament::RatingInput index_games(store::Store& db, const std::vector<store::ResultGame>& games);
tournament::RatingInput index_games(store::Store& db,
                                    const std::vector<tournament::ResultRow>& rows);
// Games of 3 or 4 seats (RULES.md section 9). The number of seats of the selection's games: its
// tournament's or its rules string's `players` (2 without either).
int selection_seats(const Selection& selection);
// The selected games of 3 or more seats (no moves), in id order.
std::vector<store::GameRow> table_games(store::GameStore& db, const Selection& selection);
// Those games as rating input (tournament::TableRow each), engines as index_games names them.
tournament::RatingInput index_tables(store::Store& db, const std::vector<store::GameRow>& games);

// The ranked table of the input (tournament/ranking.hpp). Throws OaqError if the fit refuses.
std::vector<tournament::RankedLine> ranked(const tournament::RatingInput& input,
                                           const tournament::Anchor& anchor = {});

// The rating input of games of 3 and 4 seats read by Store::table_rows (`oaq ratings`), engines
// as index_games names them.
tournament::RatingInput index_tables(store::Store& db,
                                     const std::vector<tournament::TableRow>& rows);

}  // namespace oaq::views
