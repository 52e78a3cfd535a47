// One engine option setting in either spelling oaq reads: "option.NAME=VALUE" (an engine spec's
// key, as cutechess-cli writes it, and the documented form) or "NAME=VALUE" (check-engine's
// --option, as a setoption line says it). Both places take both, so a setting copied from one
// command works in the other.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace oaq::tournament {

// {NAME, VALUE}; nullopt when there is no '=' or the name is empty.
std::optional<std::pair<std::string, std::string>> engine_option_setting(std::string_view text);

}  // namespace oaq::tournament
