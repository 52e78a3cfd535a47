// Options a run sets that the engine does not declare: reported once per engine and option.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "engine/option_warnings.hpp"
#include "protocol/messages.hpp"

using namespace oaq;

TEST_CASE("an undeclared option is reported once per engine, whatever the processes",
          "[engine][options]") {
    std::vector<std::string> lines;
    engine::OptionWarnings warnings([&](const std::string& engine, const std::string& message) {
        lines.push_back(engine + ": " + message);
    });
    game::PlayerIdentity identity;
    identity.options.push_back(protocol::OptionDecl{});
    identity.options.back().name = "Hash";
    const std::vector<std::pair<std::string, std::string>> options{{"hash", "16"}, {"Foo", "1"}};
    warnings.check("A", identity, options);  // a first process
    warnings.check("A", identity, options);  // a restarted one
    warnings.check("B", identity, {{"Foo", "2"}});
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] ==
          "A: option \"Foo\" is not declared by the engine (it declares Hash); not sent");
    CHECK(lines[1].rfind("B: option \"Foo\"", 0) == 0);
}
