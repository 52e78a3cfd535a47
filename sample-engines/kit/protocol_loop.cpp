#include "kit/protocol_loop.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <exception>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>

#include "kit/bench.hpp"
#include "protocol/codec.hpp"
#include "rules/game.hpp"
#include "rules/move.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"

namespace oaq::kit {

namespace {

// The start (startpos or the position string, read by `parse`) and then each move, which must be
// legal: the one body of resolve_position and resolve_ring_position.
template <class Out, class Parse>
Expected<Out> resolve_with(const protocol::PositionCommand& command, const rules::Rules& rules,
                           Parse parse) {
    auto start = parse(command.fen ? std::string_view(*command.fen) : "startpos", rules);
    if (!start) return fail("position: " + start.error().message);
    Out out{*start, {}};
    for (std::size_t i = 0; i < command.moves.size(); ++i) {
        const std::string& text = command.moves[i];
        auto move = rules::parse_move(text);
        if (!move)
            return fail("position: move " + std::to_string(i + 1) + ": " + move.error().message);
        const std::string why = rules::why_illegal(out.position, *move, rules);
        if (!why.empty())
            return fail("position: move " + std::to_string(i + 1) + " (" + text + "): " + why);
        out.history.push_back(out.position);
        out.position = rules::play(out.position, *move, rules);
    }
    return out;
}

}  // namespace

Expected<GamePosition> resolve_position(const protocol::PositionCommand& command,
                                        const rules::Rules& rules) {
    return resolve_with<GamePosition>(command, rules, [](std::string_view text, const auto& r) {
        return rules::parse_position(text, r);
    });
}

Expected<RingGamePosition> resolve_ring_position(const protocol::PositionCommand& command,
                                                 const rules::Rules& rules) {
    return resolve_with<RingGamePosition>(command, rules, [](std::string_view text, const auto& r) {
        return rules::parse_ring_position(text, r);
    });
}

int seats_of(const protocol::PositionCommand& command, const rules::Rules& rules) {
    if (rules.players != 2 || !command.fen) return rules.players;
    // The pits field of a ring position string: 6N cells joined by commas.
    const std::string_view fen = *command.fen;
    const std::string_view pits = fen.substr(0, fen.find(' '));
    const auto cells = static_cast<int>(std::count(pits.begin(), pits.end(), ',')) + 1;
    const int seats = cells / 6;
    return cells % 6 == 0 && seats >= 3 && seats <= rules::kMaxPlayers ? seats : 2;
}

namespace {

bool is_rules_option(std::string_view name) {
    constexpr std::string_view kRules = "rules";
    if (name.size() != kRules.size()) return false;
    for (std::size_t i = 0; i < name.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(name[i])) != kRules[i]) return false;
    return true;
}

class ProtocolLoop {
  public:
    static constexpr long long kMaxPlyLimit = 1'000'000;

    ProtocolLoop(Engine& engine, std::ostream& out) : engine_(engine), out_(out) {
        // The rules themselves are parsed in on_setoption, which can refuse them; this entry only
        // declares the option and records its text.
        options_.add_string("Rules", "standard", [](const std::string&) {});
        // Session games (protocol-spec 6.2): declaring Shares asks for the seventh field, which the
        // rules library parses and settles with; the value itself changes nothing here.
        options_.add_check("Shares", false, [](bool) {});
        // The referee's ply limit (RULES.md section 4), delivered in every SearchRequest.
        options_.add_spin("PlyLimit", rules::kDefaultPlyLimit, 0, kMaxPlyLimit,
                          [this](long long plies) { ply_limit_ = static_cast<int>(plies); });
        // N-seat games (protocol-spec 6.3): the declaration. Its value is the number of seats of
        // the next game, told again by the Rules value (players=N): the later of the two wins.
        if (engine_.max_players() > 2)
            options_.add_spin("Players", 2, 2, engine_.max_players(),
                              [this](long long n) { rules_.players = static_cast<int>(n); });
        engine_.declare_options(options_);
    }

    ~ProtocolLoop() { finish_search(true); }
    ProtocolLoop(const ProtocolLoop&) = delete;
    ProtocolLoop& operator=(const ProtocolLoop&) = delete;

    int run(std::istream& in) {
        std::string line;
        while (std::getline(in, line)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            if (on_bench(line)) continue;
            auto command = protocol::decode_command(line);
            if (!command) {
                say("ignored: " + command.error().message);
                continue;
            }
            if (!handle(*command)) return exit_code_;
        }
        finish_search(false);  // a scripted session ends with its last search's bestmove
        return 0;
    }

  private:
    // `bench [DEPTH]`, not a protocol command (so a referee never sends it): the kit's bench
    // (kit/bench.hpp), each report line sent as `info string`, as chess engines answer `bench`.
    bool on_bench(std::string_view line) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
        if (line != "bench" && line.rfind("bench ", 0) != 0) return false;
        int depth = engine_.bench_depth();
        if (line.size() > 6) {
            const std::string_view text = line.substr(6);
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
            if (ec != std::errc{} || end != text.data() + text.size() || depth < 1 || depth > 100) {
                say("ignored: bench takes a depth from 1 to 100, got \"" + std::string(text) +
                    "\"");
                return true;
            }
        }
        finish_search(false);
        std::ostringstream report;
        run_bench(engine_, depth, &report);
        std::istringstream lines(report.str());
        for (std::string text; std::getline(lines, text);) say(text);
        return true;
    }

    // Returns false on `quit` (or rules the engine cannot play).
    bool handle(const protocol::Command& command) {
        return std::visit(
            [this](const auto& c) -> bool {
                using T = std::decay_t<decltype(c)>;
                if constexpr (std::is_same_v<T, protocol::Ugi>) {
                    on_ugi();
                } else if constexpr (std::is_same_v<T, protocol::IsReady>) {
                    write(protocol::Reply{protocol::ReadyOk{}});
                } else if constexpr (std::is_same_v<T, protocol::SetOption>) {
                    finish_search(false);
                    return on_setoption(c);
                } else if constexpr (std::is_same_v<T, protocol::NewGame>) {
                    finish_search(false);
                    engine_.new_game();
                } else if constexpr (std::is_same_v<T, protocol::PositionCommand>) {
                    finish_search(false);
                    position_ = c;
                } else if constexpr (std::is_same_v<T, protocol::Go>) {
                    finish_search(false);
                    on_go(c);
                } else if constexpr (std::is_same_v<T, protocol::Stop>) {
                    finish_search(true);
                } else if constexpr (std::is_same_v<T, protocol::Quit>) {
                    finish_search(true);
                    return false;
                }
                return true;
            },
            command);
    }

    void on_ugi() {
        write(protocol::Reply{protocol::Id{"name", engine_.name()}});
        write(protocol::Reply{protocol::Id{"author", engine_.author()}});
        // Version 2 (N-seat play) for an engine that declares Players; version 1 otherwise.
        const int version = engine_.max_players() > 2 ? protocol::kProtocolVersion : 1;
        write(protocol::Reply{protocol::Id{"protocol", std::to_string(version)}});
        for (const auto& decl : options_.declarations()) write(protocol::Reply{decl});
        write(protocol::Reply{protocol::UgiOk{}});
    }

    // Returns false when the session must end: spec section 6 asks an engine given rules it
    // cannot play to say so and exit rather than play a game under the wrong rules.
    bool on_setoption(const protocol::SetOption& c) {
        if (is_rules_option(c.name)) {
            auto parsed = rules::parse_rules(c.value);
            if (!parsed || parsed->players > engine_.max_players()) {
                say("unsupported rules " + c.value + ": " +
                    (parsed ? players_refusal() : parsed.error().message));
                exit_code_ = 1;
                return false;
            }
            rules_ = *parsed;
        }
        auto applied = options_.set(c.name, c.value);
        if (!applied) say(applied.error().message);
        return true;
    }

    std::string players_refusal() const {
        const int most = engine_.max_players();
        return most == 2 ? "this engine plays 2 players only"
                         : "this engine plays up to " + std::to_string(most) + " players";
    }

    void on_go(const protocol::Go& go) {
        const auto start = Clock::now();
        const int seats = seats_of(position_, rules_);
        if (seats > 2) return on_go_ring(go, start, seats);
        auto game = resolve_position(position_, rules_);
        if (!game) {
            say(game.error().message);
            write_bestmove("(none)");
            return;
        }
        if (game->position.is_over()) {
            say("the game is over in this position");
            write_bestmove("(none)");
            return;
        }
        SearchRequest request{rules_, game->position, std::move(game->history), {}, ply_limit_};
        request.limits = time_manager_.limits(go, request.position.side, request.progress());
        start_search(std::move(request), start);
    }

    // A game of 3 or 4 seats: the ring position, the clock of the seat to move, search_ring().
    void on_go_ring(const protocol::Go& go, Clock::time_point start, int seats) {
        if (seats > engine_.max_players()) {
            say("unsupported position of " + std::to_string(seats) +
                " seats: " + players_refusal());
            write_bestmove("(none)");
            return;
        }
        rules::Rules rules = rules_;
        rules.players = seats;
        auto game = resolve_ring_position(position_, rules);
        if (!game) {
            say(game.error().message);
            write_bestmove("(none)");
            return;
        }
        if (game->position.is_over()) {
            say("the game is over in this position");
            write_bestmove("(none)");
            return;
        }
        RingSearchRequest request{rules, game->position, std::move(game->history), {}, ply_limit_};
        request.limits = time_manager_.limits(go, request.seat(), request.progress());
        start_search(std::move(request), start);
    }

    template <class Request>
    void start_search(Request request, Clock::time_point start) {
        infinite_ = request.limits.infinite;
        stop_.store(false);
        search_thread_ =
            std::thread([this, request = std::move(request), start] { search(request, start); });
    }

    // Runs on the search thread: SearchRequest to search(), RingSearchRequest to search_ring().
    template <class Request>
    void search(const Request& request, Clock::time_point start) {
        SearchControl control(
            request.limits, stop_,
            [this](const protocol::Info& info) { write(protocol::Reply{info}); }, start);
        rules::Move move{};
        if constexpr (std::is_same_v<Request, RingSearchRequest>)
            move = engine_.search_ring(request, control);
        else
            move = engine_.search(request, control);
        if (!rules::is_legal(request.position, move, request.rules)) {
            say("engine chose the illegal move " + rules::to_string(move) +
                "; playing the first legal move");
            move = rules::legal_moves(request.position, request.rules)[0];
        }
        if (request.limits.infinite) stop_.wait(false);  // bestmove only after `stop`
        write_bestmove(rules::to_string(move));
    }

    // Waits for the running search, if any; `stop` (or an infinite search) stops it first.
    void finish_search(bool stop) {
        if (!search_thread_.joinable()) return;
        if (stop || infinite_) {
            stop_.store(true);
            stop_.notify_all();
        }
        search_thread_.join();
    }

    void say(std::string text) {
        protocol::Info info;
        info.string = std::move(text);
        write(protocol::Reply{info});
    }

    void write_bestmove(std::string move) {
        protocol::BestMove reply;
        reply.move = std::move(move);
        write(protocol::Reply{reply});
    }

    void write(const protocol::Reply& reply) {
        const std::string line = protocol::encode(reply);
        std::lock_guard lock(out_mutex_);
        out_ << line << '\n';
        out_.flush();
    }

    Engine& engine_;
    std::ostream& out_;
    std::mutex out_mutex_;
    Options options_;
    rules::Rules rules_;
    int ply_limit_ = rules::kDefaultPlyLimit;
    protocol::PositionCommand position_;
    TimeManager time_manager_;
    std::thread search_thread_;
    std::atomic<bool> stop_{false};
    bool infinite_ = false;
    int exit_code_ = 0;
};

}  // namespace

int run_protocol(Engine& engine, std::istream& in, std::ostream& out) {
    ProtocolLoop loop(engine, out);
    return loop.run(in);
}

int run_stdio(Engine& engine) {
    try {
        std::ios::sync_with_stdio(false);
        std::cin.tie(nullptr);
        return run_protocol(engine, std::cin, std::cout);
    } catch (const std::exception& e) {
        std::cerr << "internal error: " << e.what() << '\n';
        return 70;
    } catch (...) {
        std::cerr << "internal error\n";
        return 70;
    }
}

}  // namespace oaq::kit
