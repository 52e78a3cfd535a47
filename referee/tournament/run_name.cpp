#include "tournament/run_name.hpp"

#include <cstdio>

#include "common/utf8.hpp"

namespace oaq::tournament {

namespace {

bool is_control(unsigned char c) {
    return c < 0x20 || c == 0x7F;
}

// The name in quotes, control characters as \xNN: a message about it stays on one line.
std::string quoted(std::string_view name) {
    std::string out = "\"";
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (is_control(byte)) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

}  // namespace

Expected<Ok> check_run_name(std::string_view name) {
    if (name.empty()) return fail("a run's name must not be empty");
    const auto why = [&](std::string_view reason) {
        return fail("run name " + quoted(name) + " " + std::string(reason));
    };
    if (name.find('#') != std::string_view::npos)
        return why("contains '#', which separates a run's name from a game's number (NAME#7)");
    for (const char c : name)
        if (is_control(static_cast<unsigned char>(c))) return why("contains a control character");
    if (name.front() == ' ' || name.back() == ' ')
        return why("starts or ends with a space, which a reference to its games would lose");
    if (!utf8::is_valid(name)) return why("is not valid UTF-8");
    return Ok{};
}

std::string game_reference(std::string_view name, std::int64_t game_index) {
    return std::string(name) + "#" + std::to_string(game_index + 1);
}

std::string shell_quote(std::string_view word) {
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-.,/:=+@%") == std::string_view::npos;
    if (plain) return std::string(word);
    std::string out = "'";
    for (char c : word) {
        if (c == '\'')
            out += "'\\''";  // close, an escaped quote, open again
        else
            out += c;
    }
    return out + "'";
}

std::string resume_command(std::string_view command, std::string_view name, std::string_view db) {
    return "oaq " + std::string(command) + " --resume " + shell_quote(name) + " --db " +
           shell_quote(db);
}

}  // namespace oaq::tournament
