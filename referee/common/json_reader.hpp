// JsonValue and parse_json: a minimal, strict JSON reader (RFC 8259) for the few documents oaq
// reads back, such as the run definition stored with every tournament. Strict means: exactly one
// value and nothing after it but whitespace, no comments, no trailing commas, no leading zeros, no
// control characters or invalid escapes in strings, no lone surrogates, no duplicate object keys,
// nesting at most 200 deep. Errors are one line naming the position:
//   "JSON line 1, column 17: expected ',' or '}' after an object member, found 'x'"
// Numbers keep their text, so a 64-bit seed reads back exactly (as_uint64), while as_double gives
// the usual double. Objects keep their members in document order. Header-only, no I/O.
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

namespace json_detail {

class Reader {
  public:
    explicit Reader(std::string_view text) : text_(text) {}

    Expected<JsonValue> document() {
        skip_space();
        auto value = parse_value(0);
        if (!value) return value;
        skip_space();
        if (pos_ != text_.size()) return error("expected the end of the document");
        return value;
    }

  private:
    static constexpr int kMaxDepth = 200;

    Error error(std::string_view what, bool say_found = true) const {
        int line = 1, column = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        std::string found = "the end of the text";
        if (!say_found) found.clear();
        if (say_found && pos_ < text_.size()) {
            const auto c = static_cast<unsigned char>(text_[pos_]);
            found = c >= 0x20 && c < 0x7f ? "'" + std::string(1, static_cast<char>(c)) + "'"
                                          : "byte " + std::to_string(c);
        }
        return Error{"JSON line " + std::to_string(line) + ", column " + std::to_string(column) +
                     ": " + std::string(what) + (found.empty() ? "" : ", found " + found)};
    }

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }

    void skip_space() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++pos_;
    }

    bool literal(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    Expected<JsonValue> parse_value(int depth) {
        if (depth > kMaxDepth) return error("nesting deeper than 200", false);
        switch (peek()) {
            case '{':
                return parse_object(depth);
            case '[':
                return parse_array(depth);
            case '"': {
                auto s = parse_string();
                if (!s) return s.error();
                return JsonValue::string(std::move(*s));
            }
            case 't':
                if (literal("true")) return JsonValue::boolean(true);
                break;
            case 'f':
                if (literal("false")) return JsonValue::boolean(false);
                break;
            case 'n':
                if (literal("null")) return JsonValue();
                break;
            default:
                if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return parse_number();
        }
        return error("expected a value (object, array, string, number, true, false or null)");
    }

    Expected<JsonValue> parse_object(int depth) {
        ++pos_;  // '{'
        JsonValue::Object members;
        skip_space();
        if (peek() == '}') {
            ++pos_;
            return JsonValue::object(std::move(members));
        }
        for (;;) {
            skip_space();
            if (peek() != '"') return error("expected a member name in double quotes");
            const auto key_at = pos_;
            auto key = parse_string();
            if (!key) return key.error();
            for (const auto& [k, v] : members) {
                if (k == *key) {
                    pos_ = key_at;
                    return error("duplicate member name \"" + *key + "\"", false);
                }
            }
            skip_space();
            if (peek() != ':') return error("expected ':' after a member name");
            ++pos_;
            skip_space();
            auto value = parse_value(depth + 1);
            if (!value) return value;
            members.emplace_back(std::move(*key), std::move(*value));
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == '}') {
                ++pos_;
                return JsonValue::object(std::move(members));
            }
            return error("expected ',' or '}' after an object member");
        }
    }

    Expected<JsonValue> parse_array(int depth) {
        ++pos_;  // '['
        JsonValue::Array items;
        skip_space();
        if (peek() == ']') {
            ++pos_;
            return JsonValue::array(std::move(items));
        }
        for (;;) {
            skip_space();
            auto value = parse_value(depth + 1);
            if (!value) return value;
            items.push_back(std::move(*value));
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == ']') {
                ++pos_;
                return JsonValue::array(std::move(items));
            }
            return error("expected ',' or ']' after an array item");
        }
    }

    bool digits() {
        const auto start = pos_;
        while (!at_end() && peek() >= '0' && peek() <= '9') ++pos_;
        return pos_ > start;
    }

    Expected<JsonValue> parse_number() {
        const auto start = pos_;
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
            if (peek() >= '0' && peek() <= '9') return error("expected no leading zero");
        } else if (!digits()) {
            return error("expected a digit");
        }
        if (peek() == '.') {
            ++pos_;
            if (!digits()) return error("expected a digit after the decimal point");
        }
        if (peek() == 'e' || peek() == 'E') {
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (!digits()) return error("expected a digit in the exponent");
        }
        return JsonValue::number(std::string(text_.substr(start, pos_ - start)));
    }

    std::optional<unsigned> hex4() {
        if (pos_ + 4 > text_.size()) return std::nullopt;
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = text_[pos_ + static_cast<std::size_t>(i)];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= static_cast<unsigned>(c - 'A' + 10);
            else
                return std::nullopt;
        }
        pos_ += 4;
        return v;
    }

    static void append_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    // After a backslash-u: one code point, a surrogate pair counting as one.
    Expected<unsigned> unicode_escape() {
        auto high = hex4();
        if (!high) return error("expected four hex digits after \\u");
        if (*high >= 0xDC00 && *high <= 0xDFFF) return error("expected no lone low surrogate");
        if (*high < 0xD800 || *high > 0xDBFF) return *high;
        if (!literal("\\u")) return error("expected a low surrogate after a high surrogate");
        auto low = hex4();
        if (!low || *low < 0xDC00 || *low > 0xDFFF)
            return error("expected a low surrogate after a high surrogate");
        return 0x10000 + ((*high - 0xD800) << 10) + (*low - 0xDC00);
    }

    Expected<std::string> parse_string() {
        ++pos_;  // '"'
        std::string out;
        for (;;) {
            if (at_end()) return error("expected '\"' to close the string");
            const char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20)
                return error("expected no control character inside a string");
            if (c != '\\') {
                out += c;
                ++pos_;
                continue;
            }
            ++pos_;
            const char e = peek();
            const std::string_view simple = "\"\\/bfnrt";
            const std::string_view meant = "\"\\/\b\f\n\r\t";
            if (auto at = simple.find(e); e != '\0' && at != std::string_view::npos) {
                out += meant[at];
                ++pos_;
            } else if (e == 'u') {
                ++pos_;
                auto cp = unicode_escape();
                if (!cp) return cp.error();
                append_utf8(out, *cp);
            } else {
                return error("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace json_detail

// Parses one JSON document. Errors are one line with the line and column (1-based).
inline Expected<JsonValue> parse_json(std::string_view text) {
    return json_detail::Reader(text).document();
}

}  // namespace oaq
