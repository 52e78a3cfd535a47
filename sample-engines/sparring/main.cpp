// oaq-sparring: the engine protocol (protocol-spec/README.md) around sparring::Searcher, written
// from the spec alone like the rest of this folder: a reader loop on the main thread, the search
// on a second one so that `stop` and `quit` are heard. `oaq-sparring --perft RULES DEPTH
// [POSITION]` prints the perft count of rules.md section 7 instead.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "board.hpp"
#include "search.hpp"

namespace {

using namespace sparring;
using Clock = std::chrono::steady_clock;

std::mutex output_mutex;

void say(const std::string& line) {
    const std::lock_guard<std::mutex> lock(output_mutex);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

std::vector<std::string> tokens_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string t; in >> t;) out.push_back(t);
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A number of the protocol (section 10): digits, a leading '-' read as 0, too large clamped.
long long number(const std::string& text) {
    if (text.empty() || text[0] == '-') return 0;
    long long v = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return 0;
        v = std::min(v * 10 + (c - '0'), 1'000'000'000'000LL);
    }
    return v;
}

struct Game {
    Board board = Board::start();
    std::vector<std::uint64_t> history{Board::start().hash()};
    int plies = 0;
};

class Engine {
  public:
    void run();

  private:
    void setoption(const std::vector<std::string>& t);
    void position(const std::vector<std::string>& t);
    void go(const std::vector<std::string>& t);
    void wait_for_search();
    void think(Limits limits);

    RuleSet rules_;
    Searcher searcher_;
    Game game_;
    int ply_limit_ = 300;
    std::atomic<bool> stop_{false};
    bool infinite_ = false;  // the running search has no limit
    std::thread worker_;
};

void Engine::run() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto t = tokens_of(line);
        if (t.empty()) continue;
        const std::string& word = t[0];
        if (word == "ugi") {
            say("id name oaq-sparring");
            say("id author an outside author (oaq sample-engines/sparring)");
            say("option name Rules type string default standard");
            say("option name Hash type spin default 16 min 1 max 1024");
            say("option name PlyLimit type spin default 300 min 0 max 2147483647");
            say("ugiok");
        } else if (word == "isready") {
            say("readyok");
        } else if (word == "stop") {
            stop_ = true;
            wait_for_search();
        } else if (word == "quit") {
            stop_ = true;
            break;
        } else {
            wait_for_search();
            if (word == "setoption")
                setoption(t);
            else if (word == "uginewgame")
                searcher_.clear();
            else if (word == "position")
                position(t);
            else if (word == "go")
                go(t);
        }
    }
    // At the end of the input a limited search finishes (so `printf ... | oaq-sparring` works);
    // an infinite one is stopped.
    if (infinite_) stop_ = true;
    wait_for_search();
}

void Engine::wait_for_search() {
    if (worker_.joinable()) worker_.join();
}

void Engine::setoption(const std::vector<std::string>& t) {
    std::string name, value;
    std::size_t i = 1;
    if (i < t.size() && t[i] == "name") ++i;
    for (; i < t.size() && t[i] != "value"; ++i) name += (name.empty() ? "" : " ") + t[i];
    for (++i; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
    name = lower(name);
    if (name == "rules") {
        std::string why;
        const auto r = parse_rules(value, why);
        if (!r) {
            // protocol-spec section 6: never answer readyok and play under the wrong rules.
            say("info string unsupported rules " + value + " (" + why +
                "): oaq-sparring plays standard, stop-after-capture and tg-standard");
            std::exit(1);
        }
        rules_ = *r;
    } else if (name == "hash") {
        searcher_.resize(static_cast<std::size_t>(std::clamp(number(value), 1LL, 1024LL)));
    } else if (name == "plylimit") {
        ply_limit_ = static_cast<int>(std::min(number(value), 2147483647LL));
    }
}

void Engine::position(const std::vector<std::string>& t) {
    Game g;
    std::size_t i = 1;
    while (i < t.size() && t[i] != "startpos" && t[i] != "fen") ++i;
    if (i < t.size() && t[i] == "fen") {
        std::vector<std::string> fields;
        for (++i; i < t.size() && t[i] != "moves"; ++i) fields.push_back(t[i]);
        std::string why;
        const auto b = Board::parse(fields, why);
        if (!b) {
            say("info string bad position: " + why);
            return;
        }
        g.board = *b;
        g.board.begin_turn(rules_);
        g.history = {g.board.hash()};
    }
    while (i < t.size() && t[i] != "moves") ++i;
    for (++i; i < t.size(); ++i) {
        const auto m = parse_move(t[i]);
        if (!m || !g.board.is_legal(*m)) {
            say("info string illegal move " + t[i] + " ignored, and every move after it");
            break;
        }
        g.board.play(*m, rules_);
        g.history.push_back(g.board.hash());
        ++g.plies;
    }
    game_ = g;
}

void Engine::go(const std::vector<std::string>& t) {
    long long time[2] = {-1, -1}, inc[2] = {0, 0}, movetime = -1, depth = -1, nodes = -1;
    for (std::size_t i = 1; i < t.size(); ++i) {
        const std::string& k = t[i];
        const long long v = i + 1 < t.size() ? number(t[i + 1]) : 0;
        if (k == "p1time")
            time[0] = v;
        else if (k == "p2time")
            time[1] = v;
        else if (k == "p1inc")
            inc[0] = v;
        else if (k == "p2inc")
            inc[1] = v;
        else if (k == "movetime")
            movetime = v;
        else if (k == "depth")
            depth = v;
        else if (k == "nodes")
            nodes = v;
    }
    const auto start = Clock::now();
    Limits limits;
    if (depth >= 0) limits.depth = static_cast<int>(std::min(depth, 100LL));
    if (nodes >= 0) limits.nodes = static_cast<std::uint64_t>(std::max(nodes, 1LL));
    if (movetime >= 0) {
        const long long ms = movetime >= 50 ? movetime - 10 : movetime * 4 / 5;
        limits.hard_deadline = start + std::chrono::milliseconds(ms);
    }
    const int me = game_.board.side;
    if (time[me] >= 0) {
        const long long left = time[me];
        const long long budget =
            std::clamp(left / 20 + inc[me] * 3 / 4, 1LL, std::max(1LL, left - 50));
        const auto hard = start + std::chrono::milliseconds(budget);
        if (!limits.hard_deadline || hard < *limits.hard_deadline) limits.hard_deadline = hard;
        limits.soft_deadline = start + std::chrono::milliseconds(budget / 2);
    }
    if (depth == 0 || nodes == 0 || movetime == 0) {
        const auto moves = game_.board.moves();
        say("bestmove " + (moves.empty() ? std::string("1L") : to_text(moves.front())));
        return;
    }
    stop_ = false;
    infinite_ = depth < 0 && nodes < 0 && !limits.hard_deadline;
    worker_ = std::thread([this, limits] { think(limits); });
}

void Engine::think(Limits limits) {
    const auto moves = game_.board.moves();
    if (moves.empty()) {  // never sent by a referee (protocol-spec 5.6)
        say("bestmove 1L");
        return;
    }
    const auto start = Clock::now();
    const int plies_left = ply_limit_ > 0 ? ply_limit_ - game_.plies : -1;
    const Move best = searcher_.search(
        game_.board, rules_, game_.history, plies_left, limits, stop_, [&](const Report& r) {
            const auto ms =
                std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
            std::string score = "cp " + std::to_string(r.score);
            if (std::abs(r.score) > kMateBound) {
                const int plies = kMate - std::abs(r.score);
                score = "mate " + std::to_string(r.score > 0 ? plies : -plies);
            }
            std::string line =
                "info depth " + std::to_string(r.depth) + " score " + score + " nodes " +
                std::to_string(r.nodes) + " nps " +
                std::to_string(r.nodes * 1000 /
                               static_cast<std::uint64_t>(std::max<long long>(1, ms))) +
                " time " + std::to_string(ms);
            if (!r.pv.empty()) {
                line += " pv";
                for (const Move m : r.pv) line += " " + to_text(m);
            }
            say(line);
        });
    say("bestmove " + to_text(best));
}

int perft_command(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: oaq-sparring --perft RULES DEPTH [POSITION]\n";
        return 2;
    }
    std::string why;
    const auto rules = parse_rules(argv[2], why);
    if (!rules) {
        std::cerr << "oaq-sparring: rules " << argv[2] << ": " << why << "\n";
        return 2;
    }
    Board b = Board::start();
    if (argc > 4) {
        const auto parsed = Board::parse(tokens_of(argv[4]), why);
        if (!parsed) {
            std::cerr << "oaq-sparring: position: " << why << "\n";
            return 2;
        }
        b = *parsed;
        b.begin_turn(*rules);
    }
    std::cout << perft(b, static_cast<int>(number(argv[3])), *rules) << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--perft") return perft_command(argc, argv);
    Engine engine;
    engine.run();
    return 0;
}
