// Session: a series of games between two players under one rule set in which what a player won
// carries into the next game (rules.md section 9, "bán ruộng"): wealth, the stake of each game and
// the squares a short player sells, the shares they give the next game's start position, the wealth
// after each game, the sides, and the end of the session. A pure value: it plays no moves itself
// (record() takes the settled final position of each game), does no I/O, and never throws.
// Invariants: the two wealths always sum to T = 50 + 2M; games are recorded in order.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.hpp"
#include "common/words.hpp"
#include "rules/game.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace oaq::rules {

inline constexpr int kDefaultGameLimit = 20;

// The two players of a session: First is the one named first, South in game 1.
enum class Player : std::uint8_t { First = 0, Second = 1 };
inline constexpr Player other(Player p) {
    return p == Player::First ? Player::Second : Player::First;
}
inline constexpr int index(Player p) {
    return static_cast<int>(p);
}

enum class SessionEnd : std::uint8_t {
    None,       // the session goes on
    SoldOut,    // before a game a player had less than M + 5 ("bán hết nhà"): he loses
    GameLimit,  // the game limit was reached: the greater wealth wins, equal wealth draws
};

enum class SessionResult : std::uint8_t { Ongoing, FirstWins, SecondWins, Draw };

// Words as stored and printed: "sold_out", "game_limit"; "first_wins", "draw"; "first", "second".
inline constexpr auto kSessionEndWords = words<SessionEnd>({
    {SessionEnd::None, "none"},
    {SessionEnd::SoldOut, "sold_out"},
    {SessionEnd::GameLimit, "game_limit"},
});
inline constexpr auto kSessionResultWords = words<SessionResult>({
    {SessionResult::Ongoing, "ongoing"},
    {SessionResult::FirstWins, "first_wins"},
    {SessionResult::SecondWins, "second_wins"},
    {SessionResult::Draw, "draw"},
});
inline constexpr auto kPlayerWords =
    words<Player>({{Player::First, "first"}, {Player::Second, "second"}});
inline std::string_view to_string(SessionEnd end) {
    return kSessionEndWords.word(end);
}
inline std::string_view to_string(SessionResult result) {
    return kSessionResultWords.word(result);
}
inline std::string_view to_string(Player player) {
    return kPlayerWords.word(player);
}

// M, what a mandarin is worth in wealth: quan_value with the piece setup, 10 with stones10.
int mandarin_worth(const Rules& rules);
// T = 50 + 2M, the wealth of both players together.
int session_total(const Rules& rules);

// The shares of a game's start position for the players' wealth before it, by side ([South,
// North]): a player with less than the stake 25 + M pays M, then his squares from his square 1
// upward, 5 citizens each, with c < 5 left over paying c fifths of the next square; his opponent
// pays the rest (section 8). A wealth below M counts as M (every square sold).
Shares stake_shares(const Rules& rules, std::array<int, 2> wealth_by_side);

// One game of a session, as recorded.
struct SessionGame {
    int number = 0;                      // 1 for the session's first game
    Player south = Player::First;        // who played South (and moved first)
    std::array<int, 2> wealth_before{};  // by player: [First, Second]
    Position start;                      // the start position of the rules, with the game's shares
    Position final_position;             // settled (with the shares)
    std::array<int, 2> score{};          // by side: [South, North]
    int unscored = 0;                    // U = T - both scores: mandarin pits' citizens + M a piece
    std::array<int, 2>
        wealth_after{};               // by player: score + U/2, North (who moved second) the odd 1
    Result result = Result::Ongoing;  // the game's own result

    Player player_of(Side side) const { return side == Side::South ? south : other(south); }
    Side side_of(Player player) const { return player == south ? Side::South : Side::North; }
};

class Session {
  public:
    // Both players start at T/2. Precondition: game_limit >= 1.
    explicit Session(const Rules& rules, int game_limit = kDefaultGameLimit);

    const Rules& rules() const { return rules_; }
    int game_limit() const { return game_limit_; }
    int mandarin() const { return mandarin_worth(rules_); }  // M
    int total() const { return session_total(rules_); }      // T
    int wealth(Player player) const { return wealth_[static_cast<std::size_t>(index(player))]; }
    const std::array<int, 2>& wealth() const { return wealth_; }  // by player
    const std::vector<SessionGame>& games() const { return games_; }
    int games_played() const { return static_cast<int>(games_.size()); }

    bool is_over() const { return end_ != SessionEnd::None; }
    SessionEnd end() const { return end_; }
    SessionResult result() const;

    // The next game (meaningful while !is_over()): its number, who plays South (the players change
    // sides every game), its shares and its start position.
    int next_game() const { return games_played() + 1; }
    Player south() const { return games_.size() % 2 == 0 ? Player::First : Player::Second; }
    Side side_of(Player player) const { return player == south() ? Side::South : Side::North; }
    Player player_of(Side side) const { return side == Side::South ? south() : other(south()); }
    Shares shares() const;
    Position start() const;

    // Records the next game from its final position: the wealth after it, then the end of the
    // session if one of its conditions holds. Refused (nothing changes) when the session is over,
    // the position is not a finished game, its shares are not the game's, or it does not hold T.
    Expected<SessionGame> record(const Position& final_position);

    // Records the next game as ended by a failure of side `faulty` (time, an illegal move, a
    // crash: the referee's decided rule, rules.md section 9.7) at `at_failure`, the position the
    // game stopped in (not settled): the faulty player's wealth becomes his score there, before
    // any settlement, and his opponent gets the rest, T minus that. Refused like record() when the
    // session is over, the shares are not the game's, or the position holds a finished game.
    Expected<SessionGame> record_forfeit(const Position& at_failure, Side faulty);

  private:
    std::array<int, 2> wealth_by_side() const;
    Expected<SessionGame> begin_record(const Position& final_position) const;
    void finish_record(const SessionGame& g);
    std::string game_name() const { return "game " + std::to_string(next_game()); }

    Rules rules_;
    int game_limit_;
    std::array<int, 2> wealth_{};
    std::vector<SessionGame> games_;
    SessionEnd end_ = SessionEnd::None;
};

// Plays the session's next game from its start with `moves` (texts like "3R") through Game, so
// repetition and the ply limit apply, and records it. Errors name the game and the move:
// `game 2, move 5 ("3R"): illegal move 3R: square 3 (N3) is empty`; a game given after the session
// ended, or one its moves do not finish, is refused too. The session changes only on success.
Expected<SessionGame> play_session_game(Session& session, const std::vector<std::string>& moves,
                                        int ply_limit = kDefaultPlyLimit);

}  // namespace oaq::rules
