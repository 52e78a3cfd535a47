// EngineSession: the game::Player interface over an engine process speaking the protocol
// (protocol-spec/README.md). A state machine: NotStarted -> Handshake -> Idle <-> Searching, and
// Failed or Stopped, from which the next prepare() starts a fresh process.
//
// The process and the clock come from a ProcessHost (process_port.hpp): real processes and
// steady_clock by default, a scripted fake process and a manual clock in unit tests. Every time
// the session reads (deadlines, think time, protocol log stamps) comes from the host's clock.
//
// It never blocks past a timeout: every wait is a poll on the engine's stdout with the exact time
// left, so a misbehaving engine costs at most the configured timeout and a well-behaved one costs
// only the pipe round trip. Every failure kills the whole process group before it is returned,
// with the termination and a one-line detail that names the cause (protocol-spec section 8).
// A search is fenced: `position`, `isready` and `go` leave in one write, and every line before
// that `readyok` belongs to the past (protocol-spec 4.3), so a stray second `bestmove` of an
// earlier search is never played; it is counted (stray_bestmoves()) for the compliance checker.
// Lines that say nothing (blank, unknown, malformed, overlong, at the wrong time) are logged and
// ignored, except a `bestmove` line of the search that cannot be read (no move, overlong, cut
// off, a token not of the form <1-5><L|R>), which is a protocol violation: the referee cannot
// tell what was played. Configured options the engine does not declare are not sent and show in
// warnings(). Each log (stderr, protocol) is capped per engine (EngineConfig::max_log_bytes()).
// The timeouts default to protocol-spec section 7. An engine that cannot be started at all (bad
// command) throws OaqError.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/log_budget.hpp"
#include "engine/process_port.hpp"
#include "game/defaults.hpp"
#include "game/engine_definition.hpp"
#include "game/player.hpp"

namespace oaq::engine {

// The Player vocabulary this layer implements.
using game::InfoCallback;
using game::Nanoseconds;
using game::PlayerFailure;
using game::PlayerIdentity;
using game::SearchResult;

// What an unset EngineDefinition::handshake_timeout and log_limit mean.
inline constexpr std::chrono::nanoseconds kDefaultHandshakeTimeout = std::chrono::seconds(10);
inline constexpr std::uint64_t kDefaultLogLimit = 10 * 1024 * 1024;

// One engine process's configuration: the engine as defined (command, arguments, directory,
// environment, options, restart policy, handshake timeout, log limit and log files: "" for none)
// and the timeouts of the protocol that are the session's, not the engine's.
struct EngineConfig {
    game::EngineDefinition engine;

    // `isready` -> `readyok`; also how long a write may block on an engine not reading its input
    std::chrono::nanoseconds ready_timeout = std::chrono::seconds(5);
    // after the deadline: `stop` -> `bestmove`
    std::chrono::nanoseconds stop_grace = std::chrono::milliseconds(100);
    // `quit` -> process exit, then SIGKILL to the group
    std::chrono::nanoseconds quit_grace = std::chrono::milliseconds(500);
    // searches without a deadline (`go depth`, `go nodes`)
    std::chrono::nanoseconds stall_timeout = game::kDefaultStallTimeout;
    // After EOF on stdout, how long the process may take to exit before it counts as hung.
    std::chrono::nanoseconds exit_wait = std::chrono::milliseconds(500);
    // After this many handshakes in a row have failed, prepare() fails at once with the last
    // failure instead of starting the engine again (and paying the handshake timeout): a
    // misconfigured engine then costs a run nothing per game. 0: always try again.
    int max_handshake_failures = 0;

    // `ugi` -> `ugiok`: the engine's handshake-timeout, else 10 s.
    std::chrono::nanoseconds handshake_timeout() const {
        return engine.handshake_timeout ? std::chrono::nanoseconds(*engine.handshake_timeout)
                                        : kDefaultHandshakeTimeout;
    }
    // Bytes each of the engine's logs may receive during the session, across restarts; then one
    // marker line, and the rest is dropped. 0: no limit. The engine's log-limit, else 10 MiB.
    std::uint64_t max_log_bytes() const { return engine.log_limit.value_or(kDefaultLogLimit); }
};

enum class SessionState { NotStarted, Handshake, Idle, Searching, Failed, Stopped };

class EngineSession final : public game::Player {
  public:
    // The process is started by the first prepare(), through `host`.
    explicit EngineSession(EngineConfig config, ProcessHost host = {});
    ~EngineSession() override;
    EngineSession(const EngineSession&) = delete;
    EngineSession& operator=(const EngineSession&) = delete;

    const std::string& name() const override { return config_.engine.name; }
    Expected<Ok, PlayerFailure> prepare(const rules::Rules& rules, int ply_limit) override;
    Expected<Ok, PlayerFailure> new_game() override;
    Expected<SearchResult, PlayerFailure> search(const protocol::PositionCommand& position,
                                                 const protocol::Go& go,
                                                 std::optional<Nanoseconds> deadline,
                                                 const InfoCallback& on_info = {}) override;
    void shutdown() override;
    PlayerIdentity identity() const override { return identity_; }
    void set_session_game(bool session_game) override { session_game_ = session_game; }
    // protocol-spec 6.2: an engine that declares `Shares` is sent them in a session game.
    bool takes_shares() const override { return session_game_ && declares("Shares"); }

    // Beyond Player: for the compliance checker and tests.
    SessionState state() const { return state_; }
    // prepare() without its closing isready -> readyok: starts the process when needed (the
    // handshake) and sends the options; then ping() is the isready, on a step of its own.
    Expected<Ok, PlayerFailure> configure(const rules::Rules& rules, int ply_limit);
    // `isready` -> `readyok` while idle.
    Expected<Ok, PlayerFailure> ping();
    // Things worth telling the user that are not failures: configured options the engine does not
    // declare (they are not sent), lines that were ignored: one entry per reason, with the count
    // and the first such line (the first few reasons).
    const std::vector<std::string>& warnings() const { return warnings_; }
    // How the last process ended (after a failure or shutdown).
    std::optional<std::string> last_exit() const { return last_exit_; }
    // Whether that process had to be killed (it did not exit by itself within the grace).
    bool last_exit_forced() const { return last_exit_forced_; }
    // Whether the engine declared `option` at its handshake (names compare without case).
    bool declares(std::string_view option) const { return declared(option) != nullptr; }
    // The running process's id (its process group id), or -1.
    int pid() const;
    // How many handshakes in a row have failed (0 after a good one): what a run needs to stop
    // retrying an engine that can never start (see max_handshake_failures).
    int consecutive_handshake_failures() const { return handshake_failures_; }
    // How many `bestmove` lines came when no search asked for one (a second bestmove for one go,
    // one before ugiok or while waiting for readyok): ignored, never played (protocol-spec 5.6).
    int stray_bestmoves() const { return stray_bestmoves_; }
    const EngineConfig& config() const { return config_; }

  private:
    // The next line that says something, decoded. Blank, overlong and undecodable lines are
    // logged and skipped (protocol-spec 8), except a `bestmove` line that cannot be read.
    struct Incoming {
        enum Kind { Reply, BadBestmove, Timeout, Eof } kind;
        std::string line;
        protocol::Reply reply = {};  // for Reply
        std::string why = {};        // for BadBestmove: what is wrong with the line
    };
    Incoming next(Clock::time_point deadline);
    Expected<Ok, PlayerFailure> start();
    Expected<Ok, PlayerFailure> handshake();
    Expected<Ok, PlayerFailure> set_ply_limit(int ply_limit);
    Expected<Ok, PlayerFailure> set_shares();
    Expected<Ok, PlayerFailure> set_players(int players);
    Expected<Ok, PlayerFailure> send(const std::string& line);
    // Writes `text` (one or more lines) and logs `logged`.
    Expected<Ok, PlayerFailure> send(const std::string& text, const std::string& logged);
    Expected<Ok, PlayerFailure> wait_ready(std::chrono::nanoseconds timeout, const char* what);
    Expected<Ok, PlayerFailure> set_rules(const rules::Rules& rules);
    PlayerFailure fail(game::Termination kind, std::string detail, Nanoseconds elapsed = {});
    // The engine closed a pipe: "exit code N" / "signal N (NAME)" once it has exited, else
    // `if_alive` (and it is killed).
    PlayerFailure crashed(Nanoseconds elapsed = {},
                          const char* if_alive = "closed its output without exiting");
    void ignored(const std::string& line, const std::string& why);
    // Appends " (nothing at all received ...: is the output flushed?)" when no line came since
    // `received_before` (a count of received_).
    std::string unless_silent(std::string detail, long long received_before) const;
    void log(char direction, std::string_view line);
    const protocol::OptionDecl* declared(std::string_view option) const;

    EngineConfig config_;
    ProcessHost host_;
    std::unique_ptr<ProcessPort> process_;
    SessionState state_ = SessionState::NotStarted;
    PlayerIdentity identity_;
    std::string rules_sent_;  // the expanded rules string last sent with `setoption name Rules`
    std::optional<int> ply_limit_told_;  // the PlyLimit last sent to this process
    bool session_game_ = false;          // the next game is a session game
    std::optional<bool> shares_told_;    // the Shares value last sent to this process
    std::optional<int> players_told_;    // the Players value last sent to this process
    long long received_ = 0;             // lines read from this process
    std::string last_received_;          // the last of them (for a failed handshake's detail)
    int handshake_failures_ = 0;
    std::optional<PlayerFailure> last_handshake_failure_;
    int stray_bestmoves_ = 0;
    std::shared_ptr<LogBudget> stderr_budget_;    // null: no cap
    std::shared_ptr<LogBudget> protocol_budget_;  // null: no cap
    std::vector<std::string> warnings_;
    // The ignored lines of each reason: warnings_[index] says them.
    struct IgnoredKind {
        std::string why;
        std::string first_line;
        long long count = 0;
        std::size_t index = 0;
    };
    std::vector<IgnoredKind> ignored_kinds_;
    std::optional<std::string> last_exit_;
    bool last_exit_forced_ = false;
    std::ofstream protocol_log_;
    Clock::time_point created_;  // protocol log stamps count from here
};

}  // namespace oaq::engine
