#include "live/run_feed.hpp"

#include "common/json.hpp"
#include "store/stored_record.hpp"
#include "views/results_json.hpp"

namespace oaq::live {

std::string side_word(int seat, int seats) {
    if (seats == 2) return seat == 0 ? "south" : "north";
    return "seat" + std::to_string(seat + 1);
}

namespace {

// The first line of what views::RunLines made of an event (its JSON line, without the line
// break; a session game's second line is not the page's).
std::string first_line(const std::string& lines) {
    return lines.substr(0, lines.find('\n'));
}

}  // namespace

std::string clocks_json(const std::vector<std::optional<std::int64_t>>& clocks) {
    std::vector<std::string> items;
    for (const auto& c : clocks) items.push_back(c ? std::to_string(*c) : "null");
    return Json::array(items);
}

std::string info_json(std::int64_t game, int seat, int ply, const protocol::Info& i) {
    Json j;
    j.field("game", game).field("seat", seat).field("ply", ply);
    j.field("depth", i.depth).field("seldepth", i.seldepth);
    if (i.score) {
        Json eval;
        eval.field("kind", i.score->kind == protocol::Score::Kind::Mate ? "mate" : "cp");
        j.raw("eval", eval.field("value", i.score->value).str());
    } else {
        j.null("eval");
    }
    j.field("nodes", i.nodes).field("nps", i.nps);
    if (i.time)
        j.field("time_us", std::chrono::microseconds(*i.time).count());
    else
        j.null("time_us");
    return j.raw("pv", Json::string_array(i.pv)).field("string", i.string).str();
}

void RunFeed::run_started(const tournament::RunStarted& e) {
    std::lock_guard lock(mutex_);
    name_ = e.name;
    engines_ = e.engines;
    auto line = first_line(lines_.run_started(e));
    // The start line of docs/json.md's live lines, with what kind of run it is.
    if (!line.empty() && line.back() == '}')
        line.insert(line.size() - 1, ",\"kind\":" + Json::quote(kind_));
    feed_.run(line);
}

std::string RunFeed::start_json(const tournament::PositionReached& e,
                                const std::vector<std::optional<std::int64_t>>& clocks) const {
    const auto number =
        views::game_number(name_, e.pairing.game_index, e.pairing.pair_index, e.pairing.round);
    const int engines[2] = {e.pairing.south, e.pairing.north};
    std::vector<std::string> seats;
    const int count = static_cast<int>(e.time_controls.size());
    for (int s = 0; s < count; ++s) {
        const auto index = static_cast<std::size_t>(s < 2 ? engines[s] : 0);
        Json seat;
        seat.field("seat", s + 1).field("side", side_word(s, count));
        seat.field("engine", index < engines_.size() ? engines_[index] : std::string());
        seat.field("time_control", game::to_string(e.time_controls[static_cast<std::size_t>(s)]));
        seats.push_back(seat.str());
    }
    Json j;
    j.field("tournament", number.tournament).field("game", number.game);
    j.field("round", number.round).field("pair", number.pair);
    j.raw("seats", Json::array(seats)).field("start_position", e.position);
    j.field("to_move", e.seat + 1).raw("clocks_us", clocks_json(clocks));
    return j.str();
}

std::string RunFeed::move_json(const tournament::PositionReached& e,
                               const std::vector<std::optional<std::int64_t>>& clocks) const {
    // The move object of docs/json.md, inside the game it belongs to, with every seat's clock and
    // the position after it.
    auto move =
        views::move_json(*e.move, e.ply, side_word(e.seat, static_cast<int>(clocks.size())));
    Json head;
    head.field("game", e.pairing.game_index + 1).field("seat", e.seat + 1);
    Json tail;
    tail.raw("clocks_us", clocks_json(clocks)).field("position", e.position);
    auto h = head.str(), t = tail.str();
    return h.substr(0, h.size() - 1) + "," + move.substr(1, move.size() - 2) + "," + t.substr(1);
}

void RunFeed::position_reached(const tournament::PositionReached& e) {
    std::lock_guard lock(mutex_);
    const auto game = e.pairing.game_index + 1;
    if (e.ply == 0 || !e.move) {
        std::vector<std::optional<std::int64_t>> clocks;
        for (const auto& tc : e.time_controls) {
            if (tc.kind == game::TimeControl::Kind::Clock)
                clocks.emplace_back(std::chrono::microseconds(tc.base).count());
            else
                clocks.emplace_back();
        }
        clocks_[game] = clocks;
        feed_.game_start(game, start_json(e, clocks));
        return;
    }
    auto& clocks = clocks_[game];
    clocks.resize(e.time_controls.size());
    auto& mine = clocks[static_cast<std::size_t>(e.seat)];
    if (mine) mine = e.move->time_left.count();
    feed_.move(game, move_json(e, clocks));
}

void RunFeed::info_received(const tournament::InfoReceived& e) {
    const auto game = e.pairing.game_index + 1;
    const auto now = now_();
    std::lock_guard lock(mutex_);
    auto [sent, first] = info_sent_.try_emplace(game, now);
    if (!first && now - sent->second < kInfoEvery) return;
    sent->second = now;
    feed_.info(game, info_json(game, e.seat + 1, e.ply, *e.info));
}

void RunFeed::game_finished(const tournament::GameFinished& e) {
    std::lock_guard lock(mutex_);
    const auto game = e.pairing.game_index + 1;
    clocks_.erase(game);
    info_sent_.erase(game);
    feed_.game_end(game, first_line(lines_.game_finished(e)));
    if (!e.match) return;
    if (auto s = e.match->sprt_status()) {
        const auto pairs = s->pairs.pairs();
        if (pairs != sprt_pairs_) {
            sprt_pairs_ = pairs;
            feed_.sprt(
                views::sprt_json(*s, Json::string_field(e.match->outcome_json(), "summary")));
        }
    }
}

void RunFeed::standings_changed(const tournament::StandingsDue& e) {
    std::lock_guard lock(mutex_);
    feed_.standings(first_line(lines_.standings_due(e)));
}

void RunFeed::run_finished(const tournament::RunFinished& e) {
    std::lock_guard lock(mutex_);
    feed_.run_end(first_line(lines_.run_finished(e, {})));
}

}  // namespace oaq::live
