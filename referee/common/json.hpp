// Json: a tiny writer for the one-object-per-line JSON that every `--json` command prints. It only
// writes (common/json_reader.hpp is the strict reader, for documents oaq stores and reads back such
// as the run definition) and keeps insertion order so output is stable for scripts and tests.
// Strings are escaped by nlohmann-json's serializer (RFC 8259: '"', '\\' and control characters;
// everything else as is) and its output is always valid UTF-8 (RFC 8259 section 8.1): each maximal
// ill-formed subpart of bytes that are not (an engine's output, a name typed in another encoding)
// becomes one U+FFFD, so strict readers such as Python's json never refuse a line. Numbers are
// printed with six significant digits ("%.6g"), as every command always has. The string and
// reading parts are compiled in common/json.cpp (oaq_common_ext). Usage:
//   Json j; j.field("nodes", 42).field("rules", s).raw("moves", Json::array(items)); j.str();
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace oaq {

class Json {
  public:
    // `s` as a JSON string, quotes included.
    static std::string quote(std::string_view s);

    static std::string number(double v) {
        if (!std::isfinite(v)) return "null";
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        return buf;
    }

    // A JSON array of already-encoded values.
    static std::string array(const std::vector<std::string>& encoded) {
        std::string out = "[";
        for (std::size_t i = 0; i < encoded.size(); ++i) {
            if (i) out += ',';
            out += encoded[i];
        }
        return out + "]";
    }
    static std::string string_array(const std::vector<std::string>& items) {
        std::vector<std::string> encoded;
        encoded.reserve(items.size());
        for (const auto& s : items) encoded.push_back(quote(s));
        return array(encoded);
    }

    Json& raw(std::string_view key, std::string_view encoded) {
        body_ += body_.empty() ? "" : ",";
        body_ += quote(key);
        body_ += ':';
        body_ += encoded;
        return *this;
    }
    Json& field(std::string_view key, std::string_view value) { return raw(key, quote(value)); }
    Json& field(std::string_view key, const std::string& value) { return raw(key, quote(value)); }
    Json& field(std::string_view key, const char* value) { return raw(key, quote(value)); }
    Json& field(std::string_view key, bool value) { return raw(key, value ? "true" : "false"); }
    template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
    Json& field(std::string_view key, T value) {
        if constexpr (std::is_floating_point_v<T>)
            return raw(key, number(static_cast<double>(value)));
        else
            return raw(key, std::to_string(value));
    }
    template <typename T>
    Json& field(std::string_view key, const std::optional<T>& value) {
        if (!value) return raw(key, "null");
        return field(key, *value);
    }
    Json& null(std::string_view key) { return raw(key, "null"); }

    std::string str() const { return "{" + body_ + "}"; }

    // Reads back one top-level string field of a JSON object ("" if absent, not a string, or the
    // text is not a JSON object): for the few values oaq stores as JSON and shows again.
    static std::string string_field(std::string_view json, std::string_view key);

  private:
    std::string body_;
};

}  // namespace oaq
