// Json: a tiny writer for the one-object-per-line JSON that every `--json` command prints. It only
// writes (common/json_reader.hpp is the strict reader, for documents oaq stores and reads back such
// as the run definition), escapes strings per RFC 8259, and keeps insertion order so output is
// stable for scripts and tests. Its output is always valid UTF-8 (RFC 8259 section 8.1): bytes that
// are not (an engine's output, a name typed in another encoding) become U+FFFD (common/utf8.hpp),
// so strict readers such as Python's json never refuse a line. Usage:
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

#include "common/utf8.hpp"

namespace oaq {

class Json {
  public:
    static std::string quote(std::string_view s) {
        std::string out;
        out.reserve(s.size() + 2);
        out += '"';
        for (std::size_t i = 0; i < s.size();) {
            const auto sequence = utf8::next_sequence(s, i);
            if (sequence.length == 1 && sequence.valid)
                append_ascii(out, s[i]);
            else if (sequence.valid)
                out.append(s.substr(i, sequence.length));
            else
                out.append(utf8::kReplacement);
            i += sequence.length;
        }
        out += '"';
        return out;
    }

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

    // Reads back one top-level string field of an object this writer produced ("" if absent).
    // Not a general JSON parser: enough for the few values oaq stores as JSON and shows again.
    static std::string string_field(std::string_view json, std::string_view key) {
        const std::string needle = quote(key) + ":\"";
        auto at = json.find(needle);
        if (at == std::string_view::npos) return "";
        std::string out;
        for (auto i = at + needle.size(); i < json.size() && json[i] != '"'; ++i) {
            if (json[i] == '\\' && i + 1 < json.size()) {
                const char e = json[++i];
                out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e;
            } else {
                out += json[i];
            }
        }
        return out;
    }

  private:
    static void append_ascii(std::string& out, char c) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }

    std::string body_;
};

}  // namespace oaq
