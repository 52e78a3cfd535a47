#pragma once
#include <optional>
#include <string>
#include "common/expected.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"
namespace oaq::engines::reference {
class EndgameTables {
  public:
    std::optional<int> probe(const rules::Position&) const { return std::nullopt; }
    bool covers(const rules::Rules&) const { return false; }
    std::string describe() const { return ""; }
    static Expected<EndgameTables> find(const std::string&, const rules::Rules&) {
        return fail("not yet");
    }
};
}  // namespace oaq::engines::reference
