#include "live/server.hpp"

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <charconv>
#include <optional>
#include <set>
#include <thread>

#include "common/error.hpp"

namespace oaq::live {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kHeaderLimit = 8 * 1024;
constexpr std::size_t kBodyLimit = 4 * 1024;

bool parse_port(std::string_view text, unsigned short& port) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty() || value > 65535)
        return false;
    port = static_cast<unsigned short>(value);
    return true;
}

// The host part of a Host header: "127.0.0.1:8080" -> "127.0.0.1", "[::1]:80" -> "::1".
std::string_view host_name(std::string_view host) {
    if (!host.empty() && host.front() == '[') {
        auto close = host.find(']');
        return close == std::string_view::npos ? host : host.substr(1, close - 1);
    }
    auto colon = host.find(':');
    return colon == std::string_view::npos ? host : host.substr(0, colon);
}

}  // namespace

Expected<ListenAddress> parse_listen_address(std::string_view text) {
    ListenAddress out;
    std::string_view port = text;
    auto colon = text.rfind(':');
    if (colon != std::string_view::npos) {
        auto address = text.substr(0, colon);
        if (address.size() >= 2 && address.front() == '[' && address.back() == ']')
            address = address.substr(1, address.size() - 2);
        if (address.empty()) return fail("\"" + std::string(text) + "\": no address before ':'");
        boost::system::error_code ec;
        net::ip::make_address(std::string(address), ec);
        if (ec && address != "localhost")
            return fail("\"" + std::string(text) + "\": \"" + std::string(address) +
                        "\" is not an IP address");
        out.address = address == "localhost" ? "127.0.0.1" : std::string(address);
        port = text.substr(colon + 1);
    }
    if (!parse_port(port, out.port))
        return fail("\"" + std::string(text) +
                    "\": the port must be a whole number from 0 to 65535");
    return out;
}

bool is_loopback(std::string_view address) {
    if (address == "localhost") return true;
    boost::system::error_code ec;
    auto a = net::ip::make_address(std::string(address), ec);
    return !ec && a.is_loopback();
}

class Connection;

struct Server::Impl {
    Impl(const Feed& f, std::string p, ServerOptions o)
        : feed(f), page(std::move(p)), opt(std::move(o)), slots(opt.max_viewers) {}

    const Feed& feed;
    std::string page;
    ServerOptions opt;
    bool loopback = true;
    std::string bound;
    unsigned short port = 0;
    std::atomic<std::uint64_t> connections{0}, refused{0}, viewers{0}, busy{0}, dropped{0},
        bad_requests{0}, watching{0};
    std::size_t open = 0;  // sockets open now (the server thread's)
    ViewerSlots slots;     // the server thread's
    std::uint64_t cursor = 0;
    Clock::time_point last_heartbeat = Clock::now();
    bool stopping = false;
    net::io_context ioc{1};
    tcp::acceptor acceptor{ioc};
    net::steady_timer ticker{ioc};
    net::steady_timer retry{ioc};
    std::set<std::shared_ptr<Connection>> streams;
    std::thread thread;

    void accept();
    void tick();
    void flush_then_stop(Clock::time_point deadline);
};

class Connection : public std::enable_shared_from_this<Connection> {
  public:
    Connection(Server::Impl& server, tcp::socket socket) : s_(server), stream_(std::move(socket)) {
        ++s_.open;
    }
    ~Connection() {
        --s_.open;
        if (viewer_) s_.slots.release();
    }

    void read() {
        parser_.emplace();
        parser_->header_limit(kHeaderLimit);
        parser_->body_limit(kBodyLimit);
        stream_.expires_after(s_.opt.request_timeout);
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    // An event stream: sends what waits, one write at a time.
    void pump() {
        if (writing_ || closed_ || !queue_ || queue_->empty()) return;
        write_raw(queue_->take());
    }
    void heartbeat() {
        if (!writing_ && !closed_ && queue_ && queue_->empty()) write_raw(": keep-alive\n\n");
    }
    ViewerQueue& queue() { return *queue_; }
    bool idle() const { return closed_ || (!writing_ && (!queue_ || queue_->empty())); }

    void close() {
        if (closed_) return;
        closed_ = true;
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
        stream_.close();
        if (queue_) s_.streams.erase(shared_from_this());
    }

  private:
    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
            ec == net::error::operation_aborted || ec == net::error::connection_reset ||
            ec == net::error::eof) {
            close();
            return;
        }
        if (ec) {  // the request did not parse: too long, bad syntax
            ++s_.bad_requests;
            respond(http::status::bad_request, "text/plain; charset=utf-8",
                    "400 bad request: " + ec.message() + "\n", true);
            return;
        }
        handle(parser_->get());
    }

    bool host_allowed(const http::request<http::string_body>& req) const {
        if (!s_.loopback) return true;
        auto host = req[http::field::host];
        return host.empty() || is_loopback(host_name(std::string_view(host.data(), host.size())));
    }

    void handle(const http::request<http::string_body>& req) {
        head_ = req.method() == http::verb::head;
        version_ = req.version();
        keep_alive_ = req.keep_alive();
        if (req.method() != http::verb::get && !head_) {
            respond(http::status::method_not_allowed, "text/plain; charset=utf-8",
                    "405 method not allowed: this server is read-only (GET and HEAD only)\n", true);
            return;
        }
        if (!host_allowed(req)) {
            respond(http::status::forbidden, "text/plain; charset=utf-8",
                    "403 forbidden: not a local Host\n", true);
            return;
        }
        auto target = std::string_view(req.target().data(), req.target().size());
        target = target.substr(0, target.find_first_of("?#"));
        if (target == "/" || target == "/index.html") {
            respond(http::status::ok, "text/html; charset=utf-8", s_.page, !keep_alive_);
        } else if (target == "/state") {
            respond(http::status::ok, "application/json", s_.feed.state_json(), !keep_alive_);
        } else if (target == "/events") {
            auto last = req["Last-Event-ID"];
            start_events(std::string_view(last.data(), last.size()));
        } else {
            respond(http::status::not_found, "text/plain; charset=utf-8", "404 not found\n",
                    !keep_alive_);
        }
    }

    void respond(http::status status, std::string_view type, std::string body, bool close) {
        auto res = std::make_shared<http::response<http::string_body>>(status, version_);
        res->set(http::field::server, "oaq");
        res->set(http::field::content_type, std::string(type));
        res->set(http::field::cache_control, "no-store");
        res->set("X-Content-Type-Options", "nosniff");
        res->set("Content-Security-Policy",
                 "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                 "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                 "frame-ancestors 'none'");
        if (status == http::status::method_not_allowed) res->set(http::field::allow, "GET, HEAD");
        res->body() = std::move(body);
        res->prepare_payload();
        if (head_) res->body().clear();  // Content-Length stays that of GET
        res->keep_alive(!close);
        stream_.expires_after(s_.opt.write_timeout);
        http::async_write(
            stream_, *res,
            [self = shared_from_this(), res, close](beast::error_code ec, std::size_t) {
                if (ec || close)
                    self->close();
                else
                    self->read();
            });
    }

    void start_events(std::string_view last_event_id) {
        if (head_) {
            respond(http::status::ok, "text/event-stream", "", true);
            return;
        }
        if (!s_.slots.acquire()) {
            ++s_.busy;
            respond(http::status::service_unavailable, "text/plain; charset=utf-8",
                    "503 too many viewers\n", true);
            return;
        }
        viewer_ = true;
        ++s_.viewers;
        std::uint64_t after = 0;
        auto [end, ec] = std::from_chars(last_event_id.data(),
                                         last_event_id.data() + last_event_id.size(), after);
        const bool resume = !last_event_id.empty() && ec == std::errc() &&
                            end == last_event_id.data() + last_event_id.size();
        std::vector<EventPtr> missed;
        if (resume && s_.feed.since(after, missed)) {
            queue_.emplace(s_.opt.viewer_queue, after);
            queue_->offer(missed);
        } else {
            queue_.emplace(s_.opt.viewer_queue, 0);
            queue_->reset(s_.feed.state_event());
        }
        if (queue_->dropped()) {  // more missed events than the queue holds
            queue_.reset();
            queue_.emplace(s_.opt.viewer_queue, 0);
            queue_->reset(s_.feed.state_event());
        }
        s_.streams.insert(shared_from_this());
        // Headers first (no length: the stream ends when the connection closes), then the events.
        std::string head =
            "HTTP/1.1 200 OK\r\nServer: oaq\r\nContent-Type: text/event-stream\r\n"
            "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: "
            "close\r\n\r\n"
            "retry: 2000\n\n";
        write_raw(std::move(head));
    }

    void write_raw(std::string text) {
        writing_ = true;
        auto data = std::make_shared<std::string>(std::move(text));
        stream_.expires_after(s_.opt.write_timeout);
        net::async_write(stream_, net::buffer(*data),
                         [self = shared_from_this(), data](beast::error_code ec, std::size_t) {
                             self->writing_ = false;
                             if (ec) {
                                 self->close();
                                 return;
                             }
                             self->pump();
                         });
    }

    Server::Impl& s_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::optional<ViewerQueue> queue_;
    bool viewer_ = false;
    bool head_ = false;
    bool keep_alive_ = false;
    unsigned version_ = 11;
    bool writing_ = false;
    bool closed_ = false;
};

void Server::Impl::accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (stopping || ec == net::error::operation_aborted) return;
        if (ec) {
            // Out of descriptors (EMFILE) or the like: try again shortly, never spin.
            retry.expires_after(std::chrono::milliseconds(100));
            retry.async_wait([this](beast::error_code e) {
                if (!e) accept();
            });
            return;
        }
        ++connections;
        if (open >= opt.max_connections) {
            ++refused;
            beast::error_code ignored;
            socket.close(ignored);
        } else {
            std::make_shared<Connection>(*this, std::move(socket))->read();
        }
        accept();
    });
}

void Server::Impl::tick() {
    std::vector<EventPtr> batch;
    EventPtr state;
    if (feed.since(cursor, batch)) {
        if (!batch.empty()) cursor = batch.back()->id;
    } else {  // the server fell behind the ring: every viewer starts again from the state
        state = feed.state_event();
        cursor = state->id;
    }
    const bool beat = Clock::now() - last_heartbeat >= opt.heartbeat;
    if (beat) last_heartbeat = Clock::now();
    auto copy = streams;  // close() erases from streams
    for (const auto& c : copy) {
        bool ok = state ? c->queue().reset(state) : c->queue().offer(batch);
        if (!ok) {
            ++dropped;
            c->close();
            continue;
        }
        c->pump();
        if (beat) c->heartbeat();
    }
    watching = streams.size();
}

void Server::Impl::flush_then_stop(Clock::time_point deadline) {
    tick();
    bool idle = true;
    for (const auto& c : streams) idle = idle && c->idle();
    if (!idle && Clock::now() < deadline) {
        ticker.expires_after(std::chrono::milliseconds(20));
        ticker.async_wait([this, deadline](beast::error_code) { flush_then_stop(deadline); });
        return;
    }
    auto copy = streams;
    for (const auto& c : copy) c->close();
    ioc.stop();
}

Server::Server(const Feed& feed, std::string page, ServerOptions options)
    : impl_(std::make_unique<Impl>(feed, std::move(page), std::move(options))) {
    auto& s = *impl_;
    boost::system::error_code ec;
    const auto address = net::ip::make_address(s.opt.address, ec);
    if (ec) throw OaqError("live server: \"" + s.opt.address + "\" is not an IP address");
    const tcp::endpoint endpoint(address, s.opt.port);
    const auto where = s.opt.address + ":" + std::to_string(s.opt.port);
    if (s.acceptor.open(endpoint.protocol(), ec); ec)
        throw OaqError("live server: cannot open a socket for " + where + ": " + ec.message());
    s.acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (s.acceptor.bind(endpoint, ec); ec)
        throw OaqError("live server: cannot listen on " + where + ": " + ec.message());
    if (s.acceptor.listen(net::socket_base::max_listen_connections, ec); ec)
        throw OaqError("live server: cannot listen on " + where + ": " + ec.message());
    s.port = s.acceptor.local_endpoint().port();
    s.bound = s.opt.address;
    s.loopback = address.is_loopback();
    s.cursor = feed.last_id();
    s.accept();
    // The ticker hands new events out until stop().
    struct Ticker {
        Impl* s;
        void operator()(beast::error_code ec) const {
            if (ec || s->stopping) return;
            s->tick();
            s->ticker.expires_after(s->opt.tick);
            s->ticker.async_wait(*this);
        }
    };
    s.ticker.expires_after(s.opt.tick);
    s.ticker.async_wait(Ticker{&s});
    s.thread = std::thread([&s] {
        // A failure in one connection's handler (out of memory) must not end the referee: the
        // server goes on with the others.
        while (true) {
            try {
                s.ioc.run();
                return;
            } catch (const std::exception&) {
            }
        }
    });
}

Server::~Server() {
    stop(std::chrono::milliseconds(0));
}

const std::string& Server::address() const {
    return impl_->bound;
}

unsigned short Server::port() const {
    return impl_->port;
}

std::string Server::url() const {
    const auto& a = impl_->bound;
    const bool v6 = a.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + a + "]" : a) + ":" + std::to_string(impl_->port) + "/";
}

ServerStats Server::stats() const {
    const auto& s = *impl_;
    return {s.connections, s.refused, s.viewers, s.busy, s.dropped, s.bad_requests, s.watching};
}

void Server::stop(std::chrono::milliseconds flush) {
    auto& s = *impl_;
    if (!s.thread.joinable()) return;
    net::post(s.ioc, [&s, flush] {
        s.stopping = true;
        beast::error_code ec;
        s.acceptor.close(ec);
        s.retry.cancel();
        s.ticker.cancel();
        s.flush_then_stop(Clock::now() + flush);
    });
    s.thread.join();
}

}  // namespace oaq::live
