#include "reference/evaluation.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

namespace oaq::engines::reference {

namespace {

using rules::kPits;

// What a capture of each pit would take (citizens, plus quan_value for a piece), twice round the
// ring so that pit + k needs no wrap, and the mask of empty pits, twice round too.
struct Contents {
    std::array<int, 2 * kPits> value;
    unsigned empty = 0;
};

Contents contents(const rules::Position& p, int quan_value) {
    Contents c;
    unsigned empty = 0;
    for (int pit = 0; pit < kPits; ++pit) {
        const int n = p.citizens[static_cast<std::size_t>(pit)];
        c.value[static_cast<std::size_t>(pit)] = n;
        empty |= static_cast<unsigned>(n == 0) << pit;
    }
    if (p.pieces & 1u) {
        c.value[0] += quan_value;
        empty &= ~1u;
    }
    if (p.pieces & 2u) {
        c.value[6] += quan_value;
        empty &= ~(1u << 6);
    }
    for (std::size_t pit = 0; pit < kPits; ++pit) c.value[pit + kPits] = c.value[pit];
    c.empty = empty | empty << kPits;
    return c;
}

// The biggest first capture of `side`'s moves that end without a relay: the last stone of a
// sowing of c <= 9 citizens is followed by an empty pit (a gap), and the pit after it holds
// something. The stones sown never reach those two pits, so the test is exact for such moves;
// relays, chains and quan_non protection are left to the search. Branch-free but for the count.
int direct_threat(const Contents& c, rules::Side side) {
    int best = 0;
    const int first = rules::pit_of(side, 1);
    for (int pit = first; pit < first + 5; ++pit) {
        const int n = c.value[static_cast<std::size_t>(pit)];
        if (n == 0 || n > 9) continue;
        const auto right = static_cast<unsigned>(pit + n + 1);         // 2..21
        const auto left = static_cast<unsigned>(pit - n - 1 + kPits);  // 2..21
        const int r = static_cast<int>((c.empty >> right) & 1u) * c.value[right + 1];
        const int l = static_cast<int>((c.empty >> left) & 1u) * c.value[left - 1];
        best = std::max(best, std::max(r, l));
    }
    return best;
}

// The table entry named `name`, or -1.
int table_entry(std::string_view name) {
    if (!name.starts_with("sq_") && !name.starts_with("qu_")) return -1;
    for (int i = 0; i < kTableWeights; ++i)
        if (table_weight_name(i) == name) return i;
    return -1;
}

}  // namespace

Features features(const rules::Position& p, int quan_value) {
    Features f{};
    const rules::Side me = p.side;
    const rules::Side them = rules::opponent(me);
    int board[2] = {0, 0};
    int empty[2] = {0, 0};
    int single[2] = {0, 0};
    int big[2] = {0, 0};
    for (const rules::Side s : {me, them}) {
        const int k = s == me ? 0 : 1;
        const int first = rules::pit_of(s, 1);
        for (int pit = first; pit < first + 5; ++pit) {
            const int c = p.citizens[static_cast<std::size_t>(pit)];
            board[k] += c;
            empty[k] += c == 0;
            single[k] += c == 1;
            big[k] += c >= 10;
        }
    }
    const int pieces = (p.pieces & 1) + ((p.pieces >> 1) & 1);
    const int board_diff = board[0] - board[1];
    f[kMaterial] = material_diff(p, quan_value);
    f[kBoard] = board_diff;
    f[kBoardNoPiece] = pieces == 0 ? board_diff : 0;
    f[kBoardOnePiece] = pieces == 1 ? board_diff : 0;
    f[kEmptySquares] = empty[0] - empty[1];
    f[kSingletons] = single[0] - single[1];
    f[kBigSquares] = big[0] - big[1];
    f[kTempo] = 1;
    f[kRefillSoon] = (board[0] <= 2) - (board[1] <= 2);
    const Contents c = contents(p, quan_value);
    // QW's neighbours are pits 11 and 1, QE's are 5 and 7.
    f[kOpenMandarin] =
        ((c.empty & 0x802u) != 0 ? c.value[0] : 0) + ((c.empty & 0xA0u) != 0 ? c.value[6] : 0);
    f[kMandarinCitizens] = p.citizens[rules::kWestMandarin] + p.citizens[rules::kEastMandarin];
    f[kMyThreat] = direct_threat(c, me);
    f[kTheirThreat] = direct_threat(c, them);
    return f;
}

TableTerms table_terms(const rules::Position& p) {
    TableTerms t{};
    const int pieces = (p.pieces & 1) + ((p.pieces >> 1) & 1);
    std::size_t k = 0;
    for (const rules::Side s : {p.side, rules::opponent(p.side)}) {
        const int whose = s == p.side ? 0 : 1;
        for (int square = 1; square <= 5; ++square) {
            const int n = p.citizens[static_cast<std::size_t>(rules::pit_of(s, square))];
            t[k++] =
                static_cast<std::int16_t>(((pieces * 2 + whose) * 5 + square - 1) * kCountBuckets +
                                          std::min(n, kCountBuckets - 1));
        }
    }
    // The mandarin pits next to the mover's square 1 and square 5.
    const int next[2] = {(rules::pit_of(p.side, 1) + kPits - 1) % kPits,
                         (rules::pit_of(p.side, 5) + 1) % kPits};
    for (int j = 0; j < 2; ++j) {
        const auto pit = static_cast<std::size_t>(next[j]);
        const int piece = p.has_piece(next[j]) ? 1 : 0;
        t[k++] = static_cast<std::int16_t>(kSquareTable + (j * 2 + piece) * kCountBuckets +
                                           std::min<int>(p.citizens[pit], kCountBuckets - 1));
    }
    return t;
}

std::string table_weight_name(int entry) {
    const int n = entry % kCountBuckets;
    if (entry < kSquareTable) {
        const int square = entry / kCountBuckets % 5 + 1;
        const int whose = entry / kCountBuckets / 5 % 2;
        const int pieces = entry / kCountBuckets / 10;
        return "sq_p" + std::to_string(pieces) + (whose == 0 ? "_me_s" : "_op_s") +
               std::to_string(square) + "_n" + std::to_string(n);
    }
    const int m = (entry - kSquareTable) / kCountBuckets;
    return std::string(m / 2 == 0 ? "qu_s1" : "qu_s5") + (m % 2 == 1 ? "_piece_n" : "_none_n") +
           std::to_string(n);
}

bool has_tables(const EvalWeights& weights) {
    return std::any_of(weights.table.begin(), weights.table.end(),
                       [](std::int16_t v) { return v != 0; });
}

int evaluate(const rules::Position& p, int quan_value, const EvalWeights& weights) {
    // Entries that are 0 add nothing: no need to ask has_tables (a scan of every entry) here.
    return evaluate(p, quan_value, weights, true);
}

int evaluate(const rules::Position& p, int quan_value, const EvalWeights& weights,
             bool with_tables) {
    const Features f = features(p, quan_value);
    int sum = 0;
    for (int i = 0; i < kFeatureCount; ++i)
        sum += weights.w[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
    // The tables cost about 7% of the search's speed; a model without them does not pay it.
    if (with_tables)
        for (const std::int16_t entry : table_terms(p))
            sum += weights.table[static_cast<std::size_t>(entry)];
    return std::clamp(sum, -19999, 19999);
}

std::string format_weights(const EvalWeights& weights) {
    std::string out;
    for (int i = 0; i < kFeatureCount; ++i) {
        out += kFeatureNames[static_cast<std::size_t>(i)];
        out += ' ';
        out += std::to_string(weights.w[static_cast<std::size_t>(i)]);
        out += '\n';
    }
    for (int i = 0; i < kTableWeights; ++i) {
        if (weights.table[static_cast<std::size_t>(i)] == 0) continue;
        out += table_weight_name(i);
        out += ' ';
        out += std::to_string(weights.table[static_cast<std::size_t>(i)]);
        out += '\n';
    }
    return out;
}

Expected<EvalWeights> parse_weights(std::string_view text) {
    EvalWeights out;
    out.table = {};
    std::vector<bool> seen(kFeatureCount, false);
    std::size_t line_no = 0;
    while (!text.empty()) {
        const auto eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++line_no;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        if (line.empty() || line.front() == '#') continue;
        const auto space = line.find(' ');
        if (space == std::string_view::npos)
            return fail("weights: line " + std::to_string(line_no) + ": expected `name value`");
        const std::string_view name = line.substr(0, space);
        const std::string_view value = line.substr(space + 1);
        const auto it = std::find(kFeatureNames.begin(), kFeatureNames.end(), name);
        const int entry = it == kFeatureNames.end() ? table_entry(name) : -1;
        if (it == kFeatureNames.end() && entry < 0)
            return fail("weights: line " + std::to_string(line_no) + ": unknown feature " +
                        std::string(name));
        int w = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), w);
        if (ec != std::errc{} || end != value.data() + value.size() || w < -10000 || w > 10000)
            return fail("weights: line " + std::to_string(line_no) + ": bad value " +
                        std::string(value));
        if (entry >= 0) {
            out.table[static_cast<std::size_t>(entry)] = static_cast<std::int16_t>(w);
            continue;
        }
        const auto i = static_cast<std::size_t>(it - kFeatureNames.begin());
        out.w[i] = w;
        seen[i] = true;
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
        if (!seen[i]) return fail("weights: missing " + std::string(kFeatureNames[i]));
    return out;
}

}  // namespace oaq::engines::reference
