#include "engine/option_warnings.hpp"

#include <algorithm>
#include <cctype>

namespace oaq::engine {

namespace {

// protocol-spec 4.2: option names compare without regard to case (as the engine layer does).
bool same_name(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// Forwards everything to the engine; tells the warnings after the first prepare that worked.
class WatchedPlayer : public game::Player {
  public:
    WatchedPlayer(std::unique_ptr<game::Player> inner, OptionWarnings& warnings,
                  std::vector<std::pair<std::string, std::string>> options)
        : inner_(std::move(inner)), warnings_(warnings), options_(std::move(options)) {}

    const std::string& name() const override { return inner_->name(); }
    Expected<Ok, game::PlayerFailure> prepare(const rules::Rules& rules, int ply_limit) override {
        auto r = inner_->prepare(rules, ply_limit);
        if (r && !checked_) {
            checked_ = true;
            warnings_.check(inner_->name(), inner_->identity(), options_);
        }
        return r;
    }
    Expected<Ok, game::PlayerFailure> new_game() override { return inner_->new_game(); }
    Expected<game::SearchResult, game::PlayerFailure> search(
        const protocol::PositionCommand& position, const protocol::Go& go,
        std::optional<game::Nanoseconds> deadline, const game::InfoCallback& on_info) override {
        return inner_->search(position, go, deadline, on_info);
    }
    void shutdown() override { inner_->shutdown(); }
    game::PlayerIdentity identity() const override { return inner_->identity(); }

  private:
    std::unique_ptr<game::Player> inner_;
    OptionWarnings& warnings_;
    std::vector<std::pair<std::string, std::string>> options_;
    bool checked_ = false;
};

}  // namespace

std::string undeclared_option_message(const std::string& option,
                                      const game::PlayerIdentity& identity) {
    std::string names;
    for (const auto& o : identity.options) names += (names.empty() ? "" : ", ") + o.name;
    return "option \"" + option + "\" is not declared by the engine (" +
           (names.empty() ? std::string("it declares none") : "it declares " + names) +
           "); not sent";
}

std::unique_ptr<game::Player> OptionWarnings::watch(
    std::unique_ptr<game::Player> player,
    std::vector<std::pair<std::string, std::string>> options) {
    if (options.empty()) return player;
    return std::make_unique<WatchedPlayer>(std::move(player), *this, std::move(options));
}

void OptionWarnings::check(const std::string& engine, const game::PlayerIdentity& identity,
                           const std::vector<std::pair<std::string, std::string>>& options) {
    std::lock_guard lock(mutex_);
    for (const auto& [option, value] : options) {
        const bool declared = std::any_of(identity.options.begin(), identity.options.end(),
                                          [&](const auto& d) { return same_name(d.name, option); });
        if (declared || !reported_.emplace(engine, option).second) continue;
        report_(engine, undeclared_option_message(option, identity));
    }
}

}  // namespace oaq::engine
