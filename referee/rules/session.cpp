#include "rules/session.hpp"

#include <algorithm>
#include <cassert>

#include "rules/position_string.hpp"

namespace oaq::rules {

namespace {

constexpr std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

// What the mandarin pits still hold after settlement: their citizens and M for each piece.
int left_on_board(const Position& p, int mandarin) {
    int left = 0;
    for (int pit = 0; pit < kPits; ++pit) left += p.citizens[at(pit)];
    for (int pit : {kWestMandarin, kEastMandarin}) left += p.has_piece(pit) ? mandarin : 0;
    return left;
}

}  // namespace

int mandarin_worth(const Rules& rules) {
    return rules.quan_setup == QuanSetup::Piece ? rules.quan_value : 10;
}

int session_total(const Rules& rules) {
    return 50 + 2 * mandarin_worth(rules);
}

Shares stake_shares(const Rules& rules, std::array<int, 2> wealth_by_side) {
    const int mandarin = mandarin_worth(rules);
    Shares shares;
    for (Side side : {Side::South, Side::North}) {
        // After his mandarin, what the player can put towards his five squares, in citizens.
        const int for_squares = std::clamp(wealth_by_side[at(index(side))] - mandarin, 0, 25);
        for (int k = 1; k <= 5; ++k) {
            const int own = std::clamp(for_squares - 5 * (k - 1), 0, 5);
            shares.set(side, k, 5 - own);
        }
    }
    return shares;
}

Session::Session(const Rules& rules, int game_limit) : rules_(rules), game_limit_(game_limit) {
    assert(game_limit >= 1);
    wealth_ = {total() / 2, total() / 2};
}

SessionResult Session::result() const {
    if (end_ == SessionEnd::None) return SessionResult::Ongoing;
    const int first = wealth(Player::First);
    const int second = wealth(Player::Second);
    return first > second   ? SessionResult::FirstWins
           : second > first ? SessionResult::SecondWins
                            : SessionResult::Draw;
}

std::array<int, 2> Session::wealth_by_side() const {
    return {wealth(player_of(Side::South)), wealth(player_of(Side::North))};
}

Shares Session::shares() const {
    return stake_shares(rules_, wealth_by_side());
}

Position Session::start() const {
    Position p = start_position(rules_);
    p.shares = shares();
    return p;
}

// What record() and record_forfeit() share: the refusals, and the game's number, sides, wealth
// before, start, final position and scores.
Expected<SessionGame> Session::begin_record(const Position& final_position) const {
    if (is_over()) {
        return fail(game_name() + ": the session is over (" + std::string(to_string(end_)) +
                    " after game " + std::to_string(games_played()) + ")");
    }
    const Shares expected = shares();
    if (!(final_position.shares == expected)) {
        return fail(game_name() + ": the final position has the shares " +
                    to_string(final_position.shares) + ", the game's are " + to_string(expected));
    }
    SessionGame g;
    g.number = next_game();
    g.south = south();
    g.wealth_before = wealth_;
    g.start = start();
    g.final_position = final_position;
    g.score = {score(final_position, Side::South, rules_),
               score(final_position, Side::North, rules_)};
    g.unscored = total() - g.score[0] - g.score[1];
    return g;
}

void Session::finish_record(const SessionGame& g) {
    wealth_ = g.wealth_after;
    games_.push_back(g);
    const int least = mandarin() + 5;  // a mandarin and one whole square
    if (wealth_[0] < least || wealth_[1] < least) {
        end_ = SessionEnd::SoldOut;
    } else if (games_played() >= game_limit_) {
        end_ = SessionEnd::GameLimit;
    }
}

Expected<SessionGame> Session::record(const Position& final_position) {
    auto begun = begin_record(final_position);
    if (!begun) return begun;
    if (!final_position.is_over()) return fail(game_name() + ": the game is not over");
    SessionGame g = std::move(*begun);
    g.result = rules::result(final_position, rules_);
    // Sowing, captures, refills and settlement only move value around: what nobody scored is
    // exactly what the board still holds, unless the position is not one of this session's games.
    if (const int left = left_on_board(final_position, mandarin()); left != g.unscored) {
        return fail(game_name() + ": the final position holds " +
                    std::to_string(g.score[0] + g.score[1] + left) +
                    " in scores and on the board, " +
                    "not the session's T = " + std::to_string(total()));
    }
    // U/2 each; the odd citizen goes to North, who moved second in every game (section 8).
    const int south_part = g.unscored / 2;
    const std::array<int, 2> after_by_side = {g.score[0] + south_part,
                                              g.score[1] + g.unscored - south_part};
    for (Side side : {Side::South, Side::North}) {
        g.wealth_after[at(index(g.player_of(side)))] = after_by_side[at(index(side))];
    }
    finish_record(g);
    return g;
}

Expected<SessionGame> Session::record_forfeit(const Position& at_failure, Side faulty) {
    auto begun = begin_record(at_failure);
    if (!begun) return begun;
    if (at_failure.is_over()) return fail(game_name() + ": the game ended by the rules");
    SessionGame g = std::move(*begun);
    g.result = faulty == Side::South ? Result::NorthWin : Result::SouthWin;
    const int kept = g.score[at(index(faulty))];
    g.wealth_after[at(index(g.player_of(faulty)))] = kept;
    g.wealth_after[at(index(other(g.player_of(faulty))))] = total() - kept;
    finish_record(g);
    return g;
}

Expected<SessionGame> play_session_game(Session& session, const std::vector<std::string>& moves,
                                        int ply_limit) {
    const std::string game = "game " + std::to_string(session.next_game());
    auto move_name = [&](std::size_t i) {
        return game + ", move " + std::to_string(i + 1) + " (\"" + moves[i] + "\")";
    };
    if (session.is_over()) {
        const std::string why = "the session is over (" + std::string(to_string(session.end())) +
                                " after game " + std::to_string(session.games_played()) + ")";
        return fail((moves.empty() ? game : move_name(0)) + ": " + why);
    }
    Game g(session.rules(), session.start(), ply_limit);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (auto played = g.play(moves[i]); !played) {
            return fail(move_name(i) + ": " + played.error().message);
        }
    }
    if (!g.is_over()) {
        return fail(game + ": not over after its " + std::to_string(moves.size()) +
                    (moves.size() == 1 ? " move" : " moves") +
                    " (a session game is played to its end)");
    }
    return session.record(g.position());
}

}  // namespace oaq::rules
