#include "live/store_feed.hpp"

#include "common/json.hpp"
#include "live/run_feed.hpp"
#include "report/report_data.hpp"
#include "store/results.hpp"
#include "views/results_json.hpp"

namespace oaq::live {

namespace {

using report::ReportGame;

// The seats of a stored game (2, or 3 or 4 at a table) and the seat (from 0) that moved at ply i.
int seat_count(const ReportGame& g) {
    return g.row.seats.size() > 2 ? static_cast<int>(g.row.seats.size()) : 2;
}
int mover(const ReportGame& g, std::size_t i) {
    if (seat_count(g) > 2) return g.seat_movers[i];
    return g.movers[i] == rules::Side::South ? 0 : 1;
}
std::size_t movers_known(const ReportGame& g) {
    return seat_count(g) > 2 ? g.seat_movers.size() : g.movers.size();
}

std::string start_json(const std::string& name, const ReportGame& g) {
    const auto& r = g.row;
    const auto number = views::game_number(name, r.slot);
    const auto tc = store::side_time_controls(r.time_control);
    std::vector<std::string> seats;
    const int n = seat_count(g);
    for (int s = 0; s < n; ++s) {
        const auto at = static_cast<std::size_t>(s);
        const bool table = n > 2;
        Json seat;
        seat.field("seat", s + 1).field("side", side_word(s, n));
        seat.field("engine", table ? r.seats[at].engine : s == 0 ? r.south : r.north);
        seats.push_back(seat.field("time_control", table    ? r.seats[at].time_control
                                                   : s == 0 ? tc.south
                                                            : tc.north)
                            .str());
    }
    Json j;
    j.field("tournament", number.tournament).field("game", number.game);
    j.field("round", number.round).field("pair", number.pair);
    j.raw("seats", Json::array(seats)).field("start_position", r.start_position);
    j.field("to_move", movers_known(g) == 0 ? 1 : mover(g, 0) + 1);
    return j
        .raw("clocks_us",
             clocks_json(std::vector<std::optional<std::int64_t>>(static_cast<std::size_t>(n))))
        .str();
}

// A stored move as the live move event says it: the clocks are the mover's after it (the other
// seat's is not stored) and the position is the report's replay after the ply.
std::string move_json(const ReportGame& g, std::size_t i, std::int64_t game) {
    const int seat = mover(g, i);
    const int n = seat_count(g);
    auto move = views::move_json(g.plies[i], static_cast<std::int64_t>(i) + 1, side_word(seat, n));
    std::vector<std::optional<std::int64_t>> clocks(static_cast<std::size_t>(n));
    clocks[static_cast<std::size_t>(seat)] = g.plies[i].time_left.count();
    Json head;
    head.field("game", game).field("seat", seat + 1);
    Json tail;
    tail.raw("clocks_us", clocks_json(clocks)).field("position", g.positions[i + 1]);
    auto h = head.str(), t = tail.str();
    return h.substr(0, h.size() - 1) + "," + move.substr(1, move.size() - 2) + "," + t.substr(1);
}

void feed_game(Feed& feed, const std::string& name, const std::string& rules, const ReportGame& g) {
    const auto number = views::game_number(name, g.row.slot);
    feed.game_start(number.game, start_json(name, g));
    // A game whose moves do not replay shows the moves that do.
    const auto moves = std::min(g.plies.size(), g.positions.size() - 1);
    for (std::size_t i = 0; i < moves && i < movers_known(g); ++i)
        feed.move(number.game, move_json(g, i, number.game));
    auto record = store::record_of(g.row, rules);
    record.moves = g.plies;
    feed.game_end(number.game,
                  views::game_json(number, g.row.id, record, g.row.plies, true, "game"));
}

}  // namespace

Expected<std::int64_t> StoreFeed::poll() {
    std::optional<store::TournamentRow> row;
    if (tournament_) {
        row = db_.find_tournament(*tournament_);
        if (!row) return fail("no tournament \"" + *tournament_ + "\" in " + db_.path());
    } else {
        auto all = db_.list_tournaments();
        if (all.empty()) return std::int64_t{0};
        row = all.back();
    }
    store::GameFilter filter;
    filter.tournament_id = row->id;
    const auto count = db_.count_games(filter);
    const bool finished = row->status != tournament::RunStatus::Running;
    if (count == seen_count_ && name_ == row->name && (ended_ || !finished)) return std::int64_t{0};
    auto data = report::load_report(db_, row->name);
    if (!data) return fail(data.error().message);
    if (name_ != row->name) {
        name_ = row->name;
        tournament_ = name_;  // the one found first stays the one shown
        Json run;
        run.field("type", "start").field("tournament", name_);
        run.raw("engines", Json::string_array(data->engines)).field("games", count);
        run.field("already_done", count).field("resumed", false).field("kind", "stored");
        feed_.run(run.str());
    }
    seen_count_ = count;
    std::int64_t fed = 0;
    for (const auto& g : data->games) {
        if (!fed_.insert(g.row.id).second) continue;
        feed_game(feed_, name_, data->tournament.rules, g);
        ++fed;
    }
    if (fed > 0) {
        Json s;
        s.field("type", "standings").field("games_done", count).field("games_total", count);
        s.field("games_per_minute", 0).null("eta_seconds");
        feed_.standings(s.raw("standings", views::standings_json(data->standings)).str());
    }
    if (finished && !ended_) {
        ended_ = true;
        Json e;
        e.field("type", "summary")
            .field("finished", row->status == tournament::RunStatus::Finished);
        e.field("games_done", count).field("games_total", count).field("stored", true);
        feed_.run_end(e.raw("standings", views::standings_json(data->standings)).str());
    }
    return fed;
}

}  // namespace oaq::live
