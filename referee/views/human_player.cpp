#include "views/human_player.hpp"

#include <cctype>
#include <chrono>

#include "common/utf8.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"
#include "views/play_view.hpp"
#include "views/table_lines.hpp"

namespace oaq::views {

namespace {

// What a person typed is quoted back with at most this many characters.
constexpr std::size_t kQuotedInput = 40;

std::string legal_moves_text(const rules::MoveList& moves) {
    std::string legal;
    for (auto m : moves) legal += " " + rules::to_string(m);
    return legal.empty() ? legal : legal.substr(1);
}

// Upper case, without surrounding blanks: moves are case-insensitive (3l is 3L).
std::string normalized(std::string line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    line.erase(0, line.find_first_not_of(' '));
    for (char& c : line) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return line;
}

}  // namespace

Expected<game::SearchResult, game::PlayerFailure> HumanPlayer::search(
    const protocol::PositionCommand& cmd, const protocol::Go&, std::optional<game::Nanoseconds>,
    const game::InfoCallback&) {
    if (rules_.players > 2) {
        auto pos = cmd.fen ? rules::parse_ring_position(*cmd.fen, rules_).value()
                           : rules::ring_start_position(rules_);
        for (const auto& m : cmd.moves)
            pos = rules::play(pos, rules::parse_move(m).value(), rules_);
        return ask({rules::legal_moves(pos, rules_),
                    [&](rules::Move m) { return rules::why_illegal(pos, m, rules_); },
                    table_legend(pos.to_move, rules_)});
    }
    auto pos =
        cmd.fen ? rules::parse_position(*cmd.fen, rules_).value() : rules::start_position(rules_);
    for (const auto& m : cmd.moves) pos = rules::play(pos, rules::parse_move(m).value(), rules_);
    return ask({rules::legal_moves(pos, rules_),
                [&](rules::Move m) { return rules::why_illegal(pos, m, rules_); },
                play_legend(pos.side, rules_)});
}

Expected<game::SearchResult, game::PlayerFailure> HumanPlayer::ask(const Turn& turn) {
    const auto start = std::chrono::steady_clock::now();
    while (true) {
        out_ << "your move (" << legal_moves_text(turn.legal) << "; help, quit): " << std::flush;
        std::string line;
        if (const auto got = lines_(line); got != Got::Line) {
            // Not a move and not a loss: the game stops unfinished (an abort has no winner).
            out_ << "\n";
            input_ended_ = got == Got::End;
            if (input_ended_ && request_stop_) request_stop_();
            return game::PlayerFailure{
                game::Termination::Aborted, input_ended_ ? "the input ended" : "interrupted", {}};
        }
        line = normalized(line);
        if (line == "QUIT" || line == "RESIGN")
            return game::PlayerFailure{game::Termination::Resignation, "resigned", {}};
        if (line == "HELP") {
            out_ << turn.legend << "your moves: " << legal_moves_text(turn.legal) << "\n";
            continue;
        }
        if (auto move = checked_move(turn, line)) {
            game::SearchResult r;
            r.move = rules::to_string(*move);
            r.elapsed = std::chrono::steady_clock::now() - start;
            return r;
        }
    }
}

// The move, or nothing after saying why it cannot be played.
std::optional<rules::Move> HumanPlayer::checked_move(const Turn& turn, const std::string& line) {
    auto move = rules::parse_move(line);
    if (!move) {
        // Quoted short and escaped: a pasted page must not come back whole.
        out_ << "\"" << utf8::escaped(line, kQuotedInput)
             << "\" is not a move: a move is a square 1-5 and L or R (3L), or help, or quit\n";
        return std::nullopt;
    }
    if (auto why = turn.why_illegal(*move); !why.empty()) {
        out_ << "illegal: " << why << "\n";
        return std::nullopt;
    }
    return *move;
}

}  // namespace oaq::views
