#include "store/rows.hpp"

#include "rules/game.hpp"
#include "store/store_impl.hpp"

namespace oaq::store {

StoredRecord record_of(const GameRow& g, const std::string& rules) {
    StoredRecord r;
    static_cast<GameHead&>(r) = g;
    r.rules = rules;
    return r;
}

StoredMove stored_move(const game::MoveRecord& m) {
    return StoredMove{
        rules::to_string(m.move), m.time_used, m.time_left, m.depth, m.score, m.nodes, m.pv};
}

Expected<game::MoveRecord> read_move(StoredMove&& m) {
    auto move = rules::parse_move(m.move);
    if (!move) {
        // "<k><L|R>", k in decimal without a leading zero, 0..63.
        const std::string_view t = m.move;
        const auto digits = t.size() >= 2 ? t.substr(0, t.size() - 1) : std::string_view();
        const char d = t.empty() ? '?' : t.back();
        int k = 0;
        bool shaped = !digits.empty() && digits.size() <= 2 && (d == 'L' || d == 'R') &&
                      (digits.size() == 1 || digits[0] != '0');
        for (char c : digits) {
            shaped = shaped && c >= '0' && c <= '9';
            k = k * 10 + (c - '0');
        }
        if (!shaped || k > 63) return move.error();
        move = rules::Move{static_cast<std::uint8_t>(k),
                           d == 'L' ? rules::Direction::L : rules::Direction::R};
    }
    return game::MoveRecord{*move,   m.time_used, m.time_left,    m.depth,
                            m.score, m.nodes,     std::move(m.pv)};
}

StoredRecord stored_record(const game::GameRecord& g) {
    StoredRecord r;
    const auto standings = game::seat_standings(g);
    for (std::size_t i = 0; i < g.seats.size(); ++i) {
        const auto& s = standings[i];
        r.seats.push_back({0, g.seats[i].name, game::to_string(g.seats[i].time_control), s.score,
                           s.rank, s.points});
    }
    r.failed_seat = g.failed_seat;
    r.south = g.south().name;
    r.north = g.north().name;
    r.rules = rules::expanded(g.rules);
    r.time_control = g.time_control_text();
    r.opening = g.opening.text();
    r.start_position = g.start_position;
    r.moves = g.moves;
    r.result = g.result;
    r.score_south = g.south().score;
    r.score_north = g.north().score;
    r.termination = g.termination;
    r.detail = g.detail;
    r.final_position = g.final_position;
    r.started_at = g.started_at;
    r.ended_at = g.ended_at;
    return r;
}

TimePoint Connection::read_time(const Statement& st, int column) const {
    std::string text = st.text(column);
    auto time = parse_utc(text);
    if (!time) damaged("\"" + text + "\" is not an ISO-8601 UTC time");
    return *time;
}

std::optional<TimePoint> Connection::read_optional_time(const Statement& st, int column) const {
    if (st.is_null(column)) return std::nullopt;
    return read_time(st, column);
}

}  // namespace oaq::store
