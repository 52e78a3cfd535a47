#include "engine/compliance.hpp"

#include <set>

#include "common/error.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace oaq::engine {

namespace {

using protocol::Go;
using protocol::PositionCommand;
using std::chrono::milliseconds;

std::string describe(const PlayerFailure& f) {
    return std::string(game::to_string(f.termination)) + ": " + f.detail;
}

long long ms(Nanoseconds d) {
    return std::chrono::duration_cast<milliseconds>(d).count();
}

// The position a `position` command describes, or an error saying why it does not.
Expected<rules::Position> position_of(const PositionCommand& command, const rules::Rules& rules) {
    auto pos = rules::parse_position(command.fen ? *command.fen : "startpos", rules);
    if (!pos) return pos.error();
    rules::Position p = *pos;
    for (const auto& text : command.moves) {
        auto move = rules::parse_move(text);
        if (!move || !rules::is_legal(p, *move, rules)) return fail("bad test move " + text);
        p = rules::play(p, *move, rules);
    }
    return p;
}

// Empty when `move` is legal in the position of `command`, else why not.
std::string why_not_legal(const PositionCommand& command, const std::string& move,
                          const rules::Rules& rules) {
    auto pos = position_of(command, rules);
    if (!pos) return pos.error().message;
    auto parsed = rules::parse_move(move);
    if (!parsed) return parsed.error().message;
    std::string why = rules::why_illegal(*pos, *parsed, rules);
    return why.empty() ? "" : move + ": " + why;
}

// A deterministic mid-game line from the start: at ply i the i-th legal move (cyclically) among
// those that do not end the game, so every position on it is still being played.
std::vector<std::string> opening_line(const rules::Rules& rules, int plies) {
    std::vector<std::string> line;
    rules::Position p = rules::start_position(rules);
    for (int i = 0; i < plies; ++i) {
        std::vector<rules::Move> going_on;
        for (auto m : rules::legal_moves(p, rules))
            if (!rules::play(p, m, rules).is_over()) going_on.push_back(m);
        if (going_on.empty()) break;
        auto m = going_on[static_cast<std::size_t>(i) % going_on.size()];
        line.push_back(rules::to_string(m));
        p = rules::play(p, m, rules);
    }
    return line;
}

std::string option_problem(const protocol::OptionDecl& o) {
    using protocol::OptionType;
    switch (o.type) {
        case OptionType::Spin: {
            if (!o.min || !o.max) return "spin option " + o.name + " lacks min or max";
            long long value = 0;
            try {
                std::size_t used = 0;
                value = std::stoll(o.default_value, &used);
                if (used != o.default_value.size())
                    return "spin option " + o.name + ": bad default";
            } catch (const std::exception&) {
                return "spin option " + o.name + ": default \"" + o.default_value +
                       "\" is not a number";
            }
            if (*o.min > *o.max || value < *o.min || value > *o.max) {
                return "spin option " + o.name + ": default outside min..max";
            }
            return "";
        }
        case OptionType::Check:
            if (o.default_value != "true" && o.default_value != "false") {
                return "check option " + o.name + ": default must be true or false";
            }
            return "";
        case OptionType::Combo:
            for (const auto& v : o.vars)
                if (v == o.default_value) return "";
            return "combo option " + o.name + ": default is not one of its vars";
        case OptionType::String:
        case OptionType::Button:
            return "";
    }
    return "";
}

class Checker {
  public:
    Checker(const EngineConfig& config, const std::string& rules_text, ProcessHost host)
        : session_(config, std::move(host)), config_(config) {
        auto parsed = rules::parse_rules(rules_text);
        if (!parsed) throw OaqError("bad rules \"" + rules_text + "\": " + parsed.error().message);
        rules_ = *parsed;
        rules_string_ = rules::expanded(rules_);
    }

    std::vector<ComplianceStep> run() {
        const std::string standard = rules::expanded(rules::Rules{});
        auto hello = session_.prepare(rules::Rules{});
        if (!hello) {
            add("handshake (ugi -> id, option, ugiok)", false, describe(hello.error()));
            add("remaining steps", false, "skipped: no handshake");
            session_.shutdown();
            return steps_;
        }
        const auto& id = session_.identity();
        add("handshake (ugi -> id, option, ugiok)", true,
            "\"" + id.id_name + "\" by \"" + id.id_author + "\"");
        add("id name", !id.id_name.empty(), id.id_name.empty() ? "no `id name` line" : id.id_name);
        check_options();
        if (rules_string_ != standard) {
            auto r = session_.prepare(rules_);
            add("Rules option (setoption name Rules value ...)", bool(r),
                r ? rules_string_
                  : describe(r.error()) +
                        (r.error().termination == game::Termination::ProtocolViolation
                             ? "; the other steps use standard rules"
                             : ""));
            if (!r && r.error().termination == game::Termination::ProtocolViolation) {
                // A standard-only engine: still worth checking everything else.
                rules_ = rules::Rules{};
                rules_string_ = standard;
            }
        }
        if (ready()) {
            auto r = session_.ping();
            add("isready -> readyok", bool(r), r ? "" : describe(r.error()));
        }
        if (ready()) {
            auto r = session_.new_game();
            add("uginewgame -> readyok", bool(r), r ? "" : describe(r.error()));
        }

        const auto line = opening_line(rules_, 6);
        Go movetime;
        movetime.movetime = milliseconds(200);
        search("position startpos + go movetime 200", PositionCommand{}, movetime,
               milliseconds(200) + kTolerance);

        PositionCommand mid;
        if (line.size() >= 4) {
            auto pos = position_of(PositionCommand{std::nullopt, {line.begin(), line.begin() + 4}},
                                   rules_);
            mid.fen = rules::to_string(*pos);
            mid.moves.assign(line.begin() + 4, line.end());
        }
        search("position fen <mid-game> moves ... + go movetime 200", mid, movetime,
               milliseconds(200) + kTolerance);

        Go clock;
        clock.p1time = milliseconds(5000);
        clock.p2time = milliseconds(3000);
        clock.p1inc = milliseconds(50);
        clock.p2inc = milliseconds(50);
        PositionCommand north{std::nullopt, {line.begin(), line.begin() + (line.empty() ? 0 : 1)}};
        search("go p1time p2time p1inc p2inc (North to move)", north, clock, milliseconds(3000));

        Go depth;
        depth.depth = 1;
        search("go depth 1", PositionCommand{}, depth, std::nullopt);
        Go nodes;
        nodes.nodes = 1000;
        search("go nodes 1000", PositionCommand{}, nodes, std::nullopt);
        Go infinite;
        infinite.infinite = true;
        search("go infinite, stop after 200 ms -> bestmove", PositionCommand{}, infinite,
               milliseconds(200), true);

        if (ready()) {
            auto r = session_.ping();
            add("isready while idle", bool(r), r ? "" : describe(r.error()));
        }
        if (session_.state() == SessionState::Idle) {
            session_.shutdown();
            bool polite = !session_.last_exit_forced();
            add("quit (exits within " + std::to_string(ms(config_.quit_grace)) + " ms)", polite,
                polite ? session_.last_exit().value_or("")
                       : "still running after the grace: killed");
        } else {
            add("quit", false, "engine not running");
        }
        return steps_;
    }

    const std::vector<std::string>& warnings() const { return session_.warnings(); }

  private:
    static constexpr milliseconds kTolerance{200};

    void add(std::string name, bool passed, std::string reason) {
        steps_.push_back({std::move(name), passed, std::move(reason)});
    }

    // Restarts the engine after an earlier failure, so later steps still run.
    bool ready() {
        if (session_.state() == SessionState::Idle) return true;
        auto r = session_.prepare(rules_);
        if (!r) add("restart after failure", false, describe(r.error()));
        return bool(r);
    }

    void check_options() {
        std::set<std::string> seen;
        std::string problems;
        for (const auto& o : session_.identity().options) {
            std::string p = option_problem(o);
            if (!seen.insert(o.name).second) p = "option " + o.name + " declared twice";
            if (!p.empty()) problems += (problems.empty() ? "" : "; ") + p;
        }
        add("declared options are well-formed", problems.empty(),
            problems.empty() ? std::to_string(seen.size()) + " options" : problems);
    }

    void search(const std::string& name, const PositionCommand& position, const Go& go,
                std::optional<Nanoseconds> deadline, bool late_is_fine = false) {
        if (!ready()) {
            add(name, false, "engine not running");
            return;
        }
        auto r = session_.search(position, go, deadline);
        if (!r) {
            add(name, false, describe(r.error()));
            return;
        }
        if (auto why = why_not_legal(position, r->move, rules_); !why.empty()) {
            add(name, false, "illegal move " + why);
            return;
        }
        if (go.infinite && deadline && r->elapsed < *deadline) {
            // protocol-spec 4.6: `go infinite` searches until `stop`.
            add(name, false,
                "bestmove after " + std::to_string(ms(r->elapsed)) +
                    " ms, before stop: go infinite must search until stop");
            return;
        }
        if (deadline && !late_is_fine && r->elapsed > *deadline) {
            add(name, false,
                "bestmove after " + std::to_string(ms(r->elapsed)) + " ms, limit " +
                    std::to_string(ms(*deadline)) + " ms");
            return;
        }
        add(name, true, r->move + " in " + std::to_string(ms(r->elapsed)) + " ms");
    }

    EngineSession session_;
    const EngineConfig& config_;
    rules::Rules rules_;
    std::string rules_string_;
    std::vector<ComplianceStep> steps_;
};

}  // namespace

std::vector<ComplianceStep> run_compliance_check(const EngineConfig& config,
                                                 const std::string& rules,
                                                 std::vector<std::string>* warnings,
                                                 ProcessHost host) {
    Checker checker(config, rules, std::move(host));
    auto steps = checker.run();
    if (warnings) *warnings = checker.warnings();
    return steps;
}

}  // namespace oaq::engine
