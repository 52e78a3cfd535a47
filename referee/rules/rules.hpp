// Rules: the rule set a game is played under (rules.md section 6). Every switch is a run-time
// value, so one build of the referee and the engines serves every variant. The rules string is a
// preset name optionally followed by `switch=value` overrides; its expanded form is one canonical
// string per rule set, so two games with the same expanded string were played under exactly the
// same rules. Pure: no I/O, standard library only.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "common/expected.hpp"

namespace oaq::rules {

enum class QuanSetup : unsigned char { Piece, Stones10 };
enum class DirectionRule : unsigned char { Free, Cw, Ccw };
enum class AfterCapture : unsigned char { Relay, Stop };
enum class EndRule : unsigned char { MandarinsEmpty, FirstMandarinCapture };
enum class RefillRule : unsigned char { Borrow, OwnOrLose };

struct Rules {
    int quan_value = 10;                      // points per captured mandarin piece: 10 or 5
    QuanSetup quan_setup = QuanSetup::Piece;  // what a mandarin pit holds at the start
    DirectionRule direction = DirectionRule::Free;
    bool empty_quan_gap = true;  // an empty mandarin pit counts as a gap
    AfterCapture after_capture = AfterCapture::Relay;
    bool chain = true;  // captures chain over further gaps
    int quan_non = 0;   // young-mandarin protection threshold (0 = off)
    EndRule end = EndRule::MandarinsEmpty;
    RefillRule refill = RefillRule::Borrow;  // 3.1: borrow a shortfall, or own_or_lose
    int players = 2;  // seats around the ring of 6 x players pits: 2, 3 or 4 (section 9)

    friend bool operator==(const Rules&, const Rules&) = default;
};

struct Preset {
    std::string_view name;
    std::string_view overrides;  // in rules-string syntax, empty for standard
    std::string_view meaning;
};

// The presets of rules.md section 6, in the order the document lists them.
const std::array<Preset, 7>& presets();

// Parses "standard", "village", "standard,quan_non=5", or a bare override list such as
// "quan_value=5,chain=no" (taken as overrides of standard). Errors name the item and the reason.
Expected<Rules> parse_rules(std::string_view text);

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 4;

// The expanded canonical form: the eight original switches always, in table order, then `refill`
// only when it is not its default `borrow` and `players` only when it is not its default 2, e.g.
// "quan_value=10,quan_setup=piece,direction=free,empty_quan_gap=yes,after_capture=relay,
// chain=yes,quan_non=0,end=mandarins_empty" (standard) and
// "...,after_capture=stop,...,end=mandarins_empty,refill=own_or_lose" (tg-standard). So every
// string stored or sent to an engine before `refill` existed is still the expanded form of the same
// rules. parse_rules accepts it back (and accepts an explicit refill=borrow or players=2).
// "standard,players=3" expands to standard's string followed by ",players=3".
std::string expanded(const Rules& rules);

// The shortest name for people: a preset name when one matches, else "standard,<overrides>".
std::string short_name(const Rules& rules);

}  // namespace oaq::rules
