// Expected<T>: the result of an operation whose failure is an ordinary outcome (parsing a move, a
// position, a protocol line, a config value). It holds either a value or an Error that says what
// was wrong and where. std::expected is not available in C++20 on GCC 12, so this is the tiny
// in-house stand-in. It never throws on construction; value() on an error is a programming bug
// (asserts).
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace oaq {

// What kind of failure an Error (or an OaqError) is, for the callers that decide what to do on it:
// they compare kinds, never the message, which is for people and may be reworded at any time.
// Failures no caller tells apart are Other.
enum class ErrorKind {
    Other,
    NameTaken,          // a name that must be unique is in use (a tournament's, a run's)
    DuplicateGame,      // the tournament already has a game with this game index
    UnknownTournament,  // no tournament with this id
    InvalidRecord,      // a game record breaks a rule of the schema (the message says which)
    PositionField,      // one field of a position string is wrong; the message names the field
                        // ("field 1 (pits): ...") but not the position it is part of
};

// What went wrong, as one line a person can act on: `field 1, cell 7: "x5" is not a count`, and
// its kind for callers that decide on it.
struct Error {
    std::string message;
    ErrorKind kind = ErrorKind::Other;

    // The same failure with where it happened in front: `run "x": ` + message.
    Error prefixed(const std::string& where) const { return Error{where + message, kind}; }
};

// An empty value for operations that either succeed or fail: Expected<Ok>.
struct Ok {};

template <typename T, typename E = Error>
class Expected {
  public:
    Expected(T value) : data_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit
    Expected(E error) : data_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit

    bool has_value() const { return data_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T& value() & {
        assert(has_value());
        return std::get<0>(data_);
    }
    const T& value() const& {
        assert(has_value());
        return std::get<0>(data_);
    }
    T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(data_));
    }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const E& error() const {
        assert(!has_value());
        return std::get<1>(data_);
    }

  private:
    std::variant<T, E> data_;
};

// Shorthand for building an error value: `return fail("bad thing");`, or with its kind for the
// callers that decide on it: `return fail(ErrorKind::NameTaken, "...");`.
inline Error fail(std::string message) {
    return Error{std::move(message)};
}
inline Error fail(ErrorKind kind, std::string message) {
    return Error{std::move(message), kind};
}

}  // namespace oaq
