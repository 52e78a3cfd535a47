// ScriptedPlayer: a fake game::Player for game-layer unit tests. By default it plays the first
// legal move of the position it is sent, reporting a fixed think time; tests override `reply` to
// script misbehaviour. No process, no sleeping: the "clock" is whatever elapsed time the script
// reports.
#pragma once

#include <functional>
#include <vector>

#include "game/player.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"

namespace oaq::testing {

inline rules::Position position_of(const protocol::PositionCommand& cmd, const rules::Rules& r) {
    auto pos = cmd.fen ? rules::parse_position(*cmd.fen, r).value() : rules::start_position(r);
    for (const auto& m : cmd.moves) pos = rules::play(pos, rules::parse_move(m).value(), r);
    return pos;
}

// The ring position (3 or 4 seats) a `position` command describes.
inline rules::RingPosition ring_position_of(const protocol::PositionCommand& cmd,
                                            const rules::Rules& r) {
    auto pos =
        cmd.fen ? rules::parse_ring_position(*cmd.fen, r).value() : rules::ring_start_position(r);
    for (const auto& m : cmd.moves) pos = rules::play(pos, rules::parse_move(m).value(), r);
    return pos;
}

class ScriptedPlayer : public game::Player {
  public:
    using Reply = Expected<game::SearchResult, game::PlayerFailure>;
    explicit ScriptedPlayer(std::string name, rules::Rules rules = {})
        : name_(std::move(name)), rules_(rules) {}

    // Called for each search with the ply index of this engine's searches (0, 1, ...).
    std::function<Reply(const protocol::PositionCommand&, const protocol::Go&, int)> reply;
    Expected<Ok, game::PlayerFailure> prepare_result = Ok{};
    std::chrono::nanoseconds think{std::chrono::milliseconds(1)};

    std::vector<protocol::Go> gos;
    std::vector<protocol::PositionCommand> positions;
    std::vector<std::optional<game::Nanoseconds>> deadlines;
    int prepares = 0;
    int new_games = 0;
    int ply_limit = -1;        // what the last prepare() was told
    int prepared_players = 0;  // the players of the rules the last prepare() was told

    const std::string& name() const override { return name_; }
    Expected<Ok, game::PlayerFailure> prepare(const rules::Rules& r, int limit) override {
        ++prepares;
        prepared_players = r.players;
        ply_limit = limit;
        return prepare_result;
    }
    Expected<Ok, game::PlayerFailure> new_game() override {
        ++new_games;
        return Ok{};
    }
    Reply search(const protocol::PositionCommand& position, const protocol::Go& go,
                 std::optional<game::Nanoseconds> deadline, const game::InfoCallback&) override {
        gos.push_back(go);
        positions.push_back(position);
        deadlines.push_back(deadline);
        const int n = static_cast<int>(gos.size()) - 1;
        if (reply) return reply(position, go, n);
        return first_legal(position);
    }
    void shutdown() override {}
    game::PlayerIdentity identity() const override { return {name_, "test", {}}; }

    Reply first_legal(const protocol::PositionCommand& position) const {
        auto moves = rules_.players > 2
                         ? rules::legal_moves(ring_position_of(position, rules_), rules_)
                         : rules::legal_moves(position_of(position, rules_), rules_);
        game::SearchResult r;
        r.move = rules::to_string(moves[0]);
        r.elapsed = think;
        r.info.depth = 1;
        return r;
    }

  private:
    std::string name_;
    rules::Rules rules_;
};

}  // namespace oaq::testing
