#include "engine/engine_session.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <variant>

#include "common/error.hpp"
#include "protocol/codec.hpp"
#include "rules/move.hpp"
#include "rules/rules.hpp"

namespace oaq::engine {

using game::Termination;

namespace {

constexpr std::size_t kMaxWarnings = 20;

long long to_ms(Nanoseconds d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

std::string within(Nanoseconds d) {
    return "within " + std::to_string(to_ms(d)) + " ms";
}

// Later fields win (engine.hpp: "all info lines of this search merged").
void merge(protocol::Info& into, const protocol::Info& from) {
    if (from.depth) into.depth = from.depth;
    if (from.seldepth) into.seldepth = from.seldepth;
    if (from.score) into.score = from.score;
    if (from.nodes) into.nodes = from.nodes;
    if (from.nps) into.nps = from.nps;
    if (from.time) into.time = from.time;
    if (!from.pv.empty()) into.pv = from.pv;
    if (!from.string.empty()) into.string = from.string;
}

bool is_blank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
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

// protocol-spec 5.6: a move token the rules' grammar does not read (<1-5><L|R>, rules/move.cpp)
// is a protocol violation (a well-formed move that is not legal is the caller's business: an
// illegal move).
bool is_move_token(std::string_view move) {
    return rules::parse_move(move).has_value();
}

// Why the token after `bestmove` is not a move (protocol-spec 5.6), naming the likely mistake.
std::string why_not_a_move(std::string_view move) {
    std::string why = "\"" + std::string(move.substr(0, 40)) +
                      "\" is not a move: a move is <1-5><L|R>, the mover's own square counted from "
                      "his left, then L or R";
    const auto digits = move.find_first_not_of("0123456789");
    const auto number = move.substr(0, digits);
    if (number.size() == 1 || number.size() == 2) {
        const int square = std::stoi(std::string(number));
        if (square >= 7 && square <= 11) why += " (North's squares are 1-5 too, not pits 7-11)";
    }
    if (move.size() == 2 && (move[1] == 'l' || move[1] == 'r')) why += " (L and R are capitals)";
    return why;
}

// `text`, shortened for a one-line detail.
std::string shortened(const std::string& text) {
    return text.size() > 200 ? text.substr(0, 200) + "..." : text;
}

bool starts_with_word(std::string_view line, std::string_view word) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos) return false;
    line.remove_prefix(i);
    return line.substr(0, word.size()) == word &&
           (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t' ||
            line[word.size()] == '\r');
}

}  // namespace

EngineSession::EngineSession(EngineConfig config, ProcessHost host)
    : config_(std::move(config)), host_(std::move(host)), created_(host_.now()) {
    if (config_.max_log_bytes() > 0) {
        stderr_budget_ = std::make_shared<LogBudget>(config_.max_log_bytes());
        protocol_budget_ = std::make_shared<LogBudget>(config_.max_log_bytes());
    }
    if (!config_.engine.protocol_log.empty()) {
        protocol_log_.open(config_.engine.protocol_log, std::ios::app);
        if (!protocol_log_)
            throw OaqError("cannot open protocol log \"" + config_.engine.protocol_log + "\"");
    }
}

EngineSession::~EngineSession() {
    shutdown();
}

int EngineSession::pid() const {
    return process_ ? process_->pid() : -1;
}

void EngineSession::log(char direction, std::string_view line) {
    if (!protocol_log_.is_open() || (protocol_budget_ && protocol_budget_->is_cut())) return;
    double t = std::chrono::duration<double>(host_.now() - created_).count();
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "%10.3f ", t);
    std::string entry = stamp + config_.engine.name + ' ' + direction + ' ';
    entry.append(line);
    entry.push_back('\n');
    if (protocol_budget_) {
        entry.resize(protocol_budget_->take(entry.size()));
        if (protocol_budget_->should_mark_cut()) entry += protocol_budget_->cut_marker("protocol");
    }
    protocol_log_ << entry;
    protocol_log_.flush();  // a crash or Ctrl-C must not lose the lines that explain it
}

std::string EngineSession::unless_silent(std::string detail, long long received_before) const {
    if (received_ == received_before) {
        detail += ": nothing at all received; is the engine's output flushed after every line?";
    }
    return detail;
}

void EngineSession::ignored(const std::string& line, const std::string& why) {
    log('?', "ignored (" + why + "): " + line);
    // One warning per reason with its count: an engine repeats its mistakes.
    auto kind = std::find_if(ignored_kinds_.begin(), ignored_kinds_.end(),
                             [&](const IgnoredKind& k) { return k.why == why; });
    if (kind == ignored_kinds_.end()) {
        if (warnings_.size() >= kMaxWarnings) return;
        ignored_kinds_.push_back({why, line.substr(0, 200), 0, warnings_.size()});
        warnings_.emplace_back();
        kind = ignored_kinds_.end() - 1;
    }
    ++kind->count;
    warnings_[kind->index] = kind->count == 1
                                 ? "ignored line \"" + kind->first_line + "\": " + why
                                 : "ignored " + std::to_string(kind->count) +
                                       " lines (the first: \"" + kind->first_line + "\"): " + why;
}

const protocol::OptionDecl* EngineSession::declared(std::string_view option) const {
    // protocol-spec 4.2: option names compare without regard to case.
    for (const auto& o : identity_.options)
        if (same_name(o.name, option)) return &o;
    return nullptr;
}

PlayerFailure EngineSession::fail(Termination kind, std::string detail, Nanoseconds elapsed) {
    log('!', std::string(game::to_string(kind)) + ": " + detail);
    if (process_) {
        last_exit_ = process_->kill().describe();
        last_exit_forced_ = process_->was_killed();
        process_.reset();
    }
    state_ = SessionState::Failed;
    return PlayerFailure{kind, std::move(detail), elapsed};
}

// The engine closed its output or its input: it has exited or is about to.
PlayerFailure EngineSession::crashed(Nanoseconds elapsed, const char* if_alive) {
    auto status = process_->wait_exit(host_.now() + config_.exit_wait);
    std::string detail = status ? status->describe() : if_alive;
    return fail(Termination::Crash, std::move(detail), elapsed);
}

EngineSession::Incoming EngineSession::next(Clock::time_point deadline) {
    for (;;) {
        // Checked before every line, not only when the pipe runs dry: an engine that floods
        // lines without end would otherwise never reach its deadline.
        if (host_.now() >= deadline) return {Incoming::Timeout, {}};
        ReadResult line = process_->read_line(deadline);
        if (line.status == ReadStatus::Timeout) return {Incoming::Timeout, {}};
        if (line.status == ReadStatus::Eof) return {Incoming::Eof, {}};
        log('<', line.line);
        ++received_;
        // Kept only where a failure quotes it: a copy per line would tax every search.
        if (state_ == SessionState::Handshake) last_received_.assign(line.line, 0, 80);
        const bool bestmove = starts_with_word(line.line, "bestmove");
        if (line.overlong || line.unterminated) {
            if (bestmove) {
                return {Incoming::BadBestmove,
                        shortened(line.line),
                        {},
                        line.overlong ? "a bestmove line longer than the " +
                                            std::to_string(protocol::kMaxLineLength) + "-byte limit"
                                      : "bestmove cut off by the end of the engine's output"};
            }
            ignored(line.line, line.overlong ? "line too long" : "no end of line");
            continue;
        }
        if (is_blank(line.line)) continue;  // protocol-spec 2: blank lines are ignored
        auto reply = protocol::decode_reply(line.line);
        if (!reply) {
            if (bestmove) {
                return {Incoming::BadBestmove, shortened(line.line), {}, reply.error().message};
            }
            ignored(line.line, reply.error().message);
            continue;
        }
        if (auto* best = std::get_if<protocol::BestMove>(&*reply);
            best && !is_move_token(best->move)) {
            return {Incoming::BadBestmove, shortened(line.line), {}, why_not_a_move(best->move)};
        }
        return {Incoming::Reply, std::move(line.line), std::move(*reply)};
    }
}

Expected<Ok, PlayerFailure> EngineSession::send(const std::string& line) {
    return send(line, line);
}

Expected<Ok, PlayerFailure> EngineSession::send(const std::string& text,
                                                const std::string& logged) {
    log('>', logged);
    switch (process_->write_line(text, host_.now() + config_.ready_timeout)) {
        case WriteStatus::Ok:
            return Ok{};
        case WriteStatus::Broken:
            return crashed({}, "closed its input without exiting");
        case WriteStatus::Timeout:
            return fail(Termination::Stall, "does not read its input");
    }
    return Ok{};
}

Expected<Ok, PlayerFailure> EngineSession::start() {
    if (config_.max_handshake_failures > 0 && last_handshake_failure_ &&
        handshake_failures_ >= config_.max_handshake_failures) {
        // The run asked not to pay the handshake timeout again for an engine that never starts.
        return PlayerFailure{
            last_handshake_failure_->termination,
            "not started again after " + std::to_string(handshake_failures_) +
                " failed handshakes in a row; the last: " + last_handshake_failure_->detail,
            {}};
    }
    auto r = handshake();
    if (r) {
        handshake_failures_ = 0;
    } else {
        ++handshake_failures_;
        last_handshake_failure_ = r.error();
    }
    return r;
}

Expected<Ok, PlayerFailure> EngineSession::handshake() {
    state_ = SessionState::Handshake;
    identity_ = {};
    rules_sent_.clear();
    ply_limit_told_.reset();
    shares_told_.reset();
    players_told_.reset();
    received_ = 0;
    last_received_.clear();
    const auto& e = config_.engine;
    ProcessSpec spec{e.command, e.args, e.dir, e.env, e.stderr_log, stderr_budget_};
    process_ = host_.launch(spec);
    log('!', "started pid " + std::to_string(process_->pid()));
    if (auto r = send(protocol::encode(protocol::Command{protocol::Ugi{}})); !r) return r;
    auto deadline = host_.now() + config_.handshake_timeout();
    for (;;) {
        Incoming in = next(deadline);
        if (in.kind == Incoming::Timeout) {
            std::string detail = "no ugiok " + within(config_.handshake_timeout());
            if (received_ > 0) detail += " (last line received: \"" + last_received_ + "\")";
            return fail(Termination::Stall, unless_silent(std::move(detail), 0));
        }
        if (in.kind == Incoming::Eof) return crashed();
        if (in.kind == Incoming::BadBestmove) {
            ++stray_bestmoves_;
            ignored(in.line, "not expected before ugiok");
            continue;
        }
        if (auto* id = std::get_if<protocol::Id>(&in.reply)) {
            // protocol-spec 5.1: other fields (`id protocol 1`) must not overwrite the author.
            if (id->field == "name") identity_.id_name = id->value;
            if (id->field == "author") identity_.id_author = id->value;
        } else if (auto* option = std::get_if<protocol::OptionDecl>(&in.reply)) {
            identity_.options.push_back(*option);
        } else if (std::holds_alternative<protocol::UgiOk>(in.reply)) {
            break;
        } else {
            if (std::holds_alternative<protocol::BestMove>(in.reply)) ++stray_bestmoves_;
            ignored(in.line, "not expected before ugiok");
        }
    }
    // Configured options the engine does not declare are not sent: an engine may reject unknown
    // options, and one missing option should not cost every game. They are reported as warnings.
    for (const auto& [option, value] : config_.engine.options) {
        const auto* decl = declared(option);
        if (!decl) {
            if (warnings_.size() < kMaxWarnings) {
                warnings_.push_back("option \"" + option +
                                    "\" is not declared by the engine; not sent");
            }
            log('!', "option " + option + " not declared; not sent");
            continue;
        }
        if (auto r =
                send(protocol::encode(protocol::Command{protocol::SetOption{decl->name, value}}));
            !r) {
            return r;
        }
    }
    state_ = SessionState::Idle;
    return Ok{};
}

Expected<Ok, PlayerFailure> EngineSession::set_rules(const rules::Rules& rules) {
    std::string wanted = oaq::rules::expanded(rules);
    static const std::string kStandard = oaq::rules::expanded(oaq::rules::Rules{});
    // An engine that never heard `Rules` plays standard; one that did must hear every change back.
    std::string current = rules_sent_.empty() ? kStandard : rules_sent_;
    if (wanted == current) return Ok{};
    const auto* decl = declared("Rules");
    if (!decl) return fail(Termination::ProtocolViolation, "engine does not declare option Rules");
    if (auto r = send(protocol::encode(protocol::Command{protocol::SetOption{decl->name, wanted}}));
        !r) {
        return r;
    }
    rules_sent_ = wanted;
    return Ok{};
}

// protocol-spec 6.1: told only to an engine that declares PlyLimit, and only when the game's limit
// differs from what this process was last told (a fresh one is at its declared default).
Expected<Ok, PlayerFailure> EngineSession::set_ply_limit(int ply_limit) {
    const auto* decl = declared("PlyLimit");
    if (!decl) return Ok{};
    std::optional<int> current = ply_limit_told_;
    if (!current) {
        int declared_default = 0;
        const auto& text = decl->default_value;
        auto [end, error] =
            std::from_chars(text.data(), text.data() + text.size(), declared_default);
        if (error == std::errc{} && end == text.data() + text.size()) current = declared_default;
    }
    if (current == ply_limit) return Ok{};
    if (auto r = send(protocol::encode(
            protocol::Command{protocol::SetOption{decl->name, std::to_string(ply_limit)}}));
        !r) {
        return r;
    }
    ply_limit_told_ = ply_limit;
    return Ok{};
}

// protocol-spec 6.2: `Shares` true before a session game and false before an ordinary one, sent
// only when it differs from what this process was last told (a fresh one is at its default).
Expected<Ok, PlayerFailure> EngineSession::set_shares() {
    const auto* decl = declared("Shares");
    if (!decl) return Ok{};
    const bool current = shares_told_.value_or(decl->default_value == "true");
    if (current == session_game_) return Ok{};
    const std::string value = session_game_ ? "true" : "false";
    if (auto r = send(protocol::encode(protocol::Command{protocol::SetOption{decl->name, value}}));
        !r) {
        return r;
    }
    shares_told_ = session_game_;
    return Ok{};
}

// protocol-spec 6.3: before a game of N >= 3 seats an engine that declares Players (max >= N) is
// told N, when it differs from what this process was last told; one that does not declare it
// cannot sit at the table (a run refuses it before any game; here it is a protocol violation).
// Players is never sent for a 2-seat game.
Expected<Ok, PlayerFailure> EngineSession::set_players(int players) {
    if (players < 3) return Ok{};
    if (auto why = game::seats_refusal(config_.engine.name, identity_, players))
        return fail(Termination::ProtocolViolation, *why);
    if (players_told_ == players) return Ok{};
    const auto* decl = declared("Players");
    if (auto r = send(protocol::encode(
            protocol::Command{protocol::SetOption{decl->name, std::to_string(players)}}));
        !r) {
        return r;
    }
    players_told_ = players;
    return Ok{};
}

Expected<Ok, PlayerFailure> EngineSession::wait_ready(Nanoseconds timeout, const char* what) {
    if (auto r = send(protocol::encode(protocol::Command{protocol::IsReady{}})); !r) return r;
    auto deadline = host_.now() + timeout;
    for (;;) {
        Incoming in = next(deadline);
        if (in.kind == Incoming::Timeout) {
            return fail(Termination::Stall, std::string("no readyok ") + what + within(timeout));
        }
        if (in.kind == Incoming::Eof) return crashed();
        if (in.kind == Incoming::Reply && std::holds_alternative<protocol::ReadyOk>(in.reply))
            return Ok{};
        // Anything else (a late info, a stray bestmove) is noise here (protocol-spec 8).
        if (in.kind == Incoming::BadBestmove ||
            std::holds_alternative<protocol::BestMove>(in.reply)) {
            ++stray_bestmoves_;
        }
        ignored(in.line, "not expected while waiting for readyok");
    }
}

Expected<Ok, PlayerFailure> EngineSession::prepare(const rules::Rules& rules, int ply_limit) {
    if (auto r = configure(rules, ply_limit); !r) return r;
    return wait_ready(config_.ready_timeout, "");
}

Expected<Ok, PlayerFailure> EngineSession::configure(const rules::Rules& rules, int ply_limit) {
    if (process_ && config_.engine.restart_every_game) shutdown();
    if (!process_ || state_ == SessionState::Failed || state_ == SessionState::Stopped) {
        process_.reset();
        if (auto r = start(); !r) return r;
    }
    if (auto r = set_rules(rules); !r) return r;
    if (auto r = set_players(rules.players); !r) return r;
    if (auto r = set_ply_limit(ply_limit); !r) return r;
    return set_shares();
}

Expected<Ok, PlayerFailure> EngineSession::new_game() {
    if (!process_ || state_ != SessionState::Idle) {
        return PlayerFailure{Termination::Crash, "engine is not running", {}};
    }
    if (auto r = send(protocol::encode(protocol::Command{protocol::NewGame{}})); !r) return r;
    return wait_ready(config_.ready_timeout, "after uginewgame ");
}

Expected<Ok, PlayerFailure> EngineSession::ping() {
    if (!process_ || state_ != SessionState::Idle) {
        return PlayerFailure{Termination::Crash, "engine is not running", {}};
    }
    return wait_ready(config_.ready_timeout, "");
}

Expected<SearchResult, PlayerFailure> EngineSession::search(
    const protocol::PositionCommand& position, const protocol::Go& go,
    std::optional<Nanoseconds> deadline, const InfoCallback& on_info) {
    if (!process_ || state_ != SessionState::Idle) {
        return PlayerFailure{Termination::Crash, "engine is not running", {}};
    }
    // protocol-spec 4.3: position, isready and go in one write (one syscall, one wake-up of the
    // engine); every line before that readyok belongs to the past. The time runs from the write.
    const std::string position_line = protocol::encode(protocol::Command{position});
    const std::string ready_line = protocol::encode(protocol::Command{protocol::IsReady{}});
    const std::string go_line = protocol::encode(protocol::Command{go});
    log('>', position_line);
    log('>', ready_line);
    if (auto r = send(position_line + '\n' + ready_line + '\n' + go_line, go_line); !r) {
        return r.error();
    }
    const auto started = host_.now();
    const long long received_before = received_;
    state_ = SessionState::Searching;

    SearchResult result;
    bool fenced = false;  // the readyok of this search has come: what follows answers it
    bool stop_sent = false;
    auto wait_until = started + (deadline ? *deadline : config_.stall_timeout);
    for (;;) {
        Incoming in = next(wait_until);
        const Nanoseconds elapsed = host_.now() - started;
        if (in.kind == Incoming::Timeout) {
            const std::string unready =
                fenced ? "" : "; no readyok either for the isready before go";
            if (!deadline) {
                return fail(Termination::Stall,
                            unless_silent("no bestmove " + within(config_.stall_timeout) + unready,
                                          received_before),
                            elapsed);
            }
            if (stop_sent) {
                return fail(
                    Termination::TimeForfeit,
                    unless_silent(
                        "no bestmove " + std::to_string(to_ms(*deadline)) + " ms after go, nor " +
                            std::to_string(to_ms(config_.stop_grace)) + " ms after stop" + unready,
                        received_before),
                    elapsed);
            }
            // protocol-spec 7: past the deadline the engine gets `stop` and a short grace.
            if (auto r = send(protocol::encode(protocol::Command{protocol::Stop{}})); !r) {
                return PlayerFailure{r.error().termination, r.error().detail, elapsed};
            }
            stop_sent = true;
            wait_until = host_.now() + config_.stop_grace;
            continue;
        }
        if (in.kind == Incoming::Eof) return crashed(elapsed);
        if (!fenced) {
            if (in.kind == Incoming::Reply && std::holds_alternative<protocol::ReadyOk>(in.reply)) {
                fenced = true;
                continue;
            }
            const bool stray = in.kind == Incoming::BadBestmove ||
                               std::holds_alternative<protocol::BestMove>(in.reply);
            stray_bestmoves_ += stray ? 1 : 0;
            ignored(in.line, stray ? "a bestmove before the readyok of this search: it answers "
                                     "no search (a second bestmove of the previous one?)"
                                   : "before the readyok of this search");
            continue;
        }
        // A bestmove we cannot read means we cannot know the move: that ends the game.
        if (in.kind == Incoming::BadBestmove) {
            return fail(Termination::ProtocolViolation, in.line + ": " + in.why, elapsed);
        }
        if (auto* best = std::get_if<protocol::BestMove>(&in.reply)) {
            result.move = best->move;
            result.elapsed = elapsed;
            state_ = SessionState::Idle;
            return result;
        }
        if (auto* info = std::get_if<protocol::Info>(&in.reply)) {
            merge(result.info, *info);
            if (on_info) on_info(*info);
            continue;
        }
        ignored(in.line, "not expected during a search");
    }
}

void EngineSession::shutdown() {
    if (process_) {
        if (state_ == SessionState::Searching) {
            // protocol-spec "quit": a searching engine is told to stop first.
            process_->write_line(protocol::encode(protocol::Command{protocol::Stop{}}),
                                 host_.now() + config_.quit_grace);
        }
        std::string quit = protocol::encode(protocol::Command{protocol::Quit{}});
        log('>', quit);
        last_exit_ = process_->stop(quit, config_.quit_grace).describe();
        last_exit_forced_ = process_->was_killed();
        log('!', "ended: " + *last_exit_);
        process_.reset();
    }
    if (state_ != SessionState::NotStarted) state_ = SessionState::Stopped;
}

}  // namespace oaq::engine
