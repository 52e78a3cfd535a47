// Run checks: what `oaq tournament` and `oaq match` verify before a run writes anything (a new
// run) or plays (a resume), handed to the run as RunInputs, so a run is never created
// or reopened only to fail at its first game: the openings file (read and parsed), every engine's
// executable and working directory (a stored run's engines may have moved), the log directory
// (made when missing, and writable), and enough file descriptors for the concurrency. Also the
// paths themselves (--db, --log) and the words that turn names into file names and into a resume
// command a shell reads back unchanged (run_name.hpp: resume_command). Every refusal is one
// line naming what and where.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "game/opening.hpp"
#include "rules/rules.hpp"
#include "tournament/run.hpp"

namespace oaq::tournament {

// The checks and the book reader of a run started or resumed with these process settings (--log
// directory, --pgnout file, --concurrency). The returned functions keep a copy of what they need.
RunInputs run_inputs(std::string log_dir, std::string pgn_out, int concurrency);

// The openings of a book file as a run reads them (parse_opening_book, not empty); a parse error
// names the file and line, the others start with `named_as` (the file, or the option that gave it).
Expected<std::vector<game::Opening>> read_opening_file(const std::string& file,
                                                       const std::string& named_as,
                                                       const rules::Rules& rules, int max_plies);
// The opening lines of a definition's file= source; errors name the file (and line).
Expected<std::vector<game::Opening>> read_book(const RunDefinition& definition);

// Every engine's executable and working directory exist and can be used.
Expected<Ok> check_engines(const RunDefinition& definition);
// `dir` exists as a directory we can write (made when missing); "" is no log.
Expected<Ok> check_log_dir(const std::string& dir);
// `path` (--pgnout) can be appended to, or created in its directory when missing (nothing is
// created here); "" is no PGN.
Expected<Ok> check_pgn_out(const std::string& path);

// The descriptors a run keeps open at most: the database and standard streams, each live engine
// (max_engine_instances of them: pipes, pidfd, protocol log) and each engine being
// started (its pipes and log, one per worker at a time).
std::int64_t descriptors_needed(int concurrency, int engines);
// Raises the soft RLIMIT_NOFILE up to the hard limit when the run needs more; fails when even
// that is not enough, naming --concurrency as given, what it needs and the limit. `seats`: the
// engines at one table (3 or 4 for a run of tables).
Expected<Ok> check_descriptors(int concurrency, int engines, int seats = 2);

// What a run of tables checks before anything, as a 2-seat run does, one at a time: the
// definition, its engines, descriptors for `concurrency` tables, then the --log directory (made
// when missing, so last).
Expected<Ok> check_table_run(const RunDefinition& d, const std::string& log_dir, int concurrency);

// What the command line gave, for settle_seats: `counted(option)` whether it holds the option
// (a default counts), `given(option)` whether the person gave it (not its default).
struct SeatOptions {
    bool tournament = false;  // `oaq tournament` (else `oaq match`)
    std::function<bool(const char*)> counted;
    std::function<bool(const char*)> given;
};
// players=N: a match plays N engines at a table, a round robin or gauntlet every table of its
// schedule (table_schedule.hpp); what a table does not do yet is refused with one line. A match of
// 2 needs exactly 2 engines. Sets a table's defaults: the ply limit of N seats, and a match's one
// seating group (every engine in every seat once) unless --games is given.
Expected<Ok> settle_seats(RunDefinition& d, const SeatOptions& options);

// `name` as one file name: letters, digits, '.', '_', '-' and '+' and well-formed UTF-8 beyond
// ASCII are kept, every other byte ('/', spaces, control bytes, a bad byte) becomes '_', a leading
// '.' becomes '_' (no hidden files, never "." or ".."), and it is cut to 100 bytes on a character
// boundary. Never empty.
std::string safe_file_name(std::string_view name);

}  // namespace oaq::tournament
