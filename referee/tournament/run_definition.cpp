#include "tournament/run_definition.hpp"

#include <charconv>
#include <limits>
#include <set>
#include <tuple>
#include <type_traits>

#include "common/json.hpp"
#include "common/json_reader.hpp"
#include "common/sha256.hpp"
#include "tournament/round_formats.hpp"

namespace oaq::tournament {

// ---- the value ------------------------------------------------------------------------------

Expected<SprtParams> SprtDefinition::params() const {
    return normalized ? SprtParams::normalized({elo0}, {elo1}, alpha, beta)
                      : SprtParams::logistic({elo0}, {elo1}, alpha, beta);
}

SprtDefinition SprtDefinition::of(const SprtParams& p) {
    return SprtDefinition{p.is_normalized(), p.elo0(), p.elo1(), p.alpha(), p.beta()};
}

game::TimeControl RunDefinition::time_control(std::size_t engine) const {
    return engine < engines.size() && engines[engine].tc ? *engines[engine].tc : tc;
}

std::vector<std::string> RunDefinition::engine_names() const {
    std::vector<std::string> names;
    for (const auto& e : engines) names.push_back(e.name);
    return names;
}

std::string openings_text(const OpeningsDefinition& o) {
    switch (o.kind) {
        case OpeningsDefinition::Kind::Random:
            return "plies=" + std::to_string(o.plies) + " seed=" + std::to_string(o.seed);
        case OpeningsDefinition::Kind::File: {
            std::string text = "file=" + o.file;
            if (o.order == OpeningsDefinition::Order::Random)
                text += " order=random seed=" + std::to_string(o.seed);
            if (o.start != 1) text += " start=" + std::to_string(o.start);
            return text;
        }
        case OpeningsDefinition::Kind::None:
            break;
    }
    return "";
}

namespace {

Expected<Ok> check_round_format(const RunDefinition& d) {
    const auto kind = std::string(d.format == Format::Swiss ? "a Swiss" : "a knockout");
    if (d.sprt) return fail("an SPRT needs a match, not " + kind);
    if (d.session_games != 0) return fail(kind + " plays games, not sessions");
    auto params = round_params(d);
    if (!params) return params.error();
    const int n = static_cast<int>(d.engines.size());
    // Every round pairs each engine once (an odd field: one bye a round, once per engine).
    const int most = n % 2 == 0 ? n - 1 : n;
    if (d.format == Format::Swiss && d.rounds > most)
        return fail(std::to_string(d.rounds) + " rounds: a Swiss of " + std::to_string(n) +
                    " engines has at most " + std::to_string(most) +
                    " rounds without a repeat pairing" + (n % 2 == 1 ? " or a second bye" : ""));
    if (d.format == Format::Knockout && d.rounds != 1)
        return fail("a knockout's rounds follow from its field: no rounds of its own");
    return Ok{};
}

}  // namespace

Expected<Ok> validate(const RunDefinition& d) {
    const auto n = d.engines.size();
    // A match seats its engines at one table: two, or N for players=N (table_match.hpp).
    const auto seats = static_cast<std::size_t>(d.rules.players);
    if (d.format == Format::Match && n != seats)
        return fail(seats == 2 ? "a match needs exactly two engines, got " + std::to_string(n)
                               : "a match of players=" + std::to_string(seats) + " needs exactly " +
                                     std::to_string(seats) + " engines, got " + std::to_string(n));
    // A tournament of tables (table_schedule.hpp): every table of N of its engines, or the
    // gauntlet's; a Swiss or knockout pairs two engines and has no table form yet.
    if ((d.format == Format::Swiss || d.format == Format::Knockout) && seats != 2)
        return fail("a " + std::string(to_string(d.format)) + " of players=" +
                    std::to_string(seats) + " is not played (round_robin or gauntlet are)");
    if (d.format != Format::Match && seats != 2 && n < seats)
        return fail("a tournament of players=" + std::to_string(seats) + " needs at least " +
                    std::to_string(seats) + " engines, got " + std::to_string(n));
    if (n < 2) return fail("a run needs at least two engines, got " + std::to_string(n));
    std::set<std::string> names;
    for (const auto& e : d.engines) {
        if (e.name.empty()) return fail("an engine has no name");
        if (e.command.empty()) return fail("engine " + e.name + " has no command");
        if (!names.insert(e.name).second) return fail("two engines are named \"" + e.name + "\"");
    }
    if (d.rounds < 1) return fail("rounds must be at least 1");
    if (d.games < 1) return fail("games must be at least 1");
    if (d.max_plies < 0) return fail("max_plies must be >= 0");
    if (d.time_margin.count() < 0) return fail("time_margin_ms must be >= 0");
    if (d.stall_timeout.count() < 1) return fail("stall_timeout_ms must be >= 1");
    if (d.max_handshake_failures < 0) return fail("max_handshake_failures must be >= 0");
    for (const auto& e : d.engines) {
        if (e.handshake_timeout && e.handshake_timeout->count() < 1)
            return fail("engine " + e.name + ": handshake_timeout_ms must be >= 1");
    }
    if (d.openings.kind == OpeningsDefinition::Kind::Random &&
        (d.openings.plies < 0 || d.openings.plies > 100))
        return fail("openings plies must be 0..100");
    if (d.openings.kind == OpeningsDefinition::Kind::Random && d.max_plies > 0 &&
        d.openings.plies >= d.max_plies)
        return fail("openings of " + std::to_string(d.openings.plies) +
                    " plies leave no ply to play under the ply limit of " +
                    std::to_string(d.max_plies));
    if (d.openings.kind == OpeningsDefinition::Kind::File && d.openings.file.empty())
        return fail("openings file is empty");
    if (d.openings.start < 1) return fail("openings start must be 1 or more");
    if (d.sprt) {
        if (d.format != Format::Match) return fail("an SPRT needs a match");
        auto p = d.sprt->params();
        if (!p) return fail("sprt: " + p.error().message);
    }
    if (d.format == Format::Swiss || d.format == Format::Knockout) {
        auto rounds = check_round_format(d);
        if (!rounds) return rounds.error();
    }
    if (d.session_games != 0) {
        if (d.session_games < 1 || d.session_games > kMaxSessionGames)
            return fail("session games must be 1.." + std::to_string(kMaxSessionGames));
        // A session's games start from the rule set's start with the shares of the wealth.
        if (d.openings.kind != OpeningsDefinition::Kind::None)
            return fail("sessions start every game from the start position: no openings");
        if (d.sprt) return fail("an SPRT counts games, not sessions: not with sessions");
    }
    return Ok{};
}

Expected<Schedule> make_schedule(const RunDefinition& d, std::int64_t openings) {
    const int n = static_cast<int>(d.engines.size());
    switch (d.format) {
        case Format::Match:
            // With sessions `games` counts sessions: one pair of the schedule each.
            if (d.session_games != 0) return Schedule::match(2 * d.games, openings);
            return Schedule::match(d.games, openings);
        case Format::Gauntlet:
            return Schedule::gauntlet(n, d.rounds, openings);
        case Format::Swiss:
        case Format::Knockout:
            return fail("a " + std::string(to_string(d.format)) +
                        " is paired round by round (round_formats.hpp), not scheduled ahead");
        case Format::RoundRobin:
            break;
    }
    return Schedule::round_robin(n, d.rounds, openings);
}

Expected<TableSchedule> table_schedule(const RunDefinition& d) {
    const int engines = static_cast<int>(d.engines.size());
    const int seats = d.rules.players;
    switch (d.format) {
        case Format::Match:
            return TableSchedule::match(seats, d.games, 0);
        case Format::Gauntlet:
            return TableSchedule::gauntlet(engines, seats, d.rounds, 0);
        case Format::RoundRobin:
            return TableSchedule::round_robin(engines, seats, d.rounds, 0);
        default:
            return fail("a " + std::string(to_string(d.format)) + " has no table schedule");
    }
}

std::int64_t planned_games(const RunDefinition& d, const std::optional<Shard>& shard) {
    if (d.format == Format::Swiss || d.format == Format::Knockout) {
        auto params = round_params(d);
        if (!params) return 0;
        return d.format == Format::Swiss ? swiss_games(*params) : knockout_games(*params);
    }
    if (d.rules.players > 2) {
        auto tables = table_schedule(d);
        if (!tables) return 0;
        return shard ? shard_games(*tables, *shard) : tables->total_games();
    }
    auto schedule = make_schedule(d, 0);
    if (!schedule) return 0;
    // A session is one pair of the schedule; one that ends early leaves its slots empty.
    if (d.session_games != 0) return schedule->total_pairs() * d.session_games;
    return shard ? shard_games(*schedule, *shard) : schedule->total_games();
}

// ---- writing --------------------------------------------------------------------------------

namespace {

constexpr int kVersion = 1;

std::string shortest(double v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : "null";
}

std::string pairs_json(const KeyValues& kv) {
    std::vector<std::string> items;
    for (const auto& [k, v] : kv) items.push_back(Json::string_array({k, v}));
    return Json::array(items);
}

std::string engine_json(const EngineDefinition& e) {
    Json j;
    j.field("name", e.name).field("command", e.command);
    j.raw("args", Json::string_array(e.args)).field("dir", e.dir);
    j.raw("env", pairs_json(e.env)).raw("options", pairs_json(e.options));
    if (e.tc)
        j.field("tc", game::to_string(*e.tc));
    else
        j.null("tc");
    j.field("restart", e.restart_every_game ? "every_game" : "on_failure");
    if (e.handshake_timeout)
        j.field("handshake_timeout_ms", static_cast<std::int64_t>(e.handshake_timeout->count()));
    if (e.log_limit) j.field("log_limit", *e.log_limit);
    if (!e.stderr_log.empty()) j.field("stderr", e.stderr_log);
    if (!e.protocol_log.empty()) j.field("log", e.protocol_log);
    return j.str();
}

std::string openings_json(const OpeningsDefinition& o) {
    Json j;
    switch (o.kind) {
        case OpeningsDefinition::Kind::None:
            j.field("kind", "none");
            break;
        case OpeningsDefinition::Kind::Random:
            j.field("kind", "random").field("plies", o.plies).field("seed", o.seed);
            break;
        case OpeningsDefinition::Kind::File:
            j.field("kind", "file").field("file", o.file);
            // Only what differs from the file's order from line 1, so definitions stored before
            // order= and start= existed read back equal.
            if (o.order == OpeningsDefinition::Order::Random)
                j.field("order", "random").field("seed", o.seed);
            if (o.start != 1) j.field("start", o.start);
            break;
    }
    return j.str();
}

std::string sprt_json(const SprtDefinition& s) {
    Json j;
    j.field("model", s.normalized ? "normalized" : "logistic");
    j.raw("elo0", shortest(s.elo0)).raw("elo1", shortest(s.elo1));
    j.raw("alpha", shortest(s.alpha)).raw("beta", shortest(s.beta));
    return j.str();
}

}  // namespace

std::string to_json(const RunDefinition& d) {
    Json j;
    j.field("version", kVersion).field("format", to_string(d.format));
    j.field("rounds", d.rounds).field("games", d.games);
    j.field("rules", rules::expanded(d.rules)).field("tc", game::to_string(d.tc));
    j.field("time_margin_ms", static_cast<std::int64_t>(d.time_margin.count()));
    j.field("stall_timeout_ms", static_cast<std::int64_t>(d.stall_timeout.count()));
    j.field("max_plies", d.max_plies).field("seed", d.seed);
    if (d.max_handshake_failures != game::kDefaultMaxHandshakeFailures)
        j.field("max_handshake_failures", d.max_handshake_failures);
    j.raw("openings", openings_json(d.openings));
    j.raw("sprt", d.sprt ? sprt_json(*d.sprt) : "null");
    // Only written for a session run, so every other run keeps its text and fingerprint.
    if (d.session_games != 0) j.field("session_games", d.session_games);
    // Only written for the round formats, so every other run keeps its text and fingerprint.
    if (d.format == Format::Swiss || d.format == Format::Knockout) {
        j.raw("seeding", Json::string_array(d.seeding));
        j.raw("bye_points", shortest(d.bye_points)).field("tiebreak_pairs", d.tiebreak_pairs);
    }
    std::vector<std::string> engines;
    for (const auto& e : d.engines) engines.push_back(engine_json(e));
    j.raw("engines", Json::array(engines));
    return j.str();
}

std::string fingerprint(const RunDefinition& d) {
    return sha256_hex(to_json(d));
}

std::uint64_t derived_seed(std::string_view name, RunDefinition d) {
    d.seed = 0;
    // to_json writes no newline, so the text after the last one is the definition and no two
    // (name, definition) pairs hash the same text.
    const auto digest = sha256_hex("oaq run seed\n" + std::string(name) + "\n" + to_json(d));
    return std::stoull(digest.substr(0, 8), nullptr, 16);
}

// ---- reading --------------------------------------------------------------------------------

namespace {

// Reads the members of one object by name; every member must be read (unknown keys are errors).
class Members {
  public:
    Members(const JsonValue& value, std::string where) : where_(std::move(where)) {
        object_ = value.as_object();
    }
    bool ok() const { return object_ != nullptr; }
    // For members added later, absent from definitions stored before them.
    bool has(const std::string& key) const {
        for (const auto& [k, v] : *object_) {
            if (k == key) return true;
        }
        return false;
    }
    const std::string& where() const { return where_; }

    Expected<const JsonValue*> get(const std::string& key) {
        used_.insert(key);
        for (const auto& [k, v] : *object_) {
            if (k == key) return &v;
        }
        return fail(where_ + ": missing \"" + key + "\"");
    }
    Error wrong(const std::string& key, const char* what) const {
        return Error{where_ + ": \"" + key + "\" must be " + what};
    }
    Expected<std::string> text(const std::string& key) {
        auto v = get(key);
        if (!v) return v.error();
        if (const auto* s = (*v)->as_string()) return *s;
        return wrong(key, "a string");
    }
    template <typename Int>
    Expected<Int> integer(const std::string& key) {
        auto v = get(key);
        if (!v) return v.error();
        std::optional<Int> value;
        if constexpr (std::is_signed_v<Int>) {
            auto wide = (*v)->as_int64();
            if (wide && *wide >= std::numeric_limits<Int>::min() &&
                *wide <= std::numeric_limits<Int>::max())
                value = static_cast<Int>(*wide);
        } else {
            value = (*v)->as_uint64();
        }
        if (!value) return wrong(key, "an integer in range");
        return *value;
    }
    Expected<double> real(const std::string& key) {
        auto v = get(key);
        if (!v) return v.error();
        if (auto d = (*v)->as_double()) return *d;
        return wrong(key, "a number");
    }
    Expected<std::vector<std::string>> strings(const std::string& key);
    Expected<KeyValues> pairs(const std::string& key);
    // After every get: the members nobody asked for.
    Expected<Ok> no_others() const {
        for (const auto& [k, v] : *object_) {
            if (!used_.count(k)) return fail(where_ + ": unknown key \"" + k + "\"");
        }
        return Ok{};
    }

  private:
    const JsonValue::Object* object_ = nullptr;
    std::string where_;
    std::set<std::string> used_;
};

Expected<std::vector<std::string>> Members::strings(const std::string& key) {
    auto v = get(key);
    if (!v) return v.error();
    const auto* items = (*v)->as_array();
    if (!items) return wrong(key, "an array of strings");
    std::vector<std::string> out;
    for (const auto& item : *items) {
        if (!item.as_string()) return wrong(key, "an array of strings");
        out.push_back(*item.as_string());
    }
    return out;
}

Expected<KeyValues> Members::pairs(const std::string& key) {
    auto v = get(key);
    if (!v) return v.error();
    const auto* items = (*v)->as_array();
    if (!items) return wrong(key, "an array of [name, value] pairs");
    KeyValues out;
    for (const auto& item : *items) {
        const auto* pair = item.as_array();
        if (!pair || pair->size() != 2 || !(*pair)[0].as_string() || !(*pair)[1].as_string())
            return wrong(key, "an array of [name, value] pairs");
        out.emplace_back(*(*pair)[0].as_string(), *(*pair)[1].as_string());
    }
    return out;
}

// Unwraps an Expected into `target`, or returns its error from the enclosing function.
#define OAQ_READ(target, expr)                              \
    do {                                                    \
        auto oaq_read_value = (expr);                       \
        if (!oaq_read_value) return oaq_read_value.error(); \
        target = std::move(*oaq_read_value);                \
    } while (false)

Expected<game::TimeControl> time_control(const std::string& text, const std::string& where) {
    auto tc = game::parse_time_control(text);
    if (!tc) return fail(where + ": " + tc.error().message);
    return *tc;
}

Expected<EngineDefinition> read_engine(const JsonValue& value, std::size_t index) {
    Members m(value, "engines[" + std::to_string(index) + "]");
    if (!m.ok()) return fail(m.where() + " must be an object");
    EngineDefinition e;
    OAQ_READ(e.name, m.text("name"));
    OAQ_READ(e.command, m.text("command"));
    OAQ_READ(e.args, m.strings("args"));
    OAQ_READ(e.dir, m.text("dir"));
    OAQ_READ(e.env, m.pairs("env"));
    OAQ_READ(e.options, m.pairs("options"));
    const JsonValue* tc = nullptr;
    OAQ_READ(tc, m.get("tc"));
    if (!tc->is_null()) {
        if (!tc->as_string()) return m.wrong("tc", "a time control string or null");
        OAQ_READ(e.tc, time_control(*tc->as_string(), m.where() + ".tc"));
    }
    std::string restart;
    OAQ_READ(restart, m.text("restart"));
    if (restart != "every_game" && restart != "on_failure")
        return m.wrong("restart", "\"every_game\" or \"on_failure\"");
    e.restart_every_game = restart == "every_game";
    if (m.has("handshake_timeout_ms")) {
        std::int64_t ms = 0;
        OAQ_READ(ms, m.integer<std::int64_t>("handshake_timeout_ms"));
        e.handshake_timeout = game::Milliseconds(ms);
    }
    if (m.has("log_limit")) OAQ_READ(e.log_limit, m.integer<std::uint64_t>("log_limit"));
    if (m.has("stderr")) OAQ_READ(e.stderr_log, m.text("stderr"));
    if (m.has("log")) OAQ_READ(e.protocol_log, m.text("log"));
    OAQ_READ(std::ignore, m.no_others());
    return e;
}

Expected<OpeningsDefinition> read_openings(const JsonValue& value) {
    Members m(value, "openings");
    if (!m.ok()) return fail("openings must be an object");
    OpeningsDefinition o;
    std::string kind;
    OAQ_READ(kind, m.text("kind"));
    if (kind == "random") {
        o.kind = OpeningsDefinition::Kind::Random;
        OAQ_READ(o.plies, m.integer<int>("plies"));
        OAQ_READ(o.seed, m.integer<std::uint64_t>("seed"));
    } else if (kind == "file") {
        o.kind = OpeningsDefinition::Kind::File;
        OAQ_READ(o.file, m.text("file"));
        if (m.has("order")) {
            std::string order;
            OAQ_READ(order, m.text("order"));
            if (order != "random") return m.wrong("order", "\"random\" (or absent)");
            o.order = OpeningsDefinition::Order::Random;
            OAQ_READ(o.seed, m.integer<std::uint64_t>("seed"));
        }
        if (m.has("start")) OAQ_READ(o.start, m.integer<std::int64_t>("start"));
    } else if (kind != "none") {
        return m.wrong("kind", "\"none\", \"random\" or \"file\"");
    }
    OAQ_READ(std::ignore, m.no_others());
    return o;
}

Expected<SprtDefinition> read_sprt(const JsonValue& value) {
    Members m(value, "sprt");
    if (!m.ok()) return fail("sprt must be an object or null");
    SprtDefinition s;
    std::string model;
    OAQ_READ(model, m.text("model"));
    if (model != "normalized" && model != "logistic")
        return m.wrong("model", "\"normalized\" or \"logistic\"");
    s.normalized = model == "normalized";
    OAQ_READ(s.elo0, m.real("elo0"));
    OAQ_READ(s.elo1, m.real("elo1"));
    OAQ_READ(s.alpha, m.real("alpha"));
    OAQ_READ(s.beta, m.real("beta"));
    OAQ_READ(std::ignore, m.no_others());
    return s;
}

Expected<Ok> read_scalars(Members& m, RunDefinition& d) {
    std::string format, rules_text, tc;
    OAQ_READ(format, m.text("format"));
    auto parsed_format = kFormatWords.find(format);
    if (!parsed_format)
        return m.wrong("format",
                       "\"round_robin\", \"gauntlet\", \"match\", \"swiss\" or \"knockout\"");
    d.format = *parsed_format;
    OAQ_READ(d.rounds, m.integer<int>("rounds"));
    OAQ_READ(d.games, m.integer<std::int64_t>("games"));
    OAQ_READ(rules_text, m.text("rules"));
    auto rules = rules::parse_rules(rules_text);
    if (!rules) return fail("definition.rules: " + rules.error().message);
    d.rules = *rules;
    OAQ_READ(tc, m.text("tc"));
    OAQ_READ(d.tc, time_control(tc, "definition.tc"));
    std::int64_t margin = 0, stall = 0;
    OAQ_READ(margin, m.integer<std::int64_t>("time_margin_ms"));
    OAQ_READ(stall, m.integer<std::int64_t>("stall_timeout_ms"));
    d.time_margin = game::Milliseconds(margin);
    d.stall_timeout = game::Milliseconds(stall);
    OAQ_READ(d.max_plies, m.integer<int>("max_plies"));
    OAQ_READ(d.seed, m.integer<std::uint64_t>("seed"));
    if (m.has("max_handshake_failures"))
        OAQ_READ(d.max_handshake_failures, m.integer<int>("max_handshake_failures"));
    return Ok{};
}

Expected<RunDefinition> read_definition(const JsonValue& root) {
    Members m(root, "definition");
    if (!m.ok()) return fail("a run definition must be a JSON object");
    int version = 0;
    OAQ_READ(version, m.integer<int>("version"));
    if (version != kVersion)
        return fail("definition: version " + std::to_string(version) + " is not " +
                    std::to_string(kVersion) + " (written by another oaq)");
    RunDefinition d;
    OAQ_READ(std::ignore, read_scalars(m, d));
    const JsonValue* node = nullptr;
    OAQ_READ(node, m.get("openings"));
    OAQ_READ(d.openings, read_openings(*node));
    OAQ_READ(node, m.get("sprt"));
    if (!node->is_null()) OAQ_READ(d.sprt, read_sprt(*node));
    if (m.has("session_games")) OAQ_READ(d.session_games, m.integer<int>("session_games"));
    if (m.has("seeding")) {
        OAQ_READ(d.seeding, m.strings("seeding"));
        OAQ_READ(d.bye_points, m.real("bye_points"));
        OAQ_READ(d.tiebreak_pairs, m.integer<int>("tiebreak_pairs"));
    }
    OAQ_READ(node, m.get("engines"));
    const auto* engines = node->as_array();
    if (!engines) return m.wrong("engines", "an array");
    for (std::size_t i = 0; i < engines->size(); ++i) {
        EngineDefinition e;
        OAQ_READ(e, read_engine((*engines)[i], i));
        d.engines.push_back(std::move(e));
    }
    OAQ_READ(std::ignore, m.no_others());
    auto valid = validate(d);
    if (!valid) return fail("definition: " + valid.error().message);
    return d;
}

#undef OAQ_READ

}  // namespace

Expected<RunDefinition> run_definition_from_json(std::string_view json) {
    auto root = parse_json(json);
    if (!root) return root.error();
    return read_definition(*root);
}

}  // namespace oaq::tournament
