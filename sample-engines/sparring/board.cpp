// oaq-sparring's rules, from protocol-spec/rules.md (section numbers cited inline).
#include "board.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace sparring {

namespace {

bool is_mandarin(int pit) {
    return pit == 0 || pit == 6;
}

int next(int pit, int dir) {
    return (pit + dir + 12) % 12;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, sep)) out.push_back(item);
    return out;
}

bool to_int(const std::string& text, int& out) {
    if (text.empty() || text.size() > 6) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    out = std::atoi(text.c_str());
    return true;
}

// The switch values every rule set this bot plays shares (rules.md 6): anything else is refused.
bool fixed_switch_ok(const std::string& key, const std::string& value) {
    static const char* const kFixed[][2] = {{"quan_value", "10"},       {"quan_setup", "piece"},
                                            {"direction", "free"},      {"empty_quan_gap", "yes"},
                                            {"chain", "yes"},           {"quan_non", "0"},
                                            {"end", "mandarins_empty"}, {"players", "2"}};
    for (const auto& f : kFixed)
        if (key == f[0]) return value == f[1];
    return false;
}

}  // namespace

std::optional<RuleSet> parse_rules(const std::string& text, std::string& why) {
    RuleSet r;
    const auto items = split(text, ',');
    if (items.empty()) {
        why = "empty rules";
        return std::nullopt;
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string& item = items[i];
        const auto eq = item.find('=');
        if (eq == std::string::npos) {
            if (i != 0) {
                why = item + ": a preset comes first";
                return std::nullopt;
            }
            if (item == "stop-after-capture")
                r.stop_after_capture = true;
            else if (item == "tg-standard")
                r = {true, true};
            else if (item != "standard") {
                why = item + ": not a preset this bot plays";
                return std::nullopt;
            }
            continue;
        }
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "after_capture" && (value == "relay" || value == "stop")) {
            r.stop_after_capture = value == "stop";
        } else if (key == "refill" && (value == "borrow" || value == "own_or_lose")) {
            r.refill_or_lose = value == "own_or_lose";
        } else if (!fixed_switch_ok(key, value)) {
            why = item + ": not a switch value this bot plays";
            return std::nullopt;
        }
    }
    return r;
}

std::string to_text(Move m) {
    return std::to_string(m.square) + (m.dir > 0 ? "R" : "L");
}

std::optional<Move> parse_move(const std::string& text) {
    if (text.size() != 2 || text[0] < '1' || text[0] > '5') return std::nullopt;
    if (text[1] != 'L' && text[1] != 'R') return std::nullopt;
    return Move{text[0] - '0', text[1] == 'R' ? 1 : -1};
}

Board Board::start() {
    Board b;
    for (int p = 0; p < 12; ++p) b.pits[p] = is_mandarin(p) ? 0 : 5;
    b.piece[0] = b.piece[1] = true;
    return b;
}

std::optional<Board> Board::parse(const std::vector<std::string>& f, std::string& why) {
    Board b;
    const auto cells = f.empty() ? std::vector<std::string>{} : split(f[0], ',');
    if (f.size() < 6 || cells.size() != 12) {
        why = "expected 6 fields and 12 pits";
        return std::nullopt;
    }
    for (int p = 0; p < 12; ++p) {
        std::string cell = cells[static_cast<std::size_t>(p)];
        if (is_mandarin(p) && !cell.empty() && cell[0] == 'Q') {
            b.piece[p == 0 ? 0 : 1] = true;
            cell = cell.substr(1);
        }
        if (!to_int(cell, b.pits[p])) {
            why = "pit " + std::to_string(p) + ": bad count";
            return std::nullopt;
        }
    }
    if (f[1] != "S" && f[1] != "N") {
        why = "side is not S or N";
        return std::nullopt;
    }
    b.side = f[1] == "S" ? 0 : 1;
    for (int who = 0; who < 2; ++who) {
        const auto store = split(f[2 + static_cast<std::size_t>(who)], '+');
        if (store.size() != 2 || !to_int(store[0], b.stones[who]) ||
            !to_int(store[1], b.pieces[who]) ||
            !to_int(f[4 + static_cast<std::size_t>(who)], b.debt[who])) {
            why = "bad store or debt";
            return std::nullopt;
        }
    }
    return b;
}

bool Board::is_empty(int pit) const {
    return pits[pit] == 0 && !(is_mandarin(pit) && piece[pit == 0 ? 0 : 1]);
}

bool Board::is_legal(Move m) const {
    if (is_over() || m.square < 1 || m.square > 5 || (m.dir != 1 && m.dir != -1)) return false;
    return pits[side * 6 + m.square] > 0;
}

std::vector<Move> Board::moves() const {
    std::vector<Move> out;
    if (is_over()) return out;
    for (int k = 1; k <= 5; ++k)
        if (pits[side * 6 + k] > 0) {
            out.push_back({k, -1});
            out.push_back({k, 1});
        }
    return out;
}

void Board::play(Move m, const RuleSet& rules) {
    int pit = side * 6 + m.square;
    const int dir = m.dir;
    for (;;) {
        // Sowing (3.3): every citizen of the pit, one per pit, every pit counts.
        int hand = pits[pit];
        pits[pit] = 0;
        while (hand-- > 0) {
            pit = next(pit, dir);
            ++pits[pit];
        }
        int n = next(pit, dir);
        if (!is_mandarin(n) && pits[n] > 0) {  // relay (3.4)
            pit = n;
            continue;
        }
        if (!is_empty(n)) break;  // a mandarin pit that is not empty
        // n is a gap: capture what follows, chaining over gaps (3.4, 3.5).
        bool relayed = false;
        for (int c = next(n, dir); !is_empty(c);) {
            stones[side] += pits[c];
            pits[c] = 0;
            if (is_mandarin(c) && piece[c == 0 ? 0 : 1]) {
                piece[c == 0 ? 0 : 1] = false;
                ++pieces[side];
            }
            const int d = next(c, dir);
            if (!is_mandarin(d) && pits[d] > 0) {
                if (!rules.stop_after_capture) {
                    pit = d;
                    relayed = true;
                }
                break;
            }
            if (!is_empty(d)) break;
            c = next(d, dir);
        }
        if (!relayed) break;
    }
    side ^= 1;
    if (is_empty(0) && is_empty(6)) {  // 4: both mandarin pits empty
        finish(End::Board);
        return;
    }
    begin_turn(rules);
}

void Board::begin_turn(const RuleSet& rules) {
    const int base = side * 6;
    for (int k = 1; k <= 5; ++k)
        if (pits[base + k] > 0) return;
    const int me = side, opp = side ^ 1;
    if (rules.refill_or_lose) {  // 3.1, refill=own_or_lose
        if (score(me) < 5) {
            loser = me;
            finish(End::RefillLoss);
            return;
        }
        while (stones[me] < 5 && pieces[me] > 0) {
            --pieces[me];
            stones[me] += 10;
        }
    }
    if (stones[me] + stones[opp] < 5) {
        finish(End::RefillImpossible);
        return;
    }
    const int own = std::min(5, stones[me]);
    stones[me] -= own;
    stones[opp] -= 5 - own;
    debt[me] += 5 - own;
    for (int k = 1; k <= 5; ++k) pits[base + k] = 1;
}

void Board::settle() {
    for (int who = 0; who < 2; ++who)
        for (int k = 1; k <= 5; ++k) {
            stones[who] += pits[who * 6 + k];
            pits[who * 6 + k] = 0;
        }
}

void Board::finish(End why) {
    end = why;
    settle();
}

int Board::score(int who) const {
    return stones[who] + 10 * pieces[who] - debt[who] + debt[who ^ 1];
}

int Board::result_for_mover() const {
    if (end == End::RefillLoss) return loser == side ? -1 : 1;
    const int diff = score(side) - score(side ^ 1);
    return diff > 0 ? 1 : diff < 0 ? -1 : 0;
}

std::uint64_t Board::hash() const {
    // splitmix64 over every field: the position string's fields, no Zobrist tables to keep.
    std::uint64_t h = side == 0 ? 0x9E3779B97F4A7C15ULL : 0xD1B54A32D192ED03ULL;
    auto mix = [&h](std::uint64_t v) {
        h += v + 0x9E3779B97F4A7C15ULL;
        h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
        h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
        h ^= h >> 31;
    };
    for (int p = 0; p < 12; p += 4)
        mix(static_cast<std::uint64_t>(pits[p]) | static_cast<std::uint64_t>(pits[p + 1]) << 16 |
            static_cast<std::uint64_t>(pits[p + 2]) << 32 |
            static_cast<std::uint64_t>(pits[p + 3]) << 48);
    mix(static_cast<std::uint64_t>(stones[0]) | static_cast<std::uint64_t>(stones[1]) << 16 |
        static_cast<std::uint64_t>(pieces[0]) << 32 | static_cast<std::uint64_t>(pieces[1]) << 40 |
        static_cast<std::uint64_t>(piece[0]) << 48 | static_cast<std::uint64_t>(piece[1]) << 49);
    mix(static_cast<std::uint64_t>(debt[0]) | static_cast<std::uint64_t>(debt[1]) << 16);
    return h;
}

std::uint64_t perft(const Board& b, int depth, const RuleSet& rules) {
    if (depth == 0) return 1;
    std::uint64_t total = 0;
    for (const Move m : b.moves()) {
        Board child = b;
        child.play(m, rules);
        if (depth == 1)
            ++total;
        else if (!child.is_over())
            total += perft(child, depth - 1, rules);
    }
    return total;
}

}  // namespace sparring
