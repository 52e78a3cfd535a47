#include "app/results_common.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>

#include "app/numbers.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "rules/position_string.hpp"
#include "rules/rules.hpp"
#include "store/results.hpp"

namespace oaq::app {

// A ply filter (numbers.hpp): 0 up to any int.
constexpr WholeRange kPlies{0, std::numeric_limits<int>::max()};

void add_db_option(CommandLine& cli) {
    cli.options.add_options()("db", po::value<std::string>()->default_value("oaq.db"),
                              "results file written by `oaq tournament`");
}

void add_filter_options(CommandLine& cli) {
    cli.options.add_options()("tournament", po::value<std::string>(),
                              "only this tournament (name)")("engine", po::value<std::string>(),
                                                             "only games this engine played")(
        "rules", po::value<std::string>(),
        "only tournaments under these rules (preset or rules string)")(
        "since", po::value<std::string>(),
        "only games ended on or after this day (YYYY-MM-DD, UTC)")(
        "until", po::value<std::string>(),
        "only games ended on or before this day (YYYY-MM-DD, UTC)");
}

void add_format_options(CommandLine& cli, bool csv) {
    cli.options.add_options()("json", "print JSON (one object per line)");
    if (csv) cli.options.add_options()("csv", "print CSV with a header line");
}

void add_list_options(CommandLine& cli) {
    add_db_option(cli);
    add_filter_options(cli);
    add_format_options(cli);
}

OutputFormat output_format(const po::variables_map& vm) {
    const bool json = vm.count("json") > 0;
    const bool csv = vm.count("csv") > 0;
    if (json && csv) throw OaqError("--json and --csv exclude each other");
    return json ? OutputFormat::Json : csv ? OutputFormat::Csv : OutputFormat::Table;
}

store::Store open_results(const po::variables_map& vm, bool write) {
    const auto path = vm["db"].as<std::string>();
    if (path.empty()) throw OaqError("--db: \"\" is not a file name");
    // Store::open says the same for a missing file, but people mistype paths more than anything.
    if (!std::filesystem::exists(path)) throw OaqError(path + ": no such results file (see --db)");
    store::StoreOptions options;
    options.create = false;
    options.read_only = !write;
    return store::Store::open(path, options);
}

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

Selection select_games(store::Store& db, const po::variables_map& vm, bool need_scope) {
    Selection s;
    if (vm.count("tournament")) {
        const auto name = vm["tournament"].as<std::string>();
        s.tournament = db.find_tournament(name);
        if (!s.tournament) throw OaqError("no tournament named \"" + name + "\" in " + db.path());
        s.filter.tournament_id = s.tournament->id;
        s.scope = "tournament " + name;
    }
    if (vm.count("rules")) {
        s.filter.rules = expanded_rules(vm["rules"].as<std::string>());
    } else if (need_scope && !s.tournament) {
        s.filter.rules = expanded_rules("standard");
    }
    if (s.filter.rules && s.tournament && s.tournament->rules != *s.filter.rules) {
        throw OaqError("tournament \"" + s.tournament->name + "\" was not played under --rules");
    }
    if (s.filter.rules && !s.tournament) {
        s.scope = "rules " + rules::short_name(rules::parse_rules(*s.filter.rules).value());
    }
    if (s.scope.empty()) s.scope = "all games";
    if (vm.count("engine")) {
        s.engine = find_engine(db, vm["engine"].as<std::string>());
        s.filter.engine_id = s.engine->id;
    }
    if (vm.count("since"))
        s.filter.ended_from = parse_date(vm["since"].as<std::string>(), "--since");
    if (vm.count("until")) {
        s.filter.ended_before =
            parse_date(vm["until"].as<std::string>(), "--until") + std::chrono::days{1};
    }
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

void add_game_filter_options(CommandLine& cli) {
    cli.options.add_options()(
        "result", po::value<std::string>(),
        "only this result: south_win, north_win, draw (or 1-0, 0-1, 1/2-1/2)")(
        "termination", po::value<std::string>(),
        ("only games that ended so: " + game::kTerminationWords.list()).c_str())(
        "min-plies", po::value<std::string>(), "only games of at least N plies")(
        "max-plies", po::value<std::string>(), "only games of at most N plies")(
        "opening", po::value<std::string>(),
        "only games whose opening is these moves or starts with them (\"1L 7R\")");
}

std::optional<rules::Result> parse_result_text(const std::string& text) {
    if (text == "1-0") return rules::Result::SouthWin;
    if (text == "0-1") return rules::Result::NorthWin;
    if (text == "1/2-1/2") return rules::Result::Draw;
    auto r = rules::parse_result(text);
    if (r == rules::Result::Ongoing) return std::nullopt;  // never stored
    return r;
}

void apply_game_filter_options(const po::variables_map& vm, store::GameFilter& f) {
    if (vm.count("result")) {
        const auto text = vm["result"].as<std::string>();
        f.result = parse_result_text(text);
        if (!f.result) {
            throw OaqError("--result: \"" + text +
                           "\" is not south_win, north_win, draw, 1-0, 0-1 or 1/2-1/2");
        }
    }
    if (vm.count("termination")) {
        const auto text = vm["termination"].as<std::string>();
        f.termination = game::parse_termination(text);
        if (!f.termination) {
            throw OaqError("--termination: \"" + text + "\" is not " +
                           game::kTerminationWords.list());
        }
    }
    if (vm.count("min-plies"))
        f.min_plies = int_number(vm["min-plies"].as<std::string>(), "--min-plies", kPlies);
    if (vm.count("max-plies"))
        f.max_plies = int_number(vm["max-plies"].as<std::string>(), "--max-plies", kPlies);
    if (vm.count("opening")) f.opening = vm["opening"].as<std::string>();
}

std::string result_token(rules::Result r) {
    return r == rules::Result::SouthWin ? "1-0" : r == rules::Result::NorthWin ? "0-1" : "1/2-1/2";
}

Expected<rules::Game> replay_start(const game::GameRecord& record) {
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

tournament::RatingInput index_games(store::Store& db, const std::vector<store::ResultGame>& games) {
    return index_games(db, store::result_rows(games));
}

tournament::RatingInput index_games(store::Store& db,
                                    const std::vector<tournament::ResultRow>& rows) {
    return tournament::build_rating_input(store::rated_engines(db), rows,
                                          tournament::EngineSelection::WithGames);
}

std::vector<tournament::RankedLine> ranked(const tournament::RatingInput& input,
                                           const tournament::Anchor& anchor) {
    auto lines = tournament::standings(input, anchor);
    if (!lines) throw OaqError("ratings: " + lines.error().message);
    return *lines;
}

Cell text_cell(std::string s) {
    return Cell{std::move(s), false};
}
Cell int_cell(std::int64_t v) {
    return Cell{std::to_string(v), true};
}
Cell real_cell(double v, int decimals) {
    if (!std::isfinite(v)) return Cell{"", false};
    return Cell{fmt::format("{:.{}f}", v, decimals), true};
}

Cell score_cell(double score, OutputFormat format) {
    if (format == OutputFormat::Table) return Cell{fmt::format("{:.1f}%", 100.0 * score), true};
    return real_cell(score, 4);
}

std::string join_words(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

namespace {

// Display width of UTF-8 text (the ± sign is one column, two bytes).
std::size_t width(const std::string& s) {
    std::size_t w = 0;
    for (char c : s) w += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return w;
}

}  // namespace

std::string render(const Table& table, OutputFormat format) {
    std::string out;
    if (format == OutputFormat::Json) {
        for (const auto& row : table.rows) {
            Json j;
            for (std::size_t c = 0; c < row.size() && c < table.headers.size(); ++c) {
                if (row[c].number)
                    j.raw(table.headers[c], row[c].text);
                else if (row[c].text.empty())
                    j.null(table.headers[c]);
                else
                    j.field(table.headers[c], row[c].text);
            }
            out += j.str() + "\n";
        }
        return out;
    }
    if (format == OutputFormat::Csv) {
        auto line = [&](const std::vector<std::string>& cells) {
            for (std::size_t c = 0; c < cells.size(); ++c)
                out += (c ? "," : "") + csv_field(cells[c]);
            out += "\n";
        };
        line(table.headers);
        for (const auto& row : table.rows) {
            std::vector<std::string> cells;
            for (const auto& cell : row) cells.push_back(cell.text);
            line(cells);
        }
        return out;
    }
    std::vector<std::size_t> widths(table.headers.size());
    for (std::size_t c = 0; c < widths.size(); ++c) widths[c] = width(table.headers[c]);
    for (const auto& row : table.rows) {
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            widths[c] = std::max(widths[c], width(row[c].text));
        }
    }
    auto pad = [](const std::string& s, std::size_t w, bool right) {
        const std::string fill(w - std::min(w, width(s)), ' ');
        return right ? fill + s : s + fill;
    };
    std::string header;
    for (std::size_t c = 0; c < widths.size(); ++c) {
        // A column of numbers has its header over the numbers' right edge.
        const bool right =
            !table.rows.empty() && c < table.rows.front().size() && table.rows.front()[c].number;
        header += (c ? "  " : "") + pad(table.headers[c], widths[c], right);
    }
    while (!header.empty() && header.back() == ' ') header.pop_back();
    out += header + "\n";
    for (const auto& row : table.rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            line += (c ? "  " : "") + pad(row[c].text, widths[c], row[c].number);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

}  // namespace oaq::app
