// Player: what a game needs from whoever moves for one side: an engine process speaking the
// protocol (engine::EngineSession), a person at the terminal (`oaq play`), or a scripted fake in
// unit tests, so no unit test of the game layer spawns a process or sleeps. The game layer owns
// this interface; the engine layer implements it, which keeps Boost.Process inside
// referee/engine/ and lets the game layer know nothing of processes.
//
// Contract: every call returns; none blocks past its timeouts. A player's failure comes back as a
// PlayerFailure value (termination kind + detail), never as an exception; after a failure the
// implementation has already stopped its process, and the next prepare() starts a fresh one.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "game/termination.hpp"
#include "protocol/messages.hpp"
#include "rules/rules.hpp"

namespace oaq::game {

using Nanoseconds = std::chrono::nanoseconds;

struct PlayerFailure {
    Termination termination = Termination::Crash;
    std::string detail;      // one line: "exit code 3", "no readyok within 5000 ms", the bad line
    Nanoseconds elapsed{0};  // for a failure during search: time since `go` was written
};

struct SearchResult {
    std::string move;        // the bestmove token exactly as sent (validated by the caller)
    Nanoseconds elapsed{0};  // monotonic: `go` written -> `bestmove` line read
    protocol::Info info;     // all `info` lines of this search merged; later fields win
};

// What an engine said about itself at the handshake (empty for a person).
struct PlayerIdentity {
    std::string id_name;
    std::string id_author;
    std::vector<protocol::OptionDecl> options;
};

// Why a player cannot sit at a table of `seats` seats (protocol-spec 6.3: it must declare the
// option Players with a max of at least `seats`), or nullopt when it can. Names the player.
std::optional<std::string> seats_refusal(const std::string& name, const PlayerIdentity& identity,
                                         int seats);

using InfoCallback = std::function<void(const protocol::Info&)>;

class Player {
  public:
    virtual ~Player() = default;

    virtual const std::string& name() const = 0;

    // Makes the player ready for a game under `rules` that ends after `ply_limit` plies (0: no
    // limit; protocol-spec 6.1): an engine starts its process if none is running (handshake,
    // options), is told the rules (`Rules`) and the limit (`PlyLimit`, when it declares it) when
    // they differ from what it was last told, then `isready`. Fails with Stall / Crash /
    // ProtocolViolation, or ProtocolViolation with detail "engine does not declare option Rules"
    // for non-standard rules.
    virtual Expected<Ok, PlayerFailure> prepare(const rules::Rules& rules, int ply_limit) = 0;

    // Called before prepare(): whether the next game is a session game (protocol-spec 6.2). An
    // engine that declares `Shares` is then told so before the game's `isready`.
    virtual void set_session_game(bool /*session_game*/) {}
    // After prepare(): whether this player takes positions with shares (the seventh field). One
    // that does not is sent the position without them: its moves mean the same.
    virtual bool takes_shares() const { return false; }

    // `uginewgame` then `isready`.
    virtual Expected<Ok, PlayerFailure> new_game() = 0;

    // Sends `position`, `isready` and `go` (one write), waits for `bestmove`: only a `bestmove`
    // after that `readyok` answers this search (protocol-spec 4.3). With a deadline, once it passes
    // the engine gets `stop` and a short grace; a reply after the deadline still comes back as a
    // SearchResult (elapsed > deadline: the caller decides the time forfeit), no reply at all is a
    // TimeForfeit failure. Without a deadline (depth/nodes searches) a stall timeout applies
    // instead (Stall).
    virtual Expected<SearchResult, PlayerFailure> search(const protocol::PositionCommand& position,
                                                         const protocol::Go& go,
                                                         std::optional<Nanoseconds> deadline,
                                                         const InfoCallback& on_info = {}) = 0;

    // `quit`, a grace period, then a kill of the whole process group. Idempotent.
    virtual void shutdown() = 0;

    virtual PlayerIdentity identity() const = 0;
};

}  // namespace oaq::game
