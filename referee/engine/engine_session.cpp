#include "engine/engine_session.hpp"

#include <cstdio>
#include <variant>

#include "common/error.hpp"
#include "protocol/codec.hpp"
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

// protocol-spec 5.6: a move token not of the form <1-5><L|R> is a protocol violation (a
// well-formed move that is not legal is the caller's business: an illegal move).
bool is_move_token(std::string_view move) {
    return move.size() == 2 && move[0] >= '1' && move[0] <= '5' &&
           (move[1] == 'L' || move[1] == 'R');
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
    if (!config_.protocol_log.empty()) {
        protocol_log_.open(config_.protocol_log, std::ios::app);
        if (!protocol_log_)
            throw OaqError("cannot open protocol log \"" + config_.protocol_log.string() + "\"");
    }
}

EngineSession::~EngineSession() {
    shutdown();
}

int EngineSession::pid() const {
    return process_ ? process_->pid() : -1;
}

void EngineSession::log(char direction, std::string_view line) {
    if (!protocol_log_.is_open()) return;
    double t = std::chrono::duration<double>(host_.now() - created_).count();
    char stamp[32];
    std::snprintf(stamp, sizeof stamp, "%10.3f ", t);
    protocol_log_ << stamp << config_.name << ' ' << direction << ' ' << line << '\n';
    protocol_log_.flush();  // a crash or Ctrl-C must not lose the lines that explain it
}

void EngineSession::ignored(const std::string& line, const std::string& why) {
    log('?', "ignored (" + why + "): " + line);
    if (warnings_.size() < kMaxWarnings)
        warnings_.push_back("ignored line \"" + line.substr(0, 200) + "\": " + why);
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
        if (host_.now() >= deadline) return {Incoming::Timeout, {}, {}};
        ReadResult line = process_->read_line(deadline);
        if (line.status == ReadStatus::Timeout) return {Incoming::Timeout, {}, {}};
        if (line.status == ReadStatus::Eof) return {Incoming::Eof, {}, {}};
        log('<', line.line);
        const bool bestmove = starts_with_word(line.line, "bestmove");
        if (line.overlong || line.unterminated) {
            if (bestmove) return {Incoming::BadBestmove, line.line.substr(0, 200), {}};
            ignored(line.line, line.overlong ? "line too long" : "no end of line");
            continue;
        }
        if (is_blank(line.line)) continue;  // protocol-spec 2: blank lines are ignored
        auto reply = protocol::decode_reply(line.line);
        if (!reply) {
            if (bestmove) return {Incoming::BadBestmove, std::move(line.line), {}};
            ignored(line.line, reply.error().message);
            continue;
        }
        if (auto* best = std::get_if<protocol::BestMove>(&*reply);
            best && !is_move_token(best->move)) {
            return {Incoming::BadBestmove, std::move(line.line), {}};
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
    state_ = SessionState::Handshake;
    identity_ = {};
    rules_sent_.clear();
    process_ = host_.launch(ProcessSpec{config_.command, config_.args, config_.working_dir,
                                        config_.env, config_.stderr_log});
    log('!', "started pid " + std::to_string(process_->pid()));
    if (auto r = send(protocol::encode(protocol::Command{protocol::Ugi{}})); !r) return r;
    auto deadline = host_.now() + config_.handshake_timeout;
    for (;;) {
        Incoming in = next(deadline);
        if (in.kind == Incoming::Timeout) {
            return fail(Termination::Stall, "no ugiok " + within(config_.handshake_timeout));
        }
        if (in.kind == Incoming::Eof) return crashed();
        if (in.kind == Incoming::BadBestmove) {
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
            ignored(in.line, "not expected before ugiok");
        }
    }
    // Configured options the engine does not declare are not sent: an engine may reject unknown
    // options, and one missing option should not cost every game. They are reported as warnings.
    for (const auto& [option, value] : config_.options) {
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
        ignored(in.line, "not expected while waiting for readyok");
    }
}

Expected<Ok, PlayerFailure> EngineSession::prepare(const rules::Rules& rules) {
    if (process_ && config_.restart == RestartPolicy::EveryGame) shutdown();
    if (!process_ || state_ == SessionState::Failed || state_ == SessionState::Stopped) {
        process_.reset();
        if (auto r = start(); !r) return r;
    }
    if (auto r = set_rules(rules); !r) return r;
    return wait_ready(config_.ready_timeout, "");
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
    // One write for both lines: one syscall and one wake-up of the engine instead of two.
    const std::string position_line = protocol::encode(protocol::Command{position});
    const std::string go_line = protocol::encode(protocol::Command{go});
    log('>', position_line);
    if (auto r = send(position_line + '\n' + go_line, go_line); !r) return r.error();
    const auto started = host_.now();
    state_ = SessionState::Searching;

    SearchResult result;
    bool stop_sent = false;
    auto wait_until = started + (deadline ? *deadline : config_.stall_timeout);
    for (;;) {
        Incoming in = next(wait_until);
        const Nanoseconds elapsed = host_.now() - started;
        if (in.kind == Incoming::Timeout) {
            if (!deadline) {
                return fail(Termination::Stall, "no bestmove " + within(config_.stall_timeout),
                            elapsed);
            }
            if (stop_sent) {
                return fail(Termination::TimeForfeit,
                            "no bestmove " + std::to_string(to_ms(*deadline)) +
                                " ms after go, nor " + std::to_string(to_ms(config_.stop_grace)) +
                                " ms after stop",
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
        // A bestmove we cannot read means we cannot know the move: that ends the game.
        if (in.kind == Incoming::BadBestmove)
            return fail(Termination::ProtocolViolation, in.line, elapsed);
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
