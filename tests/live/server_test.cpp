// The live server over real sockets on 127.0.0.1 (a free port): what each request gets, event
// streams with their resume, the viewer limit and a viewer that never reads. Waits are bounded
// polls for an answer, never assertions on time.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "live/feed.hpp"
#include "live/server.hpp"

using namespace oaq::live;
using namespace std::chrono_literals;

namespace {

class Client {
  public:
    explicit Client(unsigned short port, int receive_buffer = 0) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        if (receive_buffer > 0)
            ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        REQUIRE(::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    }
    ~Client() { ::close(fd_); }
    void send(const std::string& text) {
        REQUIRE(::send(fd_, text.data(), text.size(), MSG_NOSIGNAL) ==
                static_cast<ssize_t>(text.size()));
    }
    // Reads until `needle` arrived (true), the server closed (false) or 10 s passed (false).
    bool read_until(const std::string& needle) {
        const auto deadline = std::chrono::steady_clock::now() + 10s;
        while (received_.find(needle) == std::string::npos) {
            if (std::chrono::steady_clock::now() > deadline) return false;
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, 100) <= 0) continue;
            char buffer[65536];
            const auto n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n <= 0) return received_.find(needle) != std::string::npos;
            received_.append(buffer, static_cast<std::size_t>(n));
        }
        return true;
    }
    // Reads until the server closes the connection (or 10 s pass): the whole answer.
    std::string read_all() {
        read_until(std::string(1, '\0'));
        return received_;
    }
    const std::string& received() const { return received_; }

  private:
    int fd_ = -1;
    std::string received_;
};

std::string get(unsigned short port, const std::string& request) {
    Client c(port);
    c.send(request);
    return c.read_all();
}

template <class Pred>
bool eventually(Pred pred) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!pred()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

ServerOptions quick() {
    ServerOptions o;
    o.tick = 5ms;
    return o;
}

}  // namespace

TEST_CASE("The server answers GET and HEAD of its page and refuses other methods and paths",
          "[live][server]") {
    Feed feed;
    Server server(feed, "<!DOCTYPE html><p>page</p>", quick());
    REQUIRE(server.port() != 0);
    CHECK(server.url() == "http://127.0.0.1:" + std::to_string(server.port()) + "/");
    const auto page =
        get(server.port(), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    CHECK(page.find("HTTP/1.1 200 OK") == 0);
    CHECK(page.find("<p>page</p>") != std::string::npos);
    CHECK(page.find("Content-Security-Policy: default-src 'none'") != std::string::npos);
    const auto head =
        get(server.port(), "HEAD / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    CHECK(head.find("HTTP/1.1 200 OK") == 0);
    CHECK(head.find("Content-Length: 26") != std::string::npos);
    CHECK(head.find("<p>") == std::string::npos);
    const auto post = get(server.port(),
                          "POST /state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\nhi");
    CHECK(post.find("HTTP/1.1 405 Method Not Allowed") == 0);
    CHECK(post.find("Allow: GET, HEAD") != std::string::npos);
    const auto missing =
        get(server.port(),
            "GET /../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    CHECK(missing.find("HTTP/1.1 404 Not Found") == 0);
    const auto garbage = get(server.port(), "\x01\x02 nonsense\r\n\r\n");
    CHECK(garbage.find("HTTP/1.1 400 Bad Request") == 0);
    const auto rebound = get(
        server.port(), "GET /state HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    CHECK(rebound.find("HTTP/1.1 403 Forbidden") == 0);
    CHECK(server.stats().bad_requests == 1);
}

TEST_CASE("A keep-alive connection gets one answer per request", "[live][server]") {
    Feed feed;
    feed.run(R"({"tournament":"cup"})");
    Server server(feed, "page", quick());
    Client c(server.port());
    c.send(
        "GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET / HTTP/1.1\r\nHost: "
        "127.0.0.1\r\nConnection: close\r\n\r\n");
    const auto both = c.read_all();
    CHECK(both.find("\"last_event_id\":1") != std::string::npos);
    CHECK(both.find("HTTP/1.1 200 OK", 10) != std::string::npos);
    CHECK(both.substr(both.size() - 4) == "page");
}

TEST_CASE("An event stream starts with the state and then sends every new event in order",
          "[live][server]") {
    Feed feed;
    feed.game_start(1, R"({"game":1})");
    Server server(feed, "page", quick());
    Client c(server.port());
    c.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    REQUIRE(c.read_until("event: state\n"));
    CHECK(c.received().find("Content-Type: text/event-stream") != std::string::npos);
    REQUIRE(c.read_until("\n\n"));
    for (int ply = 1; ply <= 50; ++ply) feed.move(1, "{\"ply\":" + std::to_string(ply) + "}");
    REQUIRE(c.read_until("id: 51\nevent: move\ndata: {\"ply\":50}\n\n"));
    std::size_t at = 0;
    for (int id = 2; id <= 51; ++id) {
        auto next = c.received().find("id: " + std::to_string(id) + "\n", at);
        REQUIRE(next != std::string::npos);
        at = next;
    }
    CHECK(eventually([&] { return server.stats().watching == 1; }));
}

TEST_CASE("A stream with a Last-Event-ID the ring holds gets only the events after it",
          "[live][server]") {
    Feed feed;
    for (int ply = 1; ply <= 5; ++ply) feed.move(1, "{\"ply\":" + std::to_string(ply) + "}");
    Server server(feed, "page", quick());
    Client c(server.port());
    c.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 3\r\n\r\n");
    REQUIRE(c.read_until("id: 5\n"));
    CHECK(c.received().find("id: 4\n") != std::string::npos);
    CHECK(c.received().find("id: 3\n") == std::string::npos);
    CHECK(c.received().find("event: state") == std::string::npos);
    Client lost(server.port());
    lost.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 999\r\n\r\n");
    CHECK(lost.read_until("event: state\n"));
}

TEST_CASE("Viewers beyond the limit are refused and the others go on", "[live][server]") {
    Feed feed;
    auto options = quick();
    options.max_viewers = 2;
    Server server(feed, "page", options);
    Client a(server.port()), b(server.port());
    a.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    b.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    REQUIRE(a.read_until("event: state"));
    REQUIRE(b.read_until("event: state"));
    const auto third = get(server.port(), "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    CHECK(third.find("HTTP/1.1 503") == 0);
    feed.move(1, "{}");
    CHECK(a.read_until("event: move"));
    CHECK(server.stats().busy == 1);
}

TEST_CASE("A viewer that never reads is dropped and the feed never waits for it",
          "[live][server]") {
    Feed feed;
    auto options = quick();
    options.viewer_queue = 8;
    Server server(feed, "page", options);
    Client stuck(server.port(), 4096);
    stuck.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    REQUIRE(eventually([&] { return server.stats().watching == 1; }));
    const std::string big(64 * 1024, 'x');
    // Each call returns at once: the feed only keeps the event.
    for (int i = 0; i < 200 && server.stats().dropped == 0; ++i) {
        feed.move(1, "{\"pv\":\"" + big + "\"}");
        std::this_thread::sleep_for(2ms);
    }
    CHECK(eventually([&] { return server.stats().dropped == 1; }));
    CHECK(eventually([&] { return server.stats().watching == 0; }));
    Client fresh(server.port());
    fresh.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    CHECK(fresh.read_until("event: state"));
}

TEST_CASE("Stopping sends the viewers the last events before it closes", "[live][server]") {
    Feed feed;
    ServerOptions options;
    options.tick = 1000ms;  // only stop() hands the last event out
    Server server(feed, "page", options);
    Client c(server.port());
    c.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    REQUIRE(c.read_until("event: state"));
    feed.run_end(R"({"finished":true})");
    server.stop();
    CHECK(c.read_all().find("event: run_end\ndata: {\"finished\":true}") != std::string::npos);
}

TEST_CASE("An address that cannot be bound is a one-line error", "[live][server]") {
    Feed feed;
    Server first(feed, "page", quick());
    ServerOptions same = quick();
    same.port = first.port();
    same.address = "127.0.0.1";
    try {
        Server second(feed, "page", same);
        FAIL("bound a port in use");
    } catch (const std::exception& e) {
        CHECK(std::string(e.what()).find("cannot listen on 127.0.0.1:" +
                                         std::to_string(first.port())) != std::string::npos);
    }
}
