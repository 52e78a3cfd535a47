// The protocol codec: one typed message <-> one line of text (protocol-spec/). encode() never
// fails and produces the canonical line without the LF. decode() accepts what the spec allows
// (a trailing CR, any run of spaces or tabs between tokens, unknown tokens inside a known command
// are skipped) and returns an Error naming the line's problem otherwise (unknown command, missing
// or malformed value, number out of range, line too long). Standard library only; no I/O.
//
// Round trip: decode(encode(m)) == m for every message in canonical form, i.e. whose numbers lie
// in the decoder's ranges (times 0..kMaxTime) and whose free-text fields are already normalised
// (no leading/trailing blanks, no tab or LF; names, option defaults and vars with single spaces
// and without the keyword that ends them). Negative times encode as 0.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/words.hpp"
#include "protocol/messages.hpp"

namespace oaq::protocol {

std::string encode(const Command& command);
std::string encode(const Reply& reply);

// For engines: what the referee sent.
Expected<Command> decode_command(std::string_view line);
// For the referee: what the engine said.
Expected<Reply> decode_reply(std::string_view line);

inline constexpr auto kOptionTypeWords = words<OptionType>({
    {OptionType::Check, "check"},
    {OptionType::Spin, "spin"},
    {OptionType::Combo, "combo"},
    {OptionType::String, "string"},
    {OptionType::Button, "button"},
});
inline std::string_view to_string(OptionType type) {
    return kOptionTypeWords.word(type);
}
// "check", "spin", "combo", "string", "button" -> the type; anything else -> nullopt.
inline std::optional<OptionType> parse_option_type(std::string_view word) {
    return kOptionTypeWords.find(word);
}

// The first token of a line (one trailing CR stripped, blanks skipped), "" for a blank line. The
// referee uses it to tell a malformed `bestmove` (a protocol violation) from a line it ignores:
// `if (!reply && command_word(line) == "bestmove") ...` (spec section "Framing").
std::string_view command_word(std::string_view line);

}  // namespace oaq::protocol
