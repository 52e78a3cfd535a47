#include "tournament/engine_option.hpp"

namespace oaq::tournament {

std::optional<std::pair<std::string, std::string>> engine_option_setting(std::string_view text) {
    constexpr std::string_view kPrefix = "option.";
    if (text.substr(0, kPrefix.size()) == kPrefix) text.remove_prefix(kPrefix.size());
    const auto eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0) return std::nullopt;
    return std::pair{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

}  // namespace oaq::tournament
