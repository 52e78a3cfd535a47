// Engine options a run sets that the engine does not declare (`option.Hash=16` for an engine
// without Hash). The engine layer does not send them; this says so to the person running the
// tournament, as cutechess-cli does: once per engine and option, in the run's output, when the
// engine's first handshake shows its options (its players are wrapped, so the run itself stays
// unaware of it).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "game/player.hpp"

namespace oaq::engine {

class OptionWarnings {
  public:
    // Called with the engine's name and one line, from whichever thread prepared the engine
    // (one call at a time).
    using Report = std::function<void(const std::string& engine, const std::string& message)>;
    explicit OptionWarnings(Report report) : report_(std::move(report)) {}

    // `player`, which was configured with `options`, reporting its undeclared ones after its first
    // successful prepare().
    std::unique_ptr<game::Player> watch(std::unique_ptr<game::Player> player,
                                        std::vector<std::pair<std::string, std::string>> options);

    // Reports each of `options` that `identity` does not declare, unless already reported.
    void check(const std::string& engine, const game::PlayerIdentity& identity,
               const std::vector<std::pair<std::string, std::string>>& options);

  private:
    Report report_;
    std::mutex mutex_;
    std::set<std::pair<std::string, std::string>> reported_;  // (engine, option)
};

// "option \"Hash\" is not declared by the engine (it declares Rules, PlyLimit); not sent".
std::string undeclared_option_message(const std::string& option,
                                      const game::PlayerIdentity& identity);

}  // namespace oaq::engine
