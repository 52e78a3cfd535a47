// RunDefinition: canonical JSON that reads back to the same value, a stable fingerprint, strict
// reading with errors naming the key, and validation.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tournament/openings.hpp"
#include "tournament/run_definition.hpp"

using namespace oaq;
using namespace oaq::tournament;

namespace {

RunDefinition sample() {
    RunDefinition d;
    d.format = Format::Match;
    d.games = 200000;
    d.rules = rules::parse_rules("quan5").value();
    d.tc = game::parse_time_control("movetime=20").value();
    d.time_margin = game::Milliseconds(25);
    d.stall_timeout = game::Milliseconds(3000);
    d.max_plies = 300;
    d.seed = 18446744073709551615ull;  // above 2^63: kept exactly
    d.openings = {OpeningsDefinition::Kind::Random, 8, 12345678901234567890ull, ""};
    d.sprt = SprtDefinition{false, -1.5, 3.25, 0.05, 0.1};
    EngineDefinition a;
    a.name = "new \"engine\"";
    a.command = "/opt/engines/new";
    a.args = {"--threads", "1", ""};
    a.dir = "/tmp";
    a.env = {{"K", "V"}, {"A", "b=c"}};
    a.options = {{"Hash", "16"}, {"Seed", "7"}};
    a.tc = game::parse_time_control("5+0.05").value();
    a.restart_every_game = true;
    EngineDefinition b;
    b.name = "old";
    b.command = "/opt/engines/old";
    d.engines = {a, b};
    return d;
}

}  // namespace

TEST_CASE("a run definition round-trips through its canonical JSON", "[run_definition]") {
    const auto d = sample();
    const auto json = to_json(d);
    auto back = run_definition_from_json(json);
    REQUIRE(back);
    CHECK(*back == d);
    CHECK(to_json(*back) == json);
    CHECK_THAT(json, Catch::Contains("\"seed\":18446744073709551615"));
    CHECK_THAT(json, Catch::StartsWith("{\"version\":1,\"format\":\"match\""));
    CHECK_THAT(json, Catch::Contains("\"elo0\":-1.5,\"elo1\":3.25"));

    RunDefinition plain;
    EngineDefinition a, b;
    a.name = "a";
    a.command = "/bin/a";
    b.name = "b";
    b.command = "/bin/b";
    plain.engines = {a, b, a};
    plain.engines[2].name = "c";
    auto plain_back = run_definition_from_json(to_json(plain));
    REQUIRE(plain_back);
    CHECK(*plain_back == plain);
    CHECK(plain_back->time_control(0) == game::kDefaultTimeControl);
}

TEST_CASE("the fingerprint is the SHA-256 of the canonical text and follows every field",
          "[run_definition]") {
    const auto d = sample();
    const auto f = fingerprint(d);
    CHECK(f.size() == 64);
    CHECK(f == fingerprint(run_definition_from_json(to_json(d)).value()));
    auto other = d;
    other.openings.seed += 1;
    CHECK(fingerprint(other) != f);
    other = d;
    other.engines[1].options.emplace_back("Hash", "1");
    CHECK(fingerprint(other) != f);
}

TEST_CASE("a derived seed is the same for the same name and definition and differs otherwise",
          "[run_definition][shard]") {
    const auto d = sample();
    const auto seed = derived_seed("cup", d);
    CHECK(seed <= 0xffffffffu);  // 32 bits, like a drawn seed
    auto copy = d;
    CHECK(derived_seed("cup", copy) == seed);
    copy.seed = 7;  // the seed it replaces never matters
    CHECK(derived_seed("cup", copy) == seed);
    CHECK(derived_seed("cup2", d) != seed);
    const auto differs = [&](auto change) {
        auto other = d;
        change(other);
        return derived_seed("cup", other) != seed;
    };
    CHECK(differs([](RunDefinition& o) { o.games += 2; }));
    CHECK(differs([](RunDefinition& o) { o.engines[1].command = "/opt/engines/older"; }));
    CHECK(differs([](RunDefinition& o) { o.engines[0].name = "newer"; }));
    CHECK(differs([](RunDefinition& o) { o.rules = rules::parse_rules("standard").value(); }));
    CHECK(differs([](RunDefinition& o) { o.tc = game::parse_time_control("10+0.1").value(); }));
    CHECK(differs([](RunDefinition& o) { o.openings.plies = 6; }));
    CHECK(differs([](RunDefinition& o) { o.openings.seed = 1; }));
    CHECK(differs([](RunDefinition& o) { o.max_plies = 301; }));
    CHECK(differs([](RunDefinition& o) {
        o.format = Format::RoundRobin;
        o.sprt.reset();
    }));
}

TEST_CASE("reading a definition is strict and names the key", "[run_definition]") {
    const auto json = to_json(sample());
    auto replace = [&](const std::string& from, const std::string& to) {
        auto s = json;
        auto at = s.find(from);
        REQUIRE(at != std::string::npos);
        return s.replace(at, from.size(), to);
    };
    struct Case {
        std::string text;
        const char* message;
    };
    const std::vector<Case> cases{
        {"[]", "must be a JSON object"},
        {replace("\"version\":1", "\"version\":2"), "version 2 is not 1"},
        {replace("\"rounds\":1,", ""), "definition: missing \"rounds\""},
        {replace("\"rounds\":1", "\"rounds\":\"1\""), "\"rounds\" must be an integer"},
        {replace("\"max_plies\":300", "\"max_plies\":300,\"extra\":0"), "unknown key \"extra\""},
        {replace("\"format\":\"match\"", "\"format\":\"ladder\""), "\"format\" must be"},
        {replace("\"tc\":\"movetime=20\"", "\"tc\":\"fast\""), "definition.tc"},
        {replace("\"restart\":\"every_game\"", "\"restart\":\"never\""), "engines[0]: \"restart\""},
        {replace("\"kind\":\"random\"", "\"kind\":\"book\""), "openings: \"kind\""},
        {replace("\"model\":\"logistic\"", "\"model\":\"bayes\""), "sprt: \"model\""},
        {replace("\"alpha\":0.05", "\"alpha\":2"), "sprt:"},
        {replace("\"seed\":18446744073709551615", "\"seed\":-1"), "\"seed\" must be an integer"},
        {json.substr(0, json.size() - 1), "JSON line 1"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto d = run_definition_from_json(c.text);
        REQUIRE_FALSE(d);
        CHECK_THAT(d.error().message, Catch::Contains(c.message));
    }
}

TEST_CASE("validate refuses definitions that cannot run", "[run_definition]") {
    auto d = sample();
    CHECK(validate(d));
    d.engines.push_back(d.engines[1]);
    d.engines[2].name = "third";
    CHECK_THAT(validate(d).error().message, Catch::Contains("exactly two engines"));
    d.format = Format::RoundRobin;
    CHECK_THAT(validate(d).error().message, Catch::Contains("an SPRT needs a match"));
    d.sprt.reset();
    CHECK(validate(d));
    d.engines[2].name = "old";
    CHECK_THAT(validate(d).error().message, Catch::Contains("two engines are named \"old\""));
    d.engines.resize(1);
    CHECK_THAT(validate(d).error().message, Catch::Contains("at least two engines"));
    CHECK(openings_text(sample().openings) == "plies=8 seed=12345678901234567890");
    CHECK(make_schedule(sample(), 0).value().total_games() == 200000);
}

TEST_CASE("a book's order and start are kept, and a definition without them reads as before",
          "[run_definition][openings]") {
    auto d = sample();
    d.openings = {OpeningsDefinition::Kind::File,    0, 99, "book.txt",
                  OpeningsDefinition::Order::Random, 1};
    auto back = run_definition_from_json(to_json(d));
    REQUIRE(back);
    CHECK(*back == d);
    CHECK_THAT(to_json(d),
               Catch::Contains(R"("kind":"file","file":"book.txt","order":"random","seed":99)"));
    CHECK(openings_text(d.openings) == "file=book.txt order=random seed=99");
    d.openings = {OpeningsDefinition::Kind::File,        0, 0, "book.txt",
                  OpeningsDefinition::Order::Sequential, 7};
    CHECK(*run_definition_from_json(to_json(d)) == d);
    CHECK_THAT(to_json(d), Catch::Contains(R"("file":"book.txt","start":7})"));
    // In file order from line 1 the stored text is what it was before order= and start=.
    d.openings.start = 1;
    CHECK_THAT(to_json(d), Catch::Contains(R"("openings":{"kind":"file","file":"book.txt"})"));
    d.openings.start = 0;
    CHECK_FALSE(validate(d));
}

TEST_CASE("a book is played in file order from start, or in one shuffle per seed", "[openings]") {
    CHECK(book_order(4, false, 0, 1) == std::vector<std::size_t>{0, 1, 2, 3});
    CHECK(book_order(4, false, 0, 3) == std::vector<std::size_t>{2, 3, 0, 1});
    CHECK(book_order(0, true, 5, 1).empty());
    const auto a = book_order(50, true, 42, 1);
    CHECK(a == book_order(50, true, 42, 1));  // the same seed, the same order (resume, shards)
    CHECK(a != book_order(50, true, 43, 1));
    CHECK(a != book_order(50, false, 42, 1));
    auto sorted = a;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == book_order(50, false, 0, 1));  // every opening once
}
TEST_CASE(
    "an engine's session keys and the handshake give-up round-trip and are written only when "
    "set",
    "[run_definition]") {
    auto d = sample();
    const auto before = to_json(d);
    // Defaults leave the text (and so the fingerprint of every run stored before) unchanged.
    CHECK(before.find("handshake") == std::string::npos);
    CHECK(before.find("log_limit") == std::string::npos);
    d.max_handshake_failures = 1;
    d.engines[0].handshake_timeout = game::Milliseconds(1500);
    d.engines[0].log_limit = 4096;
    d.engines[0].stderr_log = "/tmp/new.err";
    d.engines[1].protocol_log = "/tmp/old.log";
    const auto json = to_json(d);
    CHECK_THAT(json, Catch::Contains("\"max_handshake_failures\":1"));
    CHECK_THAT(json, Catch::Contains("\"handshake_timeout_ms\":1500,\"log_limit\":4096,"
                                     "\"stderr\":\"/tmp/new.err\""));
    auto back = run_definition_from_json(json);
    REQUIRE(back);
    CHECK(*back == d);
    CHECK(to_json(*back) == json);
    CHECK(fingerprint(d) != fingerprint(sample()));

    d.max_handshake_failures = -1;
    CHECK_FALSE(validate(d));
    d.max_handshake_failures = 0;
    d.engines[0].handshake_timeout = game::Milliseconds(0);
    CHECK_FALSE(validate(d));
}

TEST_CASE("a run plans its schedule's games, and sessions the most they can play",
          "[run_definition][sessions]") {
    RunDefinition d = sample();
    d.sprt.reset();
    d.openings = {};
    d.games = 9;
    CHECK(planned_games(d) == 9);
    // Pairs 0, 2, 4 of the five (the last one a lone game) are shard 0 of 2.
    CHECK(planned_games(d, Shard{0, 2}) == 5);
    CHECK(planned_games(d, Shard{1, 2}) == 4);
    // With sessions --games counts sessions: 9 sessions of at most 7 games.
    d.session_games = 7;
    CHECK(planned_games(d) == 63);
    d.format = Format::RoundRobin;
    d.engines.push_back(d.engines[0]);
    d.engines.back().name = "third";
    d.rounds = 2;
    // Three pairings twice, each a session: six sessions of at most 7 games.
    CHECK(planned_games(d) == 42);
}

namespace {

RunDefinition swiss(int engines, int rounds) {
    RunDefinition d;
    d.format = Format::Swiss;
    d.rounds = rounds;
    for (int i = 0; i < engines; ++i) {
        EngineDefinition e;
        e.name = "e" + std::to_string(i);
        e.command = "/bin/e";
        d.engines.push_back(e);
        d.seeding.insert(d.seeding.begin(), e.name);
    }
    d.bye_points = 1.5;
    d.tiebreak_pairs = 2;
    return d;
}

}  // namespace

TEST_CASE("a Swiss definition keeps its seeding, bye points and tie-break pairs",
          "[run_definition][swiss]") {
    const auto d = swiss(5, 3);
    const auto json = to_json(d);
    CHECK_THAT(json, Catch::Contains("\"seeding\":[\"e4\",\"e3\",\"e2\",\"e1\",\"e0\"],"
                                     "\"bye_points\":1.5,\"tiebreak_pairs\":2"));
    auto back = run_definition_from_json(json);
    REQUIRE(back);
    CHECK(*back == d);
    CHECK(planned_games(d) == 3 * 2 * 2);
    auto knockout = d;
    knockout.format = Format::Knockout;
    knockout.rounds = 1;
    CHECK(planned_games(knockout) == 4 * 2 * (1 + 2));
}

TEST_CASE("a Swiss with more rounds than its field can pair without a repeat is refused",
          "[run_definition][swiss]") {
    CHECK(validate(swiss(6, 5)));
    auto even = validate(swiss(6, 6));
    REQUIRE_FALSE(even);
    CHECK(even.error().message ==
          "6 rounds: a Swiss of 6 engines has at most 5 rounds without a repeat pairing");
    auto odd = validate(swiss(5, 6));
    REQUIRE_FALSE(odd);
    CHECK_THAT(odd.error().message, Catch::Contains("at most 5 rounds"));
    auto odd_games = swiss(5, 2);
    odd_games.games = 3;
    CHECK_FALSE(validate(odd_games));
    auto unseeded = swiss(5, 2);
    unseeded.seeding.pop_back();
    CHECK_FALSE(validate(unseeded));
}

TEST_CASE("a round robin or gauntlet of tables plans its table schedule's games",
          "[run_definition][table_schedule]") {
    RunDefinition d;
    d.format = Format::RoundRobin;
    d.rounds = 2;
    d.rules = rules::parse_rules("standard,players=3").value();
    for (const char* name : {"a", "b", "c", "d"}) {
        EngineDefinition e;
        e.name = name;
        e.command = std::string("/bin/") + name;
        d.engines.push_back(e);
    }
    CHECK(validate(d));
    // 4 tables of 3, 2 seating groups of 3! each: 48 games; shard 2 of 3 holds groups 2 and 5.
    CHECK(planned_games(d) == 48);
    CHECK(planned_games(d, Shard{2, 3}) == 12);
    d.format = Format::Gauntlet;
    CHECK(planned_games(d) == 36);
    d.format = Format::Match;
    d.engines.pop_back();
    d.games = 8;
    CHECK(planned_games(d) == 8);
    d.format = Format::Swiss;
    d.engines.pop_back();
    d.engines.pop_back();
    CHECK(!validate(d));
    d.format = Format::RoundRobin;
    const auto refused = validate(d);
    REQUIRE(!refused);
    CHECK(refused.error().message == "a tournament of players=3 needs at least 3 engines, got 1");
}
