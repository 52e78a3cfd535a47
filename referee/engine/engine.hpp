// Engine: what a game needs from a player, whatever is behind it. EngineSession (a real process
// speaking the protocol over pipes) implements it; unit tests of the match layer implement it with
// scripted fakes, so no unit test spawns a process or sleeps. No Boost here: this header is the
// boundary that keeps Boost.Process inside referee/engine/.
//
// Contract: every call returns; none blocks past its timeouts. An engine failure comes back as an
// EngineFailure value (termination kind + detail), never as an exception; after a failure the
// implementation has already stopped the process, and the next prepare() starts a fresh one.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "protocol/messages.hpp"
#include "protocol/termination.hpp"

namespace oaq::engine {

using Nanoseconds = std::chrono::nanoseconds;

struct EngineFailure {
    protocol::Termination termination = protocol::Termination::Crash;
    std::string detail;      // one line: "exit code 3", "no readyok within 5000 ms", the bad line
    Nanoseconds elapsed{0};  // for a failure during search: time since `go` was written
};

struct SearchResult {
    std::string move;        // the bestmove token exactly as sent (validated by the caller)
    Nanoseconds elapsed{0};  // monotonic: `go` written -> `bestmove` line read
    protocol::Info info;     // all `info` lines of this search merged; later fields win
};

// What the engine said about itself at the handshake.
struct EngineIdentity {
    std::string id_name;
    std::string id_author;
    std::vector<protocol::OptionDecl> options;
};

using InfoCallback = std::function<void(const protocol::Info&)>;

class Engine {
  public:
    virtual ~Engine() = default;

    virtual const std::string& name() const = 0;

    // Makes the engine ready for a game under `rules` (the expanded rules string): starts the
    // process if none is running (handshake, options, `Rules` when not standard), then `isready`.
    // Fails with Stall / Crash / ProtocolViolation, or ProtocolViolation with detail "engine does
    // not declare option Rules" for non-standard rules.
    virtual Expected<Ok, EngineFailure> prepare(const std::string& rules) = 0;

    // `uginewgame` then `isready`.
    virtual Expected<Ok, EngineFailure> new_game() = 0;

    // Sends `position` and `go`, waits for `bestmove`. With a deadline, once it passes the engine
    // gets `stop` and a short grace; a reply after the deadline still comes back as a SearchResult
    // (elapsed > deadline: the caller decides the time forfeit), no reply at all is a TimeForfeit
    // failure. Without a deadline (depth/nodes searches) a stall timeout applies instead (Stall).
    virtual Expected<SearchResult, EngineFailure> search(const protocol::PositionCommand& position,
                                                         const protocol::Go& go,
                                                         std::optional<Nanoseconds> deadline,
                                                         const InfoCallback& on_info = {}) = 0;

    // `quit`, a grace period, then a kill of the whole process group. Idempotent.
    virtual void shutdown() = 0;

    virtual EngineIdentity identity() const = 0;
};

}  // namespace oaq::engine
