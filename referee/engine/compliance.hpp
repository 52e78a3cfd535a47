// Compliance check: walks an engine through every part of the protocol a referee relies on and
// says, step by step, what passed and why something failed (`oaq check-engine`). It is exactly as
// strict as a match: the same session (so the same fenced searches, timeouts and failure details),
// the same time margin (game::kDefaultTimeMargin unless told otherwise), every move checked for
// legality. Steps (protocol-spec 12 lists them for bot authors):
//   the handshake (ugi -> ugiok), `id name`, isready -> readyok (its own step: the ready timeout,
//   not the handshake's, applies; without a readyok the rest is skipped), the declared options;
//   `Rules` when the check's rules are not standard; `PlyLimit` when declared (a search one ply
//   before the limit); uginewgame;
//   a search from each test position (compliance_positions.hpp: each side to move, from the
//   start, from position strings, after refills, near the end) with `go movetime 100`; each time
//   form (movetime, a clock with North to move, a short clock, depth, nodes); `go depth 0` and
//   `go nodes 0` (warning steps: a legal move at once); go infinite + stop; when `Shares` is
//   declared, a search from a position with shares (the seventh field); the test positions
//   again under a second rule set when the engine declares `Rules`; isready while idle; quit.
// After every search a fence (`isready`) catches a second `bestmove` for one `go`: one warning
// step after the searches counts them (an engine that does it does it every time). A
// clock search that uses more than half the time left is a warning. A failing step does not end
// the check: the session restarts the engine when it must, so one run reports every problem.
// Reasons and warnings are one line each, with what the engine wrote escaped (utf8::escaped: a byte
// that is not UTF-8 shows as \xNN); the full transcript goes to the session's protocol log.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "common/words.hpp"
#include "engine/engine_session.hpp"
#include "game/defaults.hpp"

namespace oaq::engine {

enum class Verdict { Pass, Warn, Fail };

// "pass", "warn", "fail": the words `oaq check-engine --json` prints.
inline constexpr auto kVerdictWords =
    words<Verdict>({{Verdict::Pass, "pass"}, {Verdict::Warn, "warn"}, {Verdict::Fail, "fail"}});
inline std::string_view to_string(Verdict v) {
    return kVerdictWords.word(v);
}

struct ComplianceStep {
    std::string name;
    Verdict verdict = Verdict::Fail;
    std::string reason;  // why it failed or warns, or a note when it passed ("1L in 3 ms (...)")
    bool passed() const { return verdict != Verdict::Fail; }
};

// The first two steps' names: a failure there ends the check, and `oaq check-engine` names the
// option that sets its limit (--handshake-timeout, --ready-timeout).
inline constexpr std::string_view kHandshakeStep = "handshake (ugi -> id, option, ugiok)";
inline constexpr std::string_view kFirstReadyStep = "isready -> readyok";

struct CheckSettings {
    std::string rules = "standard";  // any rules string (preset or expanded)
    // The overrun a match tolerates beyond movetime or the clock; the check applies the same.
    std::chrono::milliseconds time_margin = game::kDefaultTimeMargin;
    // The rule set the test positions are searched under again when the engine declares `Rules`
    // (skipped when it is `rules`).
    std::string variant_rules = "village";
};

// Throws OaqError when the engine cannot be started at all (bad command) or a rules string does
// not parse. When `warnings` is given it receives what is not a step but worth fixing
// (protocol-spec 8): ignored lines, options the engine does not declare. `host` starts the engine
// and keeps the time (process_port.hpp).
std::vector<ComplianceStep> run_compliance_check(const EngineConfig& config,
                                                 const CheckSettings& settings,
                                                 std::vector<std::string>* warnings = nullptr,
                                                 ProcessHost host = {});

}  // namespace oaq::engine
