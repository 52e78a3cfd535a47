// Every number an option takes is range-checked: a value out of range, not a number, nan or inf is
// one line naming the option, the value as given and the range, before anything is started,
// opened or written. The commands run in-process; every row below throws before it does anything.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/run_config.hpp"
#include "common/error.hpp"

using namespace oaq;

namespace {

using Args = std::vector<std::string>;

// Runs `oaq <args...>` in-process and returns the OaqError it throws ("" when none).
std::string refusal(const Args& args) {
    std::vector<std::string> copy(args.begin() + 1, args.end());
    std::vector<char*> argv;
    for (auto& a : copy) argv.push_back(a.data());
    const int argc = static_cast<int>(argv.size());
    const auto& command = args.front();
    try {
        if (command == "match" || command == "tournament") {
            app::parse_run_config(
                command == "match" ? app::RunMode::Match : app::RunMode::Tournament, copy);
        } else if (command == "check-engine") {
            app::run_check_engine(argc, argv.data());
        } else if (command == "play") {
            app::run_play(argc, argv.data());
        } else if (command == "ratings") {
            app::run_ratings(argc, argv.data());
        } else if (command == "results") {
            app::run_results(argc, argv.data());
        } else if (command == "rules") {
            app::run_rules(argc, argv.data());
        }
    } catch (const OaqError& e) {
        return e.what();
    }
    return "";
}

Args match_args(Args more) {
    Args args{"match",         "match",    "--engine", "name=a",
              "cmd=/bin/true", "--engine", "name=b",   "cmd=/bin/true"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

Args tournament_args(Args more) {
    Args args{"tournament",    "tournament", "--engine", "name=a",
              "cmd=/bin/true", "--engine",   "name=b",   "cmd=/bin/true"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

}  // namespace

TEST_CASE("every numeric option refuses values out of its range naming option, value and range",
          "[app][numbers][edges]") {
    using Row = std::tuple<Args, std::string, std::string, std::string>;
    // The command line; then what the message must name: the option, the value, the range.
    auto [args, option, value,
          range] = GENERATE(table<Args, std::string, std::string, std::string>({
        Row{match_args({"--concurrency", "0"}), "--concurrency", "\"0\"", "1..256"},
        Row{match_args({"--concurrency", "99999999999999999999"}), "--concurrency",
            "99999999999999999999", "1..256"},
        Row{match_args({"--concurrency", "2.5"}), "--concurrency", "\"2.5\"", "1..256"},
        Row{match_args({"--time-margin", "-1"}), "--time-margin", "\"-1\"", "0..600000 ms"},
        Row{match_args({"--stall-timeout", "0"}), "--stall-timeout", "\"0\"", "1..86400000 ms"},
        Row{match_args({"--max-plies", "-3"}), "--max-plies", "\"-3\"", "0..1000000"},
        Row{match_args({"--progress", "-1"}), "--progress", "\"-1\"", "0..1000000000"},
        Row{match_args({"--games", "0"}), "--games", "\"0\"", "1..1000000000"},
        Row{match_args({"--seed", "-1"}), "--seed", "\"-1\"", "0..18446744073709551615"},
        Row{match_args({"--seed", "18446744073709551616"}), "--seed", "18446744073709551616",
            "0..18446744073709551615"},
        Row{match_args({"--sprt", "elo1=inf"}), "--sprt elo1", "\"inf\"", "-1000..1000"},
        Row{match_args({"--sprt", "elo0=nan"}), "--sprt elo0", "\"nan\"", "-1000..1000"},
        Row{match_args({"--sprt", "alpha=0"}), "--sprt alpha", "\"0\"", "1e-06..0.5"},
        Row{match_args({"--sprt", "beta=1e999"}), "--sprt beta", "\"1e999\"", "1e-06..0.5"},
        Row{match_args({"--openings", "plies=101"}), "--openings plies", "\"101\"", "0..100"},
        Row{match_args({"--openings", "plies=4", "seed=x"}), "--openings seed", "\"x\"",
            "0..18446744073709551615"},
        Row{match_args({"--tc", "movetime=9223372036854"}), "--tc", "movetime=9223372036854",
            "1..86400000 ms"},
        Row{match_args({"--tc", "99999999"}), "--tc", "99999999", "0.001..10000000"},
        Row{match_args({"--tc", "depth=500"}), "--tc", "depth=500", "1..200"},
        Row{tournament_args({"--rounds", "0"}), "--rounds", "\"0\"", "1..100000"},
        Row{tournament_args({"--rounds", "1e3"}), "--rounds", "\"1e3\"", "1..100000"},
        Row{{"check-engine", "check-engine", "--handshake-timeout", "-5", "--", "/bin/true"},
            "--handshake-timeout",
            "\"-5\"",
            "1..3600000 ms"},
        Row{{"check-engine", "check-engine", "--ready-timeout", "0", "--", "/bin/true"},
            "--ready-timeout",
            "\"0\"",
            "1..3600000 ms"},
        Row{{"check-engine", "check-engine", "--stall-timeout", "x", "--", "/bin/true"},
            "--stall-timeout",
            "\"x\"",
            "1..86400000 ms"},
        Row{{"play", "play", "--engine", "cmd=/bin/true", "--max-plies", "-1"},
            "--max-plies",
            "\"-1\"",
            "0..1000000"},
        Row{{"play", "play", "--engine", "cmd=/bin/true", "--tc", "movetime=0"},
            "--tc",
            "movetime=0",
            "1..86400000 ms"},
        Row{{"ratings", "ratings", "--anchor-rating", "nan"},
            "--anchor-rating",
            "\"nan\"",
            "-100000..100000"},
        Row{{"ratings", "ratings", "--anchor-rating", "-inf"},
            "--anchor-rating",
            "\"-inf\"",
            "-100000..100000"},
        Row{{"ratings", "ratings", "--anchor-rating", "1e6"},
            "--anchor-rating",
            "\"1e6\"",
            "-100000..100000"},
        Row{{"results", "results", "games", "--limit", "-1"},
            "--limit",
            "\"-1\"",
            "0..9223372036854775807"},
        Row{{"results", "results", "games", "--offset", "x"},
            "--offset",
            "\"x\"",
            "0..9223372036854775807"},
        Row{{"results", "results", "game", "--id", "x"}, "--id", "\"x\"", "0..9223372036854775807"},
        Row{{"rules", "rules", "perft", "31"}, "perft DEPTH", "\"31\"", "0..30"},
        Row{{"rules", "rules", "play", "--max-plies", "-1", "1L"},
            "--max-plies",
            "\"-1\"",
            "0..1000000"},
        Row{{"rules", "rules", "session", "--game-limit", "0", "--game", "1L"},
            "--game-limit",
            "\"0\"",
            "1..1000000"},
    }));
    CAPTURE(args);
    const auto message = refusal(args);
    CHECK_THAT(message,
               Catch::Contains(option) && Catch::Contains(value) && Catch::Contains(range));
    CHECK(message.find('\n') == std::string::npos);
}

TEST_CASE("numeric options take every value of their range, the bounds included",
          "[app][numbers][edges]") {
    auto config = app::parse_run_config(app::RunMode::Match, {"match",
                                                              "--engine",
                                                              "name=a",
                                                              "cmd=/bin/true",
                                                              "--engine",
                                                              "name=b",
                                                              "cmd=/bin/true",
                                                              "--concurrency",
                                                              "256",
                                                              "--time-margin",
                                                              "600000",
                                                              "--stall-timeout",
                                                              "86400000",
                                                              "--max-plies",
                                                              "1000000",
                                                              "--games",
                                                              "1000000000",
                                                              "--progress",
                                                              "0",
                                                              "--seed",
                                                              "18446744073709551615",
                                                              "--sprt",
                                                              "elo0=-1000",
                                                              "elo1=1000",
                                                              "alpha=0.5",
                                                              "beta=0.000001",
                                                              "--tc",
                                                              "movetime=86400000",
                                                              "--openings",
                                                              "plies=100",
                                                              "seed=0"});
    REQUIRE(config);
    const auto& d = config->definition;
    CHECK(config->concurrency == 256);
    CHECK(d.time_margin.count() == 600000);
    CHECK(d.stall_timeout.count() == 86400000);
    CHECK(d.max_plies == 1000000);
    CHECK(d.games == 1000000000);
    CHECK(d.seed == 18446744073709551615ull);
    CHECK(d.sprt->elo0 == -1000);
    CHECK(d.sprt->beta == 0.000001);
    CHECK(d.openings.plies == 100);
    CHECK(d.openings.seed == 0);
}
