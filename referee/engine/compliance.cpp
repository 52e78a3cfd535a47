#include "engine/compliance.hpp"

#include <set>

#include "common/error.hpp"
#include "common/utf8.hpp"
#include "engine/compliance_positions.hpp"
#include "game/table_runner.hpp"
#include "protocol/codec.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"

namespace oaq::engine {

namespace {

using protocol::Go;
using protocol::PositionCommand;
using std::chrono::milliseconds;

// The plies a game lasts unless a step says otherwise (the checker's games are a match's).
constexpr int kPlyLimit = game::kDefaultPlyLimit;

std::string describe(const PlayerFailure& f) {
    return std::string(game::to_string(f.termination)) + ": " + f.detail;
}

std::string ms_text(Nanoseconds d) {
    return std::to_string(std::chrono::duration_cast<milliseconds>(d).count()) + " ms";
}

// One line, printable: a reason quotes what the engine wrote, which may be any bytes (bytes that
// are not UTF-8 are shown as \xNN, never sent raw to the terminal).
std::string one_line(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\r') {
            out += "\\r";
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += ' ';
        } else {
            out += c;
        }
    }
    return utf8::escaped(out);
}

std::string sent(const PositionCommand& position) {
    std::string line = protocol::encode(protocol::Command{position});
    return line.size() > 160 ? line.substr(0, 160) + "..." : line;
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

// The ring position (3 or 4 seats) a `position` command describes.
Expected<rules::RingPosition> ring_position_of(const PositionCommand& command,
                                               const rules::Rules& rules) {
    auto pos = command.fen ? rules::parse_ring_position(*command.fen, rules)
                           : Expected<rules::RingPosition>(rules::ring_start_position(rules));
    if (!pos) return pos.error();
    rules::RingPosition p = *pos;
    for (const auto& text : command.moves) {
        auto move = rules::parse_move(text);
        if (!move || !rules::is_legal(p, *move, rules)) return fail("bad test move " + text);
        p = rules::play(p, *move, rules);
    }
    return p;
}

// A line of `plies` moves of the ring game from its start, varied (not always the first legal
// move) and never ending the game.
std::vector<std::string> ring_line(const rules::Rules& rules, int plies) {
    rules::RingPosition p = rules::ring_start_position(rules);
    std::vector<std::string> line;
    for (int i = 0; i < plies; ++i) {
        auto moves = rules::legal_moves(p, rules);
        if (moves.empty()) break;
        const auto pick = moves[static_cast<std::size_t>(i * 3 + 1) % moves.size()];
        auto next = rules::play(p, pick, rules);
        if (next.is_over()) break;
        line.push_back(rules::to_string(pick));
        p = next;
    }
    return line;
}

// Empty when `move` is legal in the position of `command`, else why not.
std::string why_not_legal(const PositionCommand& command, const std::string& move,
                          const rules::Rules& rules) {
    if (rules.players > 2) {
        auto pos = ring_position_of(command, rules);
        if (!pos) return pos.error().message;
        auto parsed = rules::parse_move(move);
        if (!parsed) return parsed.error().message;
        std::string why = rules::why_illegal(*pos, *parsed, rules);
        return why.empty() ? "" : move + ": " + why;
    }
    auto pos = position_of(command, rules);
    if (!pos) return pos.error().message;
    auto parsed = rules::parse_move(move);
    if (!parsed) return parsed.error().message;
    std::string why = rules::why_illegal(*pos, *parsed, rules);
    return why.empty() ? "" : move + ": " + why;
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

// How a search step is judged.
enum class Timing {
    Deadline,  // movetime: over the deadline (the match's limit) is a failure
    Clock,     // the same, and more than half the time left on one move is a warning
    Untimed,   // depth, nodes: the stall timeout applies
    AtOnce,    // depth 0, nodes 0: a legal move before the deadline, else a warning
    Infinite,  // go infinite: the bestmove must come only after stop
};

struct SearchStep {
    std::string name;
    PositionCommand position;
    Go go = {};
    Timing timing = Timing::Deadline;
    std::optional<Nanoseconds> deadline = {};  // what the session is given
    std::string limit = {};   // how the deadline was made: "movetime 100 + margin 50"
    Nanoseconds time_left{};  // Clock: the mover's time left
};

struct Outcome {
    Verdict verdict;
    std::string reason;
};

class Checker {
  public:
    Checker(const EngineConfig& config, const CheckSettings& settings, ProcessHost host)
        : session_(config, std::move(host)), config_(config), settings_(settings) {
        rules_ = parse(settings.rules);
        variant_ = parse(settings.variant_rules);
    }

    std::vector<ComplianceStep> run() {
        if (!handshake() || !first_ready()) return steps_;
        check_options();
        if (rules_.players > 2) {
            check_table();
            return steps_;
        }
        const rules::Rules standard{};
        if (rules::expanded(rules_) != rules::expanded(standard)) check_rules();
        if (declares("PlyLimit")) check_ply_limit();
        if (ready()) {
            auto r = session_.new_game();
            add("uginewgame -> readyok", r ? Verdict::Pass : Verdict::Fail, failure_of(r));
        }
        search_test_positions("");
        check_time_forms();
        if (declares("Shares")) check_shares();
        if (declares("Rules") && rules::expanded(variant_) != rules::expanded(rules_)) {
            check_variant();
        }
        report_second_bestmoves();
        if (ready()) {
            auto r = session_.ping();
            add("isready while idle", r ? Verdict::Pass : Verdict::Fail, failure_of(r));
        }
        check_quit();
        return steps_;
    }

    const std::vector<std::string>& warnings() const { return session_.warnings(); }

  private:
    static rules::Rules parse(const std::string& text) {
        auto parsed = rules::parse_rules(text);
        if (!parsed) throw OaqError("bad rules \"" + text + "\": " + parsed.error().message);
        return *parsed;
    }

    void add(std::string name, Verdict verdict, std::string reason) {
        steps_.push_back({std::move(name), verdict, one_line(reason)});
    }

    static std::string failure_of(const Expected<Ok, PlayerFailure>& r) {
        return r ? "" : describe(r.error());
    }

    bool declares(std::string_view option) const { return session_.declares(option); }

    // Restarts the engine after an earlier failure, so later steps still run.
    bool ready() {
        if (session_.state() == SessionState::Idle) return true;
        auto r = session_.prepare(
            rules_, rules_.players > 2 ? rules::default_ply_limit(rules_) : kPlyLimit);
        if (!r) add("restart after failure", Verdict::Fail, describe(r.error()));
        return bool(r);
    }

    bool handshake() {
        const std::string name(kHandshakeStep);
        // Without the isready that ends prepare(): a hang there is the next step's.
        auto hello = session_.configure(rules::Rules{}, kPlyLimit);
        if (!hello) {
            add(name, Verdict::Fail, describe(hello.error()));
            add("remaining steps", Verdict::Fail, "skipped: no handshake");
            session_.shutdown();
            return false;
        }
        const auto& id = session_.identity();
        add(name, Verdict::Pass,
            "\"" + id.id_name + "\" by \"" + id.id_author + "\", limit " +
                ms_text(config_.handshake_timeout()));
        add("id name", id.id_name.empty() ? Verdict::Fail : Verdict::Pass,
            id.id_name.empty() ? "no `id name` line" : id.id_name);
        return true;
    }

    // The first isready: an engine that never answers it cannot play a game, and restarting it for
    // every later step would cost the ready timeout each time.
    bool first_ready() {
        auto r = session_.ping();
        // A failure says the limit ("no readyok within 5000 ms"); a pass says it too.
        add(std::string(kFirstReadyStep), r ? Verdict::Pass : Verdict::Fail,
            r ? "limit " + ms_text(config_.ready_timeout) : describe(r.error()));
        if (r) return true;
        add("remaining steps", Verdict::Fail, "skipped: no readyok");
        session_.shutdown();
        return false;
    }

    void check_options() {
        std::set<std::string> seen;
        std::string problems;
        for (const auto& o : session_.identity().options) {
            std::string p = option_problem(o);
            if (!seen.insert(o.name).second) p = "option " + o.name + " declared twice";
            if (!p.empty()) problems += (problems.empty() ? "" : "; ") + p;
        }
        add("declared options are well-formed", problems.empty() ? Verdict::Pass : Verdict::Fail,
            problems.empty() ? std::to_string(seen.size()) + " options" : problems);
    }

    void check_rules() {
        auto r = session_.prepare(rules_, kPlyLimit);
        const bool undeclared = !r && r.error().termination == game::Termination::ProtocolViolation;
        add("Rules option (setoption name Rules value ...)", r ? Verdict::Pass : Verdict::Fail,
            r ? rules::expanded(rules_)
              : describe(r.error()) + (undeclared ? "; the other steps use standard rules" : ""));
        if (undeclared) rules_ = rules::Rules{};  // a standard-only engine: check the rest
    }

    // protocol-spec 6.1: told the limit before the game, the engine must still move one ply
    // before it.
    void check_ply_limit() {
        const auto line = opening_line(rules_, 39);
        const int limit = static_cast<int>(line.size()) + 1;
        auto r = session_.prepare(rules_, limit);
        if (!r) {
            add("PlyLimit option (setoption name PlyLimit value " + std::to_string(limit) + ")",
                Verdict::Fail, describe(r.error()));
            return;
        }
        search(timed("PlyLimit " + std::to_string(limit) + ": a search one ply before the limit",
                     PositionCommand{std::nullopt, line}, milliseconds(100)));
        if (session_.state() == SessionState::Idle) session_.prepare(rules_, kPlyLimit);
    }

    // protocol-spec 6.2: told `Shares` before a session game, the engine is sent a position with
    // the seventh field (North's square 4 shared 2/5, square 5 sold) and must move legally in it.
    void check_shares() {
        session_.set_session_game(true);
        auto r = session_.prepare(rules_, kPlyLimit);
        const std::string name = "Shares: a session position (setoption name Shares value true)";
        if (!r) {
            add(name, Verdict::Fail, describe(r.error()));
        } else {
            rules::Position start = rules::start_position(rules_);
            start.shares.set(rules::Side::North, 4, 2);
            start.shares.set(rules::Side::North, 5, 5);
            search(timed("Shares: a search with shares (seventh field)",
                         PositionCommand{rules::to_string(start), opening_line(rules_, 2)},
                         milliseconds(100)));
        }
        session_.set_session_game(false);
        if (session_.state() == SessionState::Idle) session_.prepare(rules_, kPlyLimit);
    }

    SearchStep timed(std::string name, PositionCommand position, milliseconds movetime) const {
        SearchStep step{std::move(name), std::move(position)};
        step.go.movetime = movetime;
        step.deadline = movetime + settings_.time_margin;
        step.limit = "movetime " + std::to_string(movetime.count()) + " + margin " +
                     std::to_string(settings_.time_margin.count());
        return step;
    }

    void search_test_positions(const std::string& prefix) {
        for (const auto& p : test_positions(rules_)) {
            search(timed(prefix + p.what, p.command, milliseconds(100)));
        }
    }

    SearchStep clock(std::string name, PositionCommand position, milliseconds south,
                     milliseconds north, milliseconds increment) const {
        SearchStep step{std::move(name), std::move(position)};
        step.go.time[0] = south;
        step.go.time[1] = north;
        step.go.inc[0] = step.go.inc[1] = increment;
        auto pos = position_of(step.position, rules_);
        const bool north_moves = pos && pos->side == rules::Side::North;
        step.timing = Timing::Clock;
        step.time_left = north_moves ? north : south;
        step.deadline = step.time_left + settings_.time_margin;
        step.limit = std::string(north_moves ? "North's " : "South's ") + ms_text(step.time_left) +
                     " left + margin " + std::to_string(settings_.time_margin.count());
        return step;
    }

    void check_time_forms() {
        search(timed("go movetime 200", PositionCommand{}, milliseconds(200)));
        const auto line = opening_line(rules_, 1);
        search(clock("go p1time 5000 p2time 3000 p1inc 50 p2inc 50 (North to move)",
                     PositionCommand{std::nullopt, line}, milliseconds(5000), milliseconds(3000),
                     milliseconds(50)));
        search(clock("go p1time 200 p2time 9000 p1inc 0 p2inc 0 (South, 200 ms left)",
                     PositionCommand{}, milliseconds(200), milliseconds(9000), milliseconds(0)));
        for (int plies : {1, 0}) {
            SearchStep step{"go depth " + std::to_string(plies), PositionCommand{}};
            step.go.depth = plies;
            step.timing = Timing::Untimed;
            at_once(step);
        }
        for (std::uint64_t count : {1000ull, 0ull}) {
            SearchStep step{"go nodes " + std::to_string(count), PositionCommand{}};
            step.go.nodes = count;
            step.timing = Timing::Untimed;
            at_once(step);
        }
        SearchStep infinite{"go infinite, stop after 200 ms -> bestmove", PositionCommand{}};
        infinite.go.infinite = true;
        infinite.timing = Timing::Infinite;
        infinite.deadline = milliseconds(200);
        search(infinite);
    }

    // protocol-spec 4.6: `go depth 0` and `go nodes 0` ask for a legal move at once; a warning
    // step, with a second's wait.
    void at_once(SearchStep step) {
        if (step.go.depth == 0 || step.go.nodes == 0u) {
            step.timing = Timing::AtOnce;
            step.deadline = milliseconds(1000);
            step.name += " (a legal move at once)";
        }
        search(step);
    }

    void check_variant() {
        const std::string prefix = "[" + rules::short_name(variant_) + "] ";
        auto r = session_.prepare(variant_, kPlyLimit);
        add(prefix + "Rules option (setoption name Rules value ...)",
            r ? Verdict::Pass : Verdict::Fail, r ? rules::expanded(variant_) : describe(r.error()));
        if (!r) return;
        std::swap(rules_, variant_);
        search_test_positions(prefix);
        std::swap(rules_, variant_);
    }

    // A table of N = 3 or 4 seats (protocol-spec 6.3): the declaration, Rules and Players, a
    // search for each seat to move from the start and from a position string, a clock search
    // with every seat's clock, a whole game with the engine in every seat; then isready and quit.
    void check_table() {
        const int n = rules_.players;
        const auto refusal = game::seats_refusal(config_.engine.name, session_.identity(), n);
        add("option Players declared (max >= " + std::to_string(n) + ")",
            refusal ? Verdict::Fail : Verdict::Pass,
            refusal ? *refusal : "plays tables of " + std::to_string(n));
        if (refusal) {
            add("remaining steps", Verdict::Fail,
                "skipped: an engine that does not declare Players is never seated at a table");
            session_.shutdown();
            return;
        }
        auto r = session_.prepare(rules_, rules::default_ply_limit(rules_));
        add("Rules and Players (setoption name Rules value ..., setoption name Players value " +
                std::to_string(n) + ")",
            r ? Verdict::Pass : Verdict::Fail, r ? rules::expanded(rules_) : describe(r.error()));
        if (ready()) {
            auto fresh = session_.new_game();
            add("uginewgame -> readyok", fresh ? Verdict::Pass : Verdict::Fail, failure_of(fresh));
        }
        search_table_positions();
        search(table_clock());
        report_second_bestmoves();
        play_whole_table();
        if (ready()) {
            auto ping = session_.ping();
            add("isready while idle", ping ? Verdict::Pass : Verdict::Fail, failure_of(ping));
        }
        check_quit();
    }

    // Each seat to move: after the plies of the seats before it (position startpos moves ...),
    // and the same position as a position string (position fen ...).
    void search_table_positions() {
        const int n = rules_.players;
        const auto line = ring_line(rules_, 2 * n + n);
        for (int seat = 0; seat < n; ++seat) {
            const std::vector<std::string> moves(line.begin(), line.begin() + seat);
            const auto who = "seat " + std::to_string(seat + 1) + " to move";
            search(timed(who + (seat == 0 ? ", the start" : ", after the seats before it"),
                         PositionCommand{std::nullopt, moves}, milliseconds(100)));
        }
        for (int seat = 0; seat < n; ++seat) {
            const auto plies = static_cast<std::size_t>(2 * n + seat);
            if (plies > line.size()) break;
            rules::RingGame game(rules_, rules::ring_start_position(rules_), 0);
            for (std::size_t i = 0; i < plies; ++i) game.play(line[i]);
            const auto fen = rules::to_string(game.position());
            search(timed("seat " + std::to_string(game.position().to_move + 1) +
                             " to move, from a position string (fen)",
                         PositionCommand{fen, {}}, milliseconds(100)));
        }
    }

    // `go p1time .. pNtime p1inc .. pNinc`, seat 2 to move with its own clock.
    SearchStep table_clock() const {
        const int n = rules_.players;
        std::string name = "go";
        SearchStep step{"", PositionCommand{std::nullopt, ring_line(rules_, 1)}};
        for (int s = 0; s < n; ++s) {
            step.go.time[static_cast<std::size_t>(s)] = milliseconds(4000 + 1000 * s);
            name += " p" + std::to_string(s + 1) + "time " + std::to_string(4000 + 1000 * s);
        }
        for (int s = 0; s < n; ++s) {
            step.go.inc[static_cast<std::size_t>(s)] = milliseconds(50);
            name += " p" + std::to_string(s + 1) + "inc 50";
        }
        step.name = name + " (seat 2 to move)";
        step.timing = Timing::Clock;
        step.time_left = milliseconds(5000);
        step.deadline = step.time_left + settings_.time_margin;
        step.limit = "seat 2's " + ms_text(step.time_left) + " left + margin " +
                     std::to_string(settings_.time_margin.count());
        return step;
    }

    // A whole game as a match plays it (game::play_table: every seat's clock in go, every move
    // checked), the engine in every seat.
    void play_whole_table() {
        const int n = rules_.players;
        const std::string name =
            "a whole " + std::to_string(n) + "-seat game, the engine in every seat (10+0.1 each)";
        if (!ready()) {
            add(name, Verdict::Fail, "engine not running");
            return;
        }
        std::vector<std::unique_ptr<game::Player>> seats;
        std::vector<game::Player*> players;
        for (int s = 0; s < n; ++s) {
            seats.push_back(std::make_unique<SeatOf>(session_, s == 0));
            players.push_back(seats.back().get());
        }
        game::GameSettings settings;
        settings.rules = rules_;
        settings.max_plies = rules::default_ply_limit(rules_);
        settings.margin = settings_.time_margin;
        const std::vector<game::TimeControl> tcs(static_cast<std::size_t>(n), game::TimeControl{});
        const std::atomic<bool> no_abort{false};
        const auto record = game::play_table(players, tcs, settings, no_abort);
        if (game::is_failure(record.termination)) {
            add(name, Verdict::Fail,
                std::string(game::to_string(record.termination)) + " after " +
                    std::to_string(record.plies()) + " plies: " + record.detail);
            return;
        }
        std::string scores;
        for (const auto& seat : record.seats) scores += " " + std::to_string(seat.score);
        add(name, Verdict::Pass,
            std::to_string(record.plies()) + " plies, ended by " + record.detail + ", scores" +
                scores);
    }

    // One seat of the whole game: the session itself, made ready and told of the game once (by
    // the first seat), searching for whichever seat it is sent.
    class SeatOf final : public game::Player {
      public:
        SeatOf(EngineSession& session, bool first) : session_(session), first_(first) {}
        const std::string& name() const override { return session_.name(); }
        Expected<Ok, PlayerFailure> prepare(const rules::Rules& r, int plies) override {
            return first_ ? session_.prepare(r, plies) : Expected<Ok, PlayerFailure>(Ok{});
        }
        Expected<Ok, PlayerFailure> new_game() override {
            return first_ ? session_.new_game() : Expected<Ok, PlayerFailure>(Ok{});
        }
        Expected<SearchResult, PlayerFailure> search(const PositionCommand& position, const Go& go,
                                                     std::optional<Nanoseconds> deadline,
                                                     const InfoCallback& on_info) override {
            return session_.search(position, go, deadline, on_info);
        }
        void shutdown() override {}
        PlayerIdentity identity() const override { return session_.identity(); }

      private:
        EngineSession& session_;
        bool first_;
    };

    void check_quit() {
        if (session_.state() != SessionState::Idle) {
            add("quit", Verdict::Fail, "engine not running");
            return;
        }
        session_.shutdown();
        const bool polite = !session_.last_exit_forced();
        add("quit (exits within " + ms_text(config_.quit_grace) + ")",
            polite ? Verdict::Pass : Verdict::Fail,
            polite ? session_.last_exit().value_or("") : "still running after the grace: killed");
    }

    void search(const SearchStep& step) {
        if (!ready()) {
            add(step.name, Verdict::Fail, "engine not running");
            return;
        }
        const int strays = session_.stray_bestmoves();
        auto r = session_.search(step.position, step.go, step.deadline);
        Outcome outcome = judge(step, r);
        // The fence after the search catches a second bestmove for this go.
        if (session_.state() == SessionState::Idle) {
            auto fence = session_.ping();
            if (!fence && outcome.verdict != Verdict::Fail) {
                outcome = {Verdict::Fail, "isready after the search: " + describe(fence.error())};
            }
        }
        ++searches_;
        if (session_.stray_bestmoves() > strays) {
            // One warning step for all of them (report_second_bestmoves), not one per search.
            if (second_bestmoves_++ == 0) first_second_bestmove_ = step.name;
        }
        if (step.timing == Timing::AtOnce && outcome.verdict == Verdict::Fail) {
            outcome.verdict = Verdict::Warn;
        }
        add(step.name, outcome.verdict, outcome.reason);
    }

    void report_second_bestmoves() {
        if (second_bestmoves_ == 0) return;
        add("a second bestmove for one go", Verdict::Warn,
            "a second bestmove after " + std::to_string(second_bestmoves_) + " of " +
                std::to_string(searches_) + " searches (the first: " + first_second_bestmove_ +
                "): it is ignored (protocol-spec 5.6), but a referee that does not fence its "
                "searches plays it as the next answer");
    }

    Outcome judge(const SearchStep& step, const Expected<SearchResult, PlayerFailure>& r) const {
        if (!r) return {Verdict::Fail, describe(r.error()) + "; sent: " + sent(step.position)};
        if (auto why = why_not_legal(step.position, r->move, rules_); !why.empty()) {
            return {Verdict::Fail, "illegal move " + why + "; sent: " + sent(step.position)};
        }
        const std::string used = ms_text(r->elapsed);
        switch (step.timing) {
            case Timing::Infinite:
                if (r->elapsed < *step.deadline) {
                    return {Verdict::Fail, "bestmove after " + used +
                                               ", before stop: go infinite must search until stop"};
                }
                return {Verdict::Pass, r->move + " at stop"};
            case Timing::AtOnce:
                if (r->elapsed >= *step.deadline) {
                    return {Verdict::Warn, "bestmove only after stop, " + used +
                                               " after go: a legal move is due at once"};
                }
                break;
            case Timing::Deadline:
            case Timing::Clock:
                if (r->elapsed > *step.deadline) {
                    return {Verdict::Fail, "bestmove after " + used + ", over the limit of " +
                                               ms_text(*step.deadline) + " (" + step.limit +
                                               "): a match forfeits this game on time"};
                }
                if (step.timing == Timing::Clock && r->elapsed > step.time_left / 2) {
                    return {Verdict::Warn, r->move + " after " + used + " of the " +
                                               ms_text(step.time_left) +
                                               " left: most of the clock on one move; budget "
                                               "about time left / 20 + increment"};
                }
                return {Verdict::Pass, r->move + " in " + used + " (limit " +
                                           ms_text(*step.deadline) + ": " + step.limit + ")"};
            case Timing::Untimed:
                break;
        }
        return {Verdict::Pass, r->move + " in " + used};
    }

    EngineSession session_;
    const EngineConfig& config_;
    const CheckSettings& settings_;
    rules::Rules rules_, variant_;
    std::vector<ComplianceStep> steps_;
    int searches_ = 0;
    int second_bestmoves_ = 0;           // searches followed by a second bestmove
    std::string first_second_bestmove_;  // the first such search's step
};

}  // namespace

std::vector<ComplianceStep> run_compliance_check(const EngineConfig& config,
                                                 const CheckSettings& settings,
                                                 std::vector<std::string>* warnings,
                                                 ProcessHost host) {
    Checker checker(config, settings, std::move(host));
    auto steps = checker.run();
    if (warnings) {
        warnings->clear();
        for (const auto& w : checker.warnings()) warnings->push_back(one_line(w));
    }
    return steps;
}

}  // namespace oaq::engine
