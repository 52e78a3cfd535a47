// Integration: oaq-sparring (sample-engines/sparring/) as a real process. Its `--perft` equals
// the rules library's; every bestmove of a scripted session under each rule set it plays is
// legal by oaq::rules; a Rules value it cannot play makes it say so and exit before `readyok`
// (protocol-spec section 6); and `oaq check-engine` passes it under each of its rule sets.
#include <catch2/catch.hpp>

#include <sys/wait.h>
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
#include "rules/turn.hpp"
#include "session.hpp"

namespace {

const std::string kBot = OAQ_SPARRING_BIN;
const std::string kOaq = OAQ_BIN;

struct Output {
    std::string text;
    int status = 0;
};

// Runs `command` with stdin from `input` (a file); its standard output and exit status.
Output run(const std::string& command, const std::string& input = "") {
    std::string full = command;
    std::filesystem::path in_file;
    if (!input.empty()) {
        in_file = std::filesystem::temp_directory_path() /
                  ("oaq_sparring_" + std::to_string(::getpid()) + ".in");
        std::ofstream(in_file) << input;
        full += " < '" + in_file.string() + "'";
    }
    Output out;
    FILE* pipe = ::popen(full.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        out.text.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (!in_file.empty()) std::filesystem::remove(in_file);
    return out;
}

std::string quoted(const std::string& s) {
    return "'" + s + "'";
}

const char* const kPlayed[] = {"standard", "stop-after-capture", "tg-standard"};

}  // namespace

TEST_CASE("oaq-sparring --perft prints the rules library's count", "[sparring][integration]") {
    const std::string text = GENERATE(from_range(std::begin(kPlayed), std::end(kPlayed)));
    INFO(text);
    const auto rules = *oaq::rules::parse_rules(text);
    const auto out = run(quoted(kBot) + " --perft " + text + " 5");
    CHECK(out.status == 0);
    CHECK(out.text ==
          std::to_string(oaq::rules::perft(oaq::rules::start_position(rules), 5, rules)) + "\n");
}

TEST_CASE("oaq-sparring answers every search with a legal move under its rule sets",
          "[sparring][integration]") {
    const std::string text = GENERATE(from_range(std::begin(kPlayed), std::end(kPlayed)));
    INFO(text);
    const auto rules = *oaq::rules::parse_rules(text);
    std::mt19937_64 rng(41);
    std::vector<oaq::rules::Position> positions;
    std::string script = "ugi\nsetoption name Rules value " + oaq::rules::expanded(rules) +
                         "\nsetoption name hash value 2\nisready\nuginewgame\n";
    while (positions.size() < 12) {
        auto pos = oaq::rules::start_position(rules);
        std::string moves;
        for (int ply = 0; !pos.is_over() && positions.size() < 12; ++ply) {
            if (ply % 5 == 3) {
                positions.push_back(pos);
                script += "position startpos moves" + moves + "\nisready\ngo depth 4\n";
            }
            const auto legal = oaq::rules::legal_moves(pos, rules);
            const auto move = legal[static_cast<std::size_t>(rng() % legal.size())];
            moves += " " + oaq::rules::to_string(move);
            pos = oaq::rules::play(pos, move, rules);
        }
    }
    script += "quit\n";
    const auto out = run(quoted(kBot), script);
    CHECK(out.status == 0);
    std::vector<std::string> best;
    for (const auto& line : oaq::test::split_lines(out.text))
        if (line.rfind("bestmove ", 0) == 0) best.push_back(line.substr(9));
    REQUIRE(best.size() == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        INFO(oaq::rules::to_string(positions[i]) << " -> " << best[i]);
        const auto move = oaq::rules::parse_move(best[i]);
        REQUIRE(move);
        CHECK(oaq::rules::is_legal(positions[i], *move, rules));
    }
}

TEST_CASE("oaq-sparring refuses rules it cannot play before readyok", "[sparring][integration]") {
    const std::string text = GENERATE(as<std::string>{}, "village", "standard,quan_non=5");
    INFO(text);
    const auto rules = *oaq::rules::parse_rules(text);
    const auto out =
        run(quoted(kBot), "ugi\nsetoption name Rules value " + oaq::rules::expanded(rules) +
                              "\nisready\nposition startpos\ngo depth 1\n");
    CHECK(out.status != 0);
    CHECK(out.text.find("info string unsupported rules") != std::string::npos);
    CHECK(out.text.find("readyok") == std::string::npos);
    CHECK(out.text.find("bestmove") == std::string::npos);
}

TEST_CASE("oaq check-engine passes oaq-sparring under each rule set it plays",
          "[sparring][integration]") {
    const std::string text = GENERATE(from_range(std::begin(kPlayed), std::end(kPlayed)));
    INFO(text);
    // A 1 s margin, as for the other sample engines: the protocol is checked, not the load.
    const auto out = run(quoted(kOaq) + " check-engine --time-margin 1000 --rules " + text +
                         " --variant-rules " + (text == "standard" ? "tg-standard" : "standard") +
                         " -- " + quoted(kBot));
    INFO(out.text);
    CHECK(out.status == 0);
    CHECK(out.text.find("FAIL") == std::string::npos);
}
