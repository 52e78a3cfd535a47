#include "kit/options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

namespace oaq::kit {

namespace {

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

void Options::add(protocol::OptionDecl decl,
                  std::function<Expected<Ok>(const std::string&)> apply) {
    Entry entry{std::move(decl), {}, std::move(apply)};
    entry.current = entry.decl.default_value;
    if (entry.decl.type != protocol::OptionType::Button) (void)entry.apply(entry.current);
    entries_.push_back(std::move(entry));
}

void Options::add_check(std::string name, bool default_value, std::function<void(bool)> on_set) {
    protocol::OptionDecl decl{
        std::move(name), protocol::OptionType::Check, default_value ? "true" : "false", {}, {}, {}};
    add(std::move(decl), [on_set = std::move(on_set)](const std::string& v) -> Expected<Ok> {
        if (v != "true" && v != "false") return fail("a check option takes true or false");
        on_set(v == "true");
        return Ok{};
    });
}

void Options::add_spin(std::string name, long long default_value, long long min, long long max,
                       std::function<void(long long)> on_set) {
    protocol::OptionDecl decl{
        std::move(name), protocol::OptionType::Spin, std::to_string(default_value), min, max, {}};
    add(std::move(decl),
        [min, max, on_set = std::move(on_set)](const std::string& v) -> Expected<Ok> {
            long long n = 0;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (ec != std::errc{} || end != v.data() + v.size())
                return fail("\"" + v + "\" is not an integer");
            if (n < min || n > max)
                return fail(v + " is outside " + std::to_string(min) + ".." + std::to_string(max));
            on_set(n);
            return Ok{};
        });
}

void Options::add_combo(std::string name, std::string default_value, std::vector<std::string> vars,
                        std::function<void(const std::string&)> on_set) {
    protocol::OptionDecl decl{
        std::move(name), protocol::OptionType::Combo, std::move(default_value), {}, {},
        std::move(vars)};
    auto allowed = decl.vars;
    add(std::move(decl),
        [allowed = std::move(allowed),
         on_set = std::move(on_set)](const std::string& v) -> Expected<Ok> {
            const auto it = std::find_if(allowed.begin(), allowed.end(),
                                         [&](const std::string& a) { return same_name(a, v); });
            if (it == allowed.end()) return fail("\"" + v + "\" is not one of the combo's values");
            on_set(*it);
            return Ok{};
        });
}

void Options::add_string(std::string name, std::string default_value,
                         std::function<void(const std::string&)> on_set) {
    protocol::OptionDecl decl{
        std::move(name), protocol::OptionType::String, std::move(default_value), {}, {}, {}};
    add(std::move(decl), [on_set = std::move(on_set)](const std::string& v) -> Expected<Ok> {
        on_set(v);
        return Ok{};
    });
}

void Options::add_button(std::string name, std::function<void()> on_press) {
    protocol::OptionDecl decl{std::move(name), protocol::OptionType::Button, {}, {}, {}, {}};
    add(std::move(decl), [on_press = std::move(on_press)](const std::string&) -> Expected<Ok> {
        on_press();
        return Ok{};
    });
}

Options::Entry* Options::find(std::string_view name) {
    for (auto& e : entries_)
        if (same_name(e.decl.name, name)) return &e;
    return nullptr;
}

const Options::Entry* Options::find(std::string_view name) const {
    for (const auto& e : entries_)
        if (same_name(e.decl.name, name)) return &e;
    return nullptr;
}

Expected<Ok> Options::set(std::string_view name, std::string_view value) {
    Entry* entry = find(name);
    if (entry == nullptr) return fail("no such option: " + std::string(name));
    const std::string text(value);
    auto applied = entry->apply(text);
    if (!applied) return fail("option " + entry->decl.name + ": " + applied.error().message);
    if (entry->decl.type != protocol::OptionType::Button) entry->current = text;
    return Ok{};
}

std::vector<protocol::OptionDecl> Options::declarations() const {
    std::vector<protocol::OptionDecl> out;
    out.reserve(entries_.size());
    for (const auto& e : entries_) out.push_back(e.decl);
    return out;
}

Expected<std::string> Options::value(std::string_view name) const {
    const Entry* entry = find(name);
    if (entry == nullptr) return fail("no such option: " + std::string(name));
    return entry->current;
}

}  // namespace oaq::kit
