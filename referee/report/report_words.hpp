// Report words: how the page says the stored words to people. The database, the JSON and the
// command line keep the lower_snake_case words (`time_forfeit`, `all_losses`); the page shows
// each through one function here ("time forfeit", "lost every game") and keeps the stored word
// in a data- attribute, so a script or a test can still read it. Ratings carry the same marks
// as every other view (views/standings.hpp): "unrated (...)" and "(group N)". Pure: no I/O.
#pragma once

#include <string>
#include <string_view>

#include "rules/game.hpp"
#include "store/time_text.hpp"
#include "tournament/ranking.hpp"

namespace oaq::report {

// "time_forfeit" -> "time forfeit", "mandarins_empty" -> "mandarins empty".
std::string people_words(std::string_view word);

// "won every game", "lost every game", "one-sided results only", "no games" (unrated statuses).
std::string status_phrase(tournament::RatingStatus status);

// "+12.3 ± 30.1", "+12.3 ± 30.1 (group 2)", "unrated (won every game)"; no HTML.
std::string rating_phrase(const tournament::EngineRating& rating);

// "1–0", "0–1", "½–½", "*".
std::string result_text(rules::Result result);

// "2026-12-01 14:20 UTC".
std::string date_text(store::TimePoint time);

}  // namespace oaq::report
