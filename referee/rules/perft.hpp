// Perft: the number of legal move sequences of a given length (rules.md section 7). A game that
// ends before the last move contributes nothing; repetition and the ply limit are ignored. It is
// both the rules' correctness check against the published vectors and their speed benchmark.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

std::uint64_t perft(const Position& pos, int depth, const Rules& rules);

// perft split by first move, in legal_moves() order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth,
                                                         const Rules& rules);

}  // namespace oaq::rules
