// CompiledRules: how the reference engine plays moves under one rule set. The search is a template
// over a "rules" type R with two members, `play<Dir>(position, square)` and the directions a move
// may take; with_compiled_rules() picks R once per search, as perft does (referee/rules/perft.cpp):
// - StaticRules<S, Left, Right>: play_with() of referee/rules/turn_impl.hpp inlined into the search
//   with the yes/no switches S and the directions fixed at compile time, for the rule sets the
//   presets name (kCompiled below);
// - RuntimeRules: rules::play() and rules::legal_moves()' direction test, the public rules API,
//   for every other rule set. It is the fallback that keeps the engine correct under any rules
//   string, including switches added to the rules library after this file was written: a rule set
//   is compiled only when its Rules value equals a compiled one in every field that can change
//   play (so a new field with a non-default value always falls back).
// Never allocates; both kinds play exactly what rules::play() plays (tests compare them).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"
#include "rules/turn_impl.hpp"

namespace oaq::engines::reference {

template <class S, bool Left, bool Right>
class StaticRules {
  public:
    static constexpr bool kCompiled = true;
    explicit StaticRules(const rules::Rules& r) : s_(r) {}
    static constexpr bool left() { return Left; }
    static constexpr bool right() { return Right; }
    template <int Dir>
    [[gnu::always_inline]] rules::Position play(const rules::Position& p, std::uint8_t k) const {
        return rules::detail::play_with<Dir>(p, k, s_);
    }

  private:
    S s_;
};

class RuntimeRules {
  public:
    static constexpr bool kCompiled = false;
    explicit RuntimeRules(const rules::Rules& r)
        : rules_(r),
          left_(r.direction != rules::DirectionRule::Ccw),
          right_(r.direction != rules::DirectionRule::Cw) {}
    bool left() const { return left_; }
    bool right() const { return right_; }
    template <int Dir>
    rules::Position play(const rules::Position& p, std::uint8_t k) const {
        return rules::play(p, rules::Move{k, Dir > 0 ? rules::Direction::R : rules::Direction::L},
                           rules_);
    }

  private:
    rules::Rules rules_;
    bool left_;
    bool right_;
};

// The rule sets compiled in: the distinct move rules of the presets. quan_value, quan_setup and
// the K of quan_non change no move (K stays a run-time value), so they are normalised away.
inline constexpr std::array<std::string_view, 5> kCompiledPresets = {
    "standard", "stop-after-capture", "quan-non", "no-empty-gap", "village"};

// `r` with the fields that do not change how a move is played set to fixed values.
inline rules::Rules move_rules(rules::Rules r) {
    r.quan_value = 10;
    r.quan_setup = rules::QuanSetup::Piece;
    r.quan_non = r.quan_non != 0 ? 1 : 0;
    return r;
}

// Which of kCompiledPresets plays like `r` (an index), or -1 when none does.
int compiled_index(const rules::Rules& r);

// Calls f(R) with R = the rules type for `r`: a StaticRules instantiation when r plays like a
// compiled preset (and `allow_compiled`), else RuntimeRules. The one run-time dispatch of a search.
template <class F>
decltype(auto) with_compiled_rules(const rules::Rules& r, bool allow_compiled, F&& f) {
    using rules::detail::StaticSwitches;
    // StaticSwitches<EmptyQuanGap, Relay, Chain, Protect, FirstCapture>
    switch (allow_compiled ? compiled_index(r) : -1) {
        case 0:
            return f(StaticRules<StaticSwitches<true, true, true, false, false>, true, true>(r));
        case 1:
            return f(StaticRules<StaticSwitches<true, false, true, false, false>, true, true>(r));
        case 2:
            return f(StaticRules<StaticSwitches<true, true, true, true, false>, true, true>(r));
        case 3:
            return f(StaticRules<StaticSwitches<false, true, true, false, false>, true, true>(r));
        case 4:
            return f(StaticRules<StaticSwitches<true, false, true, false, true>, true, false>(r));
        default:
            return f(RuntimeRules(r));
    }
}

}  // namespace oaq::engines::reference
