// OaqError: the one exception type for environment failures (cannot spawn an engine, cannot open
// or migrate the database, bad configuration). main() prints its message as one line and exits 2.
// Expected failures (parsing) are Expected<T> values instead; engine misbehaviour is a game result.
// It carries the kind of the Error it was made from (common/expected.hpp), so a caller (or a test)
// that decides on it compares kinds, never the text.
#pragma once

#include <stdexcept>
#include <string>

#include "common/expected.hpp"

namespace oaq {

struct OaqError : std::runtime_error {
    explicit OaqError(const std::string& message, ErrorKind kind = ErrorKind::Other)
        : std::runtime_error(message), kind_(kind) {}
    explicit OaqError(const char* message) : std::runtime_error(message) {}
    ErrorKind kind() const { return kind_; }

  private:
    ErrorKind kind_ = ErrorKind::Other;
};

}  // namespace oaq
