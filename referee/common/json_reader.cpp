#include "common/json_reader.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace oaq {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxDepth = 200;
constexpr std::string_view kExpectedValue =
    "expected a value (object, array, string, number, true, false or null)";

// A pointer into the text that counts how far nlohmann's lexer has read, so the builder knows where
// each event's token ends and can name the position of what it refuses (a duplicate member name,
// a value nested too deep) or of the token the parser refused.
class Cursor {
  public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    Cursor(const char* at, const char** read) : at_(at), read_(read) {}
    reference operator*() const { return *at_; }
    Cursor& operator++() {
        *read_ = ++at_;
        return *this;
    }
    Cursor operator++(int) {
        Cursor before = *this;
        ++*this;
        return before;
    }
    bool operator==(const Cursor& other) const { return at_ == other.at_; }
    bool operator!=(const Cursor& other) const { return at_ != other.at_; }

  private:
    const char* at_;
    const char** read_;
};

// What nlohmann-json's parse error says, in oaq's words (one line, "expected ..."), and where: at
// the first byte of the token that came where a separator (or the end) was due, at the first byte
// of the token that came where a value or a member name was due, or at the byte inside a number or
// a string that the lexer complained about.
enum class Where { SeparatorToken, ValueToken, InsideToken };
struct Diagnosis {
    std::string_view expected;
    Where where = Where::ValueToken;
    bool key_due = false;  // the parser wanted a member name
};

// nlohmann-json reports every syntax error as parse_error 101 whose text is made of fixed phrases:
// the parser's context, the lexer's complaint about the token if it had one, and the token it
// expected. The library gives no finer code, so this maps those phrases to oaq's vocabulary;
// tests/tournament/json_reader_test.cpp pins every mapping.
Diagnosis diagnose(const json::exception& e) {
    struct Phrase {
        std::string_view theirs, ours;
    };
    static constexpr Phrase complaints[] = {
        {"expected digit after '-'", "expected a digit"},
        {"expected digit after '.'", "expected a digit after the decimal point"},
        {"after exponent", "expected a digit in the exponent"},
        {"missing closing quote", "expected '\"' to close the string"},
        {"control character", "expected no control character inside a string"},
        {"forbidden character after backslash",
         "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"},
        {"must be followed by 4 hex digits", "expected four hex digits after \\u"},
        {"must be followed by U+DC00", "expected a low surrogate after a high surrogate"},
        {"must follow U+D800", "expected no lone low surrogate"},
        {"ill-formed UTF-8", "expected UTF-8 text in a string"},
    };
    // Where a separator or the end was due, the token that came instead is what is wrong.
    static constexpr Phrase separators[] = {
        {"while parsing object separator", "expected ':' after a member name"},
        {"; expected end of input", "expected the end of the document"},
        {"while parsing array", "expected ',' or ']' after an array item"},
        {"while parsing object -", "expected ',' or '}' after an object member"},
    };
    const std::string_view message = e.what();
    auto has = [&](std::string_view phrase) { return message.find(phrase) != message.npos; };
    if (e.id == 406) return {"expected a number within the range of a double"};  // out_of_range
    for (const auto& p : separators) {
        if (has(p.theirs)) return {p.ours, Where::SeparatorToken};
    }
    const bool key_due = has("while parsing object key");
    for (const auto& p : complaints) {
        if (has(p.theirs)) return {p.ours, Where::InsideToken, key_due};
    }
    if (key_due) return {"expected a member name in double quotes"};
    return {kExpectedValue};
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Builds a JsonValue from nlohmann's SAX events (the interface json::sax_parse calls), refusing
// duplicate member names and nesting deeper than kMaxDepth, and turns a parse error into oaq's
// one-line message.
class Builder {
  public:
    Builder(std::string_view text, const char* const* read) : text_(text), read_(read) {}

    bool null() { return scalar(JsonValue()); }
    bool boolean(bool b) { return scalar(JsonValue::boolean(b)); }
    bool number_integer(json::number_integer_t v) {
        // nlohmann reads "-0" as the integer 0: its text is kept as written.
        return scalar(JsonValue::number(v == 0 && negative_zero() ? "-0" : std::to_string(v)),
                      v == 0 ? Number::Zero : Number::Other);
    }
    bool number_unsigned(json::number_unsigned_t v) {
        return scalar(JsonValue::number(std::to_string(v)), v == 0 ? Number::Zero : Number::Other);
    }
    bool number_float(json::number_float_t, const json::string_t& text) {
        return scalar(JsonValue::number(text), Number::Other);
    }
    bool string(json::string_t& s) { return scalar(JsonValue::string(std::move(s))); }
    bool binary(json::binary_t&) { return false; }  // never produced from JSON text
    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(json::string_t& name) {
        auto& members = stack_.back().members;
        for (const auto& [k, v] : members) {
            if (k == name) return refuse(key_start(), "duplicate member name \"" + name + "\"");
        }
        stack_.back().key = std::move(name);
        event_done();
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const json::exception& e) {
        // `position` counts the bytes the lexer read, the end of the text counting as one.
        const std::size_t at =
            position > text_.size() ? text_.size() : (position == 0 ? 0 : position - 1);
        // Digits right after a number that is a 0 ("01"): the lexer ended the number at the 0.
        if (last_was_zero_ && last_end_ < text_.size() && is_digit(text_[last_end_])) {
            error_ = message(last_end_, "expected no leading zero", true);
            return false;
        }
        auto d = diagnose(e);
        // The lexer's complaint about a number where a member name was due: the number is wrong.
        if (d.where == Where::InsideToken && d.key_due) {
            const auto start = next_token_start(Where::ValueToken);
            if (start < text_.size() && text_[start] != '"')
                d = {"expected a member name in double quotes", Where::ValueToken};
        }
        error_ = message(d.where == Where::InsideToken ? at : next_token_start(d.where), d.expected,
                         true);
        return false;
    }

    // The document, or why it is not one (after sax_parse returned).
    Expected<JsonValue> result(bool parsed) {
        if (!parsed || !root_) return Error{error_.empty() ? message(0, kExpectedValue) : error_};
        // nlohmann's lexer takes a NUL byte between tokens for the end of the text.
        if (auto nul = text_.find('\0'); nul != std::string_view::npos)
            return Error{message(nul, "expected the end of the document", true)};
        return std::move(*root_);
    }

    // A byte order mark is not JSON text (nlohmann's lexer would skip it).
    std::optional<Error> refuse_bom() const {
        if (text_.substr(0, 3) != "\xEF\xBB\xBF") return std::nullopt;
        return Error{message(0, kExpectedValue, true)};
    }

  private:
    enum class Number { None, Zero, Other };  // whether an event was a number, and a 0

    struct Frame {
        bool object = false;
        JsonValue::Array items;
        JsonValue::Object members;
        std::string key;
    };

    std::size_t read() const { return static_cast<std::size_t>(*read_ - text_.data()); }

    std::size_t skip_space(std::size_t i) const {
        while (i < text_.size() &&
               (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r'))
            ++i;
        return i;
    }

    // The end of the token an event was about. The lexer reads one byte past a number to see that
    // it ended, unless the text ends with the number: a number ends in a digit, and a 0 that
    // starts one is all of it ("01" is the number 0, then 1).
    void event_done(Number number = Number::None, bool separator_due = true) {
        last_end_ = read();
        last_was_zero_ = number == Number::Zero;
        separator_due_ = separator_due;
        if (number == Number::None || last_end_ == 0) return;
        const std::size_t size = text_.size();
        const char last = text_[last_end_ - 1];
        const bool ends_text =
            last_end_ == size &&
            (last_was_zero_ ? last == '0' && (size < 2 || !is_digit(text_[size - 2]))
                            : is_digit(last));
        if (!ends_text) --last_end_;
    }

    // Where the token the parser refused starts: after the last event's token and, where it
    // wanted a value or a member name after one, after the ',' or ':' it took in between.
    std::size_t next_token_start(Where where) const {
        std::size_t i = skip_space(last_end_);
        if (where == Where::ValueToken && separator_due_ && i < text_.size() &&
            (text_[i] == ',' || text_[i] == ':'))
            i = skip_space(i + 1);
        return i;
    }

    // The opening quote of the member name the lexer just read (it ends at read()).
    std::size_t key_start() const {
        std::size_t i = read() - 1;  // the closing quote
        while (i > 0) {
            --i;
            std::size_t backslashes = 0;
            while (i >= backslashes + 1 && text_[i - backslashes - 1] == '\\') ++backslashes;
            if (text_[i] == '"' && backslashes % 2 == 0) return i;
        }
        return 0;
    }

    bool too_deep(std::size_t at) {
        if (stack_.size() <= kMaxDepth) return false;
        refuse(at, "nesting deeper than 200");
        return true;
    }

    bool negative_zero() const {
        std::size_t end = read();
        if (end > 0 && text_[end - 1] != '0') --end;  // the byte read past the number
        return end >= 2 && text_[end - 1] == '0' && text_[end - 2] == '-';
    }

    bool scalar(JsonValue value, Number number = Number::None) {
        if (too_deep(next_token_start(Where::ValueToken))) return false;
        attach(std::move(value));
        event_done(number);
        return true;
    }

    bool open(bool object) {
        const std::size_t at = read() - 1;
        if (too_deep(at)) return false;
        Frame frame;
        frame.object = object;
        stack_.push_back(std::move(frame));
        event_done(Number::None, false);
        return true;
    }

    bool close() {
        Frame frame = std::move(stack_.back());
        stack_.pop_back();
        attach(frame.object ? JsonValue::object(std::move(frame.members))
                            : JsonValue::array(std::move(frame.items)));
        event_done();
        return true;
    }

    void attach(JsonValue value) {
        if (stack_.empty()) {
            root_ = std::move(value);
            return;
        }
        auto& top = stack_.back();
        if (top.object)
            top.members.emplace_back(std::move(top.key), std::move(value));
        else
            top.items.push_back(std::move(value));
    }

    bool refuse(std::size_t at, std::string what) {
        error_ = message(at, what, false);
        return false;
    }

    // "JSON line L, column C: <what>[, found <the byte at `at`>]" (1-based).
    std::string message(std::size_t at, std::string_view what, bool say_found = false) const {
        int line = 1, column = 1;
        for (std::size_t i = 0; i < at && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        std::string out = "JSON line " + std::to_string(line) + ", column " +
                          std::to_string(column) + ": " + std::string(what);
        if (!say_found) return out;
        if (at >= text_.size()) return out + ", found the end of the text";
        const auto c = static_cast<unsigned char>(text_[at]);
        return out + ", found " +
               (c >= 0x20 && c < 0x7f ? "'" + std::string(1, static_cast<char>(c)) + "'"
                                      : "byte " + std::to_string(c));
    }

    std::string_view text_;
    const char* const* read_;
    std::vector<Frame> stack_;
    std::optional<JsonValue> root_;
    std::string error_;
    std::size_t last_end_ = 0;    // where the token of the last event ended
    bool separator_due_ = false;  // whether a ',' or ':' comes after it
    bool last_was_zero_ = false;  // whether it was the number 0 (or -0)
};

}  // namespace

Expected<JsonValue> parse_json(std::string_view text) {
    const char* read = text.data();
    Builder builder(text, &read);
    if (auto bom = builder.refuse_bom()) return *bom;
    const bool parsed = json::sax_parse(Cursor(text.data(), &read),
                                        Cursor(text.data() + text.size(), &read), &builder);
    return builder.result(parsed);
}

}  // namespace oaq
