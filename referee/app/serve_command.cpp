// `oaq serve --db FILE [--tournament T] [--port N] [--address A] [--json]`: the live page of a
// stored tournament (live/store_feed.hpp): its finished games with a replay board, the standings,
// and, while another process is writing the run, each game as it is stored. Reads the file only;
// serves until SIGINT or SIGTERM.
#include <chrono>
#include <iostream>
#include <thread>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupts.hpp"
#include "common/error.hpp"
#include "common/json.hpp"
#include "live/page.hpp"
#include "live/server.hpp"
#include "live/store_feed.hpp"
#include "store/store.hpp"

namespace oaq::app {

namespace {

struct ServeConfig {
    std::string db;
    std::optional<std::string> tournament;
    live::ListenAddress listen;
    std::chrono::milliseconds poll{1000};
    bool json = false;
};

std::optional<ServeConfig> parse_serve(int argc, char** argv) {
    CommandLine cli(
        "oaq serve --db FILE [--tournament T] [--port N] [--address A] [--json]",
        "Serves the live page of a stored tournament at http://127.0.0.1:PORT/: its finished "
        "games (a click replays one), the standings and, for a match with an SPRT, the LLR; "
        "while another process (oaq tournament or match) is writing the run, each game appears "
        "as it is stored. Reads the file only. Serves until Ctrl-C (SIGINT) or SIGTERM.");
    cli.options.add_options()("db", po::value<std::string>()->default_value("oaq.db"),
                              "SQLite results file (read only)")(
        "tournament", po::value<std::string>(),
        "the tournament to show (default: the newest one when serving starts, or the first to "
        "appear)")("port", po::value<std::string>()->default_value("8080"),
                   "TCP port (0: a free one, printed on stderr)")(
        "address", po::value<std::string>()->default_value("127.0.0.1"),
        "address to listen on; any other than a loopback one is warned about (every machine "
        "that can reach it can watch)")(
        "poll", po::value<std::string>()->default_value("1"),
        "seconds between looks for newly stored games (0.1 to 3600)")(
        "json", "print the address as a JSON line on stdout");
    auto vm = parse(cli, argc, argv);
    if (!vm) return std::nullopt;
    ServeConfig c;
    c.db = (*vm)["db"].as<std::string>();
    if (c.db.empty()) throw OaqError("--db: \"\" is not a file name");
    if (vm->count("tournament")) c.tournament = (*vm)["tournament"].as<std::string>();
    const auto address = (*vm)["address"].as<std::string>();
    auto listen = live::parse_listen_address(address + ":" + (*vm)["port"].as<std::string>());
    if (!listen) throw OaqError("--address/--port " + listen.error().message);
    c.listen = *listen;
    const auto poll_text = (*vm)["poll"].as<std::string>();
    double seconds = 0;
    try {
        std::size_t used = 0;
        seconds = std::stod(poll_text, &used);
        if (used != poll_text.size()) seconds = -1;
    } catch (const std::exception&) {
        seconds = -1;
    }
    if (!(seconds >= 0.1 && seconds <= 3600))
        throw OaqError("--poll \"" + poll_text + "\": a number of seconds from 0.1 to 3600");
    c.poll = std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
    c.json = vm->count("json") > 0;
    return c;
}

void announce(const live::Server& server, bool json) {
    if (!live::is_loopback(server.address()))
        std::cerr << "warning: oaq serve listens on " << server.address()
                  << ", not on a loopback address: every machine that can reach this one can "
                     "watch\n";
    std::cerr << "live page: " << server.url() << std::endl;
    if (json) {
        Json j;
        j.field("type", "live").field("url", server.url()).field("address", server.address());
        std::cout << j.field("port", server.port()).str() << std::endl;
    }
}

}  // namespace

int run_serve(int argc, char** argv) {
    auto c = parse_serve(argc, argv);
    if (!c) return 0;
    StopRequest stop;
    store::StoreOptions options;
    options.read_only = true;
    auto db = store::Store::open(c->db, options);
    live::Feed feed(live::FeedLimits{4096, 1000, 4096});
    live::StoreFeed follow(feed, db, c->tournament);
    if (auto first = follow.poll(); !first) throw OaqError("serve: " + first.error().message);
    live::ServerOptions server_options;
    server_options.address = c->listen.address;
    server_options.port = c->listen.port;
    live::Server server(feed, live::live_page(), server_options);
    announce(server, c->json);
    const auto step = std::chrono::milliseconds(50);
    auto next = std::chrono::steady_clock::now() + c->poll;
    while (!stop.flag()) {
        std::this_thread::sleep_for(step);
        if (std::chrono::steady_clock::now() < next) continue;
        next = std::chrono::steady_clock::now() + c->poll;
        if (auto fed = follow.poll(); !fed) throw OaqError("serve: " + fed.error().message);
    }
    server.stop(std::chrono::milliseconds(0));
    return 0;
}

}  // namespace oaq::app
