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

int evaluate(const rules::Position& p, int quan_value, const EvalWeights& weights) {
    const Features f = features(p, quan_value);
    int sum = 0;
    for (int i = 0; i < kFeatureCount; ++i)
        sum += weights.w[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
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
    return out;
}

Expected<EvalWeights> parse_weights(std::string_view text) {
    EvalWeights out;
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
        if (it == kFeatureNames.end())
            return fail("weights: line " + std::to_string(line_no) + ": unknown feature " +
                        std::string(name));
        int w = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), w);
        if (ec != std::errc{} || end != value.data() + value.size() || w < -10000 || w > 10000)
            return fail("weights: line " + std::to_string(line_no) + ": bad value " +
                        std::string(value));
        const auto i = static_cast<std::size_t>(it - kFeatureNames.begin());
        out.w[i] = w;
        seen[i] = true;
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
        if (!seen[i]) return fail("weights: missing " + std::string(kFeatureNames[i]));
    return out;
}

}  // namespace oaq::engines::reference
