#include "game/table_runner.hpp"

#include <chrono>

#include "common/error.hpp"
#include "game/ply.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"

namespace oaq::game {

namespace {

using Clock = std::chrono::system_clock;

std::size_t at(int seat) {
    return static_cast<std::size_t>(seat);
}

bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto lower = [](char c) {
            return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

class TableInProgress {
  public:
    TableInProgress(std::span<Player* const> seats, std::span<const TimeControl> tcs,
                    const GameSettings& settings, const std::atomic<bool>& abort,
                    const TableObserver& observer)
        : players_(seats.begin(), seats.end()),
          tcs_(tcs.begin(), tcs.end()),
          settings_(settings),
          abort_(abort),
          observer_(observer),
          game_(settings.rules, start_of(settings), settings.max_plies) {
        const int n = settings.rules.players;
        if (static_cast<int>(players_.size()) != n || static_cast<int>(tcs_.size()) != n)
            throw OaqError("a table of " + std::to_string(n) + " seats needs " + std::to_string(n) +
                           " players and time controls");
        record_.seats.assign(at(n), SeatRecord{});
        for (int s = 0; s < n; ++s) {
            record_.seats[at(s)].name = players_[at(s)]->name();
            record_.seats[at(s)].time_control = tcs_[at(s)];
            clocks_.push_back(initial_clock(tcs_[at(s)]));
        }
        record_.rules = settings.rules;
        record_.opening = settings.opening;
        record_.start_position = rules::to_string(game_.start());
    }

    GameRecord run() {
        record_.started_at = Clock::now();
        if (start_players()) {
            if (observer_.on_start) observer_.on_start(game_.position());
            while (!game_.is_over() && play_one_ply()) {
            }
        }
        finish();
        return std::move(record_);
    }

  private:
    static rules::RingPosition start_of(const GameSettings& settings) {
        auto pos = settings.opening.position == "startpos"
                       ? Expected<rules::RingPosition>(rules::ring_start_position(settings.rules))
                       : rules::parse_ring_position(settings.opening.position, settings.rules);
        if (!pos) throw OaqError("opening position: " + pos.error().message);
        rules::RingGame line(settings.rules, *pos, 0);
        const auto& moves = settings.opening.moves;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            if (auto played = line.play(moves[i]); !played) {
                throw OaqError("opening \"" + settings.opening.text() + "\", move " +
                               std::to_string(i + 1) + ": " + played.error().message);
            }
        }
        if (line.is_over())
            throw OaqError("opening \"" + settings.opening.text() + "\" ends the game");
        return line.position();
    }

    bool start_players() {
        for (int s = 0; s < static_cast<int>(players_.size()); ++s) {
            auto& player = *players_[at(s)];
            player.set_session_game(false);
            auto ready = player.prepare(settings_.rules, settings_.max_plies);
            if (ready) ready = player.new_game();
            if (!ready) {
                if (abort_)
                    abort_game();
                else
                    fail_seat(s, ready.error().termination, ready.error().detail);
                return false;
            }
        }
        return true;
    }

    protocol::PositionCommand position_command() const {
        protocol::PositionCommand cmd;
        if (game_.start() != rules::ring_start_position(settings_.rules))
            cmd.fen = rules::to_string(game_.start());
        for (auto m : game_.moves()) cmd.moves.push_back(rules::to_string(m));
        return cmd;
    }

    bool play_one_ply() {
        if (abort_) {
            abort_game();
            return false;
        }
        const int mover = game_.position().to_move;
        PlyRequest request{*players_[at(mover)],
                           mover,
                           position_command(),
                           tcs_,
                           clocks_,
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
                fail_seat(mover, rec.error().termination, rec.error().detail);
            return false;
        }
        game_.play(rec->move);
        record_.moves.push_back(std::move(*rec));
        if (observer_.on_move) observer_.on_move(record_.moves.back(), game_.position());
        return true;
    }

    void fail_seat(int seat, Termination termination, std::string detail) {
        decided_ = true;
        record_.failed_seat = seat;
        record_.termination = termination;
        record_.detail = "seat " + std::to_string(seat + 1) + ": " + std::move(detail);
    }

    void abort_game() {
        decided_ = true;
        record_.termination = Termination::Aborted;
        record_.detail = "interrupted by the referee";
    }

    void finish() {
        rules::RingPosition pos = game_.position();
        std::vector<rules::Standing> standings;
        if (!decided_) {
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
            standings = game_.standings();
        } else {
            // A failure or an abort: the citizens on each seat's squares go to its store (an
            // abort's standings are for the record only; it counts for nobody).
            if (!pos.is_over()) rules::end_game(pos, rules::EndReason::None);
            standings = record_.failed_seat
                            ? standings_with_last(pos, settings_.rules, *record_.failed_seat)
                            : rules::standings(pos, settings_.rules);
        }
        for (std::size_t s = 0; s < record_.seats.size(); ++s) {
            record_.seats[s].score = standings[s].score;
            record_.seats[s].rank = standings[s].rank;
            record_.seats[s].points = standings[s].points;
        }
        record_.result = rules::Result::Draw;  // 2-seat only: N seats say it by rank and points
        record_.final_position = rules::to_string(pos);
        record_.ended_at = Clock::now();
    }

    std::vector<Player*> players_;
    std::vector<TimeControl> tcs_;
    const GameSettings& settings_;
    const std::atomic<bool>& abort_;
    const TableObserver& observer_;
    rules::RingGame game_;
    std::vector<Microseconds> clocks_;
    GameRecord record_;
    bool decided_ = false;
};

}  // namespace

std::vector<rules::Standing> standings_with_last(const rules::RingPosition& pos,
                                                 const rules::Rules& rules, int last) {
    const int n = pos.seats;
    std::vector<rules::Standing> out(at(n));
    for (int s = 0; s < n; ++s) out[at(s)].score = rules::score(pos, s, rules);
    for (int s = 0; s < n; ++s) {
        if (s == last) {
            out[at(s)].rank = n;
            out[at(s)].points = 0;
            continue;
        }
        int above = 0, ties = 0, worse = 1;  // the failing seat is below every other
        for (int o = 0; o < n; ++o) {
            if (o == s || o == last) continue;
            if (out[at(o)].score > out[at(s)].score)
                ++above;
            else if (out[at(o)].score < out[at(s)].score)
                ++worse;
            else
                ++ties;
        }
        out[at(s)].rank = 1 + above;
        out[at(s)].points = (worse + 0.5 * ties) / (n - 1);
    }
    return out;
}

std::optional<std::string> seats_refusal(const std::string& name, const PlayerIdentity& identity,
                                         int seats) {
    for (const auto& option : identity.options) {
        if (same_name(option.name, "Players") && option.max && *option.max >= seats)
            return std::nullopt;
    }
    const auto n = std::to_string(seats);
    return "engine \"" + name + "\" cannot play " + n +
           "-seat games: it declares no option Players with max >= " + n +
           " (protocol-spec section 6.3)";
}

GameRecord play_table(std::span<Player* const> seats, std::span<const TimeControl> time_controls,
                      const GameSettings& settings, const std::atomic<bool>& abort,
                      const TableObserver& observer) {
    return TableInProgress(seats, time_controls, settings, abort, observer).run();
}

}  // namespace oaq::game
