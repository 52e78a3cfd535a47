// Integration: the standalone Python bot (sample-engines/python/oaq_random.py) run as a real
// process. Its own copy of the rules is cross-checked against oaq_rules by perft (rules.md section
// 7 presets and some override mixes, from the start and from mid-game positions), by the final
// positions of whole random games with shares (section 8: settlement, refill=own_or_lose), and
// every bestmove it gives in scripted sessions, some from seven-field positions, is checked with
// oaq::rules::is_legal. At tables of 3 and 4 seats (protocol-spec 6.3) the same: perft and whole
// games against the ring's rules, and a session of ring positions whose every bestmove is legal.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "rules/perft.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_position_string.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"
#include "session.hpp"

namespace {

const std::string kBot = OAQ_PYTHON_BOT;

// Runs `command` with stdin from `input` (a file) and returns its standard output.
std::string run(const std::string& command, const std::string& input = "") {
    std::string full = command;
    std::filesystem::path in_file;
    if (!input.empty()) {
        in_file = std::filesystem::temp_directory_path() /
                  ("oaq_python_bot_" + std::to_string(::getpid()) + ".in");
        std::ofstream(in_file) << input;
        full += " < '" + in_file.string() + "'";
    }
    std::string out;
    FILE* pipe = ::popen(full.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        out.append(buffer.data(), n);
    CHECK(::pclose(pipe) == 0);
    if (!in_file.empty()) std::filesystem::remove(in_file);
    return out;
}

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

// Positions reached by seeded random playouts, game not over, for `count` positions.
std::vector<oaq::rules::Position> sample_positions(const oaq::rules::Rules& rules,
                                                   std::uint64_t seed, std::size_t count) {
    std::mt19937_64 rng(seed);
    std::vector<oaq::rules::Position> out;
    while (out.size() < count) {
        auto pos = oaq::rules::start_position(rules);
        const auto skip = rng() % 4;
        for (std::uint64_t ply = 0; !pos.is_over() && out.size() < count; ++ply) {
            if (ply % 4 == skip) out.push_back(pos);
            const auto moves = oaq::rules::legal_moves(pos, rules);
            pos =
                oaq::rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
    }
    return out;
}

const char* const kRuleSets[] = {
    "standard",
    "stop-after-capture",
    "quan-non",
    "quan5",
    "no-empty-gap",
    "village",
    "standard,chain=no",
    "quan_setup=stones10,quan_non=3,direction=ccw",
    "no-empty-gap,after_capture=stop,end=first_mandarin_capture",
    "tg-standard",
    "refill=own_or_lose,quan_value=5",
};

}  // namespace

TEST_CASE("the Python bot's perft matches the rules library from the start",
          "[python][integration]") {
    const std::string rules_text = GENERATE(from_range(std::begin(kRuleSets), std::end(kRuleSets)));
    INFO(rules_text);
    const auto rules = *oaq::rules::parse_rules(rules_text);
    const auto expected = oaq::rules::perft(oaq::rules::start_position(rules), 4, rules);
    const auto output = run("python3 " + quoted(kBot) + " --perft " + quoted(rules_text) + " 4");
    CHECK(output == std::to_string(expected) + "\n");
}

TEST_CASE("the Python bot's perft matches the rules library from mid-game positions",
          "[python][integration]") {
    const std::string rules_text = GENERATE(from_range(std::begin(kRuleSets), std::end(kRuleSets)));
    const auto rules = *oaq::rules::parse_rules(rules_text);
    for (const auto& pos : sample_positions(rules, 11, 3)) {
        const std::string text = oaq::rules::to_string(pos);
        INFO(rules_text << " / " << text);
        const auto expected = oaq::rules::perft(pos, 3, rules);
        const auto output = run("python3 " + quoted(kBot) + " --perft " + quoted(rules_text) +
                                " 3 " + quoted(text));
        CHECK(output == std::to_string(expected) + "\n");
    }
}

TEST_CASE("the Python bot answers the protocol with legal moves under every rule set",
          "[python][integration]") {
    const std::string rules_text = GENERATE(from_range(std::begin(kRuleSets), std::end(kRuleSets)));
    INFO(rules_text);
    const auto rules = *oaq::rules::parse_rules(rules_text);
    auto positions = sample_positions(rules, 7, 20);
    // Every third position as a session game with shares: the moves are the same.
    for (std::size_t i = 0; i < positions.size(); i += 3) {
        positions[i].shares.set(oaq::rules::Side::North, 5, 5);
        positions[i].shares.set(oaq::rules::Side::North, 4, 2);
    }

    std::string script = "ugi\nsetoption name Rules value " + rules_text +
                         "\nsetoption name Seed value 3\nisready\n";
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (i % 2 == 1) script += "setoption name Style value greedy\n";
        script += "position fen " + oaq::rules::to_string(positions[i]) + "\ngo movetime 50\n";
        if (i % 2 == 1) script += "setoption name Style value random\n";
    }
    const auto start = oaq::rules::start_position(rules);
    oaq::rules::Move first_move;  // the first move that does not end the game at once
    for (const auto m : oaq::rules::legal_moves(start, rules)) {
        first_move = m;
        if (!oaq::rules::play(start, m, rules).is_over()) break;
    }
    script +=
        "position startpos moves " + oaq::rules::to_string(first_move) + "\ngo depth 1\nquit\n";

    const auto lines = oaq::test::split_lines(run("python3 " + quoted(kBot), script));
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.front() == "id name oaq-random-py");
    std::vector<std::string> best;
    for (const auto& line : lines)
        if (line.rfind("bestmove ", 0) == 0) best.push_back(line.substr(9));
    REQUIRE(best.size() == positions.size() + 1);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        INFO(oaq::rules::to_string(positions[i]) << " -> " << best[i]);
        const auto move = oaq::rules::parse_move(best[i]);
        REQUIRE(move);
        CHECK(oaq::rules::is_legal(positions[i], *move, rules));
    }
    const auto after_first = oaq::rules::play(start, first_move, rules);
    const auto last = oaq::rules::parse_move(best.back());
    REQUIRE(last);
    CHECK(oaq::rules::is_legal(after_first, *last, rules));
}

TEST_CASE("the Python bot ends and settles whole random games with shares as the rules library",
          "[python][integration]") {
    const std::string rules_text =
        GENERATE(as<std::string>{}, "standard", "tg-standard", "village", "refill=own_or_lose");
    const auto rules = *oaq::rules::parse_rules(rules_text);
    std::mt19937_64 rng(23);
    for (int game = 0; game < 4; ++game) {
        auto pos = oaq::rules::start_position(rules);
        for (int i = 0; i < 10; ++i) {
            pos.shares.set(i < 5 ? oaq::rules::Side::South : oaq::rules::Side::North, i % 5 + 1,
                           static_cast<int>(rng() % 6));
        }
        const std::string start = oaq::rules::to_string(pos);
        std::string moves;
        while (!pos.is_over()) {
            const auto legal = oaq::rules::legal_moves(pos, rules);
            const auto move = legal[static_cast<std::size_t>(rng() % legal.size())];
            moves += " " + oaq::rules::to_string(move);
            pos = oaq::rules::play(pos, move, rules);
        }
        INFO(rules_text << " / " << start << " /" << moves);
        const auto output = run("python3 " + quoted(kBot) + " --play " + quoted(rules_text) + " " +
                                quoted(start) + moves);
        CHECK(output == oaq::rules::to_string(pos) + "\n");
    }
}

TEST_CASE("the Python bot is reproducible for a seed", "[python][integration]") {
    const std::string script =
        "setoption name Seed value 9\nposition startpos\ngo depth 1\nposition startpos moves "
        "1R\ngo depth 1\n"
        "position startpos moves 1R 5L\ngo depth 1\nquit\n";
    const auto first = run("python3 " + quoted(kBot), script);
    CHECK(first == run("python3 " + quoted(kBot), script));
}

namespace {

const char* const kRingRuleSets[] = {
    "standard,players=3", "stop-after-capture,players=4", "tg-standard,players=3",
    "village,players=4",  "quan-non,players=3,chain=no",  "no-empty-gap,players=4,quan_value=5",
};

// Positions of seeded random games of the ring, game not over.
std::vector<oaq::rules::RingPosition> sample_ring_positions(const oaq::rules::Rules& rules,
                                                            std::uint64_t seed, std::size_t count) {
    std::mt19937_64 rng(seed);
    std::vector<oaq::rules::RingPosition> out;
    while (out.size() < count) {
        auto pos = oaq::rules::ring_start_position(rules);
        for (std::uint64_t ply = 0; !pos.is_over() && out.size() < count; ++ply) {
            if (ply % 3 == 1) out.push_back(pos);
            const auto moves = oaq::rules::legal_moves(pos, rules);
            pos =
                oaq::rules::play(pos, moves[static_cast<std::size_t>(rng() % moves.size())], rules);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("the Python bot's perft matches the rules library at tables of 3 and 4 seats",
          "[python][integration][nseat]") {
    const std::string rules_text =
        GENERATE(from_range(std::begin(kRingRuleSets), std::end(kRingRuleSets)));
    const auto rules = *oaq::rules::parse_rules(rules_text);
    INFO(rules_text);
    CHECK(run("python3 " + quoted(kBot) + " --perft " + quoted(rules_text) + " 4") ==
          std::to_string(oaq::rules::perft(oaq::rules::ring_start_position(rules), 4, rules)) +
              "\n");
    for (const auto& pos : sample_ring_positions(rules, 5, 2)) {
        const std::string text = oaq::rules::to_string(pos);
        INFO(text);
        CHECK(run("python3 " + quoted(kBot) + " --perft " + quoted(rules_text) + " 3 " +
                  quoted(text)) == std::to_string(oaq::rules::perft(pos, 3, rules)) + "\n");
    }
}

TEST_CASE("the Python bot ends and settles whole random games of 3 and 4 seats as the library",
          "[python][integration][nseat]") {
    const std::string rules_text =
        GENERATE(from_range(std::begin(kRingRuleSets), std::end(kRingRuleSets)));
    const auto rules = *oaq::rules::parse_rules(rules_text);
    std::mt19937_64 rng(31);
    for (int game = 0; game < 3; ++game) {
        oaq::rules::RingGame play(rules, oaq::rules::ring_start_position(rules), 0);
        std::string moves;
        while (!play.is_over()) {
            const auto legal = oaq::rules::legal_moves(play.position(), rules);
            const auto move = legal[static_cast<std::size_t>(rng() % legal.size())];
            moves += " " + oaq::rules::to_string(move);
            REQUIRE(play.play(move));
        }
        INFO(rules_text << " / startpos" << moves);
        CHECK(run("python3 " + quoted(kBot) + " --play " + quoted(rules_text) + " startpos" +
                  moves) == oaq::rules::to_string(play.position()) + "\n");
    }
}

TEST_CASE(
    "the Python bot declares Players and plays legal moves for the seat to move at 3 and 4 "
    "seats over a pipe",
    "[python][integration][nseat]") {
    const int seats = GENERATE(3, 4);
    const std::string rules_text = "standard,players=" + std::to_string(seats);
    const auto rules = *oaq::rules::parse_rules(rules_text);
    const auto positions = sample_ring_positions(rules, 17, 16);
    // As the referee does (spec 6.3): Players, then the expanded Rules, then the game.
    std::string script = "ugi\nsetoption name Players value " + std::to_string(seats) +
                         "\nsetoption name Rules value " + oaq::rules::expanded(rules) +
                         "\nsetoption name Seed value 5\nisready\nuginewgame\nisready\n";
    std::string clocks;
    for (int k = 1; k <= seats; ++k) clocks += " p" + std::to_string(k) + "time 5000";
    for (int k = 1; k <= seats; ++k) clocks += " p" + std::to_string(k) + "inc 50";
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (i % 2 == 1) script += "setoption name Style value greedy\n";
        script +=
            "position fen " + oaq::rules::to_string(positions[i]) + "\nisready\ngo" + clocks + "\n";
        if (i % 2 == 1) script += "setoption name Style value random\n";
    }
    // A game from the start with its moves, as the referee sends it: seat 3 to move.
    script += "position startpos moves 1R 3L\ngo movetime 50\nquit\n";
    oaq::rules::RingGame game(rules, oaq::rules::ring_start_position(rules));
    REQUIRE(game.play(std::string_view("1R")));
    REQUIRE(game.play(std::string_view("3L")));

    const auto lines = oaq::test::split_lines(run("python3 " + quoted(kBot), script));
    CHECK(std::count(lines.begin(), lines.end(),
                     "option name Players type spin default 2 min 2 max 4") == 1);
    CHECK(std::count(lines.begin(), lines.end(), "id protocol 2") == 1);
    std::vector<std::string> best;
    for (const auto& line : lines)
        if (line.rfind("bestmove ", 0) == 0) best.push_back(line.substr(9));
    REQUIRE(best.size() == positions.size() + 1);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        INFO(oaq::rules::to_string(positions[i]) << " -> " << best[i]);
        const auto move = oaq::rules::parse_move(best[i]);
        REQUIRE(move);
        CHECK(oaq::rules::is_legal(positions[i], *move, rules));
    }
    const auto last = oaq::rules::parse_move(best.back());
    REQUIRE(last);
    CHECK(oaq::rules::is_legal(game.position(), *last, rules));
}
