// OaqError: the one exception type for environment failures (cannot spawn an engine, cannot open
// or migrate the database, bad configuration). main() prints its message as one line and exits 2.
// Expected failures (parsing) are Expected<T> values instead; engine misbehaviour is a game result.
#pragma once

#include <stdexcept>

namespace oaq {

struct OaqError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace oaq
