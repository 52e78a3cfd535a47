// JsonValue and parse_json: a strict JSON reader (RFC 8259) for the few documents oaq reads back,
// such as the run definition stored with every tournament. The parsing is nlohmann-json's (its SAX
// interface, common/json_reader.cpp in oaq_common_ext); JsonValue is the small tree it builds.
// Strict means: exactly one value and nothing after it but whitespace, no comments, no trailing
// commas, no leading zeros, no control characters or invalid escapes in strings, no lone
// surrogates, UTF-8 text, no byte order mark, no duplicate object keys, nesting at most 200 deep.
// Errors are one line naming the position:
//   "JSON line 1, column 17: expected ',' or '}' after an object member, found 'x'"
// Numbers keep their text, so a 64-bit seed reads back exactly (as_uint64), while as_double gives
// the usual double. Objects keep their members in document order. No I/O.
#pragma once

#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "common/expected.hpp"

namespace oaq {

class JsonValue {
  public:
    enum class Type { Null, Bool, Number, String, Array, Object };
    struct NumberText {
        std::string text;  // exactly as written in the document
    };
    using Array = std::vector<JsonValue>;
    using Object = std::vector<std::pair<std::string, JsonValue>>;

    JsonValue() = default;
    static JsonValue boolean(bool b) { return JsonValue(Data(b)); }
    static JsonValue number(std::string text) {
        return JsonValue(Data(NumberText{std::move(text)}));
    }
    static JsonValue string(std::string s) { return JsonValue(Data(std::move(s))); }
    static JsonValue array(Array items) { return JsonValue(Data(std::move(items))); }
    static JsonValue object(Object members) { return JsonValue(Data(std::move(members))); }

    Type type() const { return static_cast<Type>(data_.index()); }
    bool is_null() const { return type() == Type::Null; }
    bool is_bool() const { return type() == Type::Bool; }
    bool is_number() const { return type() == Type::Number; }
    bool is_string() const { return type() == Type::String; }
    bool is_array() const { return type() == Type::Array; }
    bool is_object() const { return type() == Type::Object; }

    // Each returns nothing when the value has another type (or, for numbers, does not fit).
    std::optional<bool> as_bool() const {
        if (auto b = std::get_if<bool>(&data_)) return *b;
        return std::nullopt;
    }
    const std::string* as_string() const { return std::get_if<std::string>(&data_); }
    const Array* as_array() const { return std::get_if<Array>(&data_); }
    const Object* as_object() const { return std::get_if<Object>(&data_); }
    std::optional<double> as_double() const {
        const auto* n = std::get_if<NumberText>(&data_);
        if (!n) return std::nullopt;
        double v = 0;
        auto [end, ec] = std::from_chars(n->text.data(), n->text.data() + n->text.size(), v);
        if (ec != std::errc() || end != n->text.data() + n->text.size()) return std::nullopt;
        return v;
    }
    std::optional<std::int64_t> as_int64() const { return integer<std::int64_t>(); }
    std::optional<std::uint64_t> as_uint64() const { return integer<std::uint64_t>(); }
    const std::string* number_text() const {
        const auto* n = std::get_if<NumberText>(&data_);
        return n ? &n->text : nullptr;
    }

    // The member named `key` of an object, or nullptr (also for a non-object).
    const JsonValue* find(std::string_view key) const {
        const auto* members = as_object();
        if (!members) return nullptr;
        for (const auto& [k, v] : *members) {
            if (k == key) return &v;
        }
        return nullptr;
    }

  private:
    using Data = std::variant<std::monostate, bool, NumberText, std::string, Array, Object>;
    explicit JsonValue(Data data) : data_(std::move(data)) {}

    template <typename Int>
    std::optional<Int> integer() const {
        const auto* n = std::get_if<NumberText>(&data_);
        if (!n) return std::nullopt;
        Int v = 0;
        auto [end, ec] = std::from_chars(n->text.data(), n->text.data() + n->text.size(), v);
        if (ec != std::errc() || end != n->text.data() + n->text.size()) return std::nullopt;
        return v;
    }

    Data data_;
};

// Parses one JSON document. Errors are one line with the line and column (1-based).
Expected<JsonValue> parse_json(std::string_view text);

}  // namespace oaq
