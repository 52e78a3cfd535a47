// The protocol codec: one typed message <-> one line of text (protocol-spec/). encode() never
// fails and produces the canonical line without the LF. decode() accepts what the spec allows
// (a trailing CR, any run of spaces or tabs between tokens, unknown tokens inside a known command
// are skipped) and returns an Error naming the line's problem otherwise (unknown command, missing
// or malformed value, number out of range, line too long). Standard library only; no I/O.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "protocol/messages.hpp"

namespace oaq::protocol {

std::string encode(const Command& command);
std::string encode(const Reply& reply);

// For engines: what the referee sent.
Expected<Command> decode_command(std::string_view line);
// For the referee: what the engine said.
Expected<Reply> decode_reply(std::string_view line);

std::string_view to_string(OptionType type);

}  // namespace oaq::protocol
