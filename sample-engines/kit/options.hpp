// Options: the engine options a sample engine declares at `ugi` (`option name N type T ...`) and
// the `setoption` commands that change them. Each option carries a callback; declaring an option
// calls it once with the default, so the engine's own field and the declared default can never
// disagree. Names compare case-insensitively (as UCI GUIs expect); values are checked against the
// declaration (spin range, combo vars, check true/false) before the callback sees them.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "protocol/messages.hpp"

namespace oaq::kit {

class Options {
  public:
    void add_check(std::string name, bool default_value, std::function<void(bool)> on_set);
    void add_spin(std::string name, long long default_value, long long min, long long max,
                  std::function<void(long long)> on_set);
    void add_combo(std::string name, std::string default_value, std::vector<std::string> vars,
                   std::function<void(const std::string&)> on_set);
    void add_string(std::string name, std::string default_value,
                    std::function<void(const std::string&)> on_set);
    void add_button(std::string name, std::function<void()> on_press);

    // Applies `setoption name <name> value <value>`. Errors: unknown option, or a value the
    // declaration does not allow; an error leaves the option unchanged and calls nothing.
    Expected<Ok> set(std::string_view name, std::string_view value);

    // The declarations in the order they were added, for the reply to `ugi`.
    std::vector<protocol::OptionDecl> declarations() const;

    // The current value as text ("" for a button), or an error for an unknown name.
    Expected<std::string> value(std::string_view name) const;

  private:
    struct Entry {
        protocol::OptionDecl decl;
        std::string current;
        std::function<Expected<Ok>(const std::string&)> apply;  // checks, then calls back
    };
    Entry* find(std::string_view name);
    const Entry* find(std::string_view name) const;
    void add(protocol::OptionDecl decl, std::function<Expected<Ok>(const std::string&)> apply);

    std::vector<Entry> entries_;
};

}  // namespace oaq::kit
