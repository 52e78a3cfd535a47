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

void Feed::push(const std::string& type, const std::string& data) {
    auto e = std::make_shared<Event>();
    e->id = next_id_++;
    e->type = type;
    e->data = data;
    e->frame = sse_frame(e->id, type, data);
    ring_.push_back(std::move(e));
    while (ring_.size() > limits_.ring) ring_.pop_front();
}

void Feed::run(const std::string& json) {
    std::lock_guard lock(mutex_);
    run_ = json;
    push("run", json);
}

void Feed::game_start(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    auto& g = running_[game];
    g = Game{};
    g.start = json;
    push("game_start", json);
}

void Feed::move(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    running_[game].moves.push_back(json);
    push("move", json);
}

void Feed::info(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(game); it != running_.end()) it->second.info = json;
    push("info", json);
}

void Feed::game_end(std::int64_t game, const std::string& json) {
    std::lock_guard lock(mutex_);
    Game g;
    if (auto it = running_.find(game); it != running_.end()) {
        g = std::move(it->second);
        running_.erase(it);
    }
    g.end = json;
    finished_.emplace_back(game, std::move(g));
    while (finished_.size() > limits_.finished_games) finished_.pop_front();
    push("game_end", json);
}

void Feed::standings(const std::string& json) {
    std::lock_guard lock(mutex_);
    standings_ = json;
    push("standings", json);
}

void Feed::sprt(const std::string& json) {
    std::lock_guard lock(mutex_);
    sprt_.push_back(json);
    // Over the limit every other state goes (the first and the latest stay): the chart keeps its
    // whole span at half the detail.
    if (sprt_.size() > limits_.sprt_points && sprt_.size() > 2) {
        std::deque<std::string> kept;
        for (std::size_t i = 0; i + 1 < sprt_.size(); i += 2) kept.push_back(std::move(sprt_[i]));
        kept.push_back(std::move(sprt_.back()));
        sprt_ = std::move(kept);
    }
    push("sprt", json);
}

void Feed::run_end(const std::string& json) {
    std::lock_guard lock(mutex_);
    run_end_ = json;
    push("run_end", json);
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

std::string Feed::game_json(const Game& g, bool running) {
    std::string out = "{\"start\":" + g.start + ",\"moves\":[";
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (i) out += ',';
        out += g.moves[i];
    }
    out += "],\"end\":" + g.end;
    if (running) out += ",\"info\":" + g.info;
    return out + "}";
}

std::string Feed::state_locked() const {
    std::string out = "{\"type\":\"state\",\"last_event_id\":" + std::to_string(next_id_ - 1);
    out += ",\"run\":" + run_ + ",\"running\":[";
    bool first = true;
    for (const auto& [number, g] : running_) {
        if (!first) out += ',';
        first = false;
        out += game_json(g, true);
    }
    out += "],\"finished\":[";
    first = true;
    for (const auto& [number, g] : finished_) {
        if (!first) out += ',';
        first = false;
        out += game_json(g, false);
    }
    out += "],\"standings\":" + standings_ + ",\"sprt\":[";
    for (std::size_t i = 0; i < sprt_.size(); ++i) {
        if (i) out += ',';
        out += sprt_[i];
    }
    return out + "],\"run_end\":" + run_end_ + "}";
}

std::string Feed::state_json() const {
    std::lock_guard lock(mutex_);
    return state_locked();
}

EventPtr Feed::state_event() const {
    auto e = std::make_shared<Event>();
    {
        std::lock_guard lock(mutex_);
        e->id = next_id_ - 1;
        e->data = state_locked();
    }
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
