// Test helpers for engine tests: rules and positions from their text (a test fails at once when
// the text does not parse), and the limits of a fixed-depth search.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "kit/time_manager.hpp"
#include "rules/position.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"

namespace oaq::test {

inline rules::Rules rules_of(const std::string& text) {
    auto r = rules::parse_rules(text);
    REQUIRE(r);
    return *r;
}

inline rules::Position position_of(const std::string& text, const rules::Rules& rules) {
    auto p = rules::parse_position(text, rules);
    REQUIRE(p);
    return *p;
}

inline kit::SearchLimits depth_limit(int depth) {
    kit::SearchLimits limits;
    limits.depth = depth;
    return limits;
}

}  // namespace oaq::test
