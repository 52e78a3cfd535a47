// The parts of a run definition typed as words: `--openings` (plies=N seed=S file=F
// order=random|sequential start=N) and `--sprt` (elo0= elo1= alpha= beta= model=). Each reader
// throws OaqError naming the option, the word as given and what it may be.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tournament/run_definition.hpp"

namespace oaq::tournament {

// "key=value" -> {"key", "value"}; a token without '=' gives {token, ""} and has_value false.
// Used by every key=value option (--engine, --each, --openings, --sprt).
struct KeyValue {
    std::string key;
    std::string value;
    bool has_value = false;
};
KeyValue split_key_value(const std::string& token);

// The openings as typed, and the seed they were given (nothing: they follow the run's).
struct OpeningSource {
    OpeningsDefinition definition;
    std::optional<std::uint64_t> seed;
};
OpeningSource parse_openings(const std::vector<std::string>& tokens);

// Generated openings and a shuffled book draw from a seed; a book in file order needs none.
bool draws_from_seed(const OpeningsDefinition& openings);

// The --sprt words, each "key=value"; one shell word holding several ("elo0=0 elo1=5") is split
// at its spaces, which no value contains.
std::vector<std::string> sprt_words(const std::vector<std::string>& tokens);
// Each key at most once; the parameters valid (SprtDefinition::params).
SprtDefinition parse_sprt(const std::vector<std::string>& tokens);

}  // namespace oaq::tournament
