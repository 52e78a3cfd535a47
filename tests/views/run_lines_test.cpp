// The live lines of a run (views::RunLines, which app::Progress prints): a shard says which part of
// which run it plays, and a game's number is the whole run's while its place counts the shard's
// own games.
#include <catch2/catch.hpp>

#include <string>

#include "views/run_lines.hpp"

using namespace oaq;

namespace {

tournament::GameStarted started(std::int64_t game_index) {
    tournament::GameStarted e;
    e.pairing.game_index = game_index;
    e.pairing.pair_index = game_index / 2;
    e.south = "a";
    e.north = "b";
    return e;
}

}  // namespace

TEST_CASE("a shard's start line names its shard, its part of the run and the seed",
          "[views][progress][shard]") {
    views::RunLines lines(false, "");
    tournament::RunStarted e;
    e.name = "cup";
    e.engines = {"a", "b"};
    e.total_games = 6;
    e.shard = tournament::Shard{1, 4};
    e.run_games = 24;
    e.seed = 7;
    CHECK(lines.run_started(e) == "cup: shard 1/4: 6 of the run's 24 games, seed 7\n");
    // Pair 5 is the shard's second (pairs 1, 5, 9): its second game is the shard's fourth.
    CHECK(lines.game_started(started(11)) == "Started game cup#12, 4 of 6 in shard 1/4 (a vs b)\n");
    CHECK(lines.game_started(started(2)) == "Started game cup#3, 1 of 6 in shard 1/4 (a vs b)\n");
}

TEST_CASE("a run that is no shard counts its games as before", "[views][progress][shard]") {
    views::RunLines lines(false, "");
    tournament::RunStarted e;
    e.name = "cup";
    e.engines = {"a", "b"};
    e.total_games = 12;
    e.already_done = 2;
    e.resumed = true;
    CHECK(lines.run_started(e) == "cup: 12 games, 2 already played\n");
    CHECK(lines.game_started(started(6)) == "Started game cup#7 of 12 (a vs b)\n");
}

TEST_CASE("a shard's JSON lines carry the shard, the run's games, the seed and the place",
          "[views][progress][shard]") {
    views::RunLines lines(true, "");
    tournament::RunStarted e;
    e.name = "cup";
    e.engines = {"a", "b"};
    e.total_games = 6;
    e.shard = tournament::Shard{1, 4};
    e.run_games = 24;
    e.seed = 7;
    CHECK_THAT(lines.run_started(e), Catch::Contains(R"("shard":"1/4","run_games":24,"seed":7)"));
    CHECK_THAT(lines.game_started(started(11)),
               Catch::Contains(R"("game":12,)") && Catch::Contains(R"("shard_game":4})"));
}

TEST_CASE("a run that plays more pairs than its book has lines warns once at the start",
          "[views][progress][openings]") {
    tournament::RunStarted e;
    e.name = "cup";
    e.engines = {"a", "b"};
    e.total_games = 10;
    e.book_lines = 2;
    e.book_pairs = 5;
    views::RunLines text(false, "");
    CHECK(text.run_started(e) ==
          "cup: 10 games\nwarning: the run plays 5 colour-swapped pairs from a book of 2 lines, so "
          "each line is played up to 3 times; engines replay a line nearly identically, so the "
          "repeats add little (use a bigger book or at most 4 games)\n");
    views::RunLines json(true, "");
    CHECK_THAT(json.run_started(e), Catch::Contains("\n{\"type\":\"warning\",\"message\":\"the run "
                                                    "plays 5 colour-swapped pairs"));
    // As many pairs as lines: every pair has a line of its own, no warning.
    e.book_pairs = 2;
    CHECK(text.run_started(e) == "cup: 10 games\n");
    CHECK(json.run_started(e).find("warning") == std::string::npos);
}
