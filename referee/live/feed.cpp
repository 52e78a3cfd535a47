#include "live/feed.hpp"

#include <algorithm>

namespace oaq::live {

std::string sse_frame(std::uint64_t id, const std::string& type, const std::string& data) {
    std::string out;
    out.reserve(data.size() + type.size() + 40);
    out += "id: ";
    out += std::to_string(id);
    out += "\nevent: ";
    out += type;
    // A line break in the data (none in oaq's JSON) would end the field: each line is a data
    // field of its own, which the browser joins with line breaks again.
    std::size_t start = 0;
    while (true) {
        const auto end = data.find('\n', start);
        out += "\ndata: ";
        out.append(data, start, end == std::string::npos ? std::string::npos : end - start);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    out += "\n\n";
    return out;
}

Feed::Feed(FeedLimits limits) : limits_(limits) {
    limits_.ring = std::max<std::size_t>(1, limits_.ring);
}

EventPtr Feed::push(const std::string& type, const std::string& data) {
    auto e = std::make_shared<Event>();
    e->id = next_id_++;
    e->type = type;
    e->data = data;
    e->frame = sse_frame(e->id, type, data);
    ring_.push_back(e);
    while (ring_.size() > limits_.ring) ring_.pop_front();
    return e;
}

void Feed::run(const std::string& json) {
    std::lock_guard lock(mutex_);
    run_ = push("run", json);
}

void Feed::game_start(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    auto& g = running_[game];
    g = Game{};
    g.start = push("game_start", json);
}

void Feed::move(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    running_[game].moves.push_back(push("move", json));
}

void Feed::info(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    auto e = push("info", json);
    if (auto it = running_.find(game); it != running_.end()) it->second.info = std::move(e);
}

void Feed::game_end(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    Game g;
    if (auto it = running_.find(game); it != running_.end()) {
        g = std::move(it->second);
        running_.erase(it);
    }
    g.info.reset();
    g.end = push("game_end", json);
    finished_.push_back(std::make_shared<const Game>(std::move(g)));
    while (finished_.size() > limits_.finished_games) finished_.pop_front();
}

void Feed::standings(const std::string& json) {
    std::lock_guard lock(mutex_);
    standings_ = push("standings", json);
}

void Feed::sprt(const std::string& json) {
    std::lock_guard lock(mutex_);
    sprt_.push_back(push("sprt", json));
    // Over the limit every other state goes (the first and the latest stay): the chart keeps its
    // whole span at half the detail.
    if (sprt_.size() > limits_.sprt_points && sprt_.size() > 2) {
        std::deque<EventPtr> kept;
        for (std::size_t i = 0; i + 1 < sprt_.size(); i += 2) kept.push_back(std::move(sprt_[i]));
        kept.push_back(std::move(sprt_.back()));
        sprt_ = std::move(kept);
    }
}

void Feed::run_end(const std::string& json) {
    std::lock_guard lock(mutex_);
    run_end_ = push("run_end", json);
}

std::uint64_t Feed::last_id() const {
    std::lock_guard lock(mutex_);
    return next_id_ - 1;
}

bool Feed::since(std::uint64_t after, std::vector<EventPtr>& out) const {
    std::lock_guard lock(mutex_);
    if (after >= next_id_ - 1) return after == next_id_ - 1;
    if (ring_.empty() || ring_.front()->id > after + 1) return false;
    auto first = ring_.size() - static_cast<std::size_t>(next_id_ - 1 - after);
    for (auto i = first; i < ring_.size(); ++i) out.push_back(ring_[i]);
    return true;
}

namespace {

const std::string& data_or_null(const EventPtr& e) {
    static const std::string null = "null";
    return e ? e->data : null;
}

}  // namespace

std::string Feed::game_json(const Game& g, bool running) {
    std::string out = "{\"start\":" + data_or_null(g.start) + ",\"moves\":[";
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (i) out += ',';
        out += g.moves[i]->data;
    }
    out += "],\"end\":" + data_or_null(g.end);
    if (running) out += ",\"info\":" + data_or_null(g.info);
    return out + "}";
}

Feed::Snapshot Feed::snapshot() const {
    std::lock_guard lock(mutex_);
    Snapshot s;
    s.last_id = next_id_ - 1;
    s.run = run_;
    s.run_end = run_end_;
    s.standings = standings_;
    for (const auto& [number, g] : running_) s.running.push_back(g);
    s.finished.assign(finished_.begin(), finished_.end());
    s.sprt.assign(sprt_.begin(), sprt_.end());
    return s;
}

std::string Feed::state_of(const Snapshot& s) {
    std::string out = "{\"type\":\"state\",\"last_event_id\":" + std::to_string(s.last_id);
    out += ",\"run\":" + data_or_null(s.run) + ",\"running\":[";
    for (std::size_t i = 0; i < s.running.size(); ++i) {
        if (i) out += ',';
        out += game_json(s.running[i], true);
    }
    out += "],\"finished\":[";
    for (std::size_t i = 0; i < s.finished.size(); ++i) {
        if (i) out += ',';
        out += game_json(*s.finished[i], false);
    }
    out += "],\"standings\":" + data_or_null(s.standings) + ",\"sprt\":[";
    for (std::size_t i = 0; i < s.sprt.size(); ++i) {
        if (i) out += ',';
        out += s.sprt[i]->data;
    }
    return out + "],\"run_end\":" + data_or_null(s.run_end) + "}";
}

std::string Feed::state_json() const {
    return state_of(snapshot());
}

EventPtr Feed::state_event() const {
    const auto s = snapshot();
    auto e = std::make_shared<Event>();
    e->id = s.last_id;
    e->data = state_of(s);
    e->type = "state";
    e->frame = sse_frame(e->id, e->type, e->data);
    return e;
}

bool ViewerQueue::offer(const EventPtr& event) {
    if (dropped_) return false;
    if (event->id <= last_) return true;
    if (waiting_.size() >= limit_) {
        dropped_ = true;
        waiting_.clear();
        return false;
    }
    waiting_.push_back(event);
    last_ = event->id;
    return true;
}

bool ViewerQueue::offer(const std::vector<EventPtr>& events) {
    for (const auto& e : events) {
        if (!offer(e)) return false;
    }
    return true;
}

bool ViewerQueue::reset(const EventPtr& state) {
    if (dropped_) return false;
    waiting_.clear();
    waiting_.push_back(state);
    last_ = state->id;
    return true;
}

std::string ViewerQueue::take() {
    std::size_t size = 0;
    for (const auto& e : waiting_) size += e->frame.size();
    std::string out;
    out.reserve(size);
    for (const auto& e : waiting_) out += e->frame;
    waiting_.clear();
    return out;
}

bool ViewerSlots::acquire() {
    if (used_ >= limit_) return false;
    ++used_;
    return true;
}

void ViewerSlots::release() {
    if (used_ > 0) --used_;
}

}  // namespace oaq::live
