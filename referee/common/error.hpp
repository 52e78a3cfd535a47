// OaqError: the one exception type oaq throws, for environment failures only (cannot spawn an
// engine, cannot open or migrate the database, bad configuration). Expected failures are values
// (expected.hpp) and engine misbehaviour is a game result; neither ever throws this. `main` catches
// it, prints what() as one line and exits 2, so the message must be one line a person can act on.
#pragma once

#include <stdexcept>

namespace oaq {

struct OaqError : std::runtime_error {
    using runtime_error::runtime_error;
};

}  // namespace oaq
