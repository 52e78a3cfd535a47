#include "store/rows.hpp"

#include "store/store_impl.hpp"

namespace oaq::store {

std::string_view to_string(TournamentStatus status) {
    switch (status) {
        case TournamentStatus::Running:
            return "running";
        case TournamentStatus::Finished:
            return "finished";
        case TournamentStatus::Interrupted:
            return "interrupted";
    }
    return "running";
}

std::optional<TournamentStatus> parse_tournament_status(std::string_view text) {
    for (auto s :
         {TournamentStatus::Running, TournamentStatus::Finished, TournamentStatus::Interrupted}) {
        if (to_string(s) == text) return s;
    }
    return std::nullopt;
}

std::string_view result_word(rules::Result result) {
    switch (result) {
        case rules::Result::Ongoing:
            return "ongoing";
        case rules::Result::SouthWin:
            return "south_win";
        case rules::Result::NorthWin:
            return "north_win";
        case rules::Result::Draw:
            return "draw";
    }
    return "ongoing";
}

std::optional<rules::Result> parse_result_word(std::string_view text) {
    for (auto r : {rules::Result::SouthWin, rules::Result::NorthWin, rules::Result::Draw,
                   rules::Result::Ongoing}) {
        if (result_word(r) == text) return r;
    }
    return std::nullopt;
}

TimePoint Store::Impl::read_time(const Statement& st, int column) const {
    std::string text = st.text(column);
    auto time = parse_utc(text);
    if (!time) damaged("\"" + text + "\" is not an ISO-8601 UTC time");
    return *time;
}

std::optional<TimePoint> Store::Impl::read_optional_time(const Statement& st, int column) const {
    if (st.is_null(column)) return std::nullopt;
    return read_time(st, column);
}

}  // namespace oaq::store
