// "Did you mean": the nearest known word to a mistyped one (a command, a subcommand, an option),
// by edit distance, or a known word the typed one begins. The command line suggests, never
// guesses: a suggestion is printed, the mistyped word is still refused. Header-only, no I/O.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oaq {

// Levenshtein distance (insertions, deletions, substitutions; an adjacent swap counts as one).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: Levenshtein plus one step for a swap of two adjacent letters,
    // the commonest typing slip ("tournamnet").
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

// The candidate closest to `word`: within a distance of a third of its length (at least 1), or,
// failing that, the only candidate that starts with `word`. nullopt when nothing is close.
inline std::optional<std::string> nearest(std::string_view word,
                                          const std::vector<std::string>& known) {
    if (word.empty()) return std::nullopt;
    const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
    std::optional<std::string> best;
    std::size_t best_distance = limit + 1;
    for (const auto& k : known) {
        const auto dist = edit_distance(word, k);
        if (dist < best_distance) {
            best = k;
            best_distance = dist;
        }
    }
    if (best) return best;
    // An abbreviation ("--con") is never taken for the option it begins, but it is suggested
    // when it begins exactly one.
    std::optional<std::string> only;
    for (const auto& k : known) {
        if (k.size() > word.size() && k.compare(0, word.size(), word) == 0) {
            if (only) return std::nullopt;
            only = k;
        }
    }
    return only;
}

// " (did you mean X?)" for the nearest candidate, "" when none is close. `prefix` is put before
// the suggestion ("--" for options).
inline std::string did_you_mean(std::string_view word, const std::vector<std::string>& known,
                                std::string_view prefix = "") {
    const auto n = nearest(word, known);
    if (!n) return "";
    return " (did you mean " + std::string(prefix) + *n + "?)";
}

}  // namespace oaq
