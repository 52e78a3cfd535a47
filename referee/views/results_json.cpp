#include "views/results_json.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <limits>
#include <set>

#include "common/json.hpp"
#include "common/json_reader.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "store/time_text.hpp"
#include "tournament/run_name.hpp"

namespace oaq::views {

namespace {

constexpr auto kMaxInt64 = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

// -0.0 (elo_from_score(0.5)) prints as "-0": a difference of nothing has no sign.
double unsigned_zero(double v) {
    return v == 0.0 ? 0.0 : v;
}

std::string side_scores_json(int south, int north) {
    return Json().field("south", south).field("north", north).str();
}

}  // namespace

GameNumber game_number(const std::string& tournament, std::int64_t game_index,
                       std::int64_t pair_index, int round) {
    return GameNumber{tournament, game_index + 1, round + 1, pair_index + 1};
}

GameNumber game_number(const std::string& tournament, const store::GameSlot& slot) {
    return game_number(tournament, slot.game_index, slot.pair_index, slot.round);
}

std::string game_reference(const GameNumber& n) {
    return tournament::game_reference(n.tournament, n.game - 1);
}

std::string result_token(rules::Result r) {
    return r == rules::Result::SouthWin ? "1-0" : r == rules::Result::NorthWin ? "0-1" : "1/2-1/2";
}

Expected<rules::Game> replay_start(const store::StoredRecord& record) {
    auto rules = rules::parse_rules(record.rules);
    if (!rules) return fail("rules: " + rules.error().message);
    auto start = rules::parse_position(
        record.start_position.empty() ? "startpos" : record.start_position, *rules);
    if (!start) {
        // A field's error names the field only; the others name the position already.
        const auto& why = start.error();
        return fail(std::string("start ") +
                    (why.kind == ErrorKind::PositionField ? "position: " : "") + why.message);
    }
    return rules::Game(*rules, *start, 0);
}

std::vector<std::string> mover_sides(const store::StoredRecord& record) {
    std::vector<std::string> sides;
    auto replayed = replay_start(record);
    for (const auto& m : record.moves) {
        if (!replayed) {
            sides.push_back("?");
            continue;
        }
        sides.push_back(replayed->position().side == rules::Side::South ? "south" : "north");
        if (!replayed->play(m.move)) replayed = fail("stopped");
    }
    return sides;
}

std::string move_json(const game::MoveRecord& m, std::int64_t ply, std::string_view side) {
    Json j;
    j.field("ply", ply).field("side", side).field("move", rules::to_string(m.move));
    j.field("time_used_us", static_cast<std::int64_t>(m.time_used.count()));
    j.field("time_left_us", static_cast<std::int64_t>(m.time_left.count()));
    j.field("depth", m.depth);
    if (m.score) {
        Json eval;
        eval.field("kind", m.score->kind == protocol::Score::Kind::Mate ? "mate" : "cp");
        eval.field("value", m.score->value);
        j.raw("eval", eval.str());
    } else {
        j.null("eval");
    }
    if (m.nodes)
        j.field("nodes", static_cast<std::int64_t>(std::min<std::uint64_t>(*m.nodes, kMaxInt64)));
    else
        j.null("nodes");
    j.raw("pv", Json::string_array(m.pv));
    return j.str();
}

std::string seats_json(const store::StoredRecord& r) {
    std::vector<std::string> seats;
    for (std::size_t i = 0; i < r.seats.size(); ++i) {
        const auto& seat = r.seats[i];
        Json j;
        j.field("seat", static_cast<int>(i) + 1).field("engine", seat.engine);
        j.field("time_control", seat.time_control).field("score", seat.score);
        j.field("rank", seat.rank).field("points", seat.points);
        seats.push_back(j.str());
    }
    return Json::array(seats);
}

std::string game_json(const GameNumber& number, std::optional<std::int64_t> db_id,
                      const store::StoredRecord& r, int plies, bool with_moves,
                      std::string_view type) {
    Json j;
    if (!type.empty()) j.field("type", type);
    j.field("tournament", number.tournament).field("game", number.game);
    j.field("round", number.round).field("pair", number.pair).field("db_id", db_id);
    j.field("south", r.south).field("north", r.north);
    const bool aborted = r.termination == game::Termination::Aborted;
    j.field("result", aborted ? rules::to_string(rules::Result::Ongoing) : to_string(r.result));
    j.raw("score", side_scores_json(r.score_south, r.score_north));
    j.field("termination", game::to_string(r.termination)).field("detail", r.detail);
    j.field("plies", plies).field("rules", r.rules);
    const auto tc = side_time_controls(r.time_control);
    j.raw("time_control", Json().field("south", tc.south).field("north", tc.north).str());
    j.field("opening", r.opening).field("start_position", r.start_position);
    j.field("final_position", r.final_position);
    j.field("started_at", store::format_utc(r.started_at));
    j.field("ended_at", store::format_utc(r.ended_at));
    if (!r.seats.empty()) {
        j.raw("seats", seats_json(r));
        if (r.failed_seat)
            j.field("failed_seat", *r.failed_seat + 1);
        else
            j.null("failed_seat");
    }
    if (with_moves) {
        const auto sides = mover_sides(r);
        std::vector<std::string> moves;
        moves.reserve(r.moves.size());
        for (std::size_t i = 0; i < r.moves.size(); ++i)
            moves.push_back(move_json(r.moves[i], static_cast<std::int64_t>(i + 1), sides[i]));
        j.raw("moves", Json::array(moves));
    }
    return j.str();
}

std::string rating_json(const tournament::EngineRating& r, bool anchor) {
    const bool rated = tournament::is_rated(r);
    Json j;
    j.field("status", tournament::to_string(r.status));
    if (rated)
        j.field("value", unsigned_zero(r.rating));
    else
        j.null("value");
    if (rated && !anchor && r.error > 0)
        j.field("error", r.error);
    else
        j.null("error");
    if (r.status == tournament::RatingStatus::Disconnected)
        j.field("group", r.group + 1);
    else
        j.null("group");
    j.field("anchor", anchor);
    return j.str();
}

std::string standings_row_json(const tournament::RankedLine& l, std::optional<int> anchor) {
    const auto& r = l.rating;
    Json j;
    j.field("rank", l.rank).field("engine", l.engine).field("games", r.games);
    j.field("points", r.points).field("score", r.score);
    j.field("wins", r.wins).field("draws", r.draws).field("losses", r.losses);
    j.field("failures", l.failures);
    j.raw("rating", rating_json(r, anchor && *anchor == l.engine_index));
    return j.str();
}

std::string standings_json(const std::vector<tournament::RankedLine>& lines,
                           std::optional<int> anchor) {
    std::vector<std::string> rows;
    rows.reserve(lines.size());
    for (const auto& l : lines) rows.push_back(standings_row_json(l, anchor));
    return Json::array(rows);
}

std::string elo_json(const std::optional<tournament::EloEstimate>& elo) {
    if (!elo) return "null";
    Json j;
    j.field("value", unsigned_zero(elo->elo));
    if (elo->error > 0)
        j.field("error", elo->error);
    else
        j.null("error");
    return j.str();
}

std::string pentanomial_json(const tournament::Pentanomial& p) {
    std::vector<std::string> counts;
    for (auto n : p.counts) counts.push_back(std::to_string(n));
    return Json::array(counts);
}

std::string pair_json(const tournament::PairStats& p, const std::string& engine,
                      const std::string& opponent) {
    Json j;
    add_pair_fields(j, p, engine, opponent);
    return j.str();
}

void add_pair_fields(Json& j, const tournament::PairStats& p, const std::string& engine,
                     const std::string& opponent) {
    j.field("engine", engine).field("opponent", opponent);
    j.field("games", p.results.games()).field("wins", p.results.wins);
    j.field("draws", p.results.draws).field("losses", p.results.losses);
    j.field("points",
            static_cast<double>(p.results.wins) + 0.5 * static_cast<double>(p.results.draws));
    j.raw("pentanomial", pentanomial_json(p.pairs)).field("unpaired_games", p.unpaired_games);
    j.raw("elo", elo_json(p.elo)).field("los", p.los);
}

std::string sprt_json(const tournament::SprtStatus& s, const std::string& summary) {
    Json j;
    j.field("type", "sprt").field("games", s.games.games());
    j.field("wins", s.games.wins).field("draws", s.games.draws).field("losses", s.games.losses);
    j.raw("pentanomial", pentanomial_json(s.pairs)).raw("elo", elo_json(s.elo));
    j.field("nelo", s.nelo);
    j.field("llr", s.llr).field("lower_bound", s.lower_bound).field("upper_bound", s.upper_bound);
    j.field("model", s.params.is_normalized() ? "normalized" : "logistic");
    j.field("elo0", s.params.elo0()).field("elo1", s.params.elo1());
    j.field("alpha", s.params.alpha()).field("beta", s.params.beta());
    j.field("verdict", tournament::decision_word(s.decision));
    j.field("decision_llr", s.decision_llr);
    if (s.decision_llr)
        j.field("decision_games", s.decision_games);
    else
        j.null("decision_games");
    j.field("summary", summary);
    return j.str();
}

std::string time_controls_text(const std::vector<store::EngineTimeControl>& engines) {
    std::set<std::string> distinct;
    for (const auto& e : engines) distinct.insert(e.time_control);
    if (distinct.size() == 1) return *distinct.begin();
    std::string out;
    for (const auto& e : engines)
        out += (out.empty() ? "" : ", ") + e.engine + " " + e.time_control;
    return out;
}

std::string tournament_json(const TournamentFacts& f) {
    const auto& t = f.row;
    std::vector<std::string> engines;
    for (const auto& e : f.engines)
        engines.push_back(
            Json().field("engine", e.engine).field("time_control", e.time_control).str());
    Json j;
    j.field("tournament", t.name).field("db_id", t.id).field("format", t.format);
    j.field("rules", t.rules).field("rules_name", f.rules_name);
    j.raw("engines", Json::array(engines));
    j.field("status", tournament::to_string(t.status)).field("games", f.games);
    j.field("started_at", store::format_utc(t.started_at));
    if (t.finished_at)
        j.field("finished_at", store::format_utc(*t.finished_at));
    else
        j.null("finished_at");
    if (f.outcome.empty())
        j.null("outcome");
    else
        j.field("outcome", f.outcome);
    if (f.planned.games > 0)
        j.field("planned", f.planned.games);
    else
        j.null("planned");
    if (t.shards.empty()) {
        j.null("shards");
    } else {
        Json s;
        std::vector<std::string> held;
        std::int64_t done = 0;
        for (const auto& r : t.shards) {
            held.push_back(std::to_string(r.index));
            if (r.status == tournament::RunStatus::Finished) ++done;
        }
        s.field("count", t.shards.front().count).raw("held", Json::array(held));
        s.field("done", done);
        j.raw("shards", s.str());
    }
    return j.str();
}

}  // namespace oaq::views
