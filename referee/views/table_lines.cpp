#include "views/table_lines.hpp"

#include <fmt/format.h>

#include "common/json.hpp"
#include "game/termination.hpp"
#include "views/board_view.hpp"
#include "views/run_lines.hpp"

namespace oaq::views {

namespace {

std::int64_t factorial(int n) {
    std::int64_t f = 1;
    for (int i = 2; i <= n; ++i) f *= i;
    return f;
}

}  // namespace

std::string ordinal(int rank) {
    static const char* const kWords[] = {"", "1st", "2nd", "3rd", "4th"};
    return rank >= 1 && rank <= 4 ? kWords[rank] : std::to_string(rank) + "th";
}

std::string points_text(double points) {
    auto text = fmt::format("{:.2f}", points);
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
    return text;
}

std::string table_match_started(const TableMatchInfo& match, bool json) {
    const auto per_group = factorial(match.seats);
    const auto full = match.games / per_group, rest = match.games % per_group;
    if (json) {
        Json j;
        j.field("type", "start").field("tournament", match.name).field("seats", match.seats);
        j.field("games", match.games).field("group_size", per_group);
        j.field("groups", full).field("partial_group", rest);
        j.raw("engines", Json::string_array(match.engines));
        return j.str() + "\n";
    }
    std::string groups =
        fmt::format("{} seating group{} of {}", full, full == 1 ? "" : "s", per_group);
    if (rest != 0) {
        groups =
            full == 0
                ? fmt::format("a partial seating group: {} of its {} seatings", rest, per_group)
                : groups +
                      fmt::format(" and a partial group of {} (of {} seatings)", rest, per_group);
    }
    const auto kind = match.kind.empty() ? fmt::format("{}-seat match", match.seats) : match.kind;
    return fmt::format("{}: {}, {} games ({})\n", match.name, kind, match.games, groups);
}

std::string table_game_finished(const TableMatchInfo& match, const tournament::TableGame& game,
                                const game::GameRecord& r, std::int64_t done, bool json) {
    const bool aborted = r.termination == game::Termination::Aborted;
    if (json) {
        std::vector<std::string> seats;
        for (std::size_t s = 0; s < r.seats.size(); ++s) {
            Json seat;
            seat.field("seat", static_cast<int>(s) + 1).field("engine", r.seats[s].name);
            seat.field("score", r.seats[s].score).field("rank", r.seats[s].rank);
            seat.field("points", r.seats[s].points);
            seats.push_back(seat.str());
        }
        Json j;
        j.field("type", "game").field("tournament", match.name);
        j.field("game", game.game_index + 1).field("group", game.group + 1);
        j.raw("seats", Json::array(seats));
        j.field("termination", game::to_string(r.termination)).field("detail", r.detail);
        if (r.failed_seat) j.field("failed_seat", *r.failed_seat + 1);
        j.field("plies", r.plies()).field("start_position", r.start_position);
        j.field("final_position", r.final_position);
        return j.str() + "\n";
    }
    std::string seats;
    for (const auto& seat : r.seats) {
        seats += (seats.empty() ? "" : ", ") +
                 (aborted ? fmt::format("{} {}", seat.name, seat.score)
                          : fmt::format("{} {} ({}, {})", seat.name, seat.score, ordinal(seat.rank),
                                        points_text(seat.points)));
    }
    return fmt::format("[{:>{}}/{}] {}: {}{}  {} plies\n", done, std::to_string(match.games).size(),
                       match.games, seats, game::to_string(r.termination),
                       r.detail.empty() ? "" : " (" + r.detail + ")", r.plies());
}

std::string table_match_finished(const TableMatchInfo& match, const tournament::TableTally& tally,
                                 std::int64_t played, std::int64_t aborted, double seconds,
                                 bool json) {
    if (json) {
        std::vector<std::string> rows;
        for (std::size_t e = 0; e < tally.rows.size(); ++e) {
            const auto& row = tally.rows[e];
            Json j;
            j.field("engine", match.engines[e]).field("games", row.games);
            j.field("points", row.points).field("average_rank", row.average_rank());
            j.field("failures", row.failures);
            rows.push_back(j.str());
        }
        Json j;
        j.field("type", "summary").field("tournament", match.name).field("seats", match.seats);
        j.field("finished", played - aborted == match.games).field("games_done", played - aborted);
        j.field("games_total", match.games).field("aborted", aborted).field("seconds", seconds);
        j.raw("engines", Json::array(rows));
        return j.str() + "\n";
    }
    std::size_t width = 6;
    for (const auto& e : match.engines) width = std::max(width, e.size());
    std::string out = fmt::format("\n{:<{}}  {:>5}  {:>7}  {:>8}  {:>8}  {:>8}\n", "engine", width,
                                  "games", "points", "per game", "avg rank", "failures");
    for (std::size_t e = 0; e < tally.rows.size(); ++e) {
        const auto& row = tally.rows[e];
        out += fmt::format("{:<{}}  {:>5}  {:>7}  {:>8.3f}  {:>8.2f}  {:>8}\n", match.engines[e],
                           width, row.games, points_text(row.points),
                           row.games ? row.points / static_cast<double>(row.games) : 0.0,
                           row.average_rank(), row.failures);
    }
    out += fmt::format("\n{} games in {:.1f}s{}\n", played, seconds,
                       aborted ? fmt::format(", {} aborted", aborted) : "");
    return out;
}

std::string table_legend(int you, const rules::Rules& rules) {
    const int n = rules.players;
    return fmt::format(
        "You are seat {} of {} (your row is at the bottom; seats move in turn: 1, 2, .., {}). A "
        "move is one of your squares 1-5 and a direction: L sows toward your square 1, past your "
        "Q into the row above yours (the seat before you); R toward your square 5, past the next "
        "seat's Q into its row. Q is a "
        "mandarin pit (Q+n: its piece and n citizens). Your score: captured citizens + {} per "
        "captured mandarin + balance (citizens lent minus borrowed at refills). The highest score "
        "ranks first.\n",
        you + 1, n, n, rules.quan_value);
}

std::string draw_table(const rules::RingPosition& pos, const rules::Rules& rules, int you,
                       const std::vector<std::string>& names) {
    std::vector<std::string> lines;
    const auto board = draw_ring(pos, rules);
    for (std::size_t from = 0; from < board.size();) {
        const auto end = board.find('\n', from);
        lines.push_back(board.substr(from, end - from));
        if (end == std::string::npos) break;
        from = end + 1;
    }
    const int n = pos.seats;
    std::string out = lines.at(0) + "\n";
    for (int k = 1; k <= n; ++k) {
        const int seat = (you + k) % n;
        const auto& name = names.at(static_cast<std::size_t>(seat));
        out += lines.at(static_cast<std::size_t>(seat) + 1) + "  " +
               (seat == you ? "(you)" : name) + "\n";
    }
    for (std::size_t i = static_cast<std::size_t>(n) + 1; i < lines.size(); ++i)
        if (!lines[i].empty()) out += lines[i] + "\n";
    return out;
}

std::string table_run_kind(const tournament::RunDefinition& d,
                           const std::optional<tournament::Shard>& shard) {
    if (d.format == tournament::Format::Match) return "";
    auto kind = fmt::format("{}-seat {} of {} engines", d.rules.players,
                            d.format == tournament::Format::Gauntlet ? "gauntlet" : "round robin",
                            d.engines.size());
    return shard ? "shard " + shard_text(*shard) + " of a " + kind : kind;
}

}  // namespace oaq::views
