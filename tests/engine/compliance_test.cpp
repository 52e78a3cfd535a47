// The compliance checker (`oaq check-engine`) against scripted fake engines: a correct engine
// passes every step; each misbehaviour a match punishes fails the step that covers it, with a
// match's time margin (issue 13: a bot that passed the check lost the match), and the check still
// reports the other steps; what a match forgives but an author should fix is a warning. The real
// sample engines and the test engine go through it in tests/integration/referee_test.py.
#include "engine/compliance.hpp"

#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <memory>

#include "common/utf8.hpp"
#include "fake_engines.hpp"
#include "fake_process.hpp"
#include "protocol/codec.hpp"
#include "rules/turn.hpp"
#include "session_fixture.hpp"

using namespace oaq::engine;
using namespace oaq::engine::test;
using namespace std::chrono_literals;

namespace {

std::vector<ComplianceStep> check(FakeHost& fake, const std::string& rules = "standard") {
    CheckSettings settings;
    settings.rules = rules;
    return run_compliance_check(fake_engine_config(), settings, nullptr, fake.host());
}

std::vector<std::string> with(const std::vector<ComplianceStep>& steps, Verdict verdict) {
    std::vector<std::string> names;
    for (const auto& s : steps)
        if (s.verdict == verdict) names.push_back(s.name + " | " + s.reason);
    return names;
}

std::vector<std::string> failed(const std::vector<ComplianceStep>& steps) {
    return with(steps, Verdict::Fail);
}

bool step_starts_with(const std::vector<ComplianceStep>& steps, Verdict verdict,
                      const std::string& prefix) {
    for (const auto& s : steps)
        if (s.verdict == verdict && s.name.rfind(prefix, 0) == 0) return true;
    return false;
}

const ComplianceStep& step_named(const std::vector<ComplianceStep>& steps,
                                 const std::string& name) {
    for (const auto& s : steps)
        if (s.name == name) return s;
    FAIL("no step " << name);
    return steps.front();
}

// The `go` a handler has just read.
oaq::protocol::Go go_read(const Reply& r) {
    return std::get<oaq::protocol::Go>(*oaq::protocol::decode_command(r.line()));
}

bool failed_step_starts_with(const std::vector<ComplianceStep>& steps, const std::string& prefix) {
    for (const auto& s : steps)
        if (!s.passed() && s.name.rfind(prefix, 0) == 0) return true;
    return false;
}

// A well-formed move that is not legal in the position heard, else the first legal move.
std::string first_illegal_move(const HeardGame& game) {
    auto legal = oaq::rules::legal_moves(game.position, game.rules);
    for (const char* token : {"1L", "1R", "2L", "2R", "3L", "3R", "4L", "4R", "5L", "5R"}) {
        if (!legal.contains(*oaq::rules::parse_move(token))) return token;
    }
    return first_legal_move(game);
}

}  // namespace

TEST_CASE("a compliant engine passes every step", "[engine][compliance]") {
    auto rules = GENERATE(as<std::string>{}, "standard", "village", "quan-non");
    FakeHost fake(well_behaved_engine(5ms));
    auto steps = check(fake, rules);
    CHECK(failed(steps) == std::vector<std::string>{});
    CHECK(with(steps, Verdict::Warn) == std::vector<std::string>{});
    CHECK(steps.size() >= 25);  // more when a second rule set is checked too
    CHECK(fake.launches() == 1);
    CHECK(fake.last().heard.back() == "quit");
}

TEST_CASE("the checker searches with each side to move from every kind of position",
          "[engine][compliance]") {
    FakeHost fake(well_behaved_engine(5ms));
    auto steps = check(fake);
    for (const char* side : {"South", "North"}) {
        for (std::string what : {" to move, from the start", " to move after a refill in play",
                                 " to move with five empty squares: it refills first",
                                 " to move near the end: a move ends the game"}) {
            CHECK(step_named(steps, side + what).passed());
        }
    }
    CHECK(step_named(steps, "South to move, from a position string and moves").passed());
    CHECK(step_named(steps, "North to move, from a position string").passed());
    // Each position was sent as the step says: five empty squares go as a position string.
    bool sent_empty_squares = false;
    for (const auto& line : fake.last().heard)
        sent_empty_squares = sent_empty_squares || line.find(",0,0,0,0,0,") != std::string::npos;
    CHECK(sent_empty_squares);
}

TEST_CASE("the checker applies a match's time margin and says which limit it applied",
          "[engine][compliance]") {
    // Issue 13: a bot that always takes 300 ms of a 200 ms movetime passed a check that allowed
    // 200 ms more, then forfeited 3 games of 4 (a match allows 50).
    FakeHost fake(well_behaved_engine(300ms));
    auto steps = check(fake);
    const auto& movetime = step_named(steps, "go movetime 200");
    CHECK(movetime.verdict == Verdict::Fail);
    CHECK(movetime.reason ==
          "bestmove after 300 ms, over the limit of 250 ms (movetime 200 + margin 50): a match "
          "forfeits this game on time");
    CHECK(step_named(steps, "South to move, from the start").verdict == Verdict::Fail);

    SECTION("a well-timed answer says the limit too") {
        FakeHost quick(well_behaved_engine(120ms));
        auto passed = check(quick);
        CHECK(step_named(passed, "go movetime 200").reason ==
              "1L in 120 ms (limit 250 ms: movetime 200 + margin 50)");
    }
    SECTION("another margin is applied when asked for") {
        FakeHost again(well_behaved_engine(300ms));
        CheckSettings settings;
        settings.time_margin = 150ms;
        auto lenient = run_compliance_check(fake_engine_config(), settings, nullptr, again.host());
        CHECK(step_named(lenient, "go movetime 200").passed());
    }
}

TEST_CASE("a bot that reads South's squares when it is North fails the North positions only",
          "[engine][compliance]") {
    // Issue 13: it passed a check with one North position and lost half its games.
    auto engine = well_behaved_engine();
    engine.on["go"] = [](Reply& r) {
        auto game = game_heard(r.heard());
        if (go_read(r).infinite) return;
        game.position.side = oaq::rules::Side::South;  // the bug: always South's squares
        answer(r, first_legal_move(game));
    };
    engine.on["stop"] = silent;
    FakeHost fake(engine);
    auto steps = check(fake);
    CHECK(step_starts_with(steps, Verdict::Fail, "North to move"));
    CHECK_FALSE(step_starts_with(steps, Verdict::Fail, "South to move"));
    for (const auto& s : steps) {
        if (s.verdict == Verdict::Fail && s.name.rfind("North to move", 0) == 0) {
            INFO(s.reason);
            CHECK(s.reason.rfind("illegal move ", 0) == 0);
            CHECK(s.reason.find("; sent: position ") != std::string::npos);
        }
    }
}

TEST_CASE("a second bestmove for one go is one warning step that counts the searches",
          "[engine][compliance]") {
    // It was a warning on every search: 28 identical WARN lines.
    auto engine = well_behaved_engine();
    engine.on["go"] = [go = engine.on["go"]](Reply& r) {
        go(r);
        if (!go_read(r).infinite) r.say("bestmove 1L");
    };
    FakeHost fake(engine);
    std::vector<std::string> notes;
    auto steps = run_compliance_check(fake_engine_config(), CheckSettings{}, &notes, fake.host());
    CHECK(failed(steps) == std::vector<std::string>{});
    CHECK(step_named(steps, "South to move, from the start").verdict == Verdict::Pass);
    const auto warned = with(steps, Verdict::Warn);
    REQUIRE(warned.size() == 1);
    // Every search but go infinite (answered once, at stop), under two rule sets, and PlyLimit's.
    CHECK(warned[0] ==
          "a second bestmove for one go | a second bestmove after 28 of 29 searches (the first: "
          "PlyLimit 40: a search one ply before the limit): it is ignored (protocol-spec 5.6), but "
          "a referee that "
          "does not fence its searches plays it as the next answer");
    // The ignored lines are one note too, with their count.
    CHECK(notes == std::vector<std::string>{"ignored 28 lines (the first: \"bestmove 1L\"): not "
                                            "expected while waiting for readyok"});
}

TEST_CASE("a hang after isready fails its own step with the ready timeout and skips the rest",
          "[engine][compliance]") {
    // It was reported under the handshake, with the handshake's option to lengthen it.
    FakeHost fake(engine_with("isready", silent));
    auto steps = check(fake);
    REQUIRE(steps.size() == 4);
    CHECK(steps[0].name == kHandshakeStep);
    CHECK(steps[0].passed());
    CHECK(steps[2].name == kFirstReadyStep);
    CHECK(steps[2].reason == "stall: no readyok within 5000 ms");
    CHECK_FALSE(steps[2].passed());
    CHECK(steps[3].name + ": " + steps[3].reason == "remaining steps: skipped: no readyok");
    CHECK(fake.launches() == 1);
    CHECK(fake.clock.elapsed() == 5s);

    SECTION("a prompt answer says the limit it was held to") {
        FakeHost good(well_behaved_engine());
        const auto passed = check(good);
        CHECK(step_named(passed, std::string(kFirstReadyStep)).reason == "limit 5000 ms");
    }
}

TEST_CASE("bytes of the engine that are not UTF-8 are shown as escapes in reasons and notes",
          "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["ugi"] = [](Reply& r) {
        r.say("id name bad\xFF\xFE").say("no such line \xC0\xAF").say("ugiok");
    };
    engine.on["go"] = [](Reply& r) { r.say("bestmove 6L\xE2\x82"); };
    FakeHost fake(engine);
    std::vector<std::string> notes;
    auto steps = run_compliance_check(fake_engine_config(), CheckSettings{}, &notes, fake.host());
    CHECK(step_named(steps, "id name").reason == "bad\\xFF\\xFE");
    CHECK(step_named(steps, "South to move, from the start")
              .reason.rfind("protocol_violation: bestmove 6L\\xE2\\x82: \"6L\\xE2\\x82\" is not a "
                            "move",
                            0) == 0);
    REQUIRE_FALSE(notes.empty());
    // Said once for every restart of the engine (each failed search restarts it).
    CHECK(notes[0].find("lines (the first: \"no such line \\xC0\\xAF\"): unknown command") !=
          std::string::npos);
    for (const auto& s : steps) CHECK(oaq::utf8::is_valid(s.reason));
}

TEST_CASE("using most of the clock on one move is a warning", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["go"] = [go = engine.on["go"]](Reply& r) {
        auto g = go_read(r);
        auto mine =
            game_heard(r.heard()).position.side == oaq::rules::Side::South ? g.time[0] : g.time[1];
        if (mine) r.after(*mine * 6 / 10);
        go(r);
    };
    FakeHost fake(engine);
    auto steps = check(fake);
    CHECK(failed(steps) == std::vector<std::string>{});
    const auto& clock =
        step_named(steps, "go p1time 5000 p2time 3000 p1inc 50 p2inc 50 (North to move)");
    CHECK(clock.verdict == Verdict::Warn);
    CHECK(clock.reason ==
          "1L after 1800 ms of the 3000 ms left: most of the clock on one move; budget about time "
          "left / 20 + increment");
    CHECK(step_named(steps, "go p1time 200 p2time 9000 p1inc 0 p2inc 0 (South, 200 ms left)")
              .verdict == Verdict::Warn);
}

TEST_CASE("go depth 0 and go nodes 0 must get a legal move at once: warning steps",
          "[engine][compliance]") {
    // A common bug: 0 read as "no limit", so the engine searches until stopped.
    auto engine = well_behaved_engine();
    engine.on["go"] = [go = engine.on["go"]](Reply& r) {
        auto g = go_read(r);
        if (g.depth == 0 || g.nodes == 0u) return;  // answers only at stop
        go(r);
    };
    engine.on["stop"] = [](Reply& r) { answer(r, first_legal_move(game_heard(r.heard()))); };
    FakeHost fake(engine);
    auto steps = check(fake);
    CHECK(failed(steps) == std::vector<std::string>{});
    for (const char* name :
         {"go depth 0 (a legal move at once)", "go nodes 0 (a legal move at once)"}) {
        const auto& step = step_named(steps, name);
        CHECK(step.verdict == Verdict::Warn);
        CHECK(step.reason ==
              "bestmove only after stop, 1000 ms after go: a legal move is due at once");
    }
}

TEST_CASE("an engine that declares Rules is also checked under another rule set",
          "[engine][compliance]") {
    auto engine = well_behaved_engine();
    SECTION("one that plays it passes") {
        FakeHost fake(engine);
        auto steps = check(fake);
        CHECK(
            step_named(steps, "[village] Rules option (setoption name Rules value ...)").passed());
        CHECK(step_named(steps, "[village] North to move, from the start").passed());
        CHECK(failed(steps) == std::vector<std::string>{});
    }
    SECTION("one that declares it but plays standard fails the variant's positions") {
        engine.on["go"] = [](Reply& r) {
            if (go_read(r).infinite) return;
            auto game = game_heard(r.heard());
            game.rules = oaq::rules::Rules{};  // ignores what it was told
            // Clockwise only under village: standard's first move (1L) happens to be legal, so
            // prefer R, which village forbids.
            auto legal = oaq::rules::legal_moves(game.position, game.rules);
            std::string move = first_legal_move(game);
            for (auto m : legal)
                if (m.direction == oaq::rules::Direction::R) move = oaq::rules::to_string(m);
            answer(r, move);
        };
        FakeHost fake(engine);
        auto steps = check(fake);
        CHECK(step_starts_with(steps, Verdict::Fail, "[village] "));
    }
    SECTION("one that does not declare it is not") {
        engine.on["ugi"] = [](Reply& r) { r.say("id name plain").say("ugiok"); };
        FakeHost fake(engine);
        auto steps = check(fake);
        CHECK_FALSE(step_starts_with(steps, Verdict::Pass, "[village]"));
        CHECK(failed(steps) == std::vector<std::string>{});
    }
}

TEST_CASE("an engine that declares PlyLimit is told the limit and moves one ply before it",
          "[engine][compliance]") {
    FakeHost fake(well_behaved_engine());
    auto steps = check(fake);
    const ComplianceStep* step = nullptr;
    for (const auto& s : steps)
        if (s.name.rfind("PlyLimit ", 0) == 0) step = &s;
    REQUIRE(step);
    CHECK(step->passed());
    CHECK(step->name == "PlyLimit 40: a search one ply before the limit");
    CHECK(heard(fake.last(), "setoption name PlyLimit value 40"));
    CHECK(heard(fake.last(), "setoption name PlyLimit value 300"));  // back to the game's limit
}

TEST_CASE("an engine that never sends ugiok fails the handshake and the rest is skipped",
          "[engine][compliance]") {
    FakeHost fake(engine_with("ugi", [](Reply& r) { r.say("id name mute"); }));
    auto steps = check(fake);
    REQUIRE(steps.size() == 2);
    CHECK(steps[0].reason ==
          "stall: no ugiok within 10000 ms (last line received: \"id name mute\")");
    CHECK(steps[1].name == "remaining steps");
    CHECK(steps[1].reason == "skipped: no handshake");
    CHECK(fake.launches() == 1);

    SECTION("an engine whose output never arrives is told to flush it") {
        FakeHost silent_one(engine_with("ugi", silent));
        auto quiet = check(silent_one);
        CHECK(quiet[0].reason ==
              "stall: no ugiok within 10000 ms: nothing at all received; is the engine's output "
              "flushed after every line?");
    }
}

TEST_CASE("an illegal mover fails the search steps with the reason", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["go"] = [](Reply& r) {
        if (r.line().find("infinite") == std::string::npos)
            answer(r, first_illegal_move(game_heard(r.heard())));
    };
    engine.on["stop"] = [](Reply& r) { answer(r, first_illegal_move(game_heard(r.heard()))); };
    FakeHost fake(engine);
    auto steps = check(fake);
    bool saw_illegal = false;
    for (const auto& s : steps) {
        if (!s.passed()) {
            INFO(s.name << ": " << s.reason);
            CHECK(s.reason.rfind("illegal move ", 0) == 0);
            saw_illegal = true;
        }
    }
    CHECK(saw_illegal);
    CHECK(failed_step_starts_with(steps, "North to move, from a position string"));
    CHECK_FALSE(failed_step_starts_with(steps, "South to move, from the start"));  // all legal
    CHECK_FALSE(failed_step_starts_with(steps, "handshake"));
}

TEST_CASE("each misbehaviour fails its own step", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    std::string rules = "standard";
    std::string expected;
    SECTION("no Rules option under non-standard rules: the rest runs under standard rules") {
        engine.on["ugi"] = [](Reply& r) { r.say("id name plain").say("ugiok"); };
        rules = "village";
        expected = "Rules option";
    }
    SECTION("ignoring quit") {
        engine.on["quit"] = [](Reply&) {};
        expected = "quit";
    }
    SECTION("an option declared with a default outside its range") {
        engine.on["ugi"] = [](Reply& r) {
            r.say("id name sloppy")
                .say("option name Hash type spin default 2000 min 1 max 1024")
                .say("ugiok");
        };
        expected = "declared options are well-formed";
    }
    SECTION("go infinite answered before stop") {
        engine.on["go"] = [](Reply& r) { answer(r, first_legal_move(game_heard(r.heard()))); };
        expected = "go infinite";
    }
    FakeHost fake(engine);
    auto steps = check(fake, rules);
    INFO(steps.size() << " steps");
    REQUIRE(failed(steps).size() == 1);
    CHECK(failed_step_starts_with(steps, expected));
}

TEST_CASE("a slow thinker fails the timed steps but not go infinite", "[engine][compliance]") {
    FakeHost fake(well_behaved_engine(600ms));
    auto steps = check(fake);
    CHECK(failed_step_starts_with(steps, "go movetime"));
    CHECK(failed_step_starts_with(steps, "South to move, from the start"));
    CHECK_FALSE(failed_step_starts_with(steps, "go infinite"));
    CHECK_FALSE(failed_step_starts_with(steps, "go depth 1"));
}

TEST_CASE("a crash fails its step only: the engine is restarted for the next ones",
          "[engine][compliance]") {
    auto first_search_crashes = std::make_shared<bool>(true);  // shared by every process
    auto engine = well_behaved_engine();
    engine.on["go"] = [crash = first_search_crashes, go = engine.on["go"]](Reply& r) {
        if (*crash)
            r.exit({true, SIGABRT});
        else
            go(r);
        *crash = false;
    };
    FakeHost fake(engine);
    auto steps = check(fake);
    // The first search is the PlyLimit step's.
    auto failures = failed(steps);
    REQUIRE(failures.size() == 1);
    CHECK(failures[0].rfind("PlyLimit 40: a search one ply before the limit | crash: signal 6 "
                            "(SIGABRT); sent: position startpos moves ",
                            0) == 0);
    CHECK(fake.launches() == 2);
}

TEST_CASE("every reason is one printable line, also when it quotes what the engine wrote",
          "[engine][compliance]") {
    // protocol-spec 12: one-line reasons; the transcript is the protocol log's (--log).
    FakeHost fake(engine_with("go", [](Reply& r) { r.write("bestmove 7R\r\n"); }));
    auto steps = check(fake);
    REQUIRE_FALSE(failed(steps).empty());
    for (const auto& s : steps) {
        for (char c : s.reason) CHECK(static_cast<unsigned char>(c) >= 0x20);
    }
    CHECK(step_named(steps, "South to move, from the start")
              .reason.rfind("protocol_violation: bestmove 7R\\r: \"7R\" is not a move", 0) == 0);
}

TEST_CASE("junk lines pass the check but come back as warnings", "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["go"] = [go = engine.on["go"]](Reply& r) {
        r.say("hello referee").say("info depth nonsense");
        go(r);
    };
    FakeHost fake(engine);
    auto c = fake_engine_config();
    c.engine.options = {{"NoSuchOption", "1"}};
    std::vector<std::string> warnings;
    auto steps = run_compliance_check(c, CheckSettings{}, &warnings, fake.host());
    CHECK(failed(steps) == std::vector<std::string>{});
    REQUIRE(warnings.size() >= 3);
    CHECK(warnings[0] == "option \"NoSuchOption\" is not declared by the engine; not sent");
    // One warning per reason, with the count of lines (one a search).
    CHECK(warnings[1].rfind("ignored 29 lines (the first: \"hello referee\"): unknown command",
                            0) == 0);
}

TEST_CASE("an engine that declares Shares is sent a session position and must move legally in it",
          "[engine][compliance]") {
    auto engine = well_behaved_engine();
    engine.on["ugi"] = [](Reply& r) {
        r.say("id name shares")
            .say("option name Shares type check default false")
            .say("option name PlyLimit type spin default 300 min 0 max 2147483647")
            .say("ugiok");
    };
    FakeHost fake(engine);
    auto steps = check(fake);
    const auto& step = step_named(steps, "Shares: a search with shares (seventh field)");
    CHECK(step.passed());
    CHECK(heard(fake.last(), "setoption name Shares value true"));
    CHECK(heard(fake.last(), "setoption name Shares value false"));  // back to ordinary games
    const std::string sent =
        "position fen Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0 0,0,0,0,0,0,0,0,2,5";
    const auto& lines = fake.last().heard;
    CHECK(std::any_of(lines.begin(), lines.end(),
                      [&](const std::string& l) { return l.rfind(sent, 0) == 0; }));
    CHECK(failed(steps) == std::vector<std::string>{});
}
