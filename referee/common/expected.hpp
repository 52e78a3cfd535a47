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

// What went wrong, as one line a person can act on: `field 1, cell 7: "x5" is not a count`.
struct Error {
    std::string message;
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

// Shorthand for building an error value: `return fail("bad thing");`
inline Error fail(std::string message) {
    return Error{std::move(message)};
}

}  // namespace oaq
