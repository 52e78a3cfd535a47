// "Did you mean": the nearest known word to a mistyped one (a command, a subcommand, an option),
// by edit distance, or a known word the typed one begins. The command line suggests, never
// guesses: a suggestion is printed, the mistyped word is still refused.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oaq::app {

// Levenshtein distance (insertions, deletions, substitutions; an adjacent swap counts as one).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`: within a distance of a third of its length (at least 1), or,
// failing that, the only candidate that starts with `word`. nullopt when nothing is close.
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& known);

// " (did you mean X?)" for the nearest candidate, "" when none is close. `prefix` is put before
// the suggestion ("--" for options).
std::string did_you_mean(std::string_view word, const std::vector<std::string>& known,
                         std::string_view prefix = "");

}  // namespace oaq::app
