#include "views/export_games.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "game/time_control.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "store/time_text.hpp"
#include "tournament/rating.hpp"
#include "views/results_json.hpp"
#include "views/table.hpp"

namespace oaq::views {

namespace {

constexpr std::size_t kMovetextColumns = 79;  // PGN export format, 8.2.2

std::string pgn_quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        // A tag value is one line (8.1): line breaks and tabs become spaces.
        out += c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
    }
    return out + "\"";
}

// Comment text cannot hold the closing brace (8.2.5).
std::string comment_text(const std::string& s) {
    std::string out = s;
    std::replace(out.begin(), out.end(), '}', ')');
    std::replace(out.begin(), out.end(), '\n', ' ');
    return out;
}

std::string pgn_date(store::TimePoint t) {
    const auto day = std::chrono::year_month_day{std::chrono::floor<std::chrono::days>(t)};
    return fmt::format("{:04}.{:02}.{:02}", static_cast<int>(day.year()),
                       static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
}

// A whole number of seconds, or nothing.
std::optional<std::int64_t> whole_seconds(game::Milliseconds ms) {
    if (ms.count() % 1000 != 0) return std::nullopt;
    return ms.count() / 1000;
}

// "[%clk 0:00:09.900]" (the PGN clock command of the PGN Specification Supplement).
std::string clock_command(game::Microseconds left) {
    const auto ms = std::max<std::int64_t>(0, left.count() / 1000);
    return fmt::format("[%clk {}:{:02}:{:02}.{:03}]", ms / 3'600'000, ms / 60'000 % 60,
                       ms / 1000 % 60, ms % 1000);
}

// cutechess-cli's move comment: {+0.30/5 0.100s}, mate as {+M3/5 ...}, then the clock.
std::string move_comment(const game::MoveRecord& m, bool clock) {
    std::string out;
    if (m.score) {
        const auto v = m.score->value;
        if (m.score->kind == protocol::Score::Kind::Mate)
            out = fmt::format("{}M{}", v < 0 ? "-" : "+", std::abs(v));
        else
            out = fmt::format("{:+.2f}", static_cast<double>(v) / 100.0);
        if (m.depth) out += fmt::format("/{}", *m.depth);
        out += " ";
    }
    out += seconds_text(m.time_used);
    if (clock) out += " " + clock_command(m.time_left);
    return "{" + out + "}";
}

// The movetext as tokens: move numbers, moves, comments (never split), the result.
std::vector<std::string> movetext_tokens(const store::StoredRecord& r, const std::string& result) {
    const auto sides = mover_sides(r);
    const auto tc = side_time_controls(r.time_control);
    const bool south_clock = is_clock(tc.south), north_clock = is_clock(tc.north);
    std::vector<std::string> tokens;
    std::int64_t number = 0;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const bool south = sides[i] != "north";
        // South opens each move number; North's move follows a comment, so it has its own
        // (8.2.2.2).
        if (south || number == 0) ++number;
        tokens.push_back(fmt::format("{}{}", number, south ? "." : "..."));
        tokens.push_back(rules::to_string(r.moves[i].move));
        tokens.push_back(move_comment(r.moves[i], south ? south_clock : north_clock));
    }
    std::string end = std::string(game::to_string(r.termination));
    if (!r.detail.empty()) end += ": " + r.detail;
    tokens.push_back("{" + comment_text(end) + "}");
    tokens.push_back(result);
    return tokens;
}

std::string wrap(const std::vector<std::string>& tokens) {
    std::string out, line;
    for (const auto& t : tokens) {
        if (!line.empty() && line.size() + 1 + t.size() > kMovetextColumns) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + t;
    }
    return out + line + "\n";
}

bool starts_from_rules_start(const store::StoredRecord& r) {
    auto rules = rules::parse_rules(r.rules);
    if (!rules) return false;
    return r.start_position.empty() ||
           r.start_position == rules::to_string(rules::start_position(*rules));
}

// The rules as short as they read back: a preset name where one matches.
std::string rules_text(const std::string& expanded) {
    auto rules = rules::parse_rules(expanded);
    return rules ? rules::short_name(*rules) : expanded;
}

}  // namespace

bool is_clock(const std::string& tc_text) {
    auto tc = game::parse_time_control(tc_text);
    return tc && tc->kind == game::TimeControl::Kind::Clock;
}

std::string seconds_text(std::chrono::microseconds us) {
    return fmt::format("{:.3f}s", static_cast<double>(us.count()) / 1e6);
}

std::string score_text(const protocol::Score& score) {
    return fmt::format("{} {}", score.kind == protocol::Score::Kind::Mate ? "mate" : "cp",
                       score.value);
}

std::string pgn_termination(game::Termination t) {
    using game::Termination;
    switch (t) {
        case Termination::Normal:
        case Termination::Repetition:  // a draw by the game's own rules, as chess's threefold
            return "normal";
        case Termination::PlyLimit:
            return "adjudication";
        case Termination::TimeForfeit:
            return "time forfeit";
        case Termination::IllegalMove:
        case Termination::ProtocolViolation:
            return "rules infraction";
        case Termination::Crash:
        case Termination::Stall:
        case Termination::Resignation:  // PGN's "abandoned": a player left the game
            return "abandoned";
        case Termination::Aborted:
            return "unterminated";
    }
    return "unterminated";
}

std::string pgn_time_control(const std::string& stored) {
    const auto sides = side_time_controls(stored);
    if (sides.south != sides.north) return "?";
    auto tc = game::parse_time_control(sides.south);
    if (!tc) return "?";
    if (tc->kind == game::TimeControl::Kind::Depth || tc->kind == game::TimeControl::Kind::Nodes)
        return "-";
    if (tc->kind != game::TimeControl::Kind::Clock) return "?";  // movetime has no PGN form
    const auto base = whole_seconds(tc->base), increment = whole_seconds(tc->increment);
    if (!base || !increment || *base <= 0) return "?";  // 9.6.1 counts whole seconds
    return *increment == 0 ? std::to_string(*base)
                           : std::to_string(*base) + "+" + std::to_string(*increment);
}

std::string pgn_game(const GameNumber& number, const store::StoredRecord& r) {
    const std::string result =
        r.termination == game::Termination::Aborted ? "*" : result_token(r.result);
    std::vector<std::pair<std::string, std::string>> roster{{"Event", number.tournament},
                                                            {"Site", "?"},
                                                            {"Date", pgn_date(r.started_at)},
                                                            {"Round", std::to_string(number.round)},
                                                            {"White", r.south},
                                                            {"Black", r.north},
                                                            {"Result", result}};
    std::vector<std::pair<std::string, std::string>> other{
        {"OaqGame", game_reference(number)},
        {"OaqRules", rules_text(r.rules)},
        {"OaqTermination", std::string(game::to_string(r.termination))},
        {"OaqTimeControl", r.time_control},
        {"PlyCount", std::to_string(r.plies())},
        {"Termination", pgn_termination(r.termination)},
        {"TimeControl", pgn_time_control(r.time_control)}};
    if (!r.detail.empty()) other.emplace_back("OaqDetail", r.detail);
    if (!r.opening.empty()) other.emplace_back("OaqOpening", r.opening);
    if (!starts_from_rules_start(r)) {
        other.emplace_back("SetUp", "1");
        other.emplace_back("FEN", r.start_position);
    }
    std::sort(other.begin(), other.end());  // export format: after the roster, in ASCII order
    std::string out;
    for (const auto* tags : {&roster, &other})
        for (const auto& [name, value] : *tags) out += "[" + name + " " + pgn_quote(value) + "]\n";
    return out + "\n" + wrap(movetext_tokens(r, result)) + "\n";
}

std::string game_csv_header(bool seat_columns) {
    std::string out =
        "tournament,game,round,pair,db_id,south,north,result,score_south,score_north,"
        "termination,detail,plies,rules,time_control_south,time_control_north,opening,"
        "start_position,final_position,started_at,ended_at";
    if (!seat_columns) return out;
    out += ",seats";
    for (std::size_t s = 1; s <= tournament::kMaxTableSeats; ++s) {
        for (const char* column : {"engine", "time_control", "score", "rank", "points"})
            out += fmt::format(",seat{}_{}", s, column);
    }
    return out;
}

namespace {

// The seat columns of a row (game_csv_header(true)).
std::vector<std::string> seat_cells(const store::StoredRecord& r) {
    std::vector<std::string> cells{std::to_string(r.seats.size())};
    for (std::size_t s = 0; s < tournament::kMaxTableSeats; ++s) {
        if (s >= r.seats.size()) {
            cells.insert(cells.end(), 5, "");
            continue;
        }
        const auto& seat = r.seats[s];
        cells.insert(cells.end(), {seat.engine, seat.time_control, std::to_string(seat.score),
                                   std::to_string(seat.rank), fmt::format("{:g}", seat.points)});
    }
    return cells;
}

}  // namespace

std::string game_csv_row(const GameNumber& n, std::optional<std::int64_t> db_id,
                         const store::StoredRecord& r, int plies, bool seat_columns) {
    const auto tc = side_time_controls(r.time_control);
    std::vector<std::string> cells = {n.tournament,
                                      std::to_string(n.game),
                                      std::to_string(n.round),
                                      std::to_string(n.pair),
                                      db_id ? std::to_string(*db_id) : "",
                                      r.south,
                                      r.north,
                                      std::string(rules::to_string(r.result)),
                                      std::to_string(r.score_south),
                                      std::to_string(r.score_north),
                                      std::string(game::to_string(r.termination)),
                                      r.detail,
                                      std::to_string(plies),
                                      r.rules,
                                      tc.south,
                                      tc.north,
                                      r.opening,
                                      r.start_position,
                                      r.final_position,
                                      store::format_utc(r.started_at),
                                      store::format_utc(r.ended_at)};
    if (r.seats.size() > 2) {
        // No sides: south .. score_north and the side time controls stay empty.
        for (std::size_t i : {5U, 6U, 7U, 8U, 9U, 14U, 15U}) cells[i].clear();
    }
    if (seat_columns) {
        const auto seats = seat_cells(r);
        cells.insert(cells.end(), seats.begin(), seats.end());
    }
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_field(cells[i]);
    return out;
}

std::string move_csv_header() {
    return "tournament,game,db_id,ply,side,move,time_used_us,time_left_us,depth,score_kind,"
           "score_value,nodes,pv";
}

std::string move_csv_rows(const GameNumber& n, std::optional<std::int64_t> db_id,
                          const store::StoredRecord& r) {
    const auto sides = mover_sides(r);
    auto optional = [](const auto& v) { return v ? std::to_string(*v) : std::string(); };
    std::string out;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        const std::vector<std::string> cells = {
            n.tournament,
            std::to_string(n.game),
            db_id ? std::to_string(*db_id) : "",
            std::to_string(i + 1),
            sides[i],
            rules::to_string(m.move),
            std::to_string(m.time_used.count()),
            std::to_string(m.time_left.count()),
            optional(m.depth),
            m.score ? (m.score->kind == protocol::Score::Kind::Mate ? "mate" : "cp") : "",
            m.score ? std::to_string(m.score->value) : "",
            optional(m.nodes),
            join_words(m.pv)};
        for (std::size_t c = 0; c < cells.size(); ++c) out += (c ? "," : "") + csv_field(cells[c]);
        out += '\n';
    }
    return out;
}

}  // namespace oaq::views
