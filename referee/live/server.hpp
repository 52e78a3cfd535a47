// Server: the live page's HTTP server (Boost.Beast over Boost.Asio), on a thread of its own.
//   GET /        the page (embedded in the binary; no request path reaches the file system)
//   GET /state   the Feed's state as JSON (a page joining late)
//   GET /events  Server-Sent Events: first the state (event "state"), or, with a Last-Event-ID the
//                Feed's ring still covers, the events after it; then every new event as it comes
// HEAD is answered like GET without a body; any other method gets 405, a request that does not
// parse 400, any other path 404. It binds 127.0.0.1 unless told otherwise (the caller warns about
// any other address). While bound to a loopback address it answers only requests whose Host is a
// loopback name (127.0.0.1, localhost, [::1]): a web page elsewhere cannot read it through DNS
// rebinding.
//
// The run never waits for it: it reads the Feed every `tick` on its own thread and hands each
// viewer the new events through its ViewerQueue; a viewer whose queue overflows (a slow reader,
// or one that never reads) is dropped. At most `max_viewers` event streams and `max_connections`
// sockets at once (more are refused: 503, or closed at once); a request must arrive within
// `request_timeout` and every write finish within `write_timeout`.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "live/feed.hpp"

namespace oaq::live {

struct ServerOptions {
    std::string address = "127.0.0.1";
    unsigned short port = 0;  // 0: a free port (port() tells which)
    std::size_t max_viewers = 64;
    std::size_t max_connections = 256;
    std::size_t viewer_queue = 4096;  // events waiting for one viewer before it is dropped
    std::chrono::milliseconds tick{50};
    std::chrono::milliseconds request_timeout{10000};
    std::chrono::milliseconds write_timeout{30000};
    std::chrono::milliseconds heartbeat{15000};  // an SSE comment on an idle stream
};

// Counts since the start, for tests and the bench.
struct ServerStats {
    std::uint64_t connections = 0;  // accepted
    std::uint64_t refused = 0;      // closed at once: over max_connections
    std::uint64_t viewers = 0;      // event streams opened
    std::uint64_t busy = 0;         // event streams refused: over max_viewers (503)
    std::uint64_t dropped = 0;      // viewers dropped: their queue overflowed
    std::uint64_t bad_requests = 0;
    std::uint64_t watching = 0;  // event streams open now
};

// "[ADDR:]PORT" as --live and --port take it: "8080", "0", "127.0.0.1:8080", "[::1]:8080".
struct ListenAddress {
    std::string address = "127.0.0.1";
    unsigned short port = 0;
};
Expected<ListenAddress> parse_listen_address(std::string_view text);
// True for 127.0.0.0/8, ::1 and "localhost".
bool is_loopback(std::string_view address);

class Server {
  public:
    // Binds and starts serving. Throws OaqError when the address cannot be bound.
    Server(const Feed& feed, std::string page, ServerOptions options = {});
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    const std::string& address() const;
    unsigned short port() const;
    // "http://127.0.0.1:8080/"
    std::string url() const;
    ServerStats stats() const;
    // Sends what the viewers have not got yet (waiting at most `flush` for them), closes every
    // connection and joins the thread. Idempotent; the destructor calls it.
    void stop(std::chrono::milliseconds flush = std::chrono::milliseconds(1000));

    struct Impl;  // the server's state (server.cpp), shared with its connections

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace oaq::live
