#include "store/rows.hpp"

#include "rules/game.hpp"
#include "store/store_impl.hpp"

namespace oaq::store {

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
