// oaq-test-engine: a test-only engine that speaks the protocol correctly (it plays the first legal
// move) and misbehaves on demand, so the referee's handling of every kind of engine failure can be
// tested against a real process (fastchess's mock engines do the same). Flags:
//   --crash-at-ply N          abort() when asked to move in a position after N plies (N moves in
//                             the `position` command; the first move of a game is ply 0)
//   --exit-at-start           exit with code 3 before reading anything
//   --hang-after-go           never answer a `go` (nor `stop`); `quit` still works
//   --no-ugiok / --no-readyok never send ugiok / readyok
//   --no-rules-option         do not declare the `Rules` option
//   --illegal-move            play a well-formed illegal move: the mover's first empty square;
//   while
//                             none is empty (the start of a standard game) the first legal move
//   --wrong-side-move         play a move legal for the opponent but not for the mover (the
//                             opponent's first legal move that is illegal for the mover), else as
//                             --illegal-move
//   --bad-move-token          answer "bestmove 6L" (not of the form <1-5><L|R>)
//   --malformed-bestmove      answer "bestmove" without a move
//   --garbage-before-bestmove print junk lines before each bestmove
//   --crlf                    end every line with CR LF
//   --info-flood N            N info lines before each bestmove
//   --long-line N             one line of N bytes (no LF inside) before each bestmove
//   --stderr-flood N          N bytes to stderr for each move
//   --slow-start MS           wait MS before answering `ugi`
//   --ignore-quit             ignore `quit` and the end of input: only a signal ends it
//   --spawn-child             fork a child that sleeps for an hour in the same process group
//                             (and holds our stdout open)
//   --setsid-child            fork a child that moves into its own session (out of our process
//                             group), ignores hang-ups and sleeps for an hour holding our pipes
//   --orphan-child            fork a child that exits at once and is never reaped: our zombie,
//                             the referee's once we are gone
//   --double-bestmove         send every bestmove twice (the second one a different legal move
//                             when there is one)
//   --north-reads-south       as North, choose among South's squares (the first square that holds
//                             citizens on South's side), an illegal move whenever that square of
//                             North's is empty
//   --no-flush                hold output until 4096 bytes are pending, as stdio does on a pipe
//   --delay MS                think MS per move (a `stop` ends the thinking early)
//   --info-string TEXT        send "info string TEXT" as each search starts (e.g. markup, for the
//                             live page's escaping test)
//   --players N               declare `option name Players type spin default 2 min 2 max N` and
//                             play the ring game of 3 or 4 seats (ring positions, first legal
//                             move; --illegal-move, --bad-move-token and --crash-at-ply apply)
//   --invalid-utf8            put bytes that are not UTF-8 into `id name`, every pv and (with
//                             --bad-move-token) the bad bestmove token
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/codec.hpp"
#include "protocol/line_buffer.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/rules.hpp"
#include "rules/turn.hpp"

namespace {

using namespace oaq;
using Clock = std::chrono::steady_clock;

struct Flags {
    int crash_at_ply = -1;
    bool exit_at_start = false, hang_after_go = false, no_ugiok = false, no_readyok = false;
    bool no_rules_option = false, illegal_move = false, wrong_side_move = false;
    bool malformed_bestmove = false, bad_move_token = false, garbage = false, crlf = false,
         ignore_quit = false;
    bool spawn_child = false, setsid_child = false, orphan_child = false;
    bool double_bestmove = false, north_reads_south = false, no_flush = false;
    bool invalid_utf8 = false;
    long players = 0;  // 0: no Players option
    long info_flood = 0, long_line = 0, stderr_flood = 0, slow_start_ms = 0, delay_ms = 0;
    std::string info_string;
};

Flags g_flags;
std::string g_out;  // replies gathered and written at once by flush()

void say(std::string_view line) {
    g_out.append(line);
    g_out.append(g_flags.crlf ? "\r\n" : "\n");
}

void flush() {
    if (g_flags.no_flush && g_out.size() < 4096) return;  // a first bot's forgotten flush
    std::size_t done = 0;
    while (done < g_out.size()) {
        ssize_t n = ::write(1, g_out.data() + done, g_out.size() - done);
        if (n <= 0) std::_Exit(0);  // the referee is gone
        done += static_cast<std::size_t>(n);
    }
    g_out.clear();
}

[[noreturn]] void usage(const char* bad) {
    std::fprintf(stderr, "oaq-test-engine: bad argument \"%s\"\n", bad);
    std::exit(2);
}

long number_after(int& i, int argc, char** argv) {
    if (i + 1 >= argc) usage(argv[i]);
    char* end = nullptr;
    long v = std::strtol(argv[++i], &end, 10);
    if (*end != '\0' || v < 0) usage(argv[i]);
    return v;
}

void parse_flags(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        if (a == "--crash-at-ply")
            g_flags.crash_at_ply = static_cast<int>(number_after(i, argc, argv));
        else if (a == "--exit-at-start")
            g_flags.exit_at_start = true;
        else if (a == "--hang-after-go")
            g_flags.hang_after_go = true;
        else if (a == "--no-ugiok")
            g_flags.no_ugiok = true;
        else if (a == "--no-readyok")
            g_flags.no_readyok = true;
        else if (a == "--no-rules-option")
            g_flags.no_rules_option = true;
        else if (a == "--illegal-move")
            g_flags.illegal_move = true;
        else if (a == "--wrong-side-move")
            g_flags.wrong_side_move = true;
        else if (a == "--malformed-bestmove")
            g_flags.malformed_bestmove = true;
        else if (a == "--bad-move-token")
            g_flags.bad_move_token = true;
        else if (a == "--garbage-before-bestmove")
            g_flags.garbage = true;
        else if (a == "--crlf")
            g_flags.crlf = true;
        else if (a == "--ignore-quit")
            g_flags.ignore_quit = true;
        else if (a == "--spawn-child")
            g_flags.spawn_child = true;
        else if (a == "--invalid-utf8")
            g_flags.invalid_utf8 = true;
        else if (a == "--setsid-child")
            g_flags.setsid_child = true;
        else if (a == "--orphan-child")
            g_flags.orphan_child = true;
        else if (a == "--double-bestmove")
            g_flags.double_bestmove = true;
        else if (a == "--north-reads-south")
            g_flags.north_reads_south = true;
        else if (a == "--no-flush")
            g_flags.no_flush = true;
        else if (a == "--info-flood")
            g_flags.info_flood = number_after(i, argc, argv);
        else if (a == "--long-line")
            g_flags.long_line = number_after(i, argc, argv);
        else if (a == "--stderr-flood")
            g_flags.stderr_flood = number_after(i, argc, argv);
        else if (a == "--slow-start")
            g_flags.slow_start_ms = number_after(i, argc, argv);
        else if (a == "--players")
            g_flags.players = number_after(i, argc, argv);
        else if (a == "--delay")
            g_flags.delay_ms = number_after(i, argc, argv);
        else if (a == "--info-string" && i + 1 < argc)
            g_flags.info_string = argv[++i];
        else
            usage(argv[i]);
    }
}

// Reads stdin line by line; next() waits at most until `deadline` (nullopt: forever).
class Input {
  public:
    // nullopt on timeout; "" never returned for EOF: eof() tells.
    std::optional<std::string> next(std::optional<Clock::time_point> deadline) {
        for (;;) {
            if (auto line = lines_.next()) return line->text;
            if (eof_) return std::nullopt;
            int timeout = -1;
            if (deadline) {
                auto left =
                    std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
                timeout = left < 0 ? 0 : static_cast<int>(left);
            }
            pollfd p{0, POLLIN, 0};
            int n = ::poll(&p, 1, timeout);
            if (n == 0) return std::nullopt;
            if (n < 0) continue;
            char buf[4096];
            ssize_t got = ::read(0, buf, sizeof buf);
            if (got <= 0) {
                eof_ = true;
                continue;
            }
            lines_.append(std::string_view(buf, static_cast<std::size_t>(got)));
        }
    }
    bool eof() const { return eof_; }

  private:
    protocol::LineBuffer lines_;
    bool eof_ = false;
};

Input g_input;

[[noreturn]] void quit_now() {
    std::exit(0);
}

// At end of input: a normal engine leaves; an engine ignoring quit lingers until killed.
[[noreturn]] void at_eof() {
    if (!g_flags.ignore_quit) quit_now();
    for (;;) ::pause();
}

std::string choose_move(const rules::Position& pos, const rules::Rules& rules) {
    auto legal = rules::legal_moves(pos, rules);
    if (g_flags.bad_move_token) return g_flags.invalid_utf8 ? "6L\xff\xfe" : "6L";
    auto first_empty = [&]() -> std::string {
        for (int k = 1; k <= 5; ++k) {
            rules::Move m{static_cast<std::uint8_t>(k), rules::Direction::L};
            if (pos.is_empty(rules::pit_of(pos.side, k))) return rules::to_string(m);
        }
        return legal.empty() ? "1L" : rules::to_string(legal[0]);
    };
    if (g_flags.wrong_side_move) {
        rules::Position theirs = pos;
        theirs.side = rules::opponent(pos.side);
        for (auto m : rules::legal_moves(theirs, rules))
            if (!legal.contains(m)) return rules::to_string(m);
        return first_empty();
    }
    if (g_flags.illegal_move) return first_empty();
    if (g_flags.north_reads_south && pos.side == rules::Side::North) {
        // The bug of issue 13: North's squares looked up where South's are.
        for (int k = 1; k <= 5; ++k)
            if (pos.citizens[static_cast<std::size_t>(k)] > 0) return std::to_string(k) + "L";
    }
    if (legal.empty()) return "1L";  // a finished game: nothing is legal anyway
    return rules::to_string(legal[0]);
}

// The move for the seat to move of a ring position (3 or 4 seats), as choose_move does for two.
std::string choose_ring_move(const rules::RingPosition& pos, const rules::Rules& rules) {
    auto legal = rules::legal_moves(pos, rules);
    if (g_flags.bad_move_token) return "6L";
    if (g_flags.illegal_move) {
        for (int k = 1; k <= 5; ++k)
            if (pos.is_empty(rules::ring_pit(pos.to_move, k))) return std::to_string(k) + "L";
    }
    return legal.empty() ? "1L" : rules::to_string(legal[0]);
}

// The move for a `position` of the ring game: "1L" when it cannot be read.
std::string ring_move(const protocol::PositionCommand& position, const rules::Rules& rules) {
    auto pos = position.fen ? rules::parse_ring_position(*position.fen, rules)
                            : Expected<rules::RingPosition>(rules::ring_start_position(rules));
    if (!pos) return "1L";
    rules::RingPosition p = *pos;
    for (const auto& text : position.moves) {
        auto m = rules::parse_move(text);
        if (!m || !rules::is_legal(p, *m, rules)) break;
        p = rules::play(p, *m, rules);
    }
    return choose_ring_move(p, rules);
}

// A legal move other than `move` when there is one (for --double-bestmove).
std::string another_move(const rules::Position& pos, const rules::Rules& rules,
                         const std::string& move) {
    for (auto m : rules::legal_moves(pos, rules))
        if (rules::to_string(m) != move) return rules::to_string(m);
    return move;
}

// Handles one `go`; returns when the bestmove has been sent.
void think_and_answer(const protocol::PositionCommand& position, const protocol::Go& go,
                      const rules::Rules& rules) {
    int ply = static_cast<int>(position.moves.size());
    if (ply == g_flags.crash_at_ply) std::abort();
    if (g_flags.hang_after_go) {
        for (;;) {
            auto line = g_input.next(std::nullopt);
            if (!line) at_eof();
            auto cmd = protocol::decode_command(*line);
            if (cmd && std::holds_alternative<protocol::Quit>(*cmd) && !g_flags.ignore_quit)
                quit_now();
        }
    }
    if (!g_flags.info_string.empty()) {
        say("info depth 1 string " + g_flags.info_string);
        flush();
    }
    // Think: until the delay passes, or until `stop` for an infinite search.
    std::optional<Clock::time_point> until;
    if (!go.infinite) until = Clock::now() + std::chrono::milliseconds(g_flags.delay_ms);
    while (!until || Clock::now() < *until) {
        auto line = g_input.next(until);
        if (!line) {
            if (g_input.eof()) at_eof();
            break;
        }
        auto cmd = protocol::decode_command(*line);
        if (!cmd) continue;
        if (std::holds_alternative<protocol::Stop>(*cmd)) break;
        if (std::holds_alternative<protocol::Quit>(*cmd) && !g_flags.ignore_quit) quit_now();
        if (std::holds_alternative<protocol::IsReady>(*cmd)) {
            say("readyok");
            flush();
        }
    }

    std::string move = "1L", second = "1L";
    auto pos = rules::parse_position(position.fen ? *position.fen : "startpos", rules);
    if (rules.players > 2) {
        move = second = ring_move(position, rules);
    } else if (pos) {
        rules::Position p = *pos;
        for (const auto& text : position.moves) {
            auto m = rules::parse_move(text);
            if (!m || !rules::is_legal(p, *m, rules)) break;
            p = rules::play(p, *m, rules);
        }
        move = choose_move(p, rules);
        second = another_move(p, rules, move);
    }
    if (g_flags.stderr_flood > 0) {
        std::string junk(static_cast<std::size_t>(g_flags.stderr_flood), 'e');
        if (::write(2, junk.data(), junk.size()) < 0) {
        }
    }
    for (long i = 0; i < g_flags.info_flood; ++i) {
        say("info depth " + std::to_string(i % 50 + 1) + " score cp 0 nodes " + std::to_string(i) +
            " pv " + move);
    }
    if (g_flags.long_line > 0) say(std::string(static_cast<std::size_t>(g_flags.long_line), 'x'));
    if (g_flags.garbage) {
        say("hello referee");
        say("info depth nonsense");
        say("bestmovex 1L");
        say("");
    }
    // A lone continuation byte, an overlong form and a cut-off sequence.
    say("info depth 1 score cp 0 nodes 1 pv " + move +
        (g_flags.invalid_utf8 ? " \x80\xc0\xaf\xe2\x82" : ""));
    say(g_flags.malformed_bestmove ? "bestmove" : "bestmove " + move);
    if (g_flags.double_bestmove) say("bestmove " + second);
    flush();
}

// The children of --spawn-child, --setsid-child and --orphan-child.
void start_children() {
    if (g_flags.spawn_child && ::fork() == 0) {
        ::sleep(3600);
        std::_Exit(0);
    }
    if (g_flags.setsid_child && ::fork() == 0) {
        ::setsid();
        ::signal(SIGHUP, SIG_IGN);
        ::sleep(3600);
        std::_Exit(0);
    }
    if (g_flags.orphan_child && ::fork() == 0) {
        ::setsid();
        std::_Exit(0);
    }
}

}  // namespace

int main(int argc, char** argv) {
    parse_flags(argc, argv);
    if (g_flags.exit_at_start) return 3;
    start_children();
    if (g_flags.ignore_quit) ::signal(SIGTERM, SIG_IGN);

    rules::Rules rules;
    protocol::PositionCommand position;
    for (;;) {
        auto line = g_input.next(std::nullopt);
        if (!line) at_eof();
        auto cmd = protocol::decode_command(*line);
        if (!cmd) continue;  // protocol-spec: unknown commands are ignored
        if (std::holds_alternative<protocol::Ugi>(*cmd)) {
            if (g_flags.slow_start_ms > 0)
                ::usleep(static_cast<useconds_t>(g_flags.slow_start_ms * 1000));
            say(g_flags.invalid_utf8 ? "id name oaq-test-engine \xff\xfe"
                                     : "id name oaq-test-engine");
            say("id author oaq");
            if (!g_flags.no_rules_option) say("option name Rules type string default standard");
            say("option name Hash type spin default 16 min 1 max 1024");
            if (g_flags.players > 0)
                say("option name Players type spin default 2 min 2 max " +
                    std::to_string(g_flags.players));
            if (!g_flags.no_ugiok) say("ugiok");
            flush();
        } else if (std::holds_alternative<protocol::IsReady>(*cmd)) {
            if (!g_flags.no_readyok) say("readyok");
            flush();
        } else if (auto* set = std::get_if<protocol::SetOption>(&*cmd)) {
            if (set->name == "Rules") {
                auto parsed = rules::parse_rules(set->value);
                if (parsed) rules = *parsed;
            }
        } else if (auto* pos = std::get_if<protocol::PositionCommand>(&*cmd)) {
            position = *pos;
        } else if (auto* go = std::get_if<protocol::Go>(&*cmd)) {
            think_and_answer(position, *go, rules);
        } else if (std::holds_alternative<protocol::Quit>(*cmd)) {
            if (!g_flags.ignore_quit) quit_now();
        }
    }
}
