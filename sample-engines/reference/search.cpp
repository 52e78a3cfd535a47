#include "reference/search.hpp"

#include "reference/compiled_rules.hpp"
#include "reference/search_impl.hpp"

namespace oaq::engines::reference {

int compiled_index(const rules::Rules& r) {
    // The presets as the rules library defines them today; the switch values of each case of
    // with_compiled_rules() are checked against them, so a preset redefined in the library can
    // never run under the wrong instantiation (it falls back instead).
    static const auto table = [] {
        struct Entry {
            rules::Rules rules;
            bool valid;
        };
        std::array<Entry, kCompiledPresets.size()> t{};
        const bool expected[kCompiledPresets.size()][6] = {
            // empty_quan_gap, relay, chain, protect, first_capture, direction=cw
            {true, true, true, false, false, false},
            {true, false, true, false, false, false},
            {true, true, true, true, false, false},
            {false, true, true, false, false, false},
            {true, false, true, false, true, true}};
        for (std::size_t i = 0; i < t.size(); ++i) {
            const auto parsed = rules::parse_rules(kCompiledPresets[i]);
            if (!parsed) continue;
            const rules::Rules m = move_rules(*parsed);
            const bool* e = expected[i];
            const bool cw = m.direction == rules::DirectionRule::Cw;
            t[i].valid = (m.direction == rules::DirectionRule::Free || cw) &&
                         m.empty_quan_gap == e[0] &&
                         (m.after_capture == rules::AfterCapture::Relay) == e[1] &&
                         m.chain == e[2] && (m.quan_non != 0) == e[3] &&
                         (m.end == rules::EndRule::FirstMandarinCapture) == e[4] && cw == e[5];
            t[i].rules = m;
        }
        return t;
    }();
    const rules::Rules key = move_rules(r);
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table[i].valid && table[i].rules == key) return static_cast<int>(i);
    return -1;
}

std::unique_ptr<Search> make_search(const SearchSetup& setup, TranspositionTable& table,
                                    kit::SearchControl& control) {
    return with_compiled_rules(setup.rules, setup.options.compiled,
                               [&](const auto& r) -> std::unique_ptr<Search> {
                                   using R = std::decay_t<decltype(r)>;
                                   return std::make_unique<SearchImpl<R>>(setup, table, control);
                               });
}

}  // namespace oaq::engines::reference
