// views::PgnOut (--pgnout): every finished game is appended to the file as `oaq results export`
// writes it, an aborted one is not, and RunObservers hands each event to every observer.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../store/fixtures.hpp"
#include "views/export_games.hpp"
#include "views/pgn_out.hpp"
#include "views/results_json.hpp"

using namespace oaq;

namespace {

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

tournament::GameFinished finished(std::int64_t game_index, bool aborted) {
    tournament::GameFinished e;
    e.pairing.game_index = game_index;
    e.pairing.pair_index = game_index / 2;
    e.record = store::test::make_game("a", "b", 6, static_cast<unsigned>(game_index + 1));
    e.aborted = aborted;
    return e;
}

}  // namespace

TEST_CASE("PgnOut appends each finished game as the export writes it and skips aborted ones",
          "[views][pgn]") {
    const auto path = std::filesystem::temp_directory_path() / "oaq_pgn_out_test.pgn";
    std::filesystem::remove(path);
    {
        std::ofstream earlier(path);
        earlier << "kept\n";
    }
    views::PgnOut pgn(path.string());
    tournament::RunStarted started;
    started.name = "cup";
    views::RunObservers observers({&pgn});
    observers.run_started(started);
    observers.game_finished(finished(0, false));
    observers.game_finished(finished(1, true));
    observers.game_finished(finished(2, false));
    const auto& first = finished(0, false);
    const auto& third = finished(2, false);
    CHECK(file_text(path) == "kept\n" +
                                 views::pgn_game(views::game_number("cup", 0, 0, 0),
                                                 store::stored_record(first.record)) +
                                 views::pgn_game(views::game_number("cup", 2, 1, 0),
                                                 store::stored_record(third.record)));
    std::filesystem::remove(path);
}

TEST_CASE("PgnOut refuses a file it cannot write in one line", "[views][pgn]") {
    CHECK_THROWS_WITH(views::PgnOut("/nonexistent-dir/x.pgn"),
                      "--pgnout: cannot write /nonexistent-dir/x.pgn");
}
