// oaq-bench-overhead: what the referee's engine layer costs per move. Two figures per ply:
//   floor    a bare pipe round trip between two processes: the parent writes one line, a forked
//            child reads it and writes one line back (the least any referee can pay);
//   session  EngineSession::search (position + go -> bestmove) against oaq-test-engine, an engine
//            that answers at once, so the difference to the floor is the layer's own overhead:
//            encoding, decoding, the line buffer, the protocol state machine and the engine's
//            parse.
// Reports wall time per ply (mean, median, 99th percentile) and CPU time per ply of the referee
// (and of the other side). Figures only: this program never fails on timing.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "engine/engine_session.hpp"
#include "rules/rules.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::nanoseconds;

struct Figures {
    std::string name;
    int plies = 0;
    double mean_us = 0, median_us = 0, p99_us = 0;
    double cpu_self_us = 0;   // referee CPU (user + system) per ply
    double cpu_other_us = 0;  // the child's CPU per ply
};

double cpu_us(int who) {
    rusage u{};
    ::getrusage(who, &u);
    auto us = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_usec);
    };
    return us(u.ru_utime) + us(u.ru_stime);
}

void summarize(Figures& f, std::vector<double> samples_us) {
    std::sort(samples_us.begin(), samples_us.end());
    double sum = 0;
    for (double s : samples_us) sum += s;
    f.plies = static_cast<int>(samples_us.size());
    f.mean_us = sum / static_cast<double>(samples_us.size());
    f.median_us = samples_us[samples_us.size() / 2];
    f.p99_us = samples_us[samples_us.size() * 99 / 100];
}

double micros(nanoseconds d) {
    return static_cast<double>(d.count()) / 1000.0;
}

// The floor: one line each way through two pipes with a forked child.
Figures pipe_floor(int plies) {
    int to_child[2], from_child[2];
    if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) std::exit(2);
    pid_t pid = ::fork();
    if (pid == 0) {
        ::close(to_child[1]);
        ::close(from_child[0]);
        char buf[4096];
        const char reply[] = "bestmove 1L\n";
        for (;;) {
            ssize_t n = ::read(to_child[0], buf, sizeof buf);
            if (n <= 0) ::_exit(0);
            if (::write(from_child[1], reply, sizeof reply - 1) < 0) ::_exit(0);
        }
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    const char line[] = "position startpos moves 1L 2R\ngo movetime 1000\n";
    char buf[4096];
    std::vector<double> samples;
    samples.reserve(static_cast<std::size_t>(plies));
    double cpu0 = cpu_us(RUSAGE_SELF);
    for (int i = 0; i < plies; ++i) {
        auto t0 = Clock::now();
        if (::write(to_child[1], line, sizeof line - 1) < 0) std::exit(2);
        if (::read(from_child[0], buf, sizeof buf) <= 0) std::exit(2);
        samples.push_back(micros(Clock::now() - t0));
    }
    double cpu1 = cpu_us(RUSAGE_SELF);
    double children0 = cpu_us(RUSAGE_CHILDREN);
    ::close(to_child[1]);
    ::close(from_child[0]);
    ::waitpid(pid, nullptr, 0);
    Figures f{"pipe round trip (floor)"};
    summarize(f, samples);
    f.cpu_self_us = (cpu1 - cpu0) / plies;
    f.cpu_other_us = (cpu_us(RUSAGE_CHILDREN) - children0) / plies;
    return f;
}

Figures session_round_trip(int plies, int infos_per_move) {
    oaq::engine::EngineConfig config;
    config.engine.name = "instant";
    config.engine.command = OAQ_TEST_ENGINE;
    if (infos_per_move > 0) config.engine.args = {"--info-flood", std::to_string(infos_per_move)};
    oaq::engine::EngineSession session(config);
    if (!session.prepare(oaq::rules::Rules{}, oaq::game::kDefaultPlyLimit) || !session.new_game()) {
        std::fprintf(stderr, "oaq-bench-overhead: the test engine did not start\n");
        std::exit(2);
    }
    oaq::protocol::PositionCommand position{std::nullopt, {"1L", "2R"}};
    oaq::protocol::Go go;
    go.movetime = std::chrono::milliseconds(1000);
    std::vector<double> samples, elapsed;
    samples.reserve(static_cast<std::size_t>(plies));
    double children0 = cpu_us(RUSAGE_CHILDREN);
    double cpu0 = cpu_us(RUSAGE_SELF);
    for (int i = 0; i < plies; ++i) {
        auto t0 = Clock::now();
        auto r = session.search(position, go, std::chrono::seconds(2));
        samples.push_back(micros(Clock::now() - t0));
        if (!r) {
            std::fprintf(stderr, "oaq-bench-overhead: search failed: %s\n",
                         r.error().detail.c_str());
            std::exit(2);
        }
    }
    double cpu1 = cpu_us(RUSAGE_SELF);
    session.shutdown();  // the engine's CPU shows in RUSAGE_CHILDREN once it is reaped
    Figures f{infos_per_move > 0
                  ? "EngineSession search, " + std::to_string(infos_per_move + 1) + " info lines"
                  : "EngineSession search (instant engine)"};
    summarize(f, samples);
    f.cpu_self_us = (cpu1 - cpu0) / plies;
    f.cpu_other_us = (cpu_us(RUSAGE_CHILDREN) - children0) / plies;
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    int plies = 20000;
    bool json = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (std::strcmp(argv[i], "--plies") == 0 && i + 1 < argc) {
            plies = std::max(100, std::atoi(argv[++i]));
        } else {
            const bool help = std::strcmp(argv[i], "--help") == 0;
            std::fprintf(help ? stdout : stderr,
                         "usage: oaq-bench-overhead [--plies N] [--json]\n");
            return help ? 0 : 2;
        }
    }
    std::vector<Figures> rows{pipe_floor(plies), session_round_trip(plies, 0),
                              session_round_trip(plies, 19)};
    if (json) {
        std::vector<std::string> encoded;
        for (const auto& f : rows) {
            encoded.push_back(oaq::Json()
                                  .field("name", f.name)
                                  .field("plies", f.plies)
                                  .field("wall_mean_us", f.mean_us)
                                  .field("wall_median_us", f.median_us)
                                  .field("wall_p99_us", f.p99_us)
                                  .field("cpu_referee_us", f.cpu_self_us)
                                  .field("cpu_other_us", f.cpu_other_us)
                                  .str());
        }
        std::printf("%s\n", oaq::Json().raw("rows", oaq::Json::array(encoded)).str().c_str());
        return 0;
    }
    std::printf("%-40s %7s %10s %10s %10s %12s %12s\n", "per ply", "plies", "mean us", "median us",
                "p99 us", "cpu ref us", "cpu other us");
    for (const auto& f : rows) {
        std::printf("%-40s %7d %10.1f %10.1f %10.1f %12.1f %12.1f\n", f.name.c_str(), f.plies,
                    f.mean_us, f.median_us, f.p99_us, f.cpu_self_us, f.cpu_other_us);
    }
    std::printf("layer overhead (median, session - floor): %.1f us per ply\n",
                rows[1].median_us - rows[0].median_us);
    return 0;
}
