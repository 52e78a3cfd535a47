#include "game/game_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "common/error.hpp"
#include "game/ply.hpp"
#include "rules/position_string.hpp"

namespace oaq::game {

namespace {

using rules::Side;
using Clock = std::chrono::system_clock;

rules::Result loss_for(Side side) {
    return side == Side::South ? rules::Result::NorthWin : rules::Result::SouthWin;
}

class GameInProgress {
  public:
    GameInProgress(Player& south, Player& north, const GameSettings& settings,
                   const std::atomic<bool>& abort, const GameObserver& observer)
        : engines_{&south, &north},
          settings_(settings),
          abort_(abort),
          observer_(observer),
          tcs_{settings.south_tc, settings.north_tc},
          game_(settings.rules, start_of(settings), settings.max_plies) {
        record_.south().name = south.name();
        record_.south().time_control = settings.south_tc;
        record_.north().name = north.name();
        record_.north().time_control = settings.north_tc;
        record_.rules = settings.rules;
        record_.opening = settings.opening;
        record_.start_position = rules::to_string(game_.start());
        for (std::size_t s = 0; s < 2; ++s) clock_[s] = initial_clock(tcs_[s]);
    }

    GameRecord run() {
        record_.started_at = Clock::now();
        if (start_engines()) {
            if (observer_.on_start) observer_.on_start(game_.position());
            while (!game_.is_over() && play_one_ply()) {
            }
        }
        finish();
        return std::move(record_);
    }

  private:
    // protocol-spec 4.5: the game starts at the position after the opening line, so its plies,
    // repetitions and ply limit count from there, and the book's moves are not the game's.
    static rules::Position start_of(const GameSettings& settings) {
        if (settings.opening.start) return *settings.opening.start;  // checked by the run
        auto pos = rules::parse_position(settings.opening.position, settings.rules);
        if (!pos) throw OaqError("opening position: " + pos.error().message);
        rules::Game line(settings.rules, *pos, 0);
        const auto& moves = settings.opening.moves;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            auto played = line.play(moves[i]);
            if (!played) {
                throw OaqError("opening \"" + settings.opening.text() + "\", move " +
                               std::to_string(i + 1) + ": " + played.error().message);
            }
        }
        if (line.is_over()) {
            throw OaqError("opening \"" + settings.opening.text() + "\" ends the game");
        }
        return line.position();
    }

    bool start_engines() {
        for (Side side : {Side::South, Side::North}) {
            auto& engine = *engines_[static_cast<std::size_t>(rules::index(side))];
            engine.set_session_game(settings_.session_game);
            auto ready = engine.prepare(settings_.rules, settings_.max_plies);
            if (ready) ready = engine.new_game();
            if (!ready) {
                // A stop during the handshake kills the engines: never the engine's fault.
                if (abort_)
                    abort_game();
                else {
                    record_.failed_to_start = side;
                    fail_side(side, ready.error().termination, ready.error().detail);
                }
                return false;
            }
        }
        return true;
    }

    // protocol-spec 6.2: a player that does not take shares sees the start without them (the
    // same moves are legal); the referee settles with them.
    protocol::PositionCommand position_command(const Player& mover) const {
        protocol::PositionCommand cmd;
        rules::Position start = game_.start();
        if (!mover.takes_shares()) start.shares = {};
        if (start != rules::start_position(settings_.rules)) cmd.fen = rules::to_string(start);
        for (auto m : game_.moves()) cmd.moves.push_back(rules::to_string(m));
        return cmd;
    }

    // Plays one ply; false when the game ended by a failure or an abort.
    bool play_one_ply() {
        if (abort_) {
            abort_game();
            return false;
        }
        const Side mover = game_.position().side;
        const int i = rules::index(mover);
        auto& engine = *engines_[static_cast<std::size_t>(i)];
        PlyRequest request{engine,
                           i,
                           position_command(engine),
                           tcs_,
                           clock_,
                           settings_.margin,
                           [this](rules::Move m) {
                               return rules::why_illegal(game_.position(), m, settings_.rules);
                           },
                           &observer_.on_info};
        auto rec = ask_move(request, abort_);
        if (!rec) {
            if (rec.error().termination == Termination::Aborted)
                abort_game();
            else
                fail_side(mover, rec.error().termination, rec.error().detail);
            return false;
        }
        const rules::Move move = rec->move;
        game_.play(move);
        record_.moves.push_back(std::move(*rec));
        if (observer_.on_move) observer_.on_move(record_.moves.back(), game_.position());
        return true;
    }

    void fail_side(Side side, Termination termination, std::string detail) {
        decided_ = true;
        record_.result = loss_for(side);
        record_.termination = termination;
        record_.detail = (side == Side::South ? "south: " : "north: ") + std::move(detail);
    }

    void abort_game() {
        decided_ = true;
        record_.result = rules::Result::Draw;
        record_.termination = Termination::Aborted;
        record_.detail = "interrupted by the referee";
    }

    void finish() {
        const auto& pos = game_.position();
        if (!decided_) {
            record_.result = game_.result();
            switch (pos.end) {
                case rules::EndReason::Repetition:
                    record_.termination = Termination::Repetition;
                    break;
                case rules::EndReason::PlyLimit:
                    record_.termination = Termination::PlyLimit;
                    break;
                default:
                    record_.termination = Termination::Normal;
                    break;
            }
            record_.detail = std::string(rules::to_string(pos.end));
        }
        record_.south().score = rules::score(pos, Side::South, settings_.rules);
        record_.north().score = rules::score(pos, Side::North, settings_.rules);
        record_.final_position = rules::to_string(pos);
        record_.ended_at = Clock::now();
    }

    std::array<Player*, 2> engines_;
    const GameSettings& settings_;
    const std::atomic<bool>& abort_;
    const GameObserver& observer_;
    std::array<TimeControl, 2> tcs_;
    rules::Game game_;
    std::array<Microseconds, 2> clock_{};
    GameRecord record_;
    bool decided_ = false;
};

}  // namespace

GameRecord play_game(Player& south, Player& north, const GameSettings& settings,
                     const std::atomic<bool>& abort, const GameObserver& observer) {
    return GameInProgress(south, north, settings, abort, observer).run();
}

}  // namespace oaq::game
