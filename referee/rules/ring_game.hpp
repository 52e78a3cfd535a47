// RingGame: a game of N seats with its history (rules.md section 10.4): threefold repetition and
// the ply limit (150 x N plies by default), both counted from the position the game started from,
// and moves validated with the reason for a refusal, as Game does for two players.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "rules/move.hpp"
#include "rules/ring_position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

// The default ply limit of a rule set: 150 plies per seat (300, 450, 600).
inline constexpr int default_ply_limit(const Rules& rules) {
    return 150 * rules.players;
}

// Why `move` cannot be played in `pos`, or an empty string when it can.
std::string why_illegal(const RingPosition& pos, Move move, const Rules& rules);

class RingGame {
  public:
    // ply_limit 0 means no limit; negative means the rules' default (150 x N).
    RingGame(const Rules& rules, const RingPosition& start, int ply_limit = -1);

    const Rules& rules() const { return rules_; }
    const RingPosition& start() const { return history_.front(); }
    const RingPosition& position() const { return history_.back(); }
    const std::vector<Move>& moves() const { return moves_; }
    // positions()[i] is the position after i plies.
    const std::vector<RingPosition>& positions() const { return history_; }
    int ply() const { return static_cast<int>(moves_.size()); }
    int ply_limit() const { return ply_limit_; }
    bool is_over() const { return position().is_over(); }
    EndReason end() const { return position().end; }
    // Score, rank and points of every seat (ranks and points are final once is_over()).
    std::vector<Standing> standings() const { return rules::standings(position(), rules_); }

    // Plays a move; an illegal one (or any move once the game is over) is refused with the reason
    // and changes nothing.
    Expected<RingPosition> play(Move move);
    Expected<RingPosition> play(std::string_view move_text);

  private:
    Rules rules_;
    int ply_limit_;
    std::vector<Move> moves_;
    std::vector<RingPosition> history_;
};

}  // namespace oaq::rules
