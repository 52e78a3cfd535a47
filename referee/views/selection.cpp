#include "views/selection.hpp"

#include <charconv>
#include <chrono>

#include "common/error.hpp"
#include "rules/rules.hpp"
#include "store/results.hpp"
#include "views/seat_results.hpp"

namespace oaq::views {

store::TimePoint parse_date(const std::string& text, const std::string& option) {
    auto fail = [&] { throw OaqError(option + ": \"" + text + "\" is not a date (YYYY-MM-DD)"); };
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') fail();
    int y = 0;
    unsigned m = 0, d = 0;
    auto num = [&](std::size_t at, std::size_t len, auto& out) {
        auto [p, ec] = std::from_chars(text.data() + at, text.data() + at + len, out);
        if (ec != std::errc() || p != text.data() + at + len) fail();
    };
    num(0, 4, y);
    num(5, 2, m);
    num(8, 2, d);
    const std::chrono::year_month_day day{std::chrono::year{y}, std::chrono::month{m},
                                          std::chrono::day{d}};
    if (!day.ok()) fail();
    return std::chrono::sys_days{day};
}

std::string expanded_rules(const std::string& text) {
    auto parsed = rules::parse_rules(text);
    if (!parsed) throw OaqError("--rules: " + parsed.error().message);
    return rules::expanded(*parsed);
}

store::EngineRow find_engine(store::Store& db, const std::string& name) {
    auto e = db.find_engine(name);
    if (!e) throw OaqError("no engine named \"" + name + "\" in " + db.path());
    return *e;
}

Expected<store::TournamentRow> tournament_named(store::Store& db, const std::string& name) {
    auto t = db.find_tournament(name);
    if (!t) return fail("no tournament named \"" + name + "\" in " + db.path());
    return *t;
}

namespace {

// The rules a view of one rules string covers when none is given: standard, or in a file whose
// every tournament is a table of 3 or 4 seats under one rules string (standard,players=3), that.
std::string default_rules(store::Store& db) {
    const auto standard = expanded_rules("standard");
    std::optional<std::string> only;
    for (const auto& t : db.list_tournaments()) {
        if (t.rules == standard || seats_of_rules(t.rules) < 3) return standard;
        if (only && *only != t.rules) return standard;
        only = t.rules;
    }
    return only.value_or(standard);
}

}  // namespace

Selection select_games(store::Store& db, const SelectionRequest& request, bool need_scope) {
    Selection s;
    if (request.tournament) {
        auto t = tournament_named(db, *request.tournament);
        if (!t) throw OaqError(t.error().message);
        s.tournament = *t;
        s.filter.tournament_id = s.tournament->id;
        s.scope = "tournament " + *request.tournament;
    }
    if (request.rules) {
        s.filter.rules = expanded_rules(*request.rules);
    } else if (need_scope && !s.tournament) {
        s.filter.rules = default_rules(db);
    }
    if (s.filter.rules && s.tournament && s.tournament->rules != *s.filter.rules) {
        throw OaqError("tournament \"" + s.tournament->name + "\" was not played under --rules");
    }
    if (s.filter.rules && !s.tournament) {
        s.scope = "rules " + rules::short_name(rules::parse_rules(*s.filter.rules).value());
    }
    if (s.scope.empty()) s.scope = "all games";
    if (request.engine) {
        s.engine = find_engine(db, *request.engine);
        s.filter.engine_id = s.engine->id;
    }
    if (request.since) s.filter.ended_from = parse_date(*request.since, "--since");
    if (request.until)
        s.filter.ended_before = parse_date(*request.until, "--until") + std::chrono::days{1};
    return s;
}

store::GameFilter game_filter(const Selection& sel) {
    store::GameFilter f;
    f.tournament_id = sel.filter.tournament_id;
    f.rules = sel.filter.rules;
    f.engine_id = sel.filter.engine_id;
    f.opponent_id = sel.filter.opponent_id;
    f.ended_from = sel.filter.ended_from;
    f.ended_before = sel.filter.ended_before;
    f.limit = 0;
    return f;
}

std::vector<store::ResultGame> session_results(store::Store& db, const Selection& sel) {
    std::optional<store::RowId> only;
    if (sel.tournament) only = sel.tournament->id;
    std::vector<store::ResultGame> out;
    for (const auto& s : db.sessions(only)) {
        if (s.result == "ongoing") continue;
        if (!sel.tournament && sel.filter.rules) {
            const auto t = db.tournament(s.tournament_id);
            if (!t || t->rules != *sel.filter.rules) continue;
        }
        const auto first = db.find_engine(s.first);
        const auto second = db.find_engine(s.second);
        if (!first || !second) continue;
        if (sel.engine && sel.engine->id != first->id && sel.engine->id != second->id) continue;
        store::ResultGame g;
        g.id = s.id;
        g.tournament_id = s.tournament_id;
        g.pair_index = static_cast<int>(s.session_index);
        g.south_engine_id = first->id;
        g.north_engine_id = second->id;
        g.result = s.result == "first_wins"    ? rules::Result::SouthWin
                   : s.result == "second_wins" ? rules::Result::NorthWin
                                               : rules::Result::Draw;
        out.push_back(g);
    }
    return out;
}

// The rating input of games of 3 and 4 seats (Store::table_rows), for `oaq ratings`.
tournament::RatingInput index_tables(store::Store& db,
                                     const std::vector<tournament::TableRow>& rows) {
    return tournament::build_table_rating_input(store::rated_engines(db), rows,
                                                tournament::EngineSelection::WithGames);
}

tournament::RatingInput index_games(store::Store& db, const std::vector<store::ResultGame>& games) {
    return index_games(db, store::result_rows(games));
}

tournament::RatingInput index_games(store::Store& db,
                                    const std::vector<tournament::ResultRow>& rows) {
    return tournament::build_rating_input(store::rated_engines(db), rows,
                                          tournament::EngineSelection::WithGames);
}

int selection_seats(const Selection& sel) {
    if (sel.tournament) return seats_of_rules(sel.tournament->rules);
    return sel.filter.rules ? seats_of_rules(*sel.filter.rules) : 2;
}

std::vector<store::GameRow> table_games(store::GameStore& db, const Selection& sel) {
    auto filter = game_filter(sel);
    filter.min_seats = 3;
    filter.limit = 0;
    return db.games(filter);
}

tournament::RatingInput index_tables(store::Store& db, const std::vector<store::GameRow>& games) {
    std::vector<tournament::TableRow> rows;
    rows.reserve(games.size());
    for (const auto& g : games) rows.push_back(table_row(g));
    return tournament::build_table_rating_input(store::rated_engines(db), rows,
                                                tournament::EngineSelection::WithGames);
}

std::vector<tournament::RankedLine> ranked(const tournament::RatingInput& input,
                                           const tournament::Anchor& anchor) {
    auto lines = tournament::standings(input, anchor);
    if (!lines) throw OaqError("ratings: " + lines.error().message);
    return *lines;
}

std::optional<rules::Result> parse_result_text(const std::string& text) {
    if (text == "1-0") return rules::Result::SouthWin;
    if (text == "0-1") return rules::Result::NorthWin;
    if (text == "1/2-1/2") return rules::Result::Draw;
    auto r = rules::parse_result(text);
    if (r == rules::Result::Ongoing) return std::nullopt;  // never stored
    return r;
}

}  // namespace oaq::views
