// Endgame tables of the reference engine: for every position with at most N citizens on the
// board (any pieces left, either side to move) under one rule set, the exact best future net
// gain of the side to move: its final score minus the opponent's, minus the same difference now.
// Scores are additive (RULES.md section 4), so this value does not depend on the stores: a
// capture adds to the mover, settlement gives each side its own squares, and a refill costs the
// refiller exactly 5 whether he takes them from his store or borrows them (a debt). The stores
// matter only through the refill's condition (both stores together hold 5), which holds for every
// refill inside the table when the position holds at least N + 5 citizens in all (a game from the
// start holds 50, or 70 with stones10); probe() checks it.
//
// How values are computed (build_table): value iteration from "the game ends now and settles",
// V_{k+1}(x) = max over moves of gain - V_k(child), which is exactly the value of the game with k
// plies left before the ply limit. Two choices make the result exact where it is given:
// - Refill. A refill adds 5 citizens, so it can lead out of the table. The iteration runs on
//   intervals [lo, hi], a child outside the table being unknown (-inf, +inf); a position is exact
//   when lo = hi, i.e. its value does not depend on any position outside the table.
// - Cycles. Moves that capture nothing can cycle. The iteration stops when no value changes from
//   one sweep to the next (at sweep K): then V_j = V_K for every j >= K, so the value is the same
//   for any ply limit at least K plies away. Positions still changing after the sweep limit (an
//   optimal line cycles and the result depends on where the limit cuts it) are unknown.
//   Repetition is not part of the value (it is a property of the game's history, not of the
//   position): the search scores repetitions along its own line, and probes a table only when
//   the ply limit is at least K plies away.
//
// File: a header (magic, format version, expanded rules string, N, total citizens assumed,
// sweeps K, entry count, FNV-1a checksum of the values), then one signed byte per index (the
// value, or kUnknown). load() refuses a file whose magic, version, rules, size or checksum is
// wrong, with a message; the engine then plays without tables.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::engines::reference {

inline constexpr int kTableFormatVersion = 1;
inline constexpr std::int8_t kUnknown = -128;
inline constexpr int kMaxTableCitizens = 16;

// Positions with at most N citizens on the board, numbered 0..size()-1: the distribution of the
// citizens over the 12 pits (combinatorial rank among those with the same total, after all
// smaller totals), then the pieces (0..3), then the side to move.
class TableIndex {
  public:
    explicit TableIndex(int max_citizens);
    int max_citizens() const { return n_; }
    std::uint64_t size() const { return size_; }
    // The index of `p`'s board, pieces and side, or nullopt with more than N citizens on board.
    std::optional<std::uint64_t> index(const rules::Position& p) const;
    // The board, pieces and side of index i (stores, debts and end left at zero).
    rules::Position position(std::uint64_t i) const;

  private:
    // ways_[k][r]: the ways to put r citizens in k pits.
    std::uint64_t ways(int pits, int citizens) const {
        return ways_[static_cast<std::size_t>(pits)][static_cast<std::size_t>(citizens)];
    }
    // below_[pit][left][c]: the boards that come before one whose pit `pit` holds c citizens of
    // the `left` still to place (those with fewer there, the pits before being equal).
    std::uint64_t below(int pit, int left, int c) const {
        return below_[(static_cast<std::size_t>(pit) * stride_ + static_cast<std::size_t>(left)) *
                          stride_ +
                      static_cast<std::size_t>(c)];
    }
    int n_;
    std::uint64_t size_ = 0;
    std::size_t stride_ = 0;
    std::vector<std::uint64_t> below_;
    std::vector<std::vector<std::uint64_t>> ways_;
    std::vector<std::uint64_t> first_of_total_;  // index of the first board with t citizens (x 8)
};

struct TableStats {
    std::uint64_t positions = 0;  // valid positions (a side to move with citizens, game not over)
    std::uint64_t exact = 0;
    int sweeps = 0;  // K
    bool converged = false;
    std::vector<std::uint64_t> positions_by_citizens;  // [n]
    std::vector<std::uint64_t> exact_by_citizens;
};

class EndgameTables {
  public:
    EndgameTables() = default;

    // Builds the table for `rules` and N citizens (1..kMaxTableCitizens), at most `max_sweeps`
    // sweeps on `threads` threads (the result does not depend on them). `progress` (optional)
    // is called after each sweep with its number and the positions it changed.
    static EndgameTables build(const rules::Rules& rules, int max_citizens, int max_sweeps,
                               int threads = 1, TableStats* stats = nullptr,
                               const std::function<void(int, std::uint64_t)>& progress = {});

    // Reads a table file; refuses (with the reason) a damaged file or one for other rules when
    // `expected` is given.
    static Expected<EndgameTables> load(const std::string& path,
                                        const rules::Rules* expected = nullptr);
    // The table for `rules` at `path`: a table file, or a directory holding file_name(rules).
    static Expected<EndgameTables> find(const std::string& path, const rules::Rules& rules);
    Expected<Ok> save(const std::string& path) const;

    // The file name the tables of `rules` get in a directory: `oaq-<16 hex digits>.tbl`, the
    // digits a hash of the expanded rules string (which the header holds in full).
    static std::string file_name(const rules::Rules& rules);

    bool covers(const rules::Rules& rules) const;
    // The exact future net gain of the side to move, when p is in the table and exact there, the
    // position holds enough citizens in all (see above) and `plies_left` (nullopt: no ply limit)
    // is at least the table's K.
    std::optional<int> probe(const rules::Position& p,
                             std::optional<int> plies_left = std::nullopt) const;
    // The stored value of index i (kUnknown when not exact), for tests and tools.
    std::int8_t value(std::uint64_t i) const { return values_[static_cast<std::size_t>(i)]; }

    const TableIndex& index() const { return index_; }
    int sweeps() const { return sweeps_; }
    std::string describe() const;

  private:
    std::string rules_text_;  // expanded
    int total_citizens_ = 50;
    int sweeps_ = 0;
    TableIndex index_{0};
    std::vector<std::int8_t> values_;
};

}  // namespace oaq::engines::reference
