// A run's name and the name of a game in it. Every view and message names a game as the run's
// name, '#' and its number counted from 1 ("cup#7"); `oaq results game cup#7` reads that back. So a
// name must survive being written into a reference and read out of one: check_run_name refuses
// what would not (a '#', control characters, spaces at either end, ill-formed UTF-8, nothing).
// Pure: no I/O.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace oaq::tournament {

// Ok, or why `name` cannot name a run (the message quotes the name with control characters
// escaped, so it stays one line).
Expected<Ok> check_run_name(std::string_view name);

// "cup#7": game `game_index` (0-based, the schedule's index) of run `name`.
std::string game_reference(std::string_view name, std::int64_t game_index);

// `word` for a POSIX shell: as is when it holds only safe characters, else in single quotes.
std::string shell_quote(std::string_view word);
// "oaq COMMAND --resume NAME --db FILE", quoted for the shell (`command`: match or tournament).
std::string resume_command(std::string_view command, std::string_view name, std::string_view db);

}  // namespace oaq::tournament
