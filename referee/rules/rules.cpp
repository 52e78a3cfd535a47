#include "rules/rules.hpp"

#include <charconv>
#include <vector>

#include "rules/split.hpp"

namespace oaq::rules {

const std::array<Preset, 7>& presets() {
    static const std::array<Preset, 7> list{{
        {"standard", "", "all defaults"},
        {"stop-after-capture", "after_capture=stop", "a full square after a capture ends the turn"},
        {"quan-non", "quan_non=5",
         "a mandarin pit with its piece and fewer than 5 citizens is safe"},
        {"quan5", "quan_value=5", "a mandarin piece is worth 5"},
        {"no-empty-gap", "empty_quan_gap=no", "an empty mandarin pit is no gap"},
        {"village",
         "quan_setup=stones10,direction=cw,after_capture=stop,end=first_mandarin_capture",
         "10 citizens per mandarin pit, clockwise only, the first mandarin capture ends the game"},
        {"tg-standard", "after_capture=stop,refill=own_or_lose",
         "TheGiver262's standard_v1: stop after a capture; below 5 points at a refill loses"},
    }};
    return list;
}

namespace {

using detail::quoted;
using detail::split;

Error bad_value(std::string_view key, std::string_view value, std::string_view expected) {
    return fail("rules: " + std::string(key) + "=" + std::string(value) + ": expected " +
                std::string(expected));
}

// Applies one `key=value` override; returns an error naming the item when it is not one.
Expected<bool> apply_override(Rules& rules, std::string_view item) {
    auto eq = item.find('=');
    if (eq == std::string_view::npos) {
        return fail("rules: " + quoted(item) + " is not a preset name or a switch=value override");
    }
    auto key = item.substr(0, eq);
    auto value = item.substr(eq + 1);
    auto yes_no = [&](bool& field) -> Expected<bool> {
        if (value == "yes")
            field = true;
        else if (value == "no")
            field = false;
        else
            return bad_value(key, value, "yes or no");
        return true;
    };
    if (key == "quan_value") {
        if (value == "10")
            rules.quan_value = 10;
        else if (value == "5")
            rules.quan_value = 5;
        else
            return bad_value(key, value, "10 or 5");
    } else if (key == "quan_setup") {
        if (value == "piece")
            rules.quan_setup = QuanSetup::Piece;
        else if (value == "stones10")
            rules.quan_setup = QuanSetup::Stones10;
        else
            return bad_value(key, value, "piece or stones10");
    } else if (key == "direction") {
        if (value == "free")
            rules.direction = DirectionRule::Free;
        else if (value == "cw")
            rules.direction = DirectionRule::Cw;
        else if (value == "ccw")
            rules.direction = DirectionRule::Ccw;
        else
            return bad_value(key, value, "free, cw or ccw");
    } else if (key == "empty_quan_gap") {
        return yes_no(rules.empty_quan_gap);
    } else if (key == "after_capture") {
        if (value == "relay")
            rules.after_capture = AfterCapture::Relay;
        else if (value == "stop")
            rules.after_capture = AfterCapture::Stop;
        else
            return bad_value(key, value, "relay or stop");
    } else if (key == "chain") {
        return yes_no(rules.chain);
    } else if (key == "quan_non") {
        int k = 0;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), k);
        // rules.md allows any K > 0; a K above the citizens in play simply always protects.
        if (ec != std::errc() || end != value.data() + value.size() || k < 0) {
            return bad_value(key, value, "a whole number, 0 (off) or more");
        }
        rules.quan_non = k;
    } else if (key == "end") {
        if (value == "mandarins_empty")
            rules.end = EndRule::MandarinsEmpty;
        else if (value == "first_mandarin_capture")
            rules.end = EndRule::FirstMandarinCapture;
        else
            return bad_value(key, value, "mandarins_empty or first_mandarin_capture");
    } else if (key == "refill") {
        if (value == "borrow")
            rules.refill = RefillRule::Borrow;
        else if (value == "own_or_lose")
            rules.refill = RefillRule::OwnOrLose;
        else
            return bad_value(key, value, "borrow or own_or_lose");
    } else if (key == "players") {
        if (value.size() != 1 || value[0] < '0' + kMinPlayers || value[0] > '0' + kMaxPlayers)
            return bad_value(key, value, "2, 3 or 4");
        rules.players = value[0] - '0';
    } else {
        return fail("rules: unknown switch " + quoted(key) +
                    " (known: quan_value, quan_setup, direction, empty_quan_gap, after_capture, "
                    "chain, quan_non, end, refill, players)");
    }
    return true;
}

}  // namespace

Expected<Rules> parse_rules(std::string_view text) {
    Rules rules;
    if (text.empty()) return fail("rules: empty rules string");
    auto items = split(text, ',');
    std::size_t first = 0;
    if (items[0].find('=') == std::string_view::npos) {
        const Preset* found = nullptr;
        for (const auto& p : presets()) {
            if (p.name == items[0]) found = &p;
        }
        if (!found) {
            return fail("rules: unknown preset " + quoted(items[0]) +
                        " (known: standard, stop-after-capture, quan-non, quan5, no-empty-gap, "
                        "village, tg-standard)");
        }
        if (!found->overrides.empty()) {
            for (auto item : split(found->overrides, ',')) apply_override(rules, item);
        }
        first = 1;
    }
    for (std::size_t i = first; i < items.size(); ++i) {
        if (items[i].empty()) return fail("rules: empty item " + std::to_string(i + 1));
        auto applied = apply_override(rules, items[i]);
        if (!applied) return applied.error();
    }
    return rules;
}

std::string expanded(const Rules& r) {
    std::string s;
    s += "quan_value=" + std::to_string(r.quan_value);
    s += r.quan_setup == QuanSetup::Piece ? ",quan_setup=piece" : ",quan_setup=stones10";
    s += r.direction == DirectionRule::Free ? ",direction=free"
         : r.direction == DirectionRule::Cw ? ",direction=cw"
                                            : ",direction=ccw";
    s += r.empty_quan_gap ? ",empty_quan_gap=yes" : ",empty_quan_gap=no";
    s += r.after_capture == AfterCapture::Relay ? ",after_capture=relay" : ",after_capture=stop";
    s += r.chain ? ",chain=yes" : ",chain=no";
    s += ",quan_non=" + std::to_string(r.quan_non);
    s += r.end == EndRule::MandarinsEmpty ? ",end=mandarins_empty" : ",end=first_mandarin_capture";
    // A switch added after games were stored is named only away from its default: every stored
    // expanded string, and every one sent to an engine built before it, stays what it was.
    if (r.refill == RefillRule::OwnOrLose) s += ",refill=own_or_lose";
    if (r.players != 2) s += ",players=" + std::to_string(r.players);
    return s;
}

std::string short_name(const Rules& rules) {
    // The number of players is named after the preset it goes with: "village,players=3".
    Rules two = rules;
    two.players = 2;
    const std::string players =
        rules.players == 2 ? std::string() : ",players=" + std::to_string(rules.players);
    for (const auto& p : presets()) {
        if (parse_rules(p.name).value() == two) return std::string(p.name) + players;
    }
    // Name only the switches that differ from standard.
    // split() returns views, so the expanded strings must outlive them.
    const std::string ours_text = expanded(rules);
    const std::string base_text = expanded(Rules{});
    auto ours = split(ours_text, ',');
    auto base = split(base_text, ',');
    std::string s = "standard";
    // A later switch away from its default is past the end of standard's expanded form.
    for (std::size_t i = 0; i < ours.size(); ++i) {
        if (i >= base.size() || ours[i] != base[i]) s += "," + std::string(ours[i]);
    }
    return s;
}

}  // namespace oaq::rules
