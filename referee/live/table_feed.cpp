#include "live/table_feed.hpp"

#include <algorithm>
#include <chrono>

#include "common/json.hpp"
#include "live/run_feed.hpp"
#include "rules/ring_position_string.hpp"
#include "store/stored_record.hpp"
#include "views/results_json.hpp"

namespace oaq::live {

namespace {

std::string without_newline(std::string line) {
    while (!line.empty() && line.back() == '\n') line.pop_back();
    return line;
}

std::optional<std::int64_t> initial_clock(const game::TimeControl& tc) {
    if (tc.kind != game::TimeControl::Kind::Clock) return std::nullopt;
    return std::chrono::microseconds(tc.base).count();
}

}  // namespace

void TableFeed::run_started(const views::TableMatchInfo& match,
                            const std::vector<game::TimeControl>& time_controls) {
    std::lock_guard lock(mutex_);
    match_ = match;
    time_controls_ = time_controls;
    auto line = without_newline(views::table_match_started(match, true));
    line.insert(line.size() - 1, ",\"kind\":\"match\"");
    feed_.run(line);
}

game::TableObserver TableFeed::observer(const tournament::TableGame& g) {
    game::TableObserver o;
    o.on_start = [this, g](const rules::RingPosition& pos) { started(g, pos); };
    o.on_move = [this, g](const game::MoveRecord& m, const rules::RingPosition& pos) {
        moved(g, m, pos);
    };
    // An engine's info lines, at most one per RunFeed::kInfoEvery per game (the latest first).
    o.on_info = [this, g,
                 sent = std::chrono::steady_clock::time_point{}](const protocol::Info& i) mutable {
        const auto now = std::chrono::steady_clock::now();
        if (now - sent < RunFeed::kInfoEvery) return;
        sent = now;
        std::lock_guard lock(mutex_);
        const auto game = g.game_index + 1;
        const auto ply = plies_[game] + 1;
        // The searching seat is the one to move.
        feed_.info(game, info_json(game, to_move_[game] + 1, ply, i));
    };
    return o;
}

void TableFeed::started(const tournament::TableGame& g, const rules::RingPosition& pos) {
    std::lock_guard lock(mutex_);
    const auto game = g.game_index + 1;
    std::vector<std::string> seats;
    std::vector<std::optional<std::int64_t>> clocks;
    const int count = static_cast<int>(g.seating.size());
    for (int s = 0; s < count; ++s) {
        const auto engine = static_cast<std::size_t>(g.seating[static_cast<std::size_t>(s)]);
        const auto& tc = time_controls_.at(engine);
        Json seat;
        seat.field("seat", s + 1).field("side", side_word(s, count));
        seat.field("engine", engine < match_.engines.size() ? match_.engines[engine] : "");
        seats.push_back(seat.field("time_control", game::to_string(tc)).str());
        clocks.push_back(initial_clock(tc));
    }
    clocks_[game] = clocks;
    plies_[game] = 0;
    to_move_[game] = pos.to_move;
    Json j;
    // A seating group is the pair of a 2-seat run (one opening under every order of the seats).
    j.field("tournament", match_.name).field("game", game).field("round", 1);
    j.field("pair", g.group + 1);
    j.raw("seats", Json::array(seats)).field("start_position", rules::to_string(pos));
    j.field("to_move", pos.to_move + 1).raw("clocks_us", clocks_json(clocks));
    feed_.game_start(game, j.str());
}

void TableFeed::moved(const tournament::TableGame& g, const game::MoveRecord& m,
                      const rules::RingPosition& pos) {
    std::lock_guard lock(mutex_);
    const auto game = g.game_index + 1;
    const auto ply = ++plies_[game];
    auto& clocks = clocks_[game];
    clocks.resize(g.seating.size());
    const int mover = to_move_[game];
    auto& mine = clocks[static_cast<std::size_t>(mover)];
    if (mine) mine = m.time_left.count();
    to_move_[game] = pos.to_move;
    auto move = views::move_json(m, ply, side_word(mover, static_cast<int>(clocks.size())));
    Json head;
    head.field("game", game).field("seat", mover + 1);
    Json tail;
    tail.raw("clocks_us", clocks_json(clocks)).field("position", rules::to_string(pos));
    auto h = head.str(), t = tail.str();
    feed_.move(game, h.substr(0, h.size() - 1) + "," + move.substr(1, move.size() - 2) + "," +
                         t.substr(1));
}

std::string TableFeed::standings_json(const tournament::TableTally& tally,
                                      std::int64_t done) const {
    std::vector<std::size_t> order(tally.rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return tally.rows[a].points > tally.rows[b].points;
    });
    std::vector<std::string> rows;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto& r = tally.rows[order[k]];
        Json row;
        row.field("rank", static_cast<int>(k) + 1).field("engine", match_.engines.at(order[k]));
        row.field("games", r.games).field("points", r.points);
        row.field("average_rank", r.average_rank()).field("failures", r.failures);
        rows.push_back(row.str());
    }
    Json j;
    j.field("type", "standings").field("seats", match_.seats).field("games_done", done);
    j.field("games_total", match_.games).raw("standings", Json::array(rows));
    return j.str();
}

void TableFeed::game_finished(const tournament::TableGame& g, const game::GameRecord& record,
                              const tournament::TableTally& tally, std::int64_t done) {
    std::lock_guard lock(mutex_);
    const auto game = g.game_index + 1;
    clocks_.erase(game);
    plies_.erase(game);
    to_move_.erase(game);
    feed_.game_end(game,
                   without_newline(views::table_game_finished(match_, g, record, done, true)));
    feed_.standings(standings_json(tally, done));
}

void TableFeed::run_finished(const tournament::TableTally& tally, std::int64_t played,
                             std::int64_t aborted, double seconds) {
    std::lock_guard lock(mutex_);
    auto line =
        without_newline(views::table_match_finished(match_, tally, played, aborted, seconds, true));
    feed_.run_end(line);
}

}  // namespace oaq::live
