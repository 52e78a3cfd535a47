// Round views: the own tables of the round formats (tournament/round_formats.hpp), for `oaq
// results standings`, the end of `oaq tournament` and the report. A Swiss shows its standings
// with points (byes included), the byes, and the tie-breaks by name (Buchholz, Sonneborn-Berger,
// direct encounter); a knockout shows its bracket round by round: each match with its score, its
// tie-break pairs and how it was decided (games, tie-break pairs, or the higher seed). Both are
// replayed from the stored games and byes with the run's stored definition, the way the run
// pairs them. Reads the store, never writes it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "store/rows.hpp"
#include "store/store.hpp"
#include "tournament/round_formats.hpp"
#include "tournament/run_definition.hpp"
#include "tournament/swiss_standings.hpp"
#include "views/table.hpp"

namespace oaq::views {

// The stored definition of a Swiss or knockout; nothing for any other run.
std::optional<tournament::RunDefinition> round_definition(const store::TournamentRow& t);

struct SwissData {
    std::vector<std::string> names;  // engine i (seat order)
    std::vector<tournament::SwissLine> lines;
    std::vector<store::ByeRow> byes;       // engine ids as stored
    std::vector<std::string> bye_engines;  // the name of each bye's engine
    int rounds = 0;                        // planned
    int rounds_paired = 0;                 // paired so far (the last may be unplayed)
};
SwissData swiss_data(store::Store& db, const store::TournamentRow& t,
                     const tournament::RunDefinition& d);

struct KnockoutData {
    std::vector<std::string> names;
    std::vector<int> seed_of;  // engine i's seed, 0-based
    tournament::KnockoutReplay bracket;
};
KnockoutData knockout_data(store::ResultStore& db, const store::TournamentRow& t,
                           const tournament::RunDefinition& d);

// "quarter-finals", "semi-finals", "final", or "round N" for the rounds before.
std::string knockout_round_name(int round, int rounds);

// The table of a Swiss or knockout tournament in `format` ("" when it is neither).
std::string round_format_view(store::Store& db, const store::TournamentRow& t, OutputFormat format);

}  // namespace oaq::views
