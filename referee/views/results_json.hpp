// results_json: the one JSON layout of each concept oaq prints, whichever command prints it: a
// game (with its moves on request), a move, a rating, a standings row, an Elo difference, a pair
// of engines, an engine and a tournament. docs/json.md describes them for people and
// docs/json-schema.json for machines; tests/integration/json_schema_test.py checks every
// command's output against that schema. Building every object here is what keeps `oaq results`,
// `oaq ratings`, the live lines of `oaq tournament --json` and the exports in one vocabulary:
//   - games are numbered within their tournament from 1 (`game`), rounds and pairs from 1; the
//     database id is `db_id`, for SQL only;
//   - results, terminations and rating statuses are the stored lower_snake_case words;
//   - an engine's rating is {"status","value","error","group","anchor"}; a difference between two
//     engines is {"value","error"}; a missing error bar is null, never 0;
//   - a standings score is points per game as a fraction (0.875), never a percentage.
// Pure formatting: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/json.hpp"
#include "game/game_record.hpp"
#include "rules/game.hpp"
#include "store/results.hpp"
#include "store/rows.hpp"
#include "tournament/match_tally.hpp"
#include "tournament/pentanomial.hpp"
#include "tournament/ranking.hpp"

namespace oaq::views {

// A game's place in its tournament as people and every output number it (docs/vocabulary.md).
struct GameNumber {
    std::string tournament;
    std::int64_t game = 1;  // the schedule position, from 1: game_index + 1
    int round = 1;          // from 1
    std::int64_t pair = 1;  // from 1: the two games of a colour-swapped pair share it
};
GameNumber game_number(const std::string& tournament, std::int64_t game_index,
                       std::int64_t pair_index, int round);
GameNumber game_number(const std::string& tournament, const store::GameSlot& slot);
// "cup#9": how a game is named in text and addressed on the command line.
std::string game_reference(const GameNumber& number);

using store::side_time_controls;
using store::SideTimeControls;

std::string result_token(rules::Result r);  // "1-0", "0-1", "1/2-1/2"

// A stored game's start (its rules and start position) ready to replay its moves, no ply limit.
Expected<rules::Game> replay_start(const store::StoredRecord& record);

// The side that played each move (a turn can pass), "south"/"north"; "?" past a move that does
// not replay.
std::vector<std::string> mover_sides(const store::StoredRecord& record);

// Every seat of a game in turn order: [{"seat":1,"engine":..,"time_control":..,"score":..,
// "rank":..,"points":..}, ...] (seat counted from 1; rank 1 first; points RULES.md section 9).
std::string seats_json(const store::StoredRecord& record);

// A game: `record` holds its players, rules, positions, result and (when with_moves) its moves;
// `plies` is the stored count (a list row has no moves loaded). `type` adds "type":<type> first.
std::string game_json(const GameNumber& number, std::optional<std::int64_t> db_id,
                      const store::StoredRecord& record, int plies, bool with_moves,
                      std::string_view type = {});
using store::record_of;

std::string move_json(const game::MoveRecord& move, std::int64_t ply, std::string_view side);

// {"status":..,"value":..,"error":..,"group":..,"anchor":..}: group is 1-based and set only for a
// disconnected rating; the anchor's error is null (it is fixed, not measured).
std::string rating_json(const tournament::EngineRating& rating, bool anchor);
// One ranked line; `anchor`: the RatingInput index of the anchor engine, if any.
std::string standings_row_json(const tournament::RankedLine& line,
                               std::optional<int> anchor = std::nullopt);
std::string standings_json(const std::vector<tournament::RankedLine>& lines,
                           std::optional<int> anchor = std::nullopt);  // a JSON array

// {"value":..,"error":..} or null; error null when the games show no spread at all.
std::string elo_json(const std::optional<tournament::EloEstimate>& elo);
std::string pentanomial_json(const tournament::Pentanomial& pairs);
// Two engines from `engine`'s side: games, W/D/L, points, pentanomial, unpaired games, Elo, LOS.
std::string pair_json(const tournament::PairStats& pair, const std::string& engine,
                      const std::string& opponent);
// The same fields added to `j` (for objects that extend the pair object, e.g. `results h2h`).
void add_pair_fields(Json& j, const tournament::PairStats& pair, const std::string& engine,
                     const std::string& opponent);
// The SPRT state of a match ("type":"sprt").
std::string sprt_json(const tournament::SprtStatus& status, const std::string& summary);

// "10+0.1" when every engine had it, else "A 10+0.1, B movetime=100".
std::string time_controls_text(const std::vector<store::EngineTimeControl>& engines);

// The games a run plans (0: unknown). For sessions an upper bound (`at_most`): sessions x G, and a
// session that ends by the rules before its G-th game plays fewer.
struct Planned {
    std::int64_t games = 0;
    bool at_most = false;
};

struct TournamentFacts {
    const store::TournamentRow& row;
    std::vector<store::EngineTimeControl> engines;
    std::int64_t games = 0;
    std::string rules_name;
    std::string outcome;  // the outcome's summary, "" for none
    // The games it plans (a shard's own file: that shard's; else the whole run's).
    Planned planned;
};
std::string tournament_json(const TournamentFacts& tournament);

}  // namespace oaq::views
