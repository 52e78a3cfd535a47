// The live lines of a match at tables of 3 or 4 seats (tournament/table_match.hpp): its start
// (games, seating groups, a partial last group said so), each finished game (every seat with its
// engine, score, rank and points; the termination and detail) and the totals (points per engine,
// points per game, average rank, failures), as text or as JSON lines.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/game_record.hpp"
#include "rules/ring_position.hpp"
#include "tournament/run_definition.hpp"
#include "tournament/table_match.hpp"

namespace oaq::views {

// "1st", "2nd", ..: a seat's rank for people.
std::string ordinal(int rank);
// A seat's points for people: 1, 0.5, 0.33, 2.67 (at most two decimals, no trailing zeros).
std::string points_text(double points);

struct TableMatchInfo {
    std::string name;                  // the run's name
    int seats = 3;                     // N
    std::int64_t games = 0;            // in all
    std::vector<std::string> engines;  // in the order given
    // What the run is, for people: "" for "3-seat match", else "3-seat round robin of 4 engines",
    // "shard 1/3 of a 3-seat gauntlet of 5 engines".
    std::string kind;
};

// What a run of tables is, for its first line: "" (a match), "3-seat round robin of 4 engines",
// "shard 1/3 of a 3-seat gauntlet of 5 engines".
std::string table_run_kind(const tournament::RunDefinition& d,
                           const std::optional<tournament::Shard>& shard);

std::string table_match_started(const TableMatchInfo& match, bool json);
// `done` counts the games finished so far, this one included.
std::string table_game_finished(const TableMatchInfo& match, const tournament::TableGame& game,
                                const game::GameRecord& record, std::int64_t done, bool json);
std::string table_match_finished(const TableMatchInfo& match, const tournament::TableTally& tally,
                                 std::int64_t played, std::int64_t aborted, double seconds,
                                 bool json);

// `oaq play` at a table: what a person at seat `you` (from 0) needs to know to move.
std::string table_legend(int you, const rules::Rules& rules);
// The table from seat `you`'s side: views::draw_ring's rows in turn order starting after `you`,
// so the person's row is at the bottom, each row with its player's name (names[s] for seat s).
std::string draw_table(const rules::RingPosition& pos, const rules::Rules& rules, int you,
                       const std::vector<std::string>& names);

}  // namespace oaq::views
