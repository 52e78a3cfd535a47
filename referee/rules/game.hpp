// Game: a position plus its history, for the parts of the rules that need memory (rules.md
// section 4): threefold repetition and the ply limit, both counted from the position the game
// started from. Game validates every move and says why one is refused; search code that needs
// speed uses play() from turn.hpp directly.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/words.hpp"
#include "rules/move.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

inline constexpr int kDefaultPlyLimit = 300;

// Why `move` cannot be played in `pos`, or an empty string when it can.
std::string why_illegal(const Position& pos, Move move, const Rules& rules);

// Words for an end reason, as stored and printed: "mandarins_empty", "repetition", ...
inline constexpr auto kEndReasonWords = words<EndReason>({
    {EndReason::None, "none"},
    {EndReason::MandarinsEmpty, "mandarins_empty"},
    {EndReason::MandarinCaptured, "mandarin_captured"},
    {EndReason::RefillImpossible, "refill_impossible"},
    {EndReason::Repetition, "repetition"},
    {EndReason::PlyLimit, "ply_limit"},
    {EndReason::RefillLoss, "refill_loss"},
});
inline constexpr auto kResultWords = words<Result>({
    {Result::Ongoing, "ongoing"},
    {Result::SouthWin, "south_win"},
    {Result::NorthWin, "north_win"},
    {Result::Draw, "draw"},
});
inline std::string_view to_string(EndReason reason) {
    return kEndReasonWords.word(reason);
}
inline std::string_view to_string(Result result) {
    return kResultWords.word(result);
}
inline std::optional<Result> parse_result(std::string_view text) {
    return kResultWords.find(text);
}

class Game {
  public:
    // ply_limit 0 means no limit.
    Game(const Rules& rules, const Position& start, int ply_limit = kDefaultPlyLimit);

    const Rules& rules() const { return rules_; }
    const Position& start() const { return history_.front(); }
    const Position& position() const { return history_.back(); }
    const std::vector<Move>& moves() const { return moves_; }
    // Every position from the start, one per ply: positions()[i] is the position after i plies.
    const std::vector<Position>& positions() const { return history_; }
    int ply() const { return static_cast<int>(moves_.size()); }
    bool is_over() const { return position().is_over(); }
    EndReason end() const { return position().end; }
    Result result() const;
    int score(Side side) const;

    // Plays a move; an illegal one (or any move once the game is over) is refused with the reason
    // and changes nothing.
    Expected<Position> play(Move move);
    Expected<Position> play(std::string_view move_text);

  private:
    Rules rules_;
    int ply_limit_;
    std::vector<Move> moves_;
    std::vector<Position> history_;
};

}  // namespace oaq::rules
