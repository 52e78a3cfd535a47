// HumanPlayer: the person of `oaq play` as one more game::Player. It reads moves line by line from
// a line source (case-insensitive, surrounding blanks ignored), says why a bad one cannot be played
// and asks again, shows the legend on `help`, and resigns on `quit`. The end of the input and an
// interruption abort the game (no result, never a loss); the end of the input also asks the game to
// stop. The same prompt serves 2 seats and a table of N seats. No I/O of its own: lines come from
// the source, words go to the ostream.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "game/player.hpp"
#include "rules/move.hpp"
#include "rules/rules.hpp"

namespace oaq::views {

// What a line source gave.
enum class Got {
    Line,         // the line is the next one typed
    End,          // the input ended
    Interrupted,  // a stop request (a signal) ended the wait
};

// Fills `line` when it returns Got::Line.
using LineSource = std::function<Got(std::string& line)>;

class HumanPlayer final : public game::Player {
  public:
    // `request_stop` is called when the input ends, so the game stops at once.
    HumanPlayer(rules::Rules rules, LineSource lines, std::ostream& out,
                std::function<void()> request_stop)
        : rules_(rules),
          lines_(std::move(lines)),
          out_(out),
          request_stop_(std::move(request_stop)) {}

    // Whether the person's input ended before the game did.
    bool input_ended() const { return input_ended_; }

    const std::string& name() const override { return name_; }
    Expected<Ok, game::PlayerFailure> prepare(const rules::Rules&, int) override { return Ok{}; }
    Expected<Ok, game::PlayerFailure> new_game() override { return Ok{}; }
    void shutdown() override {}
    game::PlayerIdentity identity() const override { return {name_, "", {}}; }

    Expected<game::SearchResult, game::PlayerFailure> search(const protocol::PositionCommand& cmd,
                                                             const protocol::Go&,
                                                             std::optional<game::Nanoseconds>,
                                                             const game::InfoCallback&) override;

    // What the prompt needs of a position of any number of seats.
    struct Turn {
        rules::MoveList legal;
        std::function<std::string(rules::Move)> why_illegal;
        std::string legend;
    };

  private:
    Expected<game::SearchResult, game::PlayerFailure> ask(const Turn& turn);
    std::optional<rules::Move> checked_move(const Turn& turn, const std::string& line);

    std::string name_ = "you";
    rules::Rules rules_;
    LineSource lines_;
    std::ostream& out_;
    std::function<void()> request_stop_;
    bool input_ended_ = false;
};

}  // namespace oaq::views
