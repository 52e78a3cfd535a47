// Seeding: the order of a Swiss's or knockout's engines before its first round, the top seed
// first. Resolved once when the run is defined and stored with it (RunDefinition::seeding), so a
// resume never seeds again. Pure: the caller reads any stored ratings.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/words.hpp"

namespace oaq::tournament {

enum class Seeding {
    Random,   // shuffled by the run's seed (--seed): the same seed, the same order
    Given,    // the order of the --engine options
    Ratings,  // the stored ratings, highest first; unrated engines after them, shuffled by seed
};

inline constexpr auto kSeedingWords = words<Seeding>({
    {Seeding::Random, "random"},
    {Seeding::Given, "given"},
    {Seeding::Ratings, "ratings"},
});

// `names` in seed order. `ratings` (by name) is read for Seeding::Ratings only.
std::vector<std::string> seed_order(const std::vector<std::string>& names, Seeding seeding,
                                    std::uint64_t seed,
                                    const std::map<std::string, double>& ratings = {});

}  // namespace oaq::tournament
