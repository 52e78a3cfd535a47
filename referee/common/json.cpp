#include "common/json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "common/json_reader.hpp"

namespace oaq {

std::string Json::quote(std::string_view s) {
    // Most strings oaq writes (moves, engine names, times) are printable ASCII without '"' or
    // '\\', which JSON keeps as they are: those skip the library's per-call set-up, which doubled
    // the time of `oaq results export --format json` (ARCHITECTURE.md, "common").
    const bool as_is = std::all_of(s.begin(), s.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\';
    });
    if (as_is) {
        std::string out;
        out.reserve(s.size() + 2);
        out += '"';
        out += s;
        out += '"';
        return out;
    }
    // nlohmann's serializer escapes what RFC 8259 requires and, with error_handler_t::replace,
    // turns each maximal ill-formed UTF-8 subpart into one U+FFFD (tests/tournament/
    // json_writer_test.cpp pins both). ensure_ascii=false keeps valid non-ASCII text as it is.
    return nlohmann::json(std::string(s))
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Json::string_field(std::string_view json, std::string_view key) {
    auto root = parse_json(json);
    if (!root) return "";
    const auto* value = root->find(key);
    const auto* text = value ? value->as_string() : nullptr;
    return text ? *text : "";
}

}  // namespace oaq
