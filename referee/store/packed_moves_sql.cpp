// oaq_pack_moves(ply, move, time_used_us, time_left_us, depth, score_kind, score_value, nodes, pv):
// an SQL aggregate that packs the rows of the old per-ply `moves` table into one game's value
// (store/packed_moves.hpp). Migration 010 calls it; it exists only on oaq's own connections,
// registered before the migrations run.
#include "store/packed_moves_sql.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "store/packed_moves.hpp"

namespace oaq::store {

namespace {

using Plies = std::vector<std::pair<std::int64_t, StoredMove>>;

std::string text_of(sqlite3_value* v) {
    const unsigned char* t = sqlite3_value_text(v);
    return t ? std::string(reinterpret_cast<const char*>(t),
                           static_cast<std::size_t>(sqlite3_value_bytes(v)))
             : std::string();
}

std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find(' ', pos);
        if (end == std::string::npos) end = text.size();
        if (end > pos) out.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return out;
}

void step(sqlite3_context* context, int, sqlite3_value** v) {
    auto** plies = static_cast<Plies**>(sqlite3_aggregate_context(context, sizeof(Plies*)));
    if (!plies) return sqlite3_result_error_nomem(context);
    if (!*plies) *plies = new Plies;
    StoredMove m;
    m.move = text_of(v[1]);
    m.time_used = game::Microseconds{sqlite3_value_int64(v[2])};
    m.time_left = game::Microseconds{sqlite3_value_int64(v[3])};
    if (sqlite3_value_type(v[4]) != SQLITE_NULL) m.depth = sqlite3_value_int(v[4]);
    if (sqlite3_value_type(v[5]) != SQLITE_NULL) {
        const auto kind =
            text_of(v[5]) == "mate" ? protocol::Score::Kind::Mate : protocol::Score::Kind::Cp;
        m.score = protocol::Score{kind, sqlite3_value_int(v[6])};
    }
    if (sqlite3_value_type(v[7]) != SQLITE_NULL)
        m.nodes = static_cast<std::uint64_t>(sqlite3_value_int64(v[7]));
    m.pv = words_of(text_of(v[8]));
    (*plies)->emplace_back(sqlite3_value_int64(v[0]), std::move(m));
}

void final(sqlite3_context* context) {
    auto** plies = static_cast<Plies**>(sqlite3_aggregate_context(context, 0));
    std::vector<StoredMove> moves;
    if (plies && *plies) {
        std::stable_sort((*plies)->begin(), (*plies)->end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& [ply, m] : **plies) moves.push_back(std::move(m));
        delete *plies;
    }
    const std::string packed = pack_moves(moves);
    sqlite3_result_blob64(context, packed.data(), packed.size(), SQLITE_TRANSIENT);
}

}  // namespace

void register_pack_moves_function(sqlite3* db) {
    sqlite3_create_function_v2(db, "oaq_pack_moves", 9, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                               nullptr, step, final, nullptr);
}

}  // namespace oaq::store
