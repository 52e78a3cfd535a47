// Commands (referee -> engine): encode and decode, plus the helpers codec.hpp shares with replies.
// Each branch cites the protocol-spec/README.md section it implements.
#include "protocol/codec.hpp"

#include <algorithm>
#include <limits>

#include "protocol/tokens.hpp"

namespace oaq::protocol {
namespace {

using detail::Overloaded;
using detail::Tokens;

void append_time(std::string& out, std::string_view key, const std::optional<Milliseconds>& t) {
    if (t) out.append(" ").append(key).append(" ").append(detail::format_time(*t));
}

// `p<k+1>time` and `p<k+1>inc`, the clock keywords of seat k+1.
std::string time_key(std::size_t k) {
    return "p" + std::to_string(k + 1) + "time";
}
std::string inc_key(std::size_t k) {
    return "p" + std::to_string(k + 1) + "inc";
}

std::string encode_position(const PositionCommand& p) {
    std::string out = p.fen ? "position fen " + *p.fen : "position startpos";
    if (!p.moves.empty()) {
        out += " moves";
        for (const auto& m : p.moves) out.append(" ").append(m);
    }
    return out;
}

std::string encode_go(const Go& g) {
    std::string out = "go";
    for (std::size_t k = 0; k < kMaxSeats; ++k) append_time(out, time_key(k), g.time[k]);
    for (std::size_t k = 0; k < kMaxSeats; ++k) append_time(out, inc_key(k), g.inc[k]);
    append_time(out, "movetime", g.movetime);
    if (g.depth) out += " depth " + std::to_string(*g.depth);
    if (g.nodes) out += " nodes " + std::to_string(*g.nodes);
    if (g.infinite) out += " infinite";
    return out;
}

// Section "setoption": the name is the tokens between `name` and the first `value`, joined by
// single spaces; the value is the rest of the line after `value`, verbatim.
Expected<Command> decode_setoption(const Tokens& t) {
    std::size_t name = 1;
    while (name < t.size() && t[name] != "name") ++name;
    if (name == t.size()) return fail("setoption without a name");
    std::size_t value = name + 1;
    while (value < t.size() && t[value] != "value") ++value;
    SetOption out{t.join(name + 1, value), ""};
    if (out.name.empty()) return fail("setoption: empty name");
    if (value < t.size()) out.value = std::string(t.rest_from(value + 1));
    return Command{std::move(out)};
}

// The optional seventh field of a position string (rules.md 5.2): ten comma-separated digits, the
// shares of a session game. Told apart from an unknown token by its shape alone.
bool is_shares_field(std::string_view token) {
    if (token.size() != 19) return false;
    for (std::size_t k = 0; k < token.size(); ++k) {
        const bool digit = token[k] >= '0' && token[k] <= '9';
        if (k % 2 == 0 ? !digit : token[k] != ',') return false;
    }
    return true;
}

// The number of seats of a ring position string (rules.md section 10): its first field has 6N
// cells (N = 3 or 4) and its second is the seat to move as a digit. 0 for any other shape (the
// 2-seat form, whose second field is S or N).
std::size_t ring_seats(const Tokens& t, std::size_t first) {
    if (first + 1 >= t.size()) return 0;
    std::string_view pits = t[first], seat = t[first + 1];
    const auto cells = 1 + static_cast<std::size_t>(std::count(pits.begin(), pits.end(), ','));
    if (seat.size() != 1 || seat[0] < '1' || seat[0] > '4') return 0;
    return cells == 18 || cells == 24 ? cells / 6 : 0;
}

// Section "position": unknown tokens before `startpos`/`fen` and between the position and
// `moves` are skipped; `fen` takes the next six tokens (the position string's six fields), and a
// seventh when it is a shares field (section 4.5); a ring of N seats takes 2N + 2 (section 4.5);
// every token after `moves` is a move.
Expected<Command> decode_position(const Tokens& t) {
    std::size_t i = 1;
    while (i < t.size() && t[i] != "startpos" && t[i] != "fen" && t[i] != "moves") ++i;
    if (i == t.size() || t[i] == "moves") return fail("position without startpos or fen");
    PositionCommand out;
    std::size_t moves = i + 1;
    while (moves < t.size() && t[moves] != "moves") ++moves;
    if (t[i] == "fen") {
        const std::size_t seats = ring_seats(t, i + 1);
        const std::size_t want = seats == 0 ? 6 : 2 * seats + 2;
        std::size_t fields = moves - (i + 1);
        if (fields < want) {
            return fail("position fen: expected " + std::to_string(want) + " fields" +
                        (seats == 0 ? "" : " for " + std::to_string(seats) + " seats") + ", got " +
                        std::to_string(fields));
        }
        const bool shares = seats == 0 && fields > want && is_shares_field(t[i + 1 + want]);
        out.fen = t.join(i + 1, i + 1 + want + (shares ? 1 : 0));
    }
    for (std::size_t m = moves + 1; m < t.size(); ++m) out.moves.emplace_back(t[m]);
    return Command{std::move(out)};
}

// The field a time keyword of `go` sets: p1time..p4time, p1inc..p4inc, movetime; nullptr for
// any other word.
std::optional<Milliseconds>* time_field(Go& go, std::string_view key) {
    if (key == "movetime") return &go.movetime;
    for (std::size_t k = 0; k < kMaxSeats; ++k) {
        if (key == time_key(k)) return &go.time[k];
        if (key == inc_key(k)) return &go.inc[k];
    }
    return nullptr;
}

// Section "go": keywords p1time..p4time p1inc..p4inc movetime depth nodes take one value each,
// `infinite` none; any other token is skipped; a repeated keyword keeps its last value.
Expected<Command> decode_go(const Tokens& t) {
    Go out;
    for (std::size_t i = 1; i < t.size(); ++i) {
        std::string_view key = t[i];
        std::optional<Milliseconds>* time = time_field(out, key);
        if (key == "infinite") {
            out.infinite = true;
            continue;
        }
        if (time == nullptr && key != "depth" && key != "nodes") continue;
        auto value = detail::value_after(t, i);
        if (!value) return value.error();
        ++i;  // the value is consumed with its keyword
        if (time != nullptr) {
            auto parsed = detail::parse_time(key, *value);
            if (!parsed) return parsed.error();
            *time = *parsed;
        } else if (key == "depth") {
            auto parsed = detail::parse_count(key, *value, std::numeric_limits<int>::max());
            if (!parsed) return parsed.error();
            out.depth = static_cast<int>(*parsed);
        } else {
            auto parsed =
                detail::parse_count(key, *value, std::numeric_limits<std::uint64_t>::max());
            if (!parsed) return parsed.error();
            out.nodes = *parsed;
        }
    }
    return Command{out};
}

}  // namespace

std::string encode(const Command& command) {
    return std::visit(Overloaded{
                          [](const Ugi&) -> std::string { return "ugi"; },
                          [](const IsReady&) -> std::string { return "isready"; },
                          [](const SetOption& o) {
                              std::string out = "setoption name " + o.name;
                              if (!o.value.empty()) out += " value " + o.value;
                              return out;
                          },
                          [](const NewGame&) -> std::string { return "uginewgame"; },
                          [](const PositionCommand& p) { return encode_position(p); },
                          [](const Go& g) { return encode_go(g); },
                          [](const Stop&) -> std::string { return "stop"; },
                          [](const Quit&) -> std::string { return "quit"; },
                      },
                      command);
}

Expected<Command> decode_command(std::string_view line) {
    auto prepared = detail::prepare_line(line);
    if (!prepared) return prepared.error();
    Tokens t(*prepared);
    std::string_view word = t[0];
    // Words without arguments ignore whatever follows them (section "Framing": unknown tokens).
    if (word == "ugi") return Command{Ugi{}};
    if (word == "isready") return Command{IsReady{}};
    if (word == "uginewgame") return Command{NewGame{}};
    if (word == "stop") return Command{Stop{}};
    if (word == "quit") return Command{Quit{}};
    if (word == "setoption") return decode_setoption(t);
    if (word == "position") return decode_position(t);
    if (word == "go") return decode_go(t);
    return fail("unknown command " + detail::quoted(word));
}

std::string_view command_word(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t start = 0;
    while (start < line.size() && detail::is_blank(line[start])) ++start;
    std::size_t end = start;
    while (end < line.size() && !detail::is_blank(line[end])) ++end;
    return line.substr(start, end - start);
}

}  // namespace oaq::protocol
