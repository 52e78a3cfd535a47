#include "reference/endgame_table.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <thread>

#include "reference/compiled_rules.hpp"
#include "rules/turn.hpp"

namespace oaq::engines::reference {

namespace {

constexpr char kMagic[8] = {'O', 'A', 'Q', 'T', 'B', 'L', '\n', '\0'};
constexpr int kInf = 1000;  // beyond any value: "unknown" ends of an interval while building
constexpr int kMaxValue = 127;
constexpr int kStallSweeps = 12;

std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t h = 0xcbf29ce484222325ull) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
        h ^= bytes[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

int board_citizens(const rules::Position& p) {
    int n = 0;
    for (const auto c : p.citizens) n += c;
    return n;
}

int total_citizens(const rules::Rules& rules) {
    const rules::Position start = rules::start_position(rules);
    return board_citizens(start);
}

// Future net gain of the mover of `before` made by the move to `after` (after's side to move is
// the opponent): the change of the score difference, settlement included when the game ended.
int gain_of(const rules::Position& before, const rules::Position& after, int quan_value) {
    auto diff = [quan_value](const rules::Position& p) {
        const auto me = static_cast<std::size_t>(rules::index(p.side));
        const auto them = 1 - me;
        return p.store_citizens[me] + quan_value * p.store_pieces[me] - p.debt[me] + p.debt[them] -
               (p.store_citizens[them] + quan_value * p.store_pieces[them] - p.debt[them] +
                p.debt[me]);
    };
    return -diff(after) - diff(before);
}

// Settled now (the game ends by the ply limit or a repetition): own squares minus theirs.
int settle_value(const rules::Position& p) {
    int mine = 0;
    int theirs = 0;
    const int first = rules::pit_of(p.side, 1);
    const int other = rules::pit_of(rules::opponent(p.side), 1);
    for (int k = 0; k < 5; ++k) {
        mine += p.citizens[static_cast<std::size_t>(first + k)];
        theirs += p.citizens[static_cast<std::size_t>(other + k)];
    }
    return mine - theirs;
}

template <class R>
class Builder {
  public:
    Builder(const rules::Rules& rules, const R& r, const TableIndex& index, int total)
        : rules_(rules), r_(r), index_(index), total_(total) {}

    // A position to move in: the side to move holds citizens and the game is not over.
    bool is_valid(const rules::Position& p) const {
        if (p.is_over()) return false;
        const int first = rules::pit_of(p.side, 1);
        for (int k = 0; k < 5; ++k)
            if (p.citizens[static_cast<std::size_t>(first + k)] != 0) return true;
        return false;
    }

    // The table's stand-in for the position of index i: the stores hold what the board does not
    // (the refill's condition then holds), no debts.
    rules::Position position(std::uint64_t i) const {
        rules::Position p = index_.position(i);
        p.store_citizens[0] = static_cast<std::uint8_t>(total_ - board_citizens(p));
        if (rules_.end == rules::EndRule::MandarinsEmpty && p.pieces == 0 &&
            p.citizens[rules::kWestMandarin] == 0 && p.citizens[rules::kEastMandarin] == 0)
            p.end = rules::EndReason::MandarinsEmpty;
        return p;
    }

    // One sweep over the boards [first, last): next = T(current) on intervals. Returns the
    // number of positions whose interval changed.
    std::uint64_t sweep(const std::vector<std::int16_t>& lo, const std::vector<std::int16_t>& hi,
                        std::vector<std::int16_t>& next_lo, std::vector<std::int16_t>& next_hi,
                        const std::vector<bool>& valid, std::uint64_t first,
                        std::uint64_t last) const {
        std::uint64_t changed = 0;
        for (std::uint64_t board = first; board < last; ++board) {
            // The 8 indices of a board differ in pieces and side only.
            const rules::Position base = index_.position(board * 8);
            for (std::uint64_t i = board * 8; i < board * 8 + 8; ++i) {
                if (!valid[i]) continue;
                rules::Position p = base;
                p.side = static_cast<rules::Side>(i & 1);
                p.pieces = static_cast<std::uint8_t>((i >> 1) & 3);
                p.store_citizens[0] = static_cast<std::uint8_t>(total_ - board_citizens(p));
                const auto [nl, nh] = update(p, lo, hi);
                if (nl != lo[i] || nh != hi[i]) ++changed;
                next_lo[i] = nl;
                next_hi[i] = nh;
            }
        }
        return changed;
    }

    // T at one position: the best interval over its moves.
    std::pair<std::int16_t, std::int16_t> update(const rules::Position& p,
                                                 const std::vector<std::int16_t>& lo,
                                                 const std::vector<std::int16_t>& hi) const {
        int best_lo = -kInf;
        int best_hi = -kInf;
        auto visit = [&](const rules::Position& child) {
            const int g = gain_of(p, child, rules_.quan_value);
            int c_lo = 0;
            int c_hi = 0;
            if (child.is_over()) {
                c_lo = c_hi = g;
            } else if (const auto ci = index_.index(child)) {
                c_lo = hi[*ci] >= kInf ? -kInf : g - hi[*ci];
                c_hi = lo[*ci] <= -kInf ? kInf : g - lo[*ci];
            } else {
                c_lo = -kInf;  // a refill led out of the table
                c_hi = kInf;
            }
            best_lo = std::max(best_lo, c_lo);
            best_hi = std::max(best_hi, c_hi);
        };
        const int first = rules::pit_of(p.side, 1);
        for (std::uint8_t k = 1; k <= 5; ++k) {
            if (p.citizens[static_cast<std::size_t>(first + k - 1)] == 0) continue;
            if (r_.left()) visit(r_.template play<-1>(p, k));
            if (r_.right()) visit(r_.template play<1>(p, k));
        }
        // A value past what a byte holds can only come from a cycle that gains every time round
        // (a side forced to refill again and again): it has no limit-free value, so unknown.
        const int nl = best_lo < -kMaxValue ? -kInf : best_lo > kMaxValue ? kInf : best_lo;
        const int nh = best_hi > kMaxValue ? kInf : best_hi < -kMaxValue ? -kInf : best_hi;
        return {static_cast<std::int16_t>(nl), static_cast<std::int16_t>(nh)};
    }

  private:
    const rules::Rules& rules_;
    const R& r_;
    const TableIndex& index_;
    int total_;
};

}  // namespace

TableIndex::TableIndex(int max_citizens) : n_(std::clamp(max_citizens, 0, kMaxTableCitizens)) {
    ways_.assign(rules::kPits + 1, std::vector<std::uint64_t>(static_cast<std::size_t>(n_) + 1, 0));
    for (int r = 0; r <= n_; ++r) ways_[1][static_cast<std::size_t>(r)] = 1;
    for (int k = 2; k <= rules::kPits; ++k)
        for (int r = 0; r <= n_; ++r)
            for (int j = 0; j <= r; ++j)
                ways_[static_cast<std::size_t>(k)][static_cast<std::size_t>(r)] +=
                    ways(k - 1, r - j);
    first_of_total_.assign(static_cast<std::size_t>(n_) + 2, 0);
    for (int t = 0; t <= n_; ++t)
        first_of_total_[static_cast<std::size_t>(t) + 1] =
            first_of_total_[static_cast<std::size_t>(t)] + ways(rules::kPits, t);
    size_ = first_of_total_[static_cast<std::size_t>(n_) + 1] * 8;
    stride_ = static_cast<std::size_t>(n_) + 1;
    below_.assign(rules::kPits * stride_ * stride_, 0);
    for (int pit = 0; pit < rules::kPits - 1; ++pit)
        for (int left = 0; left <= n_; ++left)
            for (int c = 1; c <= left; ++c)
                below_[(static_cast<std::size_t>(pit) * stride_ + static_cast<std::size_t>(left)) *
                           stride_ +
                       static_cast<std::size_t>(c)] =
                    below(pit, left, c - 1) + ways(rules::kPits - 1 - pit, left - (c - 1));
}

std::optional<std::uint64_t> TableIndex::index(const rules::Position& p) const {
    int n = 0;
    for (const auto c : p.citizens) n += c;
    if (n > n_) return std::nullopt;
    std::uint64_t rank = first_of_total_[static_cast<std::size_t>(n)];
    int left = n;
    for (int pit = 0; pit < rules::kPits - 1; ++pit) {
        const int c = p.citizens[static_cast<std::size_t>(pit)];
        rank += below(pit, left, c);
        left -= c;
    }
    return (rank * 4 + (p.pieces & 3u)) * 2 + static_cast<std::uint64_t>(rules::index(p.side));
}

rules::Position TableIndex::position(std::uint64_t i) const {
    rules::Position p;
    p.side = static_cast<rules::Side>(i & 1);
    p.pieces = static_cast<std::uint8_t>((i >> 1) & 3);
    std::uint64_t rank = i >> 3;
    int n = 0;
    while (rank >= first_of_total_[static_cast<std::size_t>(n) + 1]) ++n;
    rank -= first_of_total_[static_cast<std::size_t>(n)];
    int left = n;
    for (int pit = 0; pit < rules::kPits - 1; ++pit) {
        int c = 0;
        while (rank >= ways(rules::kPits - 1 - pit, left - c)) {
            rank -= ways(rules::kPits - 1 - pit, left - c);
            ++c;
        }
        p.citizens[static_cast<std::size_t>(pit)] = static_cast<std::uint8_t>(c);
        left -= c;
    }
    p.citizens[rules::kPits - 1] = static_cast<std::uint8_t>(left);
    return p;
}

EndgameTables EndgameTables::build(const rules::Rules& rules, int max_citizens, int max_sweeps,
                                   int threads, TableStats* stats,
                                   const std::function<void(int, std::uint64_t)>& progress) {
    EndgameTables t;
    t.rules_text_ = rules::expanded(rules);
    t.total_citizens_ = total_citizens(rules);
    t.index_ = TableIndex(std::min(max_citizens, t.total_citizens_ - 5));
    const std::uint64_t size = t.index_.size();
    std::vector<std::int16_t> lo(size, 0), hi(size, 0), next_lo(size, 0), next_hi(size, 0);
    std::vector<bool> valid(size, false);
    TableStats s;
    s.positions_by_citizens.assign(static_cast<std::size_t>(t.index_.max_citizens()) + 1, 0);
    s.exact_by_citizens = s.positions_by_citizens;

    with_compiled_rules(rules, true, [&](const auto& r) {
        using R = std::decay_t<decltype(r)>;
        const Builder<R> builder(rules, r, t.index_, t.total_citizens_);
        for (std::uint64_t i = 0; i < size; ++i) {
            const rules::Position p = builder.position(i);
            valid[i] = builder.is_valid(p);
            // V_0: the game ends now and settles.
            if (valid[i]) lo[i] = hi[i] = static_cast<std::int16_t>(settle_value(p));
        }
        // Jacobi sweeps, the boards split between the threads.
        const std::uint64_t boards = size / 8;
        auto sweep_all = [&]() -> std::uint64_t {
            const int n = std::max(threads, 1);
            std::vector<std::uint64_t> changed(static_cast<std::size_t>(n), 0);
            std::vector<std::thread> workers;
            for (int w = 1; w < n; ++w)
                workers.emplace_back([&, w] {
                    changed[static_cast<std::size_t>(w)] = builder.sweep(
                        lo, hi, next_lo, next_hi, valid,
                        boards * static_cast<std::uint64_t>(w) / static_cast<std::uint64_t>(n),
                        boards * static_cast<std::uint64_t>(w + 1) / static_cast<std::uint64_t>(n));
                });
            changed[0] = builder.sweep(lo, hi, next_lo, next_hi, valid, 0,
                                       boards / static_cast<std::uint64_t>(n));
            for (auto& worker : workers) worker.join();
            std::uint64_t total = 0;
            for (const auto c : changed) total += c;
            return total;
        };
        int sweep = 0;
        std::uint64_t fewest = std::numeric_limits<std::uint64_t>::max();
        int stalled = 0;
        while (sweep < max_sweeps) {
            const std::uint64_t changed = sweep_all();
            ++sweep;
            lo.swap(next_lo);
            hi.swap(next_hi);
            if (progress) progress(sweep, changed);
            if (changed == 0) {
                s.converged = true;
                break;
            }
            // A few positions on cycles whose value depends on where a ply limit cuts them
            // change for ever; once the count stops falling, stop and call them unknown.
            if (changed < fewest) {
                fewest = changed;
                stalled = 0;
            } else if (++stalled >= kStallSweeps) {
                break;
            }
        }
        s.sweeps = sweep;
        if (!s.converged) {
            // What still changed is unknown, and so is whatever depends on it: widen those to
            // (-inf, +inf) and sweep until nothing widens (intervals only grow from here).
            sweep_all();
            for (std::uint64_t i = 0; i < size; ++i)
                if (valid[i] && (next_lo[i] != lo[i] || next_hi[i] != hi[i])) {
                    lo[i] = -kInf;
                    hi[i] = kInf;
                }
            while (true) {
                sweep_all();
                std::uint64_t widened = 0;
                for (std::uint64_t i = 0; i < size; ++i) {
                    if (!valid[i]) continue;
                    if (next_lo[i] < lo[i] || next_hi[i] > hi[i]) {
                        lo[i] = std::min(lo[i], next_lo[i]);
                        hi[i] = std::max(hi[i], next_hi[i]);
                        ++widened;
                    }
                }
                if (widened == 0) break;
            }
        }
    });

    t.sweeps_ = s.sweeps;
    t.values_.assign(size, kUnknown);
    for (std::uint64_t i = 0; i < size; ++i) {
        if (!valid[i]) continue;
        const rules::Position p = t.index_.position(i);
        const auto n = static_cast<std::size_t>(board_citizens(p));
        ++s.positions;
        ++s.positions_by_citizens[n];
        if (lo[i] == hi[i] && lo[i] > -128 && lo[i] < 128) {
            t.values_[i] = static_cast<std::int8_t>(lo[i]);
            ++s.exact;
            ++s.exact_by_citizens[n];
        }
    }
    if (stats != nullptr) *stats = s;
    return t;
}

bool EndgameTables::covers(const rules::Rules& rules) const {
    return !values_.empty() && rules::expanded(rules) == rules_text_;
}

std::optional<int> EndgameTables::probe(const rules::Position& p,
                                        std::optional<int> plies_left) const {
    if (values_.empty()) return std::nullopt;
    if (plies_left && *plies_left < sweeps_) return std::nullopt;
    const auto i = index_.index(p);
    if (!i) return std::nullopt;
    if (board_citizens(p) + p.store_citizens[0] + p.store_citizens[1] < index_.max_citizens() + 5)
        return std::nullopt;
    const std::int8_t v = values_[static_cast<std::size_t>(*i)];
    if (v == kUnknown) return std::nullopt;
    return v;
}

std::string EndgameTables::describe() const {
    std::uint64_t exact = 0;
    for (const auto v : values_) exact += v != kUnknown;
    return "up to " + std::to_string(index_.max_citizens()) + " citizens on the board, " +
           std::to_string(exact) + " exact values, K=" + std::to_string(sweeps_) + ", rules " +
           rules_text_;
}

std::string EndgameTables::file_name(const rules::Rules& rules) {
    const std::string text = rules::expanded(rules);
    const std::uint64_t h = fnv1a(text.data(), text.size());
    static constexpr char kHex[] = "0123456789abcdef";
    std::string name = "oaq-";
    for (int shift = 60; shift >= 0; shift -= 4) name += kHex[(h >> shift) & 15u];
    return name + ".tbl";
}

namespace {

template <class T>
void put(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

template <class T>
bool get(std::ifstream& in, T& value) {
    return static_cast<bool>(in.read(reinterpret_cast<char*>(&value), sizeof(T)));
}

}  // namespace

Expected<Ok> EndgameTables::save(const std::string& path) const {
    std::string header(kMagic, sizeof kMagic);
    put<std::uint32_t>(header, kTableFormatVersion);
    put<std::uint32_t>(header, static_cast<std::uint32_t>(rules_text_.size()));
    header += rules_text_;
    put<std::uint32_t>(header, static_cast<std::uint32_t>(index_.max_citizens()));
    put<std::uint32_t>(header, static_cast<std::uint32_t>(total_citizens_));
    put<std::uint32_t>(header, static_cast<std::uint32_t>(sweeps_));
    put<std::uint64_t>(header, values_.size());
    put<std::uint64_t>(header, fnv1a(values_.data(), values_.size()));
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    out.write(reinterpret_cast<const char*>(values_.data()),
              static_cast<std::streamsize>(values_.size()));
    out.close();
    if (!out) return fail("tables: cannot write " + path);
    return Ok{};
}

Expected<EndgameTables> EndgameTables::load(const std::string& path, const rules::Rules* expected) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("tables: cannot open " + path);
    char magic[sizeof kMagic];
    if (!in.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof magic) != 0)
        return fail("tables: " + path + " is not an oaq table file");
    std::uint32_t version = 0, rules_size = 0, n = 0, total = 0, sweeps = 0;
    std::uint64_t count = 0, checksum = 0;
    if (!get(in, version) || version != kTableFormatVersion)
        return fail("tables: " + path + ": format version " + std::to_string(version) +
                    ", expected " + std::to_string(kTableFormatVersion));
    if (!get(in, rules_size) || rules_size > 4096) return fail("tables: " + path + ": bad header");
    std::string rules_text(rules_size, '\0');
    if (!in.read(rules_text.data(), rules_size)) return fail("tables: " + path + ": bad header");
    if (!get(in, n) || !get(in, total) || !get(in, sweeps) || !get(in, count) ||
        !get(in, checksum) || n > static_cast<std::uint32_t>(kMaxTableCitizens))
        return fail("tables: " + path + ": bad header");
    const auto parsed = rules::parse_rules(rules_text);
    if (!parsed || rules::expanded(*parsed) != rules_text)
        return fail("tables: " + path + ": unknown rules " + rules_text);
    if (expected != nullptr && rules::expanded(*expected) != rules_text)
        return fail("tables: " + path + " is for rules " + rules_text + ", not " +
                    rules::expanded(*expected));
    EndgameTables t;
    t.rules_text_ = rules_text;
    t.total_citizens_ = static_cast<int>(total);
    t.sweeps_ = static_cast<int>(sweeps);
    t.index_ = TableIndex(static_cast<int>(n));
    if (count != t.index_.size() || total != static_cast<std::uint32_t>(total_citizens(*parsed)))
        return fail("tables: " + path + ": size does not match its header");
    t.values_.resize(count);
    if (!in.read(reinterpret_cast<char*>(t.values_.data()), static_cast<std::streamsize>(count)) ||
        in.peek() != std::ifstream::traits_type::eof())
        return fail("tables: " + path + ": truncated or too long");
    if (fnv1a(t.values_.data(), t.values_.size()) != checksum)
        return fail("tables: " + path + ": checksum mismatch (damaged file)");
    return t;
}

Expected<EndgameTables> EndgameTables::find(const std::string& path, const rules::Rules& rules) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        const auto file = std::filesystem::path(path) / file_name(rules);
        if (!std::filesystem::exists(file, ec))
            return fail("no table for these rules in " + path + " (" + file_name(rules) + ")");
        return load(file.string(), &rules);
    }
    return load(path, &rules);
}

}  // namespace oaq::engines::reference
