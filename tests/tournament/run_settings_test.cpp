// A run's settings JSON: written with absolute paths, read back key by key (what a resume keeps),
// with the PGN file of settings written before it was kept read from the stored arguments.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tournament/run_settings.hpp"

using namespace oaq;
using namespace oaq::tournament;

TEST_CASE("run settings keep paths absolute and read back as written", "[run][settings]") {
    const auto json = settings_json({{"--log", "logs"}, 3, "logs", "games.pgn", 7});
    const auto here = std::filesystem::current_path();
    const auto s = stored_settings(json);
    CHECK(s.concurrency == 3);
    CHECK(s.log_dir == (here / "logs").string());
    CHECK(s.pgn_out == (here / "games.pgn").string());
    CHECK(s.progress_every == 7);
    CHECK(s.log_kept);
    CHECK(s.progress_kept);
    CHECK(stored_arguments(json).value() == std::vector<std::string>{"--log", "logs"});
    CHECK(settings_json({{}, 1, "", "", 10}).find(R"("log":"")") != std::string::npos);
}

TEST_CASE("settings stored before a key was kept say so and read --pgnout from the arguments",
          "[run][settings]") {
    const auto old = stored_settings(R"({"argv":["--pgnout","/data/old.pgn"],"concurrency":2})");
    CHECK(old.concurrency == 2);
    CHECK_FALSE(old.log_kept);
    CHECK_FALSE(old.progress_kept);
    CHECK_FALSE(old.log_dir);
    CHECK(old.pgn_out == "/data/old.pgn");
    CHECK(stored_settings(R"({"argv":["--pgnout=/data/eq.pgn"]})").pgn_out == "/data/eq.pgn");
    CHECK(stored_settings(R"({"argv":[]})").pgn_out == "");
    // Unreadable settings hold nothing, and nothing is to be read from their arguments.
    const auto damaged = stored_settings("{");
    CHECK_FALSE(damaged.concurrency);
    CHECK_FALSE(damaged.pgn_out);
    CHECK(damaged.log_kept);
    CHECK_FALSE(stored_arguments("{"));
    CHECK(stored_arguments(R"({"argv":[1]})").error().message ==
          "stored run arguments are damaged");
}

TEST_CASE("pgn_out_argument finds --pgnout FILE and --pgnout=FILE", "[run][settings]") {
    CHECK(pgn_out_argument({"--engine", "name=a", "--pgnout", "g.pgn"}) == "g.pgn");
    CHECK(pgn_out_argument({"--pgnout=h.pgn"}) == "h.pgn");
    CHECK(pgn_out_argument({"--pgnout"}) == "");
    CHECK(pgn_out_argument({}) == "");
    CHECK(absolute_path("") == "");
    CHECK(absolute_path("/a/./b/../c") == "/a/c");
}
